"""report.html: the decision at a glance, then the evidence. Self-contained: inline CSS and SVG,
no script, nothing fetched; readable offline, printable, and the status never carried by colour alone.

Top of the page (inside 1280×800): the default provider and cascade in one sentence, and the
ranking table with the ranking key (cost per useful answer, its 95% interval and n) first, the
tie-break metrics in tie-break order with theirs, and the tie groups marked in the table itself.
"""

from __future__ import annotations

import math
from html import escape

from bench_pipeline.domain.golden import CATEGORIES
from bench_pipeline.domain.report import Interval, MetricBlock, ProviderReport, Report
from bench_pipeline.metrics.latency import MIN_N_FOR_P95
from bench_pipeline.report.render_cascade import cascade_html, decision_clause
from bench_pipeline.report.render_injection import injection_html
from bench_pipeline.report.svg import Bar, Segment, bar_chart, legend

RANKING_KEY = "cost_per_useful_answer_usd"
TIE_BREAKS = ("precision_at_10", "recall", "freshness_accuracy")
# Every metric of a MetricBlock shown per category, with a short header and its full name.
CATEGORY_COLUMNS = (
    ("precision_at_5", "P@5"), ("precision_at_10", "P@10"), ("recall", "recall"),
    ("citation_coverage", "citation"), ("freshness_known", "dated"), ("freshness_accuracy", "date right"),
    ("freshness_within", "fresh"), ("cost_per_query_usd", "$/query"), ("cost_per_useful_answer_usd", "$/useful"),
    ("fallback_rate", "fallback"), ("abstention", "abstain"), ("wasted_cost_usd", "wasted $"),
    ("injection_containment", "injection"),
)
LABELS = {"cost_per_useful_answer_usd": "cost per useful answer (USD)", "precision_at_10": "precision@10",
          "recall": "recall", "freshness_accuracy": "freshness accuracy"}
PALETTE = ("#1b6ca8", "#c0392b", "#b7791f", "#00798c", "#6a4c93", "#3c8d2f", "#8d6a9f", "#c05746")
CAUSE_COLOURS = {"no_result": "#7f8c8d", "low_confidence": "#b7791f", "error": "#c0392b", "budget": "#6a4c93"}
# status → (symbol, words, colour): the symbol and words carry it; colour only repeats it.
STATUS = {"eligible": ("✓", "eligible", "#2e7d32"), "enrichment_only": ("◐", "enrichment only", "#8a5a00"),
          "blocked_promotion": ("■", "blocked promotion", "#1b6ca8"), "disqualified": ("✗", "disqualified", "#b71c1c")}
CSS = """
*{box-sizing:border-box}
body{font:14px/1.35 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1260px;color:#1d1d1d;padding:.5rem 1rem 2rem}
h1{font-size:1.25rem;margin:.2rem 0}h2{font-size:1.15rem;margin:1.6rem 0 .4rem;border-bottom:1px solid #ccc}
h3{font-size:1rem;margin:1rem 0 .3rem}.meta{margin:.1rem 0;color:#555;font-size:12px}
.notice{background:#fff3cd;border:1px solid #c99a00;padding:.3rem .6rem;margin:.4rem 0;font-weight:600;font-size:13px}
.decision{font-size:15px;margin:.5rem 0;padding:.45rem .7rem;border-left:4px solid #2e7d32;background:#f4f8f4}
table{border-collapse:collapse;margin:.3rem 0 .6rem}caption{text-align:left;font-size:12px;color:#555;caption-side:bottom;padding-top:.2rem}
td,th{border:1px solid #c8c8c8;padding:.2rem .45rem;text-align:right;font-variant-numeric:tabular-nums;vertical-align:top}
th{background:#f0f0f0;font-weight:600}th[scope=row],td.text,th.text{text-align:left}
#ranking{font-size:14px}#ranking td.key{background:#eef5ee;font-weight:600}#ranking th.key{background:#dcebdc}
.v{display:block}.ci,.n{display:block;font-size:11px;color:#555;font-weight:400}.ci .n{display:inline}
.tie{text-align:left;font-size:12px;max-width:15rem;background:#fafafa}.tie strong{display:block}
.badge{display:inline-block;border:1px solid;border-radius:.25rem;padding:0 .35rem;font-size:12px;font-weight:600;white-space:nowrap}
.pass,.fail,.pending{white-space:nowrap}.pass{color:#2e7d32}.fail{color:#b71c1c;font-weight:700}.pending{color:#8a5a00}
.muted{color:#666}.small{font-size:12px}.charts{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem}
figure{margin:0}figcaption{font-weight:600;font-size:13px;margin:.3rem 0}svg.chart{font-size:11px;background:#fcfcfc;display:block}
svg.chart .axis-label{font-size:12px;font-weight:600}.legend{font-size:12px;margin:.2rem 0}.legend span{margin-right:1rem}
.percat{font-size:12px}.percat .n,.percat .ci{font-size:10px}
section.provider{border-top:2px solid #999;margin-top:1.5rem}details{margin:.8rem 0}summary{font-weight:600;cursor:pointer}
code{font-size:12px}
@media print{
 body{max-width:none;font-size:10pt;padding:0}.decision,#ranking td.key,#ranking th.key,th,svg.chart,.tie{background:none}
 details::details-content{content-visibility:visible;display:block}details>summary{list-style:none}
 section.provider{break-before:page}table,figure,svg{break-inside:avoid}h2,h3{break-after:avoid}
}
"""


