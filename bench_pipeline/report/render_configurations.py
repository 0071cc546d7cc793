"""Configurations of one provider in report.html and report.md: each variant beside its base slug, their own
figures with 95% intervals and n, then the paired difference (docs/report.md#configurations)."""

from __future__ import annotations

from html import escape

from bench_pipeline.domain.report import ConfigurationComparison, Interval, ProviderReport, Report
from bench_pipeline.report import numbers
from bench_pipeline.report.html_cells import RANKING_KEY, badge, cell, missing

INTRO = ("A slug marked variant_of another in providers.yaml sends the same wire format and differs only in "
         "request options and price. Each is set against that base on the same golden cases: the "
         "difference in answered rate is a paired mean over the answerable cases, the difference in cost per "
         "useful answer a paired ratio over every case; 95% bootstrap intervals.")


def _changes(c: ConfigurationComparison) -> list[str]:
    """What differs, in words: each option and the price table, base → variant (— where one leaves it unset)."""
    shown = [f"{key} {_value(v['base'])} → {_value(v['variant'])}" for key, v in c.options_changed.items()]
    prices = c.price_versions
    if prices["base"] != prices["variant"]:
        shown.append(f"price table {prices['base'] or '—'} → {prices['variant'] or '—'}")
    else:
        shown.append(f"same price table ({prices['base'] or '—'})")
    return shown


def _value(value) -> str:
    return numbers.MISSING if value is None else ", ".join(map(str, value)) if isinstance(value, list) else str(value)


def _answered(p: ProviderReport) -> tuple[float | None, Interval | None, int | None]:
    """The answered rate is 1 − the fallback rate, its interval flipped, over the same answerable cases."""
    block, found = p.metrics.aggregate, p.confidence.get("fallback_rate")
    value = None if block.fallback_rate is None else 1 - block.fallback_rate
    flipped = None if found is None else Interval(low=1 - found.high, high=1 - found.low)
    return value, flipped, block.n.get("fallback_rate")


def _verdict(c: ConfigurationComparison) -> str:
    answers = ("answers more" if c.answers_more else "answers fewer" if c.answers_fewer
               else "answers no more and no fewer, as far as the interval can tell")
    if c.cost_per_useful_answer_difference_usd is None:
        costs = "cost per useful answer not comparable"
    elif c.cost_distinguishable:
        costs = "costs more per useful answer" if c.cost_per_useful_answer_difference_usd > 0 else \
            "costs less per useful answer"
    else:
        costs = "the cost per useful answer cannot be told apart"
    return f"{c.variant} {answers} than {c.base}; {costs}"


def _answered_cell(p: ProviderReport) -> str:
    value, found, n = _answered(p)
    ci = "" if found is None else f'<span class="ci">{numbers.interval("rate", found.low, found.high)}</span>'
    count = "" if n is None else f'<span class="n">n={n}</span>'
    return f'<td><span class="v">{numbers.rate(value) if value is not None else missing()}</span>{ci}{count}</td>'


def _row(p: ProviderReport) -> str:
    block = p.metrics.aggregate
    search = (block.latency_ms or {}).get("search")
    return (f'<tr data-provider="{escape(p.provider)}"><th scope="row">{escape(p.provider)}</th>'
            f'<td>{p.rank or "—"}</td><td class="text">{badge(p.status)}</td>{_answered_cell(p)}'
            + cell(RANKING_KEY, block, p.confidence.get(RANKING_KEY))
            + cell("precision_at_10", block, p.confidence.get("precision_at_10"))
            + cell("cost_per_query_usd", block, None)
            + f"<td>{numbers.ms(search.p50) if search else missing()}</td></tr>")


