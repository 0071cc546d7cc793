"""Cost of a call: what the provider reports for the answer, plus every failed attempt it bills."""

from __future__ import annotations

from collections.abc import Iterable

from bench_pipeline.domain.provider_error import ProviderError
from bench_pipeline.domain.providers_config import PriceTable


def error_cost(error: ProviderError, price: PriceTable, operation: str, n_urls: int) -> float | None:
    """A failed attempt costs nothing unless the provider bills it; then the list price applies
    (None when the price table does not know it)."""
    if not error.billed:
        return 0.0
    if operation == "search":
        return price.search_usd
    if operation == "extract":
        return None if price.extract_usd_per_url is None else round(price.extract_usd_per_url * n_urls, 6)
    return price.fetch_usd


def total_cost(costs: Iterable[float | None]) -> float | None:
    """Sum of attempt costs; one unknown makes the total unknown rather than quietly lower."""
    values = list(costs)
    if any(c is None for c in values):
        return None
    return round(sum(values), 6)