def _missing() -> str:
    return '<span class="muted" title="not measured (null), never zero">—</span>'


def usd(value: float) -> str:
    """Three significant digits, never an exponent: $0.00652."""
    if value == 0:
        return "0"
    return f"{value:.{max(2, 2 - math.floor(math.log10(abs(value))))}f}"


def _number(metric: str, value: float | None) -> str:
    if value is None:
        return "—"
    if isinstance(value, int):  # a count (judged_at_10), not a rate
        return str(value)
    return usd(value) if metric.endswith("_usd") else f"{value:.3f}"


def _ms(value: float | None) -> str:
    return "—" if value is None else f"{value:.0f}"


def _interval(metric: str, interval: Interval | None) -> str:
    return "" if interval is None else f"[{_number(metric, interval.low)}, {_number(metric, interval.high)}]"


def _cell(metric: str, block: MetricBlock, interval: Interval | None, css: str = "") -> str:
    value = getattr(block, metric)
    n = block.n.get(metric)
    shown = _missing() if value is None else escape(_number(metric, value))
    ci = f'<span class="ci">{_interval(metric, interval)}</span>' if interval is not None else ""
    count = f'<span class="n">n={n}</span>' if n is not None else ""
    return f'<td class="{css}"><span class="v">{shown}</span>{ci}{count}</td>'


def _badge(status: str) -> str:
    symbol, words, colour = STATUS[status]
    return f'<span class="badge" style="color:{colour};border-color:{colour}">{symbol} {escape(words)}</span>'


def _verdict(passed: bool | None) -> str:
    if passed is None:
        return '<span class="pending">… pending</span>'
    return '<span class="pass">✓ pass</span>' if passed else '<span class="fail">✗ FAIL</span>'


def _category(p: ProviderReport, category: str) -> MetricBlock:
    """A category the report has no block for shows as not measured."""
    return p.metrics.by_category.get(category) or MetricBlock()


def _colours(report: Report) -> dict[str, str]:
    return {p.provider: PALETTE[i % len(PALETTE)] for i, p in enumerate(report.providers)}


def cascade_sentence(report: Report) -> str:
    """The default provider and the cascade in one sentence: who leads each category's order."""
    rec = report.recommendation
    if rec is None or rec.default_provider is None:
        return ("<strong id='default-provider'>No default provider</strong>: "
                f"{escape(rec.reason if rec else 'no recommendation was made')}.")
    default = next(p for p in report.providers if p.provider == rec.default_provider)
    key = default.metrics.aggregate
    interval = _interval(RANKING_KEY, default.confidence.get(RANKING_KEY))
    return (f"Default provider: <strong id='default-provider'>{escape(rec.default_provider)}</strong> — "
            f"{escape(rec.reason)}, ${_number(RANKING_KEY, key.cost_per_useful_answer_usd)} per useful answer {interval} "
            f"(n={key.n.get(RANKING_KEY)} useful answers); {decision_clause(report)}.")


