"""The cascades in report.html and report.md (docs/report.md#cascades): per category the recommended cascade
beside the best single provider, a chart of answered rate against cost per useful answer for the orders
compared, every figure with its 95% interval and n, the plan they make together, and what changed since
the previous run.

Every number cell names its figure in report.json: `data-cascade` (category|order, or all|plan),
`data-value`, `data-interval` and `data-n` (paths inside that order), so scripts/check_report_html.py can
compare what is shown with the contract.
"""

from __future__ import annotations

from collections import defaultdict
from html import escape

from bench_pipeline.domain.report import CascadeOrder, CategoryCascades, Report
from bench_pipeline.report import numbers
from bench_pipeline.report.cascade_choice import RULE, arrow
from bench_pipeline.report.svg import Point, scatter_chart

WHY = {"success_rate_rule": "success-rate rule", "cost_optimal": "cost-optimal", "default_alone": "default alone",
       "most_answers": "most answers", "best_single": "best single provider"}
HOW = ("Each case is replayed on the recorded outcomes the way the router would walk it: call the first provider and "
       "pay every call of the case (search and the reads it led to), stop at the first useful answer, otherwise call "
       "the next; stop when the case has spent more than the budget (fallback:budget); forbidden cases call no one. "
       "Intervals: 95% bootstrap over golden cases, on the report's own resamples; differences are paired. Latency is "
       "an estimate: the recorded p50s of the steps a case tried. Recommended: ")
PLAN = "all"
# The section's own rules (report.html's stylesheet stays the first screen's): figures inline in the decision
# sentence, chart cards three to a row.
CSS = ("#decision [data-cascade] span{display:inline}#decision [data-cascade] .ci,#decision [data-cascade] .n"
       "{font-size:12px;color:#555}#cascades .cards{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));"
       "gap:.8rem 1.2rem}#cascades figure.cascade{margin:0}#cascades .cascade-orders{font-size:12px;width:100%}"
       "#cascades table{font-size:12px}#cascades .point-label{font-size:11px;font-weight:600}")


def _signed_rate(value: float) -> str:
    return f"{value:+.3f}"


def _signed_usd(value: float) -> str:
    return ("-" if value < 0 else "+") + numbers.usd(abs(value))


def _tried(value: float) -> str:
    """Mean providers tried: two decimals, as 1.25 reads better than a rate's 1.250."""
    return f"{value:.2f}"


def _at(data: dict, path: str):
    for part in path.split("."):
        data = data.get(part) if isinstance(data, dict) else None
    return data


def _n(count: int | None, tag: str) -> str:
    """n in a table cell on a line of its own; in a sentence, in brackets."""
    if count is None:
        return ""
    return f'<span class="n"> (n={count})</span>' if tag == "span" else f'<span class="n">n={count}</span>'


def _figure(data: dict, where: str, value: str, shown, interval: str | None = None, n: str | None = None,
            tag: str = "td") -> str:
    """A number cell: the value, its interval and n as report.json holds them at these paths."""
    found, bounds, count = _at(data, value), _at(data, interval) if interval else None, _at(data, n) if n else None
    text = '<span class="muted" title="not measured (null), never zero">—</span>' if found is None else shown(found)
    ci = f'<span class="ci"> [{shown(bounds["low"])}, {shown(bounds["high"])}]</span>' if bounds else ""
    attributes = f'data-cascade="{escape(where)}" data-value="{value}"' + (f' data-interval="{interval}"' if interval
                                                                          else "") + (f' data-n="{n}"' if n else "")
    return (f'<{tag} {attributes}><span class="v">{text}</span>{ci}'
            f'{_n(count, tag)}</{tag}>')


def _answered(data: dict, where: str) -> str:
    return _figure(data, where, "answered_rate", numbers.rate, "confidence.answered_rate", "n.answered_rate")


def _cost(data: dict, where: str) -> str:
    return _figure(data, where, "cost_per_useful_answer_usd", numbers.usd, "confidence.cost_per_useful_answer_usd",
                   "n.cost_per_useful_answer_usd")


def _versus(data: dict, where: str, against: str, missing: str = "itself") -> str:
    """Two cells: the paired differences in answered rate and in cost per useful answer."""
    if data.get(against) is None:
        return f"<td class='text muted' colspan='2'>{missing}</td>"
    return (_figure(data, where, f"{against}.answered_rate_difference", _signed_rate,
                    f"{against}.answered_rate_difference_interval")
            + _figure(data, where, f"{against}.cost_per_useful_answer_difference_usd", _signed_usd,
                      f"{against}.cost_difference_interval"))


def _order(cascades: CategoryCascades, providers: list[str] | None) -> CascadeOrder | None:
    return next((o for o in cascades.orders if o.providers == providers), None)


