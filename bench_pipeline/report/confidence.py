"""Confidence for small golden sets: bootstrap intervals and paired comparisons between neighbours.

Thirty cases is small. Every interval resamples golden cases with replacement (the case is the
unit of evidence), with a fixed seed so two runs on the same inputs report the same numbers.
Neighbours in the ranking are compared paired — the same resampled cases for both — and when
the 95% interval of their difference in cost per useful answer contains 0, they form a tie group:
the data cannot tell them apart.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

RESAMPLES = 2000
SEED = 20261202
ALPHA = 0.05


def _percentile(sorted_values: list[float], q: float) -> float:
    index = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[index]


def bootstrap_interval(values: Sequence[float | None], resamples: int = RESAMPLES, seed: int = SEED) -> tuple[float, float] | None:
    """95% percentile interval of the mean of per-case values; None with fewer than two known values."""
    known = [v for v in values if v is not None]
    if len(known) < 2:
        return None
    rng = random.Random(seed)
    means = sorted(sum(rng.choices(known, k=len(known))) / len(known) for _ in range(resamples))
    return _percentile(means, ALPHA / 2), _percentile(means, 1 - ALPHA / 2)


def statistic_interval(statistic: Callable[[list[int]], float | None], n_cases: int,
                       resamples: int = RESAMPLES, seed: int = SEED) -> tuple[float, float] | None:
    """95% percentile interval of a statistic over resampled cases (e.g. a ratio of sums); None when
    fewer than two cases, or when the statistic is undefined on most resamples."""
    if n_cases < 2:
        return None
    rng = random.Random(seed)
    values = [statistic(rng.choices(range(n_cases), k=n_cases)) for _ in range(resamples)]
    known = sorted(v for v in values if v is not None)
    if len(known) < resamples // 2:
        return None
    return _percentile(known, ALPHA / 2), _percentile(known, 1 - ALPHA / 2)


def ratio_of_sums(cost: Sequence[float], useful: Sequence[bool]) -> Callable[[list[int]], float | None]:
    """Cost per useful answer over a resample of case indices."""
    def statistic(indices: list[int]) -> float | None:
        answered = sum(1 for i in indices if useful[i])
        return sum(cost[i] for i in indices) / answered if answered else None
    return statistic


def paired_difference(stat_a: Callable[[list[int]], float | None], stat_b: Callable[[list[int]], float | None],
                      n_cases: int, resamples: int = RESAMPLES, seed: int = SEED) -> dict:
    """Bootstrap the difference stat_a − stat_b over the same resampled cases.

    Returns the 95% interval, the share of resamples where a < b, and whether the two are
    distinguishable (the interval excludes 0). Resamples where either is undefined are dropped
    and counted."""
    rng = random.Random(seed)
    diffs, dropped = [], 0
    for _ in range(resamples):
        indices = rng.choices(range(n_cases), k=n_cases)
        a, b = stat_a(indices), stat_b(indices)
        if a is None or b is None:
            dropped += 1
            continue
        diffs.append(a - b)
    if len(diffs) < resamples // 2:
        return {"interval": None, "p_a_lower": None, "distinguishable": False, "dropped": dropped}
    diffs.sort()
    low, high = _percentile(diffs, ALPHA / 2), _percentile(diffs, 1 - ALPHA / 2)
    return {"interval": (low, high), "p_a_lower": sum(1 for d in diffs if d < 0) / len(diffs),
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