def _tie_cells(report: Report) -> dict[str, str]:
    """provider → the tie-group cell opening its group (rowspan), or '' for the rows it spans."""
    cells = {}
    for number, group in enumerate(report.tie_groups, start=1):
        if len(group) == 1:
            words = f"<strong>tie group {number}: alone</strong>told apart from its neighbours"
        else:
            words = (f"<strong>tie group {number}: {len(group)} providers</strong>the paired bootstrap cannot tell "
                     "them apart on cost per useful answer")
        cells[group[0]] = f'<td class="tie" rowspan="{len(group)}">{words}</td>'
        cells.update({p: "" for p in group[1:]})
    return cells


def ranking_table(report: Report) -> str:
    ties = _tie_cells(report)
    head = (f'<th scope="col" class="key" id="ranking-key">{escape(LABELS[RANKING_KEY])}<span class="ci">'
            '95% interval · n</span></th>'
            + "".join(f'<th scope="col">{escape(LABELS[m])}<span class="ci">95% interval · n</span></th>' for m in TIE_BREAKS))
    rows = []
    for p in report.providers:
        block = p.metrics.aggregate
        tie = ties.get(p.provider, '<td class="tie">not ranked</td>')
        rows.append(f'<tr data-provider="{escape(p.provider)}"><td>{p.rank or "—"}</td>'
                    f'<th scope="row">{escape(p.provider)}</th><td class="text">{_badge(p.status)}</td>'
                    + _cell(RANKING_KEY, block, p.confidence.get(RANKING_KEY), "key")
                    + "".join(_cell(m, block, p.confidence.get(m)) for m in TIE_BREAKS) + f"{tie}</tr>")
    return ('<table id="ranking"><caption>Ranked by cost per useful answer (lowest first); ties broken by precision@10, '
            'recall, freshness accuracy. Intervals: 95% bootstrap over golden cases. — is not measured, never zero. '
            'Disqualified providers are listed last, unranked.</caption>'
            '<thead><tr><th scope="col">rank</th><th scope="col" class="text">provider</th><th scope="col" class="text">status</th>'
            f'{head}<th scope="col" class="text">tie group</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')


def _cost_chart(report: Report, colours: dict[str, str]) -> str:
    bars = []
    for p in report.providers:
        block, interval = p.metrics.aggregate, p.confidence.get(RANKING_KEY)
        value = block.cost_per_useful_answer_usd
        note = ("not measured" if value is None else f"{usd(value)} {_interval(RANKING_KEY, interval)} "
                f"n={block.n.get(RANKING_KEY)}" + ("" if p.rank else " (disqualified)"))
        bars.append(Bar(label=p.provider, value=value, colour=colours[p.provider], note=note,
                        low=interval.low if interval else None, high=interval.high if interval else None))
    return _figure("Cost per useful answer, with 95% interval",
                   bar_chart(bars, title="cost per useful answer per provider with 95% intervals",
                             axis_label="cost per useful answer (USD)"))


def _category_chart(report: Report, metric: str, colours: dict[str, str]) -> str:
    bars = []
    for category in CATEGORIES:
        for p in report.providers:
            block = _category(p, category)
            value, interval = getattr(block, metric), p.confidence_by_category.get(category, {}).get(metric)
            note = "not measured" if value is None else f"{_number(metric, value)} {_interval(metric, interval)} n={block.n.get(metric)}"
            bars.append(Bar(label=p.provider, value=value, colour=colours[p.provider], note=note, group=category,
                            low=interval.low if interval else None, high=interval.high if interval else None))
    title = f"{LABELS[metric]} by category, with 95% interval"
    return _figure(title, bar_chart(bars, title=title, axis_label=LABELS[metric], width=600))


def _latency_chart(report: Report, colours: dict[str, str]) -> str:
    bars = []
    for p in report.providers:
        for operation, stat in (p.metrics.aggregate.latency_ms or {}).items():
            caveat = "" if stat.p95_reliable else f" — not a real p95 (n<{MIN_N_FOR_P95})"
            note = (f"p50 {stat.p50:.0f} · p95 {stat.p95:.0f} ms, n={stat.n}{caveat}" if stat.p50 is not None
                    else "not measured")
            bars.append(Bar(label=operation, value=stat.p50, marker=stat.p95, colour=colours[p.provider], note=note,
                            group=p.provider))
    title = "Latency per operation: bar p50, ◆ p95 (recorded at capture)"
    return _figure(title, bar_chart(bars, title=title, axis_label="latency (ms), as recorded at capture", width=1220))