def _plan_words(by_category: dict[str, list[str]]) -> str:
    """'brave alone in 7 of 9 categories; brave → exa in facilities, investment_news'."""
    grouped: dict[str, list[str]] = defaultdict(list)
    for category, order in by_category.items():
        grouped[arrow(order) + (" alone" if len(order) == 1 else "")].append(category)
    ranked = sorted(grouped.items(), key=lambda item: (-len(item[1]), item[0]))
    (lead, mine), rest = ranked[0], ranked[1:]
    return "; ".join([f"{lead} in {len(mine)} of {len(by_category)} categories",
                      *(f"{order} in {', '.join(cats)}" for order, cats in rest)])


def decision_clause(report: Report) -> str:
    """The recommended cascades with their figures, for the decision sentence at the top of report.html."""
    plan = report.recommendation.cascade_plan if report.recommendation else None
    if plan is None:
        return "no cascade answers any case on the golden set"
    data, where = plan.model_dump(mode="json"), f"{PLAN}|plan"
    return (f"<a href='#cascades'>recommended cascade</a>, replayed on the golden set: "
            f"{escape(_plan_words(plan.by_category))}, answering "
            + _figure(data, where, "answered_rate", numbers.rate, "confidence.answered_rate", "n.answered_rate", "span")
            + " of answerable cases at $"
            + _figure(data, where, "cost_per_useful_answer_usd", numbers.usd, "confidence.cost_per_useful_answer_usd",
                      "n.cost_per_useful_answer_usd", "span") + " per useful answer")


def _summary_table(report: Report) -> str:
    rows = []
    for category, found in report.cascades.items():
        chosen, single = _order(found, found.recommended), _order(found, found.best_single)
        where = f"{category}|{arrow(found.recommended or [])}"
        if chosen is None:
            rows.append(f"<tr><th scope='row'>{escape(category)}</th><td class='text' colspan='8'>"
                        f"{escape(found.reason)}</td></tr>")
            continue
        data, lone = chosen.model_dump(mode="json"), single.model_dump(mode="json")
        rows.append(f"<tr data-category='{escape(category)}'><th scope='row'>{escape(category)}</th>"
                    f"<td class='text'><strong>{escape(arrow(chosen.providers))}</strong></td>"
                    + _answered(data, where) + _cost(data, where)
                    + f"<td class='text'>{escape(arrow(single.providers))}</td>"
                    + _answered(lone, f"{category}|{arrow(single.providers)}")
                    + _cost(lone, f"{category}|{arrow(single.providers)}") + _versus(data, where, "vs_best_single")
                    + "</tr>")
    return ("<table id='cascade-table'><thead><tr><th scope='col' class='text'>category</th>"
            "<th scope='col' class='text'>recommended cascade</th>"
            "<th scope='col'>answered rate<span class='ci'>95% interval · n</span></th>"
            "<th scope='col'>cost per useful answer (USD)<span class='ci'>95% interval · n</span></th>"
            "<th scope='col' class='text'>best single provider</th><th scope='col'>answered rate</th>"
            "<th scope='col'>cost per useful answer</th>"
            "<th scope='col'>cascade − best single: answered rate<span class='ci'>paired 95% interval</span></th>"
            "<th scope='col'>cascade − best single: cost per useful answer<span class='ci'>paired 95% interval</span>"
            f"</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")


def _plan_table(report: Report) -> str:
    plan = report.recommendation.cascade_plan if report.recommendation else None
    if plan is None:
        return "<p>No cascade answers any case on the golden set.</p>"
    data, where = plan.model_dump(mode="json"), f"{PLAN}|plan"
    endings = ", ".join(f"{k} {v}" for k, v in plan.endings.items())
    uncovered = f" Left out (no recommended cascade): {escape(', '.join(plan.uncovered))}." if plan.uncovered else ""
    default = f"{arrow(plan.vs_default_alone.against)} alone" if plan.vs_default_alone else "the default alone"
    return (f"<p>All categories together, each with its recommended cascade ({escape(_plan_words(plan.by_category))})."
            f" Cases ended: {escape(endings)}.{uncovered}</p>"
            "<table id='cascade-plan'><thead><tr><th scope='col'>answered rate</th><th scope='col'>cost per useful "
            "answer (USD)</th><th scope='col'>total cost (USD)</th><th scope='col'>providers tried per case</th>"
            "<th scope='col'>latency estimate per case (ms)</th>"
            + "".join(f"<th scope='col'>plan − {escape(whom)}: {figure}"
                      "<span class='ci'>paired 95% interval</span></th>"
                      for whom in (default, "each category's most-answering order")
                      for figure in ("answered rate", "cost per useful answer"))
            + "</tr></thead><tbody><tr>"
            + _answered(data, where) + _cost(data, where)
            + _figure(data, where, "total_cost_usd", numbers.usd, "confidence.total_cost_usd", "n.total_cost_usd")
            + _figure(data, where, "mean_providers_tried", _tried, "confidence.mean_providers_tried",
                      "n.mean_providers_tried")
            + _figure(data, where, "latency_estimate_ms", numbers.ms, "confidence.latency_estimate_ms",
                      "n.latency_estimate_ms")
            + _versus(data, where, "vs_default_alone", "no default provider")
            + _versus(data, where, "vs_most_answers") + "</tr></tbody></table>")


