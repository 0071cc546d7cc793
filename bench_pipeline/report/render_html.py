"""report.html: the decision at a glance, then the evidence. Self-contained: inline CSS and SVG,
no script, nothing fetched; readable offline, printable, and the status never carried by colour alone.

Top of the page (inside 1280×800): the default provider and cascade in one sentence; the ranking table
with the ranking key (cost per useful answer, its 95% interval and n) first, the tie-break metrics in
tie-break order with theirs, judged@10 beside precision@10, and the tie groups marked in the table
itself; then one line per provider that is not eligible, with every gate it did not pass and what its
status allows. The charts, gates, cascade, provider sections and audit trail follow.
"""

from __future__ import annotations

from html import escape

from bench_pipeline.domain.report import ProviderReport, Report
from bench_pipeline.report import numbers
from bench_pipeline.report.html_audit import additions_block, agreement_block, diff_block, provenance_block
from bench_pipeline.report.html_cells import LABELS, RANKING_KEY, badge, cell, interval, missing, verdict
from bench_pipeline.report.html_charts import charts
from bench_pipeline.report.html_providers import provider_section
from bench_pipeline.report.render_cascade import cascade_html, decision_clause
from bench_pipeline.report.render_injection import injection_html
from bench_pipeline.report.verdicts import allows, reasons

TIE_BREAKS = ("precision_at_10", "recall", "freshness_accuracy")
CSS = """
*{box-sizing:border-box}
body{font:14px/1.35 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1260px;color:#1d1d1d;
 padding:.5rem 1rem 2rem}
h1{font-size:1.25rem;margin:.2rem 0}h2{font-size:1.15rem;margin:1.6rem 0 .4rem;border-bottom:1px solid #ccc}
h3{font-size:1rem;margin:1rem 0 .3rem}.meta{margin:.1rem 0;color:#555;font-size:12px}
.notice{background:#fff3cd;border:1px solid #c99a00;padding:.3rem .6rem;margin:.4rem 0;font-weight:600;font-size:13px}
.decision{font-size:15px;margin:.5rem 0;padding:.45rem .7rem;border-left:4px solid #2e7d32;background:#f4f8f4}
table{border-collapse:collapse;margin:.3rem 0 .6rem}
caption{text-align:left;font-size:12px;color:#555;caption-side:bottom;padding-top:.2rem}
td,th{border:1px solid #c8c8c8;padding:.2rem .45rem;text-align:right;font-variant-numeric:tabular-nums;
 vertical-align:top}
th{background:#f0f0f0;font-weight:600}th[scope=row],td.text,th.text{text-align:left}
#ranking{font-size:14px}#ranking thead th{white-space:nowrap}#ranking td.key{background:#eef5ee;font-weight:600}
#ranking th.key{background:#dcebdc}
#ranking tr.unranked td{color:#777}#ranking tr.unranked td.key{background:#eee;font-weight:400}
#ranking tr.unranked td.key s{text-decoration-thickness:2px}
.unranked-note{display:block;font-size:11px;font-weight:700;color:#b71c1c}
.v{display:block}.ci,.n{display:block;font-size:11px;color:#555;font-weight:400}.ci .n{display:inline}
.tie{text-align:left;font-size:12px;max-width:12rem;background:#fafafa}.tie strong{display:block}
h2#verdicts-heading{margin-top:.4rem}#verdicts table{font-size:13px;margin:.2rem 0;width:100%}
#verdicts .allows{display:block;font-size:12px;color:#444}
.badge{display:inline-block;border:1px solid;border-radius:.25rem;padding:0 .35rem;font-size:12px;font-weight:600;
 white-space:nowrap}
.pass,.fail,.pending{white-space:nowrap}.pass{color:#2e7d32}.fail{color:#b71c1c;font-weight:700}.pending{color:#8a5a00}
.muted{color:#666}.small{font-size:12px}.charts{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem}
figure{margin:0}figcaption{font-weight:600;font-size:13px;margin:.3rem 0}.caption-note{font-weight:400}
svg.chart{font-size:11px;background:#fcfcfc;display:block}svg.chart .axis-label{font-size:12px;font-weight:600}
.percat{font-size:12px}.percat .n,.percat .ci{font-size:10px}
section.provider{border-top:2px solid #999;margin-top:1.5rem}details{margin:.8rem 0}
summary{font-weight:600;cursor:pointer}
code{font-size:12px}
@media print{
 body{max-width:none;font-size:10pt;padding:0}
 .decision,#ranking td.key,#ranking th.key,th,svg.chart,.tie{background:none}
 details::details-content{content-visibility:visible;display:block}details>summary{list-style:none}
 section.provider{break-before:page}table,figure,svg{break-inside:avoid}h2,h3{break-after:avoid}
}
"""