def _fallback_chart(report: Report) -> str:
    bars = []
    for p in report.providers:
        block = p.metrics.aggregate
        causes, n = block.fallback_by_cause or {}, block.n.get("fallback_rate", 0)
        parts = ", ".join(f"{cause} {round(share * n)}" for cause, share in causes.items() if share)
        segments = [Segment(value=share, colour=CAUSE_COLOURS.get(cause, "#999"), label=f"{cause}: {share:.3f}")
                    for cause, share in causes.items() if share]
        note = ("not measured" if block.fallback_rate is None
                else f"{block.fallback_rate:.3f} of n={n}" + (f": {parts}" if parts else ""))
        bars.append(Bar(label=p.provider, value=block.fallback_rate, colour="#999", note=note, segments=segments))
    title = "Fallback rate by cause"
    return _figure(title, bar_chart(bars, title="fallback rate per provider stacked by cause",
                                    axis_label="share of answerable cases that fell back")
                   + legend([(cause, colour) for cause, colour in CAUSE_COLOURS.items()]))


def _figure(caption: str, body: str) -> str:
    return f"<figure><figcaption>{escape(caption)}</figcaption>{body}</figure>"


def charts(report: Report) -> str:
    colours = _colours(report)
    return ("<h2 id='charts'>Charts</h2><div class='charts'>" + _cost_chart(report, colours)
            + _fallback_chart(report) + _category_chart(report, "precision_at_10", colours)
            + _category_chart(report, "recall", colours) + _latency_chart(report, colours) + "</div>")


def _gate_value(name: str, value: float | None) -> str:
    if value is None:
        return _missing()
    if name == "honest_partial":
        return str(int(value))
    return f"{value:.1%}" if name == "cost_divergence" else f"{value:.3f}"


def gates_overview(report: Report) -> str:
    names = list(report.providers[0].gates) if report.providers else []
    rows = "".join(f'<tr><th scope="row">{escape(p.provider)}</th>'
                   + "".join(f"<td>{_gate_value(n, p.gates[n].value)} {_verdict(p.gates[n].passed)}</td>" for n in names)
                   + "</tr>" for p in report.providers)
    head = "".join(f'<th scope="col">{escape(n)}<span class="ci">{escape(report.providers[0].gates[n].threshold)}</span></th>'
                   for n in names)
    return (f'<h2 id="gates">Gates</h2><table><thead><tr><th scope="col" class="text">provider</th>{head}</tr></thead>'
            f"<tbody>{rows}</tbody></table>")


def comparisons_table(report: Report) -> str:
    comparisons = "".join(
        f'<tr><th scope="row">{escape(c.better)} vs {escape(c.worse)}</th>'
        f"<td>{_interval(RANKING_KEY, c.difference_interval) or _missing()}</td><td>{_number('p', c.p_better_lower)}</td>"
        f"<td class='text'>{'yes' if c.distinguishable else 'no: tied'}</td></tr>" for c in report.comparisons)
    return ("<h3>Neighbours compared (paired bootstrap on cost per useful answer)</h3><table><thead><tr>"
            "<th scope='col' class='text'>pair</th><th scope='col'>Δ cost per useful answer, 95% interval</th>"
            "<th scope='col'>P(first is cheaper)</th><th scope='col' class='text'>distinguishable</th></tr></thead>"
            f"<tbody>{comparisons}</tbody></table>")


def status_sentence(p: ProviderReport, ranked: int, default: str | None) -> str:
    words = STATUS[p.status][1]
    if p.status == "eligible":
        why = "every gate passed"
    else:
        why = "; ".join(p.status_reasons) or "no reason recorded"
    place = f"rank {p.rank} of {ranked} by cost per useful answer" if p.rank else "not ranked: disqualified providers never are"
    role = " It is the default provider." if p.provider == default else ""
    return f"<p>{escape(p.provider)} is <strong>{escape(words)}</strong>: {escape(why)}; {place}.{role}</p>"


def _gate_block(p: ProviderReport) -> str:
    rows = "".join(f'<tr><th scope="row">{escape(name)}</th><td>{_gate_value(name, g.value)}</td>'
                   f"<td>{escape(g.threshold)}</td><td class='text'>{_verdict(g.passed)}</td>"
                   f"<td class='text'>{escape(g.counts or 'not recorded')}</td></tr>" for name, g in p.gates.items())
    return ("<table class='gates'><thead><tr><th scope='col' class='text'>gate</th><th scope='col'>value</th>"
            "<th scope='col'>threshold</th><th scope='col' class='text'>result</th>"
            f"<th scope='col' class='text'>what the value counts</th></tr></thead><tbody>{rows}</tbody></table>")