def _chart(category: str, found: CategoryCascades) -> str:
    points = []
    for number, o in enumerate(found.orders, start=1):
        if o.cost_per_useful_answer_usd is None or o.answered_rate is None:
            continue
        cost, rate = o.confidence.get("cost_per_useful_answer_usd"), o.confidence.get("answered_rate")
        points.append(Point(label=str(number), x=o.cost_per_useful_answer_usd, y=o.answered_rate,
                            title=f"{number}. {arrow(o.providers)}: answered {numbers.rate(o.answered_rate)}, "
                                  f"${numbers.usd(o.cost_per_useful_answer_usd)} per useful answer",
                            x_low=cost.low if cost else None, x_high=cost.high if cost else None,
                            y_low=rate.low if rate else None, y_high=rate.high if rate else None,
                            emphasis=o.recommended))
    title = f"{category}: answered rate against cost per useful answer, 95% whiskers"
    return scatter_chart(points, title=title, x_label="cost per useful answer (USD)", y_label="answered rate")


def _orders_table(category: str, found: CategoryCascades) -> str:
    rows = []
    for number, o in enumerate(found.orders, start=1):
        data, where = o.model_dump(mode="json"), f"{category}|{arrow(o.providers)}"
        mark = "★ " if o.recommended else ""
        rows.append(f"<tr><td>{number}</td><td class='text'>{mark}{escape(arrow(o.providers))}<span class='n'>"
                    f"{escape(', '.join(WHY[label] for label in o.labels))}</span></td>"
                    + _answered(data, where) + _cost(data, where) + f"<td>{o.tie_group}</td></tr>")
    return ("<table class='cascade-orders'><thead><tr><th scope='col'>#</th><th scope='col' class='text'>order"
            "<span class='ci'>why compared</span></th><th scope='col'>answered</th><th scope='col'>$ per useful "
            f"answer</th><th scope='col'>tie group</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")


def _card(category: str, found: CategoryCascades) -> str:
    pruned = (f"; {', '.join(found.pruned)} left out (answers nothing here, budget never reached)"
              if found.pruned else "")
    searched = (f"{found.orders_considered} orders of one to three of {', '.join(found.candidates)} searched, "
                f"{found.orders_walked} walked{pruned}. Recommended: {found.reason}.")
    return (f"<figure class='cascade' id='cascade-{escape(category)}'><figcaption>{escape(category)}: "
            f"{found.answerable} answerable cases</figcaption>{_chart(category, found)}"
            f"{_orders_table(category, found)}<p class='small'>{escape(searched)}</p></figure>")


def _all_figures(report: Report) -> str:
    rows = []
    for category, found in report.cascades.items():
        for o in found.orders:
            data, where = o.model_dump(mode="json"), f"{category}|{arrow(o.providers)}"
            steps = "; ".join(f"{s.provider}: {s.answers} of {s.reached} reached" for s in o.steps)
            rows.append(f"<tr><th scope='row'>{escape(category)}</th><td class='text'>{escape(arrow(o.providers))}</td>"
                        + _figure(data, where, "total_cost_usd", numbers.usd, "confidence.total_cost_usd",
                                  "n.total_cost_usd")
                        + _figure(data, where, "mean_providers_tried", _tried, "confidence.mean_providers_tried",
                                  "n.mean_providers_tried")
                        + _figure(data, where, "latency_estimate_ms", numbers.ms, "confidence.latency_estimate_ms",
                                  "n.latency_estimate_ms")
                        + f"<td class='text small'>{escape(steps)}</td>"
                        + _versus(data, where, "vs_most_answers") + "</tr>")
    return ("<details id='cascade-figures'><summary>Every figure of the compared orders</summary><table><thead><tr>"
            "<th scope='col' class='text'>category</th><th scope='col' class='text'>order</th>"
            "<th scope='col'>total cost (USD)</th><th scope='col'>providers tried per case</th>"
            "<th scope='col'>latency estimate per case (ms)</th><th scope='col' class='text'>answers by step</th>"
            "<th scope='col'>− most answers: answered rate</th><th scope='col'>− most answers: cost per useful "
            f"answer</th></tr></thead><tbody>{''.join(rows)}</tbody></table></details>")


