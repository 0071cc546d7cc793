"""How report.html and report.md write every quantity: one format per kind, so a number reads the same
in both and a reader never meets a float's full repr.

- rates, shares, alpha and probabilities: three decimals (0.103)
- costs in USD: three significant digits, never an exponent (0.00652)
- latencies: whole milliseconds (616)
- counts: whole numbers (300)
- the invoice divergence: a percentage with one decimal (25.0%)
Unknown (None) is `—`, never 0.
"""

from __future__ import annotations

import math

MISSING = "—"
# Metrics that count things rather than measure a rate.
COUNTS = frozenset({"judged_at_10"})
# Words whose plural is not the singular plus "s".
IRREGULAR = {"category": "categories", "query": "queries"}


def rate(value: float | None) -> str:
    return MISSING if value is None else f"{value:.3f}"


def usd(value: float | None) -> str:
    """Three significant digits, at least two decimals, never an exponent: 0.00652, 0.150, 12.30."""
    if value is None:
        return MISSING
    if value == 0:
        return "0"
    return f"{value:.{max(2, 2 - math.floor(math.log10(abs(value))))}f}"


def ms(value: float | None) -> str:
    return MISSING if value is None else f"{value:.0f}"


def count(value: float | None) -> str:
    return MISSING if value is None else str(round(value))


def percent(value: float | None) -> str:
    return MISSING if value is None else f"{value:.1%}"


def metric(name: str, value: float | None) -> str:
    """A metric of report.json by its key: `_usd` is a cost, `_ms` a latency, a count key a count, else a rate."""
    if name.endswith("_usd"):
        return usd(value)
    if name.endswith("_ms"):
        return ms(value)
    return count(value) if name in COUNTS else rate(value)


def signed(name: str, delta: float | None) -> str:
    """A change of a metric, in the metric's own format with its sign: +0.010, -0.00500, +2."""
    if delta is None:
        return MISSING
    shown = metric(name, abs(delta))
    return shown if float(shown) == 0 else ("+" if delta > 0 else "-") + shown


def interval(name: str, low: float | None, high: float | None) -> str:
    return f"[{metric(name, low)}, {metric(name, high)}]"


def gate(name: str, value: float | None) -> str:
    """A gate's value: honest_partial counts responses, cost_divergence is a share of the invoice."""
    if name == "honest_partial":
        return count(value)
    return percent(value) if name == "cost_divergence" else rate(value)


def plural(n: int, singular: str, plural_form: str | None = None) -> str:
    """`n` with its noun, singular only for exactly one: 1 reviewer, 0 reviewers, 639 judgments."""
    if n == 1:
        return f"{n} {singular}"
    return f"{n} {plural_form or IRREGULAR.get(singular) or singular + 's'}"