def _category_table(p: ProviderReport) -> str:
    head = "".join(f'<th scope="col"><abbr title="{escape(m)}">{escape(short)}</abbr></th>' for m, short in CATEGORY_COLUMNS)
    rows = [("all categories", p.metrics.aggregate, p.confidence)]
    rows += [(c, _category(p, c), p.confidence_by_category.get(c, {})) for c in CATEGORIES]
    body = "".join(f'<tr><th scope="row">{escape(name)}</th>'
                   + "".join(_cell(m, block, intervals.get(m)) for m, _ in CATEGORY_COLUMNS) + "</tr>"
                   for name, block, intervals in rows)
    return (f"<table class='percat'><thead><tr><th scope='col' class='text'>category</th>{head}</tr></thead>"
            f"<tbody>{body}</tbody><caption>Each value with its n (cases, claims or documents behind it) and, where "
            "computed, its 95% interval. Hover a header for the metric's name in report.json.</caption></table>")


def _latency_table(p: ProviderReport) -> str:
    latency = p.metrics.aggregate.latency_ms or {}
    if not latency:
        return "<p class='muted'>Latency: not measured.</p>"
    rows = "".join(
        f'<tr><th scope="row">{escape(op)}</th><td>{_ms(s.p50)}</td><td>{_ms(s.p95)}</td><td>{s.n}</td>'
        f"<td class='text'>{'' if s.p95_reliable else f'not a real p95 (n&lt;{MIN_N_FOR_P95}): close to the maximum'}</td>"
        f"<td class='text small'>{escape(s.window_start.isoformat() if s.window_start else '—')} → "
        f"{escape(s.window_end.isoformat() if s.window_end else '—')}</td></tr>" for op, s in latency.items())
    return ("<table><thead><tr><th scope='col' class='text'>operation</th><th scope='col'>p50 ms</th><th scope='col'>p95 ms</th>"
            "<th scope='col'>n</th><th scope='col' class='text'>note</th><th scope='col' class='text'>capture window</th>"
            f"</tr></thead><tbody>{rows}</tbody></table>")


def provider_section(p: ProviderReport, ranked: int, default: str | None) -> str:
    conformance = "".join(f"<li><strong>{escape(k)}</strong>: {_verdict(c.passed)} — {escape(c.detail)}</li>"
                          for k, c in p.conformance.items())
    return (f'<section class="provider" id="provider-{escape(p.provider)}"><h2>{escape(p.provider)} {_badge(p.status)}</h2>'
            + status_sentence(p, ranked, default)
            + "<h3>Gates</h3>" + _gate_block(p)
            + "<h3>Per category</h3>" + _category_table(p)
            + "<h3>Latency per operation</h3>" + _latency_table(p)
            + f"<h3>Conformance (error fixtures on a virtual clock)</h3><ul>{conformance or '<li>none recorded</li>'}</ul>"
            + f"<p>Price table: <code>{escape(p.price_version or 'unknown')}</code></p></section>")


def _move(metric: str, delta: dict) -> str:
    beyond = delta.get("beyond_interval")
    mark = {True: "<strong>beyond this run's 95% interval</strong>", False: "within this run's 95% interval",
            None: "no interval to judge by"}[beyond]
    change = "" if delta["delta"] is None else f" ({delta['delta']:+.4g})"
    return (f"{escape(metric)}: {_number(metric, delta['from'])} → {_number(metric, delta['to'])}{change}, {mark}")