def _difference_row(c: ConfigurationComparison) -> str:
    rate, cost = c.answered_rate_difference_interval, c.cost_difference_interval
    rate_ci = "" if rate is None else f'<span class="ci">{numbers.interval("rate", rate.low, rate.high)}</span>'
    cost_ci = "" if cost is None else f'<span class="ci">{numbers.interval(RANKING_KEY, cost.low, cost.high)}</span>'
    return (f'<tr class="difference"><th scope="row">{escape(c.variant)} − {escape(c.base)}, paired</th>'
            f'<td class="text" colspan="2">{escape(_verdict(c))}</td>'
            f'<td><span class="v">{numbers.signed("rate", c.answered_rate_difference)}</span>{rate_ci}'
            f'<span class="n">n={c.n["answered_rate"]}</span></td>'
            f'<td><span class="v">{numbers.signed(RANKING_KEY, c.cost_per_useful_answer_difference_usd)}</span>'
            f'{cost_ci}<span class="n">n={c.n["cost_per_useful_answer_usd"]}</span></td>'
            '<td colspan="3"></td></tr>')


def configurations_html(report: Report) -> str:
    if not report.configurations:
        return ""
    providers = {p.provider: p for p in report.providers}
    tables = []
    for c in report.configurations:
        caption = f"{c.variant} against {c.base} ({c.adapter} adapter): " + "; ".join(_changes(c))
        tables.append(
            f'<table class="configuration" data-base="{escape(c.base)}" data-variant="{escape(c.variant)}">'
            f"<caption>{escape(caption)}</caption><thead><tr><th scope='col' class='text'>slug</th>"
            "<th scope='col'>rank</th><th scope='col' class='text'>status</th>"
            "<th scope='col'>answered rate<span class='ci'>95% interval · n</span></th>"
            "<th scope='col'>cost per useful answer (USD)<span class='ci'>95% interval · n</span></th>"
            "<th scope='col'>precision@10<span class='ci'>95% interval · n</span></th>"
            "<th scope='col'>cost per query (USD)<span class='ci'>n</span></th>"
            "<th scope='col'>search p50 (ms)</th></tr></thead>"
            f"<tbody>{_row(providers[c.base])}{_row(providers[c.variant])}{_difference_row(c)}</tbody></table>")
    return (f"<section id='configurations'><h2>Configurations of one provider</h2><p class='small'>{escape(INTRO)}"
            f"</p>{''.join(tables)}</section>")


def _md_interval(found: Interval | None, name: str) -> str:
    return "" if found is None else f" {numbers.interval(name, found.low, found.high)}"


def configurations_markdown(report: Report) -> list[str]:
    if not report.configurations:
        return []
    providers = {p.provider: p for p in report.providers}
    lines = ["", "## Configurations of one provider", "", INTRO]
    for c in report.configurations:
        lines += ["", f"### {c.variant} against {c.base} ({c.adapter} adapter)", "",
                  f"What differs: {'; '.join(_changes(c))}.", "",
                  "| slug | rank | status | answered rate | cost per useful answer (USD) | precision@10 |",
                  "|---|---|---|---|---|---|"]
        for slug in (c.base, c.variant):
            p = providers[slug]
            block = p.metrics.aggregate
            value, found, n = _answered(p)
            key = p.confidence.get(RANKING_KEY)
            lines.append(
                f"| {slug} | {p.rank or '—'} | {p.status} | {numbers.rate(value)}{_md_interval(found, 'rate')} "
                f"(n={n}) | {numbers.usd(block.cost_per_useful_answer_usd)}{_md_interval(key, RANKING_KEY)}"
                f" (n={block.n.get(RANKING_KEY)}) | {numbers.rate(block.precision_at_10)}"
                f"{_md_interval(p.confidence.get('precision_at_10'), 'rate')} (n={block.n.get('precision_at_10')}) |")
        lines += ["", f"Paired, {c.variant} − {c.base}: answered rate "
                  f"{numbers.signed('rate', c.answered_rate_difference)}"
                  f"{_md_interval(c.answered_rate_difference_interval, 'rate')} (n={c.n['answered_rate']}), cost per "
                  f"useful answer {numbers.signed(RANKING_KEY, c.cost_per_useful_answer_difference_usd)}"
                  f"{_md_interval(c.cost_difference_interval, RANKING_KEY)} (n={c.n['cost_per_useful_answer_usd']}): "
                  f"{_verdict(c)}."]
    return lines
