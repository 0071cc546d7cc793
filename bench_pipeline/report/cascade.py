"""The recommended cascade order per category (docs/method.md#recommended-default-and-cascade):
providers ordered by their success rate on that category's answerable cases, cheaper first on ties;
disqualified providers never enter it."""

from __future__ import annotations

import math
from collections import defaultdict


def success_rates(outcomes: list[dict]) -> dict[tuple[str, str], tuple[float | None, int]]:
    """(provider, category) → (useful answers / answerable cases, n)."""
    grouped: dict[tuple[str, str], list[bool]] = defaultdict(list)
    for row in outcomes:
        if row["web_role"] != "forbidden":
            grouped[(row["provider"], row["category"])].append(bool(row["useful"]))
    return {key: (sum(flags) / len(flags), len(flags)) for key, flags in grouped.items()}


def cascade_order(outcomes: list[dict], eligible: list[str], cost_per_useful: dict[str, float | None]) -> dict[str, list[dict]]:
    rates = success_rates(outcomes)
    categories = sorted({category for _, category in rates})
    order = {}
    for category in categories:
        entries = [{"provider": p, "success_rate": rates[(p, category)][0], "n": rates[(p, category)][1]}
                   for p in eligible if (p, category) in rates]
        entries.sort(key=lambda e: (-(e["success_rate"] or 0.0),
                                    math.inf if cost_per_useful.get(e["provider"]) is None else cost_per_useful[e["provider"]],
                                    e["provider"]))
        order[category] = entries
    return order