def diff_block(report: Report) -> str:
    diff = report.diff_vs_previous
    if diff is None:
        return "<details id='diff'><summary>Compared with the previous run</summary><p>No previous run in this warehouse.</p></details>"
    rows = []
    for change in diff["changes"]:
        if "change" in change:
            rows.append(f"<tr><th scope='row'>{escape(change['provider'])}</th><td class='text' colspan='4'>"
                        f"{escape(change['change'])}</td></tr>")
            continue
        moves = "<br>".join(_move(m, d) for m, d in change.get("metric_deltas", {}).items())
        cells = [f"{change[k]['from']} → {change[k]['to']}" if k in change else "—"
                 for k in ("rank", "status", "price_version")]
        rows.append(f"<tr><th scope='row'>{escape(change['provider'])}</th>"
                    + "".join(f"<td class='text'>{escape(c)}</td>" for c in cells) + f"<td class='text'>{moves or '—'}</td></tr>")
    inputs = ", ".join(f"{k} {'changed' if v else 'unchanged'}" for k, v in diff["inputs_changed"].items())
    rooms = diff.get("room_versions_changed") or {}
    if rooms:
        inputs += "; room versions changed (numbers made by different code): " + ", ".join(
            f"{room} {change['from']} → {change['to']}" for room, change in rooms.items())
    table = ("<table><thead><tr><th scope='col' class='text'>provider</th><th scope='col' class='text'>rank</th>"
             "<th scope='col' class='text'>status</th><th scope='col' class='text'>price table</th>"
             f"<th scope='col' class='text'>metric moves</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
             if rows else "<p>No rank, status, price table or metric changed.</p>")
    return (f"<details id='diff'><summary>Compared with the previous run <code>{escape(diff['previous_run_id'])}</code>"
            f" ({len(diff['changes'])} providers changed)</summary><p>Inputs: {escape(inputs)}.</p>{table}</details>")


def _flatten(value, prefix: str = "") -> list[tuple[str, str]]:
    if isinstance(value, dict):
        return [pair for key, item in value.items() for pair in _flatten(item, f"{prefix}{key}.")]
    return [(prefix.rstrip("."), str(value))]


def provenance_block(report: Report) -> str:
    rows = "".join(f"<tr><th scope='row'>{escape(k)}</th><td class='text'><code>{escape(v)}</code></td></tr>"
                   for k, v in _flatten(report.provenance))
    return (f"<details id='provenance'><summary>Provenance: what this run was computed from</summary><table><tbody>{rows}"
            "</tbody></table></details>")


def _additions(report: Report) -> str:
    items = "".join(f"<li>{escape(a['case_id'])}: <code>{escape(a['url'])}</code> ({escape(a['family'])}, found by "
                    f"{escape(a['provider'])})</li>" for a in report.proposed_golden_additions) or "<li>none</li>"
    return (f"<details id='additions'><summary>Proposed golden-set additions ({len(report.proposed_golden_additions)}),"
            f" for review, never added silently</summary><ul>{items}</ul></details>")


def _agreement(report: Report) -> str:
    items = "".join(f"<li>{escape(a['round'])} ({escape(a['kind'])}): alpha {_number('alpha', a['alpha'])}, "
                    f"n = {a['n_items']} items judged twice or more ({a['n_judgments']} judgments, "
                    f"{a['reviewers']} reviewers)</li>" for a in report.review_agreement) or "<li>no round yet</li>"
    return (f"<details id='agreement'><summary>Review agreement per round (Krippendorff's alpha, nominal)</summary>"
            f"<ul>{items}</ul></details>")


def render_html(report: Report) -> str:
    notice = f'<p class="notice">{escape(report.notice)}</p>' if report.notice else ""
    prov = report.provenance
    ranked = sum(1 for p in report.providers if p.rank)
    default = report.recommendation.default_provider if report.recommendation else None
    return "".join([
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        f"<title>websearch-bench {escape(report.run_id)}</title><style>{CSS}</style></head><body>",
        f"<header><h1>websearch-bench: which provider, in what order</h1><p class='meta'>run <code>{escape(report.run_id)}</code>"
        f" · {escape(report.created_at.isoformat())} · corpus {escape(report.corpus.kind)} · git "
        f"<code>{escape(str(prov.get('git_revision'))[:12])}</code>{' (dirty tree)' if prov.get('git_dirty') else ''}"
        " · provenance and the previous-run diff at the end</p></header>",
        notice, f"<p class='decision' id='decision'>{cascade_sentence(report)}</p>",
        "<main><h2 id='ranking-heading'>Ranking</h2>", ranking_table(report),
        charts(report), gates_overview(report), comparisons_table(report), cascade_html(report), injection_html(report),
        *(provider_section(p, ranked, default) for p in report.providers),
        "<h2 id='audit'>Audit trail</h2>", diff_block(report), provenance_block(report), _additions(report),
        _agreement(report),
        "</main></body></html>\n",
    ])
