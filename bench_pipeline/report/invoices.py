"""Reported cost versus the provider's invoice (seed §4.6): a divergence over 5% blocks promotion.

Invoices are optional files (`invoices/*.json`); without one the gate is pending, never passed."""

from __future__ import annotations

from pathlib import Path

from bench_pipeline.domain.invoice import Invoice
from bench_pipeline.files import load_model


def load_invoices(folder: Path) -> list[Invoice]:
    return [load_model(path, Invoice) for path in sorted(Path(folder).glob("*.json"))]


def cost_divergence(invoices: list[Invoice], calls: list[dict]) -> dict[str, float | None]:
    """provider → |reported − invoiced| / invoiced, over the calls captured inside its invoices'
    periods (None: a reported cost is unknown, or nothing to compare)."""
    out: dict[str, float | None] = {}
    for provider in sorted({i.provider for i in invoices}):
        mine = [i for i in invoices if i.provider == provider]
        invoiced = sum(i.amount_usd for i in mine)
        costs = [c["cost_usd"] for c in calls if c["provider"] == provider
                 and any(i.period_start <= c["captured_at"].date() <= i.period_end for i in mine)]
        out[provider] = None if not costs or None in costs or invoiced == 0 else abs(sum(costs) - invoiced) / invoiced
    return out
