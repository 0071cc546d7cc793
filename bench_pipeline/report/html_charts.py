"""report.html's charts: cost per useful answer, fallback by cause, precision@10 and recall by category,
latency per operation. Each bar says its value and n in words beside it; report.svg draws them."""

from __future__ import annotations

from html import escape

from bench_pipeline.domain.golden import CATEGORIES
from bench_pipeline.domain.report import Report
from bench_pipeline.metrics.latency import MIN_N_FOR_P95
from bench_pipeline.report import numbers
from bench_pipeline.report.html_cells import LABELS, RANKING_KEY, category, interval
from bench_pipeline.report.svg import Bar, Segment, bar_chart

PALETTE = ("#1b6ca8", "#c0392b", "#b7791f", "#00798c", "#6a4c93", "#3c8d2f", "#8d6a9f", "#c05746")
CAUSE_COLOURS = {"no_result": "#7f8c8d", "low_confidence": "#b7791f", "error": "#c0392b", "budget": "#6a4c93"}
HALF = 600  # a chart sharing its row with another: two, and the gap between them, fit the 1228 px page


def _colours(report: Report) -> dict[str, str]:
    return {p.provider: PALETTE[i % len(PALETTE)] for i, p in enumerate(report.providers)}


def _figure(caption: str, body: str, note: str = "") -> str:
    extra = f" <span class='caption-note'>{escape(note)}</span>" if note else ""
    return f"<figure><figcaption>{escape(caption)}{extra}</figcaption>{body}</figure>"


def _cost_chart(report: Report, colours: dict[str, str]) -> str:
    bars = []
    for p in report.providers:
        block, found = p.metrics.aggregate, p.confidence.get(RANKING_KEY)
        value = block.cost_per_useful_answer_usd
        note = ("not measured" if value is None else f"{numbers.usd(value)} {interval(RANKING_KEY, found)} "
                f"n={block.n.get(RANKING_KEY)}" + ("" if p.rank else " (disqualified: not ranked)"))
        bars.append(Bar(label=p.provider, value=value, colour=colours[p.provider], note=note, faded=p.rank is None,
                        low=found.low if found else None, high=found.high if found else None))
    return _figure("Cost per useful answer, with 95% interval",
                   bar_chart(bars, title="cost per useful answer per provider with 95% intervals",
                             axis_label="cost per useful answer (USD)", width=HALF),
                   "Pale: disqualified, shown for audit only.")


def _category_chart(report: Report, metric: str, colours: dict[str, str]) -> str:
    bars = []
    for name in CATEGORIES:
        for p in report.providers:
            block = category(p, name)
            value, found = getattr(block, metric), p.confidence_by_category.get(name, {}).get(metric)
            note = ("not measured" if value is None
                    else f"{numbers.metric(metric, value)} {interval(metric, found)} n={block.n.get(metric)}")
            bars.append(Bar(label=p.provider, value=value, colour=colours[p.provider], note=note, group=name,
                            low=found.low if found else None, high=found.high if found else None))
    title = f"{LABELS[metric]} by category, with 95% interval"
    return _figure(title, bar_chart(bars, title=title, axis_label=LABELS[metric], width=HALF))


def _latency_chart(report: Report, colours: dict[str, str]) -> str:
    """A p95 over fewer than MIN_N_FOR_P95 calls gets a hollow marker and a `*`: the caption says why, once."""
    bars = []
    for p in report.providers:
        for operation, stat in (p.metrics.aggregate.latency_ms or {}).items():
            star = "" if stat.p95_reliable else "*"
            note = (f"p50 {numbers.ms(stat.p50)} · p95{star} {numbers.ms(stat.p95)} ms, n={stat.n}"
                    if stat.p50 is not None else "not measured")
            bars.append(Bar(label=operation, value=stat.p50, marker=stat.p95, marker_open=not stat.p95_reliable,
                            colour=colours[p.provider], note=note, group=p.provider))
    title = "Latency per operation: bar p50, ◆ p95 (recorded at capture)"
    return _figure(title, bar_chart(bars, title=title, axis_label="latency (ms), as recorded at capture", width=1220),
                   f"◇ and p95*: over fewer than {MIN_N_FOR_P95} calls, not a real p95 (close to the maximum).")


def _fallback_chart(report: Report) -> str:
    """Stacked by cause; the legend, inside the chart, names only the causes that occur."""
    bars, seen = [], set()
    for p in report.providers:
        block = p.metrics.aggregate
        causes, n = block.fallback_by_cause or {}, block.n.get("fallback_rate", 0)
        seen.update(cause for cause, share in causes.items() if share)
        parts = ", ".join(f"{cause} {round(share * n)}" for cause, share in causes.items() if share)
        segments = [Segment(value=share, colour=CAUSE_COLOURS.get(cause, "#999"),
                            label=f"{cause}: {numbers.rate(share)}") for cause, share in causes.items() if share]
        note = ("not measured" if block.fallback_rate is None
                else f"{numbers.rate(block.fallback_rate)} of n={n}" + (f": {parts}" if parts else ""))
        bars.append(Bar(label=p.provider, value=block.fallback_rate, colour="#999", note=note, segments=segments))
    legend = [(cause, colour) for cause, colour in CAUSE_COLOURS.items() if cause in seen]
    legend += [(cause, "#999") for cause in sorted(seen - CAUSE_COLOURS.keys())]
    return _figure("Fallback rate by cause", bar_chart(bars, title="fallback rate per provider stacked by cause",
                                                       axis_label="share of answerable cases that fell back",
                                                       width=HALF, legend=legend))


def charts(report: Report) -> str:
    colours = _colours(report)
    return ("<h2 id='charts'>Charts</h2><div class='charts'>" + _cost_chart(report, colours)
            + _fallback_chart(report) + _category_chart(report, "precision_at_10", colours)
            + _category_chart(report, "recall", colours) + _latency_chart(report, colours) + "</div>")