def cascade_sentence(report: Report) -> str:
    """The default provider and the recommended cascades in one sentence, with their figures."""
    rec = report.recommendation
    if rec is None or rec.default_provider is None:
        return ("<strong id='default-provider'>No default provider</strong>: "
                f"{escape(rec.reason if rec else 'no recommendation was made')}.")
    default = next(p for p in report.providers if p.provider == rec.default_provider)
    key = default.metrics.aggregate
    found = interval(RANKING_KEY, default.confidence.get(RANKING_KEY))
    useful = key.n.get(RANKING_KEY)
    return (f"Default provider: <strong id='default-provider'>{escape(rec.default_provider)}</strong> — "
            f"{escape(rec.reason)}, ${numbers.usd(key.cost_per_useful_answer_usd)} per useful answer {found} "
            f"(n={numbers.plural(useful, 'useful answer') if useful is not None else 'unknown'}); "
            f"{decision_clause(report)}.")


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


def _key_cell(p: ProviderReport) -> str:
    """The ranking key; a disqualified provider's is struck through and greyed, so its (often lowest) cost
    is never read as the winner's."""
    found = p.confidence.get(RANKING_KEY)
    if p.rank is not None:
        return cell(RANKING_KEY, p.metrics.aggregate, found, "key")
    note = ('<span class="unranked-note" title="disqualified: its cost is shown for audit; it takes no part in the '
            'ranking">not ranked: disqualified</span>')
    return cell(RANKING_KEY, p.metrics.aggregate, found, "key", note, struck=True)


def _judged_cell(p: ProviderReport) -> str:
    block = p.metrics.aggregate
    n = block.n.get("judged_at_10")
    count = f'<span class="n">n={n}</span>' if n is not None else ""
    judged = missing() if block.judged_at_10 is None else numbers.count(block.judged_at_10)
    return f'<td><span class="v">{judged}</span>{count}</td>'


