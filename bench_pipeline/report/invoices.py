"""Reported cost versus the provider's invoice (docs/method.md#cost-per-query): a divergence over 5% blocks promotion.

Invoices are optional files (`invoices/*.json`); without one the gate is pending, never passed."""

from __future__ import annotations

from pathlib import Path

from bench_pipeline.domain.invoice import Invoice
from bench_pipeline.files import load_model
from bench_pipeline.report import numbers


def load_invoices(folder: Path) -> list[Invoice]:
    return [load_model(path, Invoice) for path in sorted(Path(folder).glob("*.json"))]


def _matched(invoices: list[Invoice], calls: list[dict]) -> dict[str, tuple[float, list[float | None]]]:
    """provider → (invoiced total, reported cost of each call captured inside its invoices' periods)."""
    out = {}
    for provider in sorted({i.provider for i in invoices}):
        mine = [i for i in invoices if i.provider == provider]
        out[provider] = (sum(i.amount_usd for i in mine),
                         [c["cost_usd"] for c in calls if c["provider"] == provider
                          and any(i.period_start <= c["captured_at"].date() <= i.period_end for i in mine)])
    return out


def cost_divergence(invoices: list[Invoice], calls: list[dict]) -> dict[str, float | None]:
    """provider → |reported − invoiced| / invoiced (None: a reported cost is unknown, or nothing to compare)."""
    return {provider: None if not costs or None in costs or invoiced == 0 else abs(sum(costs) - invoiced) / invoiced
            for provider, (invoiced, costs) in _matched(invoices, calls).items()}


def reconciliation_counts(invoices: list[Invoice], calls: list[dict]) -> dict[str, str]:
    """provider → what its divergence compares, in words: the two sums and how many calls."""
    out = {}
    for provider, (invoiced, costs) in _matched(invoices, calls).items():
        unknown = sum(c is None for c in costs)
        reported = "unknown" if unknown else f"${numbers.usd(sum(costs))}"
        out[provider] = (f"reported {reported} over {numbers.plural(len(costs), 'call')} in the invoice period "
                         f"vs invoiced ${numbers.usd(invoiced)}"
                         + (f" ({numbers.plural(unknown, 'call')} with unknown cost)" if unknown else ""))
    return out
