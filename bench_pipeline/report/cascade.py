"""Who may enter a search cascade, and the success-rate rule (docs/method.md#orders-compared): providers
ordered by their success rate on a category's answerable cases, cheaper first on ties.

Disqualified providers never enter a cascade; `enrichment_only` ones may only read pages another
provider found, so they never enter the search cascade either."""

from __future__ import annotations

import math
from collections import defaultdict

# Statuses that may search in a cascade: blocked_promotion may not become the default, but may be a fallback.
SEARCH_STATUSES = ("eligible", "blocked_promotion")
WHY_NOT = {"disqualified": "disqualified: never enters a cascade",
           "enrichment_only": "enrichment only: may read pages another provider found, never searches in a cascade"}


def search_roles(statuses: dict[str, str]) -> tuple[list[str], dict[str, str]]:
    """The providers that may enter the search cascade, and provider → why not for the others."""
    return ([p for p, s in statuses.items() if s in SEARCH_STATUSES],
            {p: WHY_NOT[s] for p, s in sorted(statuses.items()) if s not in SEARCH_STATUSES})


def success_rates(outcomes: list[dict]) -> dict[tuple[str, str], tuple[float | None, int]]:
    """(provider, category) → (useful answers / answerable cases, n)."""
    grouped: dict[tuple[str, str], list[bool]] = defaultdict(list)
    for row in outcomes:
        if row["web_role"] != "forbidden":
            grouped[(row["provider"], row["category"])].append(bool(row["useful"]))
    return {key: (sum(flags) / len(flags), len(flags)) for key, flags in grouped.items()}


def cascade_order(outcomes: list[dict], eligible: list[str],
                  cost_per_useful: dict[str, float | None]) -> dict[str, list[dict]]:
    """Category → the success-rate rule's order of `eligible`: [{provider, success_rate, n}]."""
    rates = success_rates(outcomes)
    categories = sorted({category for _, category in rates})
    order = {}
    for category in categories:
        entries = [{"provider": p, "success_rate": rates[(p, category)][0], "n": rates[(p, category)][1]}
                   for p in eligible if (p, category) in rates]
        entries.sort(key=lambda e: (-(e["success_rate"] or 0.0), _cost_or_last(cost_per_useful.get(e["provider"])),
                                    e["provider"]))
        order[category] = entries
    return order


def _cost_or_last(cost: float | None) -> float:
    """An unknown cost sorts after every known one."""
    return math.inf if cost is None else cost
