"""Every order of one to three providers, walked on the recorded outcomes: the cost-optimal order, the order
with the most answers and the best single provider (docs/method.md#orders-compared).

Tractable by construction: with 20 providers there are 20 + 380 + 6,840 orders, and only point values
are computed for them (intervals are for the few orders the report shows). Orders grow by extending
prefixes: the state of every case after each order (done, spent) is kept, and every prefix is extended by
every provider not in it in one vectorised step (orders × providers × cases, in chunks to bound memory).
The last step walks no case: what it pays and answers on the open cases are matrix products, and only the
open cases where a call could pass the budget are walked, to take back the answers the budget stops.
An exact pruning also applies: when no order of up to three can exceed the case budget on any case, a
provider that answers no case is left out, since the same order without it answers the same cases for no
more; when no provider answers anything, nothing is walked.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bench_pipeline.report.cascade_walk import Recorded

MAX_LENGTH = 3
# Cost per useful answer is compared to the nano-dollar: closer values are a tie, so sums taken in
# another order never decide a choice.
COST_DECIMALS = 9
# Cells (orders × providers × cases) walked at once: bounds memory at a few arrays of this many values.
CHUNK_CELLS = 1 << 21


@dataclass(frozen=True)
class Searched:
    cost_optimal: tuple[str, ...] | None   # None when no order answers any case
    most_answers: tuple[str, ...] | None
    best_single: tuple[str, ...] | None    # the order of one provider with the most answers
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


@dataclass(frozen=True)
class _Level:
    """Every order of one length, walked: what each achieved and, to extend it, the state of each case after it."""

    orders: np.ndarray         # orders × length, provider rows
    answers: np.ndarray        # per order
    totals: np.ndarray         # per order, USD (NaN unknown)
    done: np.ndarray | None    # orders × cases
    spent: np.ndarray | None   # orders × cases, USD (NaN unknown)


def _start(rec: Recorded) -> _Level:
    """The empty order: forbidden cases are already done, nothing is spent."""
    return _Level(np.zeros((1, 0), dtype=np.intp), np.zeros(1, dtype=np.int64), np.zeros(1),
                  rec.forbidden[None, :].copy(), np.zeros((1, len(rec.cases))))


def _next(level: _Level, kept: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(prefix, next provider) pairs where the provider is not in the prefix yet, and the orders they make.
    Row-major order of the pairs keeps the orders in lexicographic order of names."""
    first, then = np.nonzero((level.orders[:, :, None] != kept[None, None, :]).all(axis=1))
    return first, then, np.concatenate([level.orders[first], kept[then][:, None]], axis=1)


def _extend(rec: Recorded, level: _Level, kept: np.ndarray, budget_usd: float) -> _Level:
    """Each order of `level` followed by each kept provider it does not hold yet: one more step of the walk,
    case by case for every order at once (orders × providers × cases), prefixes in chunks to bound memory."""
    parts = []
    step = max(1, CHUNK_CELLS // max(1, len(kept) * len(rec.cases)))
    for start in range(0, len(level.orders), step):
        chunk = _Level(*(a[start:start + step] for a in (level.orders, level.answers, level.totals, level.done,
                                                          level.spent)))
        active = ~chunk.done[:, None, :]
        spent = np.where(active, chunk.spent[:, None, :] + rec.cost[kept][None, :, :], chunk.spent[:, None, :])
        # an unknown spend (NaN) never stops on the budget, as in the walk
        stop = active & (spent > budget_usd)
        hit = active & rec.useful[kept][None, :, :] & ~stop
        first, then, orders = _next(chunk, kept)
        parts.append(_Level(orders, (chunk.answers[:, None] + hit.sum(axis=2))[first, then],
                            spent.sum(axis=2)[first, then], (chunk.done[:, None, :] | hit | stop)[first, then],
                            spent[first, then]))
    return _Level(*(np.concatenate([getattr(p, f) for p in parts]) for f in _Level.__dataclass_fields__))


def _last(rec: Recorded, level: _Level, kept: np.ndarray, budget_usd: float) -> _Level:
    """The final step of every order, without walking every case: what it pays and answers on the cases still
    open are matrix products (orders × cases by cases × providers); only the open cases where some provider's
    call could pass the budget are walked one by one, to take back the answers the budget stops."""
    open_ = ~level.done
    cost, useful = rec.cost[kept], rec.useful[kept]
    unknown = np.isnan(cost)
    totals = level.totals[:, None] + open_ @ np.where(unknown, 0.0, cost).T
    totals[(open_ @ unknown.T) > 0] = np.nan  # a call of unknown cost makes the total unknown
    answers = level.answers[:, None] + (open_.astype(np.int64) @ useful.T.astype(np.int64))
    dearest = np.where(unknown, -np.inf, cost).max(axis=0)
    with np.errstate(invalid="ignore"):
        order, case = np.nonzero(open_ & (level.spent + dearest[None, :] > budget_usd))
        stopped = (level.spent[order, case][:, None] + cost[:, case].T > budget_usd) & useful[:, case].T
    np.subtract.at(answers, order, stopped.astype(np.int64))
    first, then, orders = _next(level, kept)
    return _Level(orders, answers[first, then], totals[first, then], None, None)


def search(rec: Recorded, candidates: Sequence[str], budget_usd: float) -> Searched:
    names = sorted(candidates)
    rows = rec.rows(names)
    pruned = _prunable(rec, rows, budget_usd)
    kept = rows[~pruned] if not pruned.all() else rows
    level, levels = _start(rec), []
    # When no candidate answers any case, no order can: nothing to walk.
    longest = min(len(kept), MAX_LENGTH) if rec.useful[kept].any() else 0
    for length in range(1, longest + 1):
        level = (_last if length == longest else _extend)(rec, level, kept, budget_usd)
        levels.append(level)
    considered, left_out = orders_count(len(names)), tuple(n for n, p in zip(names, pruned) if p)
    if not levels or not any(lv.answers.any() for lv in levels):
        return Searched(None, None, None, considered, sum(len(lv.orders) for lv in levels), left_out)
    # An order's position over the levels (lengths ascending, names in order) is its tie-break rank.
    answers = np.concatenate([lv.answers for lv in levels])
    totals = np.concatenate([lv.totals for lv in levels])
    with np.errstate(divide="ignore", invalid="ignore"):
        keys = np.where((answers > 0) & ~np.isnan(totals), np.round(totals / answers, COST_DECIMALS), np.inf)
    orders = np.concatenate([np.pad(lv.orders, ((0, 0), (0, MAX_LENGTH - lv.orders.shape[1])), constant_values=-1)
                             for lv in levels])

    def named(position: int) -> tuple[str, ...]:
        return tuple(rec.providers[p] for p in orders[position] if p >= 0)

    singles = len(levels[0].orders)
    return Searched(named(_first(keys, -answers)), named(_first(-answers, keys)),
                    named(_first(-answers[:singles], keys[:singles])), considered, len(orders), left_out)


def _first(primary: np.ndarray, secondary: np.ndarray) -> int:
    """The position of the smallest (primary, secondary), the earliest on a tie: the lowest tie-break rank."""
    best = primary == primary.min()
    best &= secondary == secondary[best].min()
    return int(np.argmax(best))