def ranking_table(report: Report) -> str:
    ties = _tie_cells(report)
    sub = '<span class="ci">95% interval · n</span>'
    head = (f'<th scope="col" class="key" id="ranking-key">{escape(LABELS[RANKING_KEY])}{sub}</th>'
            f'<th scope="col">{escape(LABELS["precision_at_10"])}{sub}</th>'
            '<th scope="col" title="top-10 results with a relevance judgment, summed over n cases: '
            'unjudged results count as not relevant">judged@10<span class="ci">results judged · n</span></th>'
            + "".join(f'<th scope="col">{escape(LABELS[m])}{sub}</th>' for m in TIE_BREAKS[1:]))
    rows = []
    for p in report.providers:
        block = p.metrics.aggregate
        tie = ties.get(p.provider, '<td class="tie">not ranked</td>')
        unranked = "" if p.rank else ' class="unranked"'
        rows.append(f'<tr data-provider="{escape(p.provider)}" data-status="{escape(p.status)}"{unranked}>'
                    f'<td>{p.rank or "—"}</td><th scope="row">{escape(p.provider)}</th>'
                    f'<td class="text">{badge(p.status)}</td>' + _key_cell(p)
                    + cell("precision_at_10", block, p.confidence.get("precision_at_10")) + _judged_cell(p)
                    + "".join(cell(m, block, p.confidence.get(m)) for m in TIE_BREAKS[1:]) + f"{tie}</tr>")
    return ('<table id="ranking"><caption>Ranked by cost per useful answer (lowest first); ties broken by '
            'precision@10, recall, freshness accuracy. judged@10: top-10 results with a relevance judgment, summed '
            'over n cases (unjudged ones count as not relevant). Intervals: 95% bootstrap over golden cases. '
            '— is not measured, never zero. Disqualified providers are listed last, unranked, their cost struck '
            'through.</caption>'
            '<thead><tr><th scope="col">rank</th><th scope="col" class="text">provider</th>'
            f'<th scope="col" class="text">status</th>{head}<th scope="col" class="text">tie group</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def verdict_lines(report: Report) -> str:
    """One line per provider that is not eligible: its status, every gate it did not pass (each a `.reason`,
    which scripts/check_report_html.py finds inside the first viewport) and what the status allows."""
    rows = "".join(
        f'<tr class="verdict" data-provider="{escape(p.provider)}" data-status="{escape(p.status)}">'
        f'<th scope="row">{escape(p.provider)}</th><td class="text">{badge(p.status)}</td><td class="text why">'
        + "; ".join(f'<span class="reason">{escape(r)}</span>' for r in reasons(p))
        + f'<span class="allows">{escape(allows(p.status))}</span></td></tr>'
        for p in report.providers if p.status != "eligible")
    if not rows:
        return ("<section id='verdicts'><h2 id='verdicts-heading'>Not eligible, and why</h2>"
                "<p>Every provider passed every gate.</p></section>")
    return ("<section id='verdicts'><h2 id='verdicts-heading'>Not eligible, and why</h2><table><thead><tr>"
            "<th scope='col' class='text'>provider</th><th scope='col' class='text'>status</th>"
            "<th scope='col' class='text'>why: every gate it did not pass, then what its status allows</th>"
            "</tr></thead>"
            f"<tbody>{rows}</tbody></table></section>")


def gates_overview(report: Report) -> str:
    names = list(report.providers[0].gates) if report.providers else []
    rows = "".join(f'<tr data-provider="{escape(p.provider)}"><th scope="row">{escape(p.provider)}</th>'
                   + "".join(f"<td>{_gate_value(n, p.gates[n].value)} {verdict(p.gates[n].passed)}</td>"
                             for n in names) + "</tr>" for p in report.providers)
    head = "".join(f'<th scope="col">{escape(n)}<span class="ci">{escape(report.providers[0].gates[n].threshold)}'
                   "</span></th>" for n in names)
    return (f'<h2 id="gates">Gates</h2><table id="gates-overview"><thead><tr><th scope="col" class="text">provider'
            f"</th>{head}</tr></thead><tbody>{rows}</tbody></table>")


def _gate_value(name: str, value: float | None) -> str:
    return missing() if value is None else numbers.gate(name, value)


def comparisons_table(report: Report) -> str:
    comparisons = "".join(
        f'<tr><th scope="row">{escape(c.better)} vs {escape(c.worse)}</th>'
        f"<td>{interval(RANKING_KEY, c.difference_interval) or missing()}</td>"
        f"<td>{numbers.rate(c.p_better_lower)}</td>"
        f"<td class='text'>{'yes' if c.distinguishable else 'no: tied'}</td></tr>" for c in report.comparisons)
    return ("<h3>Neighbours compared (paired bootstrap on cost per useful answer)</h3><table><thead><tr>"
            "<th scope='col' class='text'>pair</th><th scope='col'>Δ cost per useful answer, 95% interval</th>"
            "<th scope='col'>P(first is cheaper)</th><th scope='col' class='text'>distinguishable</th></tr></thead>"
            f"<tbody>{comparisons}</tbody></table>")


def _header(report: Report) -> str:
    prov = report.provenance
    return ("<header><h1>websearch-bench: which provider, in what order</h1><p class='meta'>run "
            f"<code>{escape(report.run_id)}</code> · {escape(report.created_at.isoformat(timespec='seconds'))} · "
            f"corpus {escape(report.corpus.kind)} · git "
            f"<code>{escape((prov.get('git_revision') or 'unknown')[:12])}</code>"
            f"{' (dirty tree)' if prov.get('git_dirty') else ''} · provenance and the previous-run diff at the end"
            "</p></header>")


def render_html(report: Report) -> str:
    notice = f'<p class="notice">{escape(report.notice)}</p>' if report.notice else ""
    ranked = sum(1 for p in report.providers if p.rank)
    default = report.recommendation.default_provider if report.recommendation else None
    return "".join([
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        f"<title>websearch-bench {escape(report.run_id)}</title><style>{CSS}</style></head><body>",
        _header(report), notice, f"<p class='decision' id='decision'>{cascade_sentence(report)}</p>",
        "<main><h2 id='ranking-heading'>Ranking</h2>", ranking_table(report), verdict_lines(report),
        charts(report), gates_overview(report), comparisons_table(report), cascade_html(report),
        injection_html(report),
        *(provider_section(p, ranked, default) for p in report.providers),
        "<h2 id='audit'>Audit trail</h2>", diff_block(report), provenance_block(report), additions_block(report),
        agreement_block(report),
        "</main></body></html>\n",
    ])
