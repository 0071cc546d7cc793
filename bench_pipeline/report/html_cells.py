"""The small pieces every part of report.html is made of: a metric cell with its interval and n, a status
badge, a gate verdict, and the names the page gives metrics. Numbers are written by report.numbers."""

from __future__ import annotations

from html import escape

from bench_pipeline.domain.report import Interval, MetricBlock, ProviderReport
from bench_pipeline.report import numbers

RANKING_KEY = "cost_per_useful_answer_usd"
LABELS = {"cost_per_useful_answer_usd": "cost per useful answer (USD)", "precision_at_10": "precision@10",
          "recall": "recall", "freshness_accuracy": "freshness accuracy", "judged_at_10": "judged@10"}
# status → (symbol, words, colour): the symbol and words carry it; colour only repeats it.
STATUS = {"eligible": ("✓", "eligible", "#2e7d32"), "enrichment_only": ("◐", "enrichment only", "#8a5a00"),
          "blocked_promotion": ("■", "blocked promotion", "#1b6ca8"),
          "disqualified": ("✗", "disqualified", "#b71c1c")}


def missing() -> str:
    return '<span class="muted" title="not measured (null), never zero">—</span>'


def interval(metric: str, found: Interval | None) -> str:
    return "" if found is None else numbers.interval(metric, found.low, found.high)


def cell(metric: str, block: MetricBlock, found: Interval | None, css: str = "", extra: str = "",
         struck: bool = False) -> str:
    """A value, its 95% interval and its n, stacked; `extra` is markup added after them, and a `struck` value
    is crossed out (shown for audit, not in the running)."""
    value = getattr(block, metric)
    n = block.n.get(metric)
    shown = missing() if value is None else escape(numbers.metric(metric, value))
    shown = f"<s>{shown}</s>" if struck and value is not None else shown
    ci = f'<span class="ci">{interval(metric, found)}</span>' if found is not None else ""
    count = f'<span class="n">n={n}</span>' if n is not None else ""
    return f'<td class="{css}"><span class="v">{shown}</span>{ci}{count}{extra}</td>'


def badge(status: str) -> str:
    symbol, words, colour = STATUS[status]
    return f'<span class="badge" style="color:{colour};border-color:{colour}">{symbol} {escape(words)}</span>'


def verdict(passed: bool | None) -> str:
    if passed is None:
        return '<span class="pending">… pending</span>'
    return '<span class="pass">✓ pass</span>' if passed else '<span class="fail">✗ FAIL</span>'


def category(p: ProviderReport, name: str) -> MetricBlock:
    """A category the report has no block for shows as not measured."""
    return p.metrics.by_category.get(name) or MetricBlock()
