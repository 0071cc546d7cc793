"""Every order of one to three providers, walked on the recorded outcomes: the cost-optimal order and the
order with the most answers (docs/method.md#orders-compared).

Tractable by construction: with 20 providers there are 20 + 380 + 6,840 orders, each walked over every
case of the category in one vectorised pass (orders × cases arrays, in chunks to bound memory), and
only point values are computed here; intervals are for the few orders the report shows. An exact
pruning also applies: when no order of up to three can exceed the case budget on any case, a provider
that answers no case is left out, since the same order without it answers the same cases for no more.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations

import numpy as np

from bench_pipeline.report.cascade_walk import Recorded, walk_many

MAX_LENGTH = 3
# Cost per useful answer is compared to the nano-dollar: closer values are a tie, so sums taken in
# another order never decide a choice.
COST_DECIMALS = 9
# Orders walked at once: bounds memory at CHUNK × cases per array.
CHUNK = 4096


@dataclass(frozen=True)
class Searched:
    cost_optimal: tuple[str, ...] | None   # None when no order answers any case
    most_answers: tuple[str, ...] | None
    orders_considered: int                  # every order of 1..MAX_LENGTH of the candidates
    orders_walked: int
    pruned: tuple[str, ...]                 # candidates left out of the walk (answer nothing, budget never binds)


def orders_count(providers: int, max_length: int = MAX_LENGTH) -> int:
    return sum(math.perm(providers, k) for k in range(1, min(providers, max_length) + 1))


def cost_key(total: float | None, answers: int) -> float:
    """Cost per useful answer as compared here: rounded, and unknown or undefined after every known value."""
    if total is None or math.isnan(total) or answers == 0:
        return math.inf
    return float(np.round(total / answers, COST_DECIMALS))


def _prunable(rec: Recorded, rows: np.ndarray, budget_usd: float) -> np.ndarray:
    """Rows of the candidates that may be left out without changing either choice (see the module docstring)."""
    answerable = ~rec.forbidden
    cost = rec.cost[np.ix_(rows, answerable)]
    if np.isnan(cost).any() or cost.size == 0:
        return np.zeros(len(rows), dtype=bool)
    dearest = np.sort(cost, axis=0)[-MAX_LENGTH:].sum(axis=0)
    if (dearest > budget_usd).any():
        return np.zeros(len(rows), dtype=bool)
    return ~rec.useful[np.ix_(rows, answerable)].any(axis=1)


def search(rec: Recorded, candidates: Sequence[str], budget_usd: float) -> Searched:
    names = sorted(candidates)
    rows = rec.rows(names)
    pruned = _prunable(rec, rows, budget_usd)
    kept = rows[~pruned] if not pruned.all() else rows
    found: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # (orders, answers, cost key), chunk by chunk
    for length in range(1, min(len(kept), MAX_LENGTH) + 1):
        # Permutations of sorted rows come in lexicographic order of names, so an order's position in
        # `found` (lengths ascending) is its tie-break rank: fewer providers, then names.
        orders = np.array(list(permutations(kept, length)), dtype=np.intp)
        for start in range(0, len(orders), CHUNK):
            chunk = orders[start:start + CHUNK]
            walks = walk_many(rec, chunk, budget_usd)
            answers = (walks.answered_at >= 0).sum(axis=1)
            totals = walks.cost.sum(axis=1)
            with np.errstate(divide="ignore", invalid="ignore"):
                keys = np.where((answers > 0) & ~np.isnan(totals), np.round(totals / answers, COST_DECIMALS), np.inf)
            found.append((chunk, answers, keys))
    walked = sum(len(f[0]) for f in found)
    considered, left_out = orders_count(len(names)), tuple(n for n, p in zip(names, pruned) if p)
    answers = np.concatenate([f[1] for f in found]) if found else np.zeros(0, dtype=np.int64)
    if not answers.any():
        return Searched(None, None, considered, walked, left_out)
    keys = np.concatenate([f[2] for f in found])
    rank = np.arange(len(keys))
    cheapest = np.lexsort((rank, -answers, keys))[0]
    fullest = np.lexsort((rank, keys, -answers))[0]
    return Searched(_names(rec, found, cheapest), _names(rec, found, fullest), considered, walked, left_out)


def _names(rec: Recorded, found: list[tuple[np.ndarray, np.ndarray, np.ndarray]], position: int) -> tuple[str, ...]:
    for orders, _, _ in found:
        if position < len(orders):
            return tuple(rec.providers[p] for p in orders[position])
        position -= len(orders)
    raise IndexError(position)