def _changes(report: Report) -> list[str]:
    """The recommended cascades that changed since the previous run, in words."""
    diff = report.diff_vs_previous
    if diff is None:
        return ["no previous run in this warehouse"]
    changes = diff.get("cascade_changes")
    if changes is None:
        return ["the previous run recorded no cascades"]
    return [f"{c['category']}: {arrow(c['from'] or ['none'])} → {arrow(c['to'] or ['none'])}" for c in changes] or [
        "no category's recommended cascade changed"]


def cascade_html(report: Report) -> str:
    if not report.cascades:
        return ""
    excluded = next(iter(report.cascades.values())).excluded
    roles = "; ".join(f"{p}: {why}" for p, why in excluded.items()) or "every provider may search in a cascade"
    changes = "".join(f"<li>{escape(line)}</li>" for line in _changes(report))
    return (f"<section id='cascades'><style>{CSS}</style><h2>Cascades replayed on the golden set</h2>"
            f"<p class='small'>{escape(HOW + RULE)}. Not in a search cascade: {escape(roles)}.</p>"
            f"<h3>The plan</h3>{_plan_table(report)}<h3>Per category: recommended against the best single provider</h3>"
            f"{_summary_table(report)}<h3>Orders compared per category (★ recommended; ◯ on the chart)</h3>"
            "<div class='cards'>" + "".join(_card(c, found) for c, found in report.cascades.items()) + "</div>"
            + _all_figures(report) + f"<h3>Compared with the previous run</h3><ul>{changes}</ul></section>")


def _md(value, shown, interval=None, n=None) -> str:
    if value is None:
        return "—"
    ci = f" [{shown(interval.low)}, {shown(interval.high)}]" if interval is not None else ""
    return f"{shown(value)}{ci}" + (f" (n={n})" if n is not None else "")


def _md_answered(o) -> str:
    return _md(o.answered_rate, numbers.rate, o.confidence["answered_rate"], o.n["answered_rate"])


def _md_cost(o) -> str:
    key = "cost_per_useful_answer_usd"
    return _md(o.cost_per_useful_answer_usd, numbers.usd, o.confidence[key], o.n[key])


def _md_versus(versus) -> str:
    if versus is None:
        return "itself"
    return (f"{_md(versus.answered_rate_difference, _signed_rate, versus.answered_rate_difference_interval)} answered, "
            f"{_md(versus.cost_per_useful_answer_difference_usd, _signed_usd, versus.cost_difference_interval)} USD")


def cascade_markdown(report: Report) -> list[str]:
    if not report.cascades:
        return []
    lines = ["", "## Cascades replayed on the golden set", "", HOW + RULE + ".", ""]
    plan = report.recommendation.cascade_plan if report.recommendation else None
    if plan is not None:
        lines += [f"**Plan:** {_plan_words(plan.by_category)}. Answered rate {_md_answered(plan)}; cost per useful "
                  f"answer {_md_cost(plan)}; − the default alone: {_md_versus(plan.vs_default_alone)}; − each "
                  f"category's most-answering order: {_md_versus(plan.vs_most_answers)}.", ""]
    lines += ["| category | recommended cascade | answered rate | cost per useful answer (USD) | best single | "
              "answered rate | cost per useful answer | − best single (paired) |",
              "|---|---|---|---|---|---|---|---|"]
    for category, found in report.cascades.items():
        chosen, single = _order(found, found.recommended), _order(found, found.best_single)
        if chosen is None:
            lines.append(f"| {category} | none: {found.reason} | | | | | | |")
            continue
        lines.append(f"| {category} | {arrow(chosen.providers)} | {_md_answered(chosen)} | {_md_cost(chosen)} | "
                     f"{arrow(single.providers)} | {_md_answered(single)} | {_md_cost(single)} | "
                     f"{_md_versus(chosen.vs_best_single)} |")
    lines += ["", "Orders compared (★ recommended):", ""]
    for category, found in report.cascades.items():
        orders = "; ".join(f"{'★ ' if o.recommended else ''}{arrow(o.providers)} "
                           f"({', '.join(WHY[x] for x in o.labels)}): {_md_answered(o)}, ${_md_cost(o)}, "
                           f"tie group {o.tie_group}" for o in found.orders)
        lines.append(f"- {category} ({found.orders_considered} orders searched): {orders or found.reason}")
    lines += ["", "Recommended cascades compared with the previous run:", ""]
    lines += [f"- {line}" for line in _changes(report)]
    return lines
