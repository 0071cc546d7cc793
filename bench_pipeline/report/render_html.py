"""report.html: self-contained (inline CSS and SVG, no script, no external resource), readable offline."""

from __future__ import annotations

from html import escape

from bench_pipeline.domain.golden import CATEGORIES
from bench_pipeline.domain.report import ProviderReport, Report
from bench_pipeline.report.render_md import TABLE_METRICS

PALETTE = ("#1b6ca8", "#d1495b", "#edae49", "#00798c", "#6a4c93", "#3c8d2f", "#8d6a9f", "#c05746")
STATUS_COLOURS = {"eligible": "#3c8d2f", "enrichment_only": "#edae49", "blocked_promotion": "#1b6ca8",
                  "disqualified": "#d1495b"}
CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:2rem auto;max-width:1100px;color:#222;padding:0 1rem}
h1{font-size:1.5rem}h2{margin-top:2rem;border-bottom:1px solid #ddd}table{border-collapse:collapse;margin:.5rem 0 1rem}
td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:right;font-variant-numeric:tabular-nums}
th{background:#f3f3f3}td:nth-child(-n+3),th:nth-child(-n+3){text-align:left}.wide{overflow-x:auto}.notice{background:#fff3cd;border:1px solid #e0b100;
padding:.75rem;font-weight:600}.pass{background:#e3f4e1}.fail{background:#fbe0e3}.pending{background:#eef}
.badge{color:#fff;border-radius:.3rem;padding:.1rem .4rem;font-size:.85rem}.muted{color:#777}svg{background:#fafafa}
"""


def _fmt(value, digits: int = 4) -> str:
    if value is None:
        return '<span class="muted">—</span>'
    return f"{value:.{digits}f}" if isinstance(value, float) else escape(str(value))


def _colour(index: int) -> str:
    return PALETTE[index % len(PALETTE)]


def _ranking_table(report: Report) -> str:
    head = "".join(f"<th>{escape(m)}</th>" for m in TABLE_METRICS)
    rows = []
    for p in report.providers:
        block = p.metrics.aggregate
        cells = "".join(f"<td>{_fmt(getattr(block, m))}<br><span class='muted'>n={block.n.get(m, '—')}</span></td>"
                        for m in TABLE_METRICS)
        badge = f'<span class="badge" style="background:{STATUS_COLOURS[p.status]}">{p.status}</span>'
        rows.append(f"<tr><td>{_fmt(p.rank)}</td><td>{escape(p.provider)}</td><td>{badge}</td>{cells}</tr>")
    return f"<div class='wide'><table><tr><th>rank</th><th>provider</th><th>status</th>{head}</tr>{''.join(rows)}</table></div>"


def _gates_table(report: Report) -> str:
    names = list(report.providers[0].gates) if report.providers else []
    head = "".join(f"<th>{escape(n)}</th>" for n in names)
    rows = []
    for p in report.providers:
        cells = []
        for name in names:
            gate = p.gates[name]
            css = "pending" if gate.passed is None else ("pass" if gate.passed else "fail")
            label = "pending" if gate.passed is None else ("pass" if gate.passed else "FAIL")
            cells.append(f'<td class="{css}" title="{escape(gate.threshold)}">{_fmt(gate.value)} {label}</td>')
        rows.append(f"<tr><td>{escape(p.provider)}</td>{''.join(cells)}</tr>")
    return f"<table><tr><th>provider</th>{head}</tr>{''.join(rows)}</table>"


def _category_bars(providers: list[ProviderReport], metric: str = "precision_at_10") -> str:
    width, row_h, left = 900, 14, 170
    height = len(CATEGORIES) * (row_h * len(providers) + 10) + 40
    parts = [f'<svg role="img" aria-label="{metric} by category" width="{width}" height="{height}" xmlns="http://www.w3.org/2000/svg">']
    y = 20
    # Bars are scaled to the largest value shown, so small precisions stay readable; labels carry the value.
    values = [getattr(p.metrics.by_category.get(c), metric, None) for c in CATEGORIES for p in providers]
    scale = max((v for v in values if v is not None), default=0) or 1.0
    for category in CATEGORIES:
        parts.append(f'<text x="4" y="{y + row_h}" font-size="12">{escape(category)}</text>')
        for i, p in enumerate(providers):
            block = p.metrics.by_category.get(category)
            value = getattr(block, metric) if block else None
            bar = 0 if value is None else value / scale * (width - left - 120)
            parts.append(f'<rect x="{left}" y="{y}" width="{bar:.1f}" height="{row_h - 2}" fill="{_colour(i)}"/>')
            parts.append(f'<text x="{left + bar + 4:.1f}" y="{y + row_h - 3}" font-size="10">'
                         f'{escape(p.provider)} {"—" if value is None else f"{value:.2f}"}</text>')
            y += row_h
        y += 10
    parts.append("</svg>")
    return "".join(parts)


def _cost_vs_precision(providers: list[ProviderReport]) -> str:
    points = [(p, p.metrics.aggregate.cost_per_useful_answer_usd, p.metrics.aggregate.precision_at_10) for p in providers]
    known = [(p, c, q) for p, c, q in points if c is not None and q is not None]
    width, height, pad = 600, 360, 50
    parts = [f'<svg role="img" aria-label="cost per useful answer vs precision@10" width="{width}" height="{height}" xmlns="http://www.w3.org/2000/svg">',
             f'<line x1="{pad}" y1="{height - pad}" x2="{width - 10}" y2="{height - pad}" stroke="#999"/>',
             f'<line x1="{pad}" y1="10" x2="{pad}" y2="{height - pad}" stroke="#999"/>',
             f'<text x="{width / 2}" y="{height - 12}" font-size="12" text-anchor="middle">cost per useful answer (USD)</text>',
             f'<text x="14" y="{height / 2}" font-size="12" transform="rotate(-90 14 {height / 2})" text-anchor="middle">precision@10</text>']
    max_cost = max((c for _, c, _ in known), default=0) or 1.0
    for i, (p, cost, precision) in enumerate(points):
        if cost is None or precision is None:
            continue
        x = pad + cost / max_cost * (width - pad - 60)
        y = height - pad - precision * (height - pad - 20)
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="{_colour(i)}"/>'
                     f'<text x="{x + 8:.1f}" y="{y + 4:.1f}" font-size="11">{escape(p.provider)}</text>')
    missing = [p.provider for p, c, q in points if c is None or q is None]
    if missing:
        parts.append(f'<text x="{pad + 6}" y="24" font-size="11" fill="#777">not plotted (unknown): {escape(", ".join(missing))}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _recommendation(report: Report) -> str:
    rec = report.recommendation
    if rec is None:
        return ""
    ties = " · ".join("{" + ", ".join(escape(p) for p in group) + "}" for group in report.tie_groups)
    rows = "".join(f"<tr><td>{escape(category)}</td><td>"
                   + " → ".join(f"{escape(e['provider'])} ({_fmt(e['success_rate'], 2)}, n={e['n']})" for e in order)
                   + "</td></tr>" for category, order in rec.cascade_by_category.items())
    return (f"<p><strong>Default provider: {escape(str(rec.default_provider or 'none'))}</strong> — {escape(rec.reason)}.</p>"
            f"<p>Tie groups (cannot be told apart on cost per useful answer, paired bootstrap): {ties or '—'}</p>"
            f"<h2>Recommended cascade per category</h2><table><tr><th>category</th><th>order (success rate, n)</th></tr>{rows}</table>")


def _why(report: Report) -> str:
    items = []
    for p in report.providers:
        reasons = "; ".join(escape(r) for r in p.status_reasons) or "every gate passed"
        conformance = "".join(f"<li>{escape(k)}: {'pending' if c.passed is None else ('pass' if c.passed else 'FAIL')} — "
                              f"{escape(c.detail)}</li>" for k, c in p.conformance.items())
        items.append(f"<h3>{escape(p.provider)} — {escape(p.status)}</h3><p>{reasons}</p><ul>{conformance}</ul>")
    return "<h2>Why each provider has its status</h2>" + "".join(items)


def render_html(report: Report) -> str:
    notice = f'<p class="notice">{escape(report.notice)}</p>' if report.notice else ""
    return "".join([
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>websearch-bench {escape(report.run_id)}</title><style>{CSS}</style></head><body>",
        f"<h1>websearch-bench report <code>{escape(report.run_id)}</code></h1>{notice}",
        f"<p>created {escape(report.created_at.isoformat())} · corpus {escape(report.corpus.kind)} · manifest "
        f"<code>{escape(report.corpus.manifest_sha256[:12])}</code> · golden <code>{escape(report.corpus.golden_sha256[:12])}</code> · git "
        f"<code>{escape(str(report.provenance.get('git_revision')))}</code>{' (dirty)' if report.provenance.get('git_dirty') else ''}</p>",
        "<p class='muted'>— means not measured (null), never zero; n is the number of cases or documents behind a value.</p>",
        "<h2>Ranking</h2>", _ranking_table(report), _recommendation(report),
        "<h2>Gates</h2>", _gates_table(report),
        "<h2>precision@10 by category</h2>", _category_bars(report.providers),
        "<h2>Cost per useful answer vs precision@10</h2>", _cost_vs_precision(report.providers),
        _why(report),
        "</body></html>\n",
    ])
