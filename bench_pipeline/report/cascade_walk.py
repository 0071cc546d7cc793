"""Replaying a cascade on the recorded outcomes (docs/method.md#cascades-replayed-on-the-golden-set).

Each (provider, case) was attempted once at capture: whether that attempt gave a useful answer, and
what every call of it cost (the search and the reads it led to). A cascade walks a case the way the
router would: forbidden cases call no one; otherwise the first provider is called and paid; the walk
stops at the first useful answer, or when the case has spent more than the budget (`fallback:budget`,
whatever the last call found), or when the order runs out (`fallback:exhausted`). Nothing is
re-derived: the walk only reads the recorded attempts, so a replay is exact on the golden set.

A walk is vectorised over the cases: one array per figure. The search of every order
(report/cascade_search.py) walks many orders at once the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

ENDINGS = ("answered", "honest_no_data", "fallback:budget", "fallback:exhausted")


@dataclass(frozen=True)
class Recorded:
    """One category's recorded attempts: rows are providers, columns cases."""

    providers: tuple[str, ...]
    cases: tuple[str, ...]
    forbidden: np.ndarray   # bool per case: the router answers it without calling anyone
    useful: np.ndarray      # bool, providers × cases: the attempt gave a useful answer
    cost: np.ndarray        # USD, providers × cases: every call of the attempt; NaN when unknown
    latency_ms: np.ndarray  # providers × cases: the attempt's estimated latency (recorded p50s); NaN when unknown

    def rows(self, order: Sequence[str]) -> np.ndarray:
        return np.array([self.providers.index(p) for p in order], dtype=np.intp)


def step_latency(search_p50: float | None, read_p50: float | None, reads: int) -> float | None:
    """An attempt's latency estimate: the search's recorded p50, plus one read's p50 when it led to reads
    (a step's reads go out together). Unknown when a p50 it needs is unknown."""
    if search_p50 is None or (reads and read_p50 is None):
        return None
    return search_p50 + (read_p50 if reads else 0.0)


def recorded(rows: Sequence[dict], providers: Sequence[str],
             p50: dict[str, tuple[float | None, float | None]]) -> Recorded:
    """`rows`: case_outcomes rows of one category (provider, case_id, web_role, useful, cost_usd, calls);
    `p50`: provider → (search p50, read p50) in ms. A (provider, case) with no row is an attempt of unknown
    cost that answered nothing."""
    cases = tuple(sorted({r["case_id"] for r in rows}))
    column, row_of = {case: i for i, case in enumerate(cases)}, {p: i for i, p in enumerate(providers)}
    shape = (len(providers), len(cases))
    useful, cost, latency = np.zeros(shape, dtype=bool), np.full(shape, np.nan), np.full(shape, np.nan)
    forbidden = np.zeros(len(cases), dtype=bool)
    forbidden[[column[r["case_id"]] for r in rows if r["web_role"] == "forbidden"]] = True
    mine = [r for r in rows if r["provider"] in row_of]
    at = ([row_of[r["provider"]] for r in mine], [column[r["case_id"]] for r in mine])
    useful[at] = [bool(r["useful"]) for r in mine]
    cost[at] = [np.nan if r["cost_usd"] is None else r["cost_usd"] for r in mine]
    # calls = the search (when recorded) plus every read it led to
    estimates = [step_latency(*p50.get(r["provider"], (None, None)), max(int(r["calls"] or 0) - 1, 0)) for r in mine]
    latency[at] = [np.nan if e is None else e for e in estimates]
    return Recorded(tuple(providers), cases, forbidden, useful, cost, latency)


@dataclass(frozen=True)
class Walk:
    """One order walked over every case (arrays per case)."""

    order: tuple[str, ...]
    cases: tuple[str, ...]
    forbidden: np.ndarray
    answered_at: np.ndarray
    cost: np.ndarray
    tried: np.ndarray
    latency_ms: np.ndarray
    over_budget: np.ndarray

    @property
    def answered(self) -> np.ndarray:
        return self.answered_at >= 0

    def endings(self) -> list[str]:
        """How each case ended: answered, honest_no_data, fallback:budget or fallback:exhausted."""
        return [ENDINGS[1] if f else ENDINGS[0] if a >= 0 else ENDINGS[2] if b else ENDINGS[3]
                for f, a, b in zip(self.forbidden, self.answered_at, self.over_budget)]


def walk(rec: Recorded, order: Sequence[str], budget_usd: float) -> Walk:
    """Every case of the category walked through `order` at once (one array per figure, one entry per case)."""
    done, shape = rec.forbidden.copy(), len(rec.cases)
    spent, latency = np.zeros(shape), np.zeros(shape)
    tried, answered_at = np.zeros(shape, dtype=np.int64), np.full(shape, -1, dtype=np.int64)
    over = np.zeros(shape, dtype=bool)
    for step, provider in enumerate(rec.rows(order)):
        active = ~done
        spent += np.where(active, rec.cost[provider], 0.0)
        latency += np.where(active, rec.latency_ms[provider], 0.0)
        tried += active
        # An unknown spend (NaN) never stops on the budget, as a single attempt of unknown cost does not.
        stop = active & (spent > budget_usd)
        hit = active & rec.useful[provider] & ~stop
        answered_at[hit] = step
        over |= stop
        done |= hit | stop
    return Walk(tuple(order), rec.cases, rec.forbidden, answered_at, spent, tried, latency, over)
