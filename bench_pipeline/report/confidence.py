"""Confidence for small golden sets: bootstrap intervals and paired comparisons between neighbours.

Thirty cases is small. Every interval resamples golden cases with replacement (the case is the
unit of evidence), with a fixed seed so two runs on the same inputs report the same numbers.
Neighbours in the ranking are compared paired — the same resampled cases for both — and when
the 95% interval of their difference in cost per useful answer contains 0, they form a tie group:
the data cannot tell them apart. Resampling is vectorised (one index matrix per statistic), so the
report stays cheap as cases and providers grow.

A statistic is a function of its inputs, the random seed and the resample count alone, so `Resamples`
remembers each result under the digest of exactly those: a re-run resamples only the providers
whose inputs changed and reuses the rest, with the numbers a full run would compute.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from functools import lru_cache

import numpy as np

RESAMPLES = 2000
SEED = 20261202
ALPHA = 0.05


@lru_cache(maxsize=8)
def _indices(n_cases: int, resamples: int, seed: int) -> np.ndarray:
    # Every provider answers the same cases, so the same few matrices serve the whole report.
    idx = np.random.default_rng(seed).integers(0, n_cases, size=(resamples, n_cases))
    idx.flags.writeable = False
    return idx


@lru_cache(maxsize=64)  # a few case counts per category
def draw_counts(n_cases: int, resamples: int = RESAMPLES, seed: int = SEED) -> np.ndarray:
    """resamples × cases: how often each case is drawn in each of the resamples above, so the sums of many
    per-case values over every resample are one matrix product (the cascades' figures, report/cascade_figures.py)."""
    flat = (_indices(n_cases, resamples, seed) + np.arange(resamples)[:, None] * n_cases).ravel()
    counts = np.bincount(flat, minlength=resamples * n_cases).reshape(resamples, n_cases).astype(float)
    counts.flags.writeable = False
    return counts


def percentile_intervals(statistics: np.ndarray) -> list[tuple[float, float] | None]:
    """The 95% interval of each row of resampled statistics, the order statistics `_interval` takes; NaN marks a
    resample where the statistic is undefined, and a row defined in fewer than half the resamples has none (as
    ratio_interval). Two order statistics need a partition, not a sort; rows defined everywhere share one."""
    known = (~np.isnan(statistics)).sum(axis=1)
    whole = statistics.shape[1]
    ends = [round(ALPHA / 2 * (whole - 1)), round((1 - ALPHA / 2) * (whole - 1))]
    full = np.partition(statistics[known == whole], ends, axis=1)[:, ends] if (known == whole).any() else None
    out, at = [], 0
    for row, count in zip(statistics, known):
        if count == whole:
            out.append((float(full[at, 0]), float(full[at, 1])))
            at += 1
        elif count < whole // 2 or not count:
            out.append(None)
        else:
            partial = [round(ALPHA / 2 * (count - 1)), round((1 - ALPHA / 2) * (count - 1))]
            low, high = np.partition(row, partial)[partial]  # NaN partitions last, as it sorts
            out.append((float(low), float(high)))
    return out


def _interval(values: np.ndarray) -> tuple[float, float]:
    ordered = np.sort(values)
    last = len(ordered) - 1
    return float(ordered[round(ALPHA / 2 * last)]), float(ordered[round((1 - ALPHA / 2) * last)])


def _ratios(cost: Sequence[float], useful: Sequence[bool], idx: np.ndarray) -> np.ndarray:
    """Cost per useful answer in each resample; NaN where a resample has no useful answer."""
    answered = np.asarray(useful, dtype=float)[idx].sum(axis=1)
    spent = np.asarray(cost, dtype=float)[idx].sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(answered > 0, spent / answered, np.nan)


def bootstrap_interval(values: Sequence[float | None], resamples: int = RESAMPLES, seed: int = SEED) -> tuple[float, float] | None:
    """95% percentile interval of the mean of per-case values; None with fewer than two known values."""
    known = np.asarray([v for v in values if v is not None], dtype=float)
    if len(known) < 2:
        return None
    return _interval(known[_indices(len(known), resamples, seed)].mean(axis=1))


def ratio_interval(cost: Sequence[float], useful: Sequence[bool], resamples: int = RESAMPLES,
                   seed: int = SEED) -> tuple[float, float] | None:
    """95% interval of cost per useful answer (a ratio of sums over resampled cases); None with fewer
    than two cases, or when most resamples hold no useful answer (the ratio is then undefined)."""
    if len(cost) < 2:
        return None
    ratios = _ratios(cost, useful, _indices(len(cost), resamples, seed))
    known = ratios[~np.isnan(ratios)]
    return _interval(known) if len(known) >= resamples // 2 else None


def paired_difference(cost_a: Sequence[float], useful_a: Sequence[bool], cost_b: Sequence[float],
                      useful_b: Sequence[bool], resamples: int = RESAMPLES, seed: int = SEED) -> dict:
    """Bootstrap the difference a − b in cost per useful answer over the same resampled cases.

    Returns the 95% interval, the share of resamples where a is cheaper, and whether the two are
    distinguishable (the interval excludes 0). Resamples where either is undefined are dropped
    and counted."""
    idx = _indices(len(cost_a), resamples, seed)
    diffs = _ratios(cost_a, useful_a, idx) - _ratios(cost_b, useful_b, idx)
    known = diffs[~np.isnan(diffs)]
    dropped = resamples - len(known)
    if len(known) < resamples // 2:
        return {"interval": None, "p_a_lower": None, "distinguishable": False, "dropped": dropped}
    low, high = _interval(known)
    return {"interval": (low, high), "p_a_lower": float((known < 0).mean()),
            "distinguishable": low > 0 or high < 0, "dropped": dropped}


def tie_groups(order: list[str], distinguishable: dict[tuple[str, str], bool]) -> list[list[str]]:
    """Consecutive providers that cannot be told apart from their neighbour share a group."""
    groups: list[list[str]] = []
    for provider in order:
        if groups and not distinguishable.get((groups[-1][-1], provider), False):
            groups[-1].append(provider)
        else:
            groups.append([provider])
    return groups


class Resamples:
    """Bootstrap results remembered by the digest of their inputs, seed and resample count.

    `known` is what earlier runs computed (key → result as JSON values); `used` collects every
    result this report needed, so the caller can store the new ones."""

    def __init__(self, known: dict | None = None, resamples: int = RESAMPLES, seed: int = SEED):
        self.known, self.used, self.resamples, self.seed = known or {}, {}, resamples, seed

    def _cached(self, kind: str, arrays: Sequence[Sequence], compute: Callable[[], object]):
        digest = hashlib.sha256(f"{kind}|{self.resamples}|{self.seed}|{ALPHA}".encode())
        for values in arrays:
            data = np.asarray(values, dtype=float)
            digest.update(len(data).to_bytes(8, "little") + data.tobytes())
        key = digest.hexdigest()
        if key not in self.known:
            self.known[key] = _as_json(compute())
        self.used[key] = self.known[key]
        return self.known[key]

    def interval(self, values: Sequence[float | None]) -> list[float] | None:
        known = [v for v in values if v is not None]
        return self._cached("mean", [known], lambda: bootstrap_interval(known, self.resamples, self.seed))

    def ratio(self, cost: Sequence[float], useful: Sequence[bool]) -> list[float] | None:
        return self._cached("ratio", [cost, useful], lambda: ratio_interval(cost, useful, self.resamples, self.seed))

    def paired(self, cost_a: Sequence[float], useful_a: Sequence[bool], cost_b: Sequence[float],
               useful_b: Sequence[bool]) -> dict:
        return self._cached("paired", [cost_a, useful_a, cost_b, useful_b], lambda: paired_difference(
            cost_a, useful_a, cost_b, useful_b, self.resamples, self.seed))


def _as_json(result):
    """Tuples as lists, as they come back from the warehouse, so a fresh and a remembered result are alike."""
    if isinstance(result, tuple):
        return list(result)
    if isinstance(result, dict):
        return {k: _as_json(v) for k, v in result.items()}
    return result
