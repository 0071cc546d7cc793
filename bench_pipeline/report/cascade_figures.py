"""Replayed cascades' figures, each with its n and 95% bootstrap interval over golden cases, and paired
comparisons between them, on the report's own resamples (report/confidence.py).

Each figure is resampled the way the report resamples its single-provider counterpart: rates over the
answerable cases (as the fallback rate), costs over every case of the slice, forbidden ones costing 0
(as cost per useful answer). So a one-provider cascade shows that provider's own intervals.

Every figure is a sum, or a ratio of sums, over the resampled cases, and so is every paired difference
(a sum of differences is the difference of sums). `Resampled` therefore draws the resamples as counts
(resamples × cases) and takes the sums of every per-case series of every walk in two matrix products;
figures, steps and comparisons are then cheap arithmetic on those sums.
"""

from __future__ import annotations

import numpy as np

from bench_pipeline.domain.report import CascadeComparison, CascadeStep, Interval
from bench_pipeline.report.cascade_walk import ENDINGS, Walk
from bench_pipeline.report.confidence import draw_counts, percentile_intervals


def cost_per_useful(w: Walk) -> float | None:
    answers = int(w.answered.sum())
    return float(w.cost.sum()) / answers if answers and not np.isnan(w.cost).any() else None


def _ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    """Per resample; NaN (undefined) where the denominator is 0."""
    return np.divide(numerator, denominator, out=np.full_like(numerator, np.nan), where=denominator > 0)


def _intervals(statistics: np.ndarray, cases: int) -> list[Interval | None]:
    """Intervals of resampled statistics (rows); none under two cases, as confidence.py."""
    if cases < 2:
        return [None] * len(statistics)
    return [None if i is None else Interval(low=i[0], high=i[1]) for i in percentile_intervals(statistics)]


def _sums(rows: list[np.ndarray], cases: int) -> np.ndarray:
    """rows × resamples: each per-case series summed over the cases of every resample."""
    if not rows or cases == 0:
        return np.zeros((len(rows), 0))
    return np.stack(rows) @ draw_counts(cases).T


class Resampled:
    """The resampled sums of some walks over the same cases (one category, or the plan's); the walks asked
    about later must be among those given here."""

    def __init__(self, walks: list[Walk]):
        self.answerable = ~walks[0].forbidden
        self.n_answerable, self.n_cases = int(self.answerable.sum()), len(self.answerable)
        # id(walk) → (its first row among the answerable sums, its first among every case's)
        rated, costed, self.rows = [], [], {}
        for w in walks:
            start = len(rated)
            answered = w.answered[self.answerable]
            rated += [answered.astype(float), w.tried[self.answerable].astype(float),
                      *((w.answered_at[self.answerable] == step).astype(float) for step in range(len(w.order)))]
            costed += [np.nan_to_num(w.cost), w.answered.astype(float)]
            self.rows[id(w)] = (start, len(costed) - 2)
        self.rated, self.costed = _sums(rated, self.n_answerable), _sums(costed, self.n_cases)

    def _answered(self, w: Walk) -> np.ndarray:
        return self.rated[self.rows[id(w)][0]]

    def _cost(self, w: Walk) -> np.ndarray | None:
        """Cost per useful answer in every resample, None when a case's cost is unknown."""
        row = self.rows[id(w)][1]
        return None if np.isnan(w.cost).any() else _ratio(self.costed[row], self.costed[row + 1])

    def figures(self, w: Walk) -> dict:
        """The CascadeFigures fields of one walk."""
        rated, costed = self.rows[id(w)]
        latency = w.latency_ms[self.answerable]
        latency = latency[~np.isnan(latency)]
        rate, tried = _intervals(self.rated[rated:rated + 2] / max(self.n_answerable, 1), self.n_answerable)
        # latency is known for a subset of cases at most, so it is resampled over those
        (delay,) = _intervals(_sums([latency], len(latency)) / max(len(latency), 1), len(latency))
        known = not np.isnan(w.cost).any()
        cost, total = _intervals(np.stack([self._cost(w), self.costed[costed]]), self.n_cases) if known else (None,) * 2
        endings = w.endings()
        return {
            "answered_rate": float(w.answered[self.answerable].mean()) if self.n_answerable else None,
            "answered": int(w.answered.sum()), "cost_per_useful_answer_usd": cost_per_useful(w),
            "total_cost_usd": float(w.cost.sum()) if known else None,
            "mean_providers_tried": float(w.tried[self.answerable].mean()) if self.n_answerable else None,
            "latency_estimate_ms": float(latency.mean()) if len(latency) else None,
            "endings": {ending: endings.count(ending) for ending in ENDINGS},
            "n": {"answered_rate": self.n_answerable, "cost_per_useful_answer_usd": int(w.answered.sum()),
                  "total_cost_usd": self.n_cases, "mean_providers_tried": self.n_answerable,
                  "latency_estimate_ms": len(latency)},
            "confidence": {"answered_rate": rate, "cost_per_useful_answer_usd": cost, "total_cost_usd": total,
                           "mean_providers_tried": tried, "latency_estimate_ms": delay},
        }

    def steps(self, w: Walk) -> list[CascadeStep]:
        """Per provider of the order: the answerable cases that reached it, the answers it gave, and its share
        of the cascade's answers (a ratio of sums over answerable cases)."""
        rated = self.rows[id(w)][0]
        mine = w.answered_at[self.answerable]
        total = int((mine >= 0).sum())
        shares = _intervals(_ratio(self.rated[rated + 2:rated + 2 + len(w.order)], self.rated[rated]),
                            self.n_answerable) if total else [None] * len(w.order)
        return [CascadeStep(provider=provider, reached=int((w.tried[self.answerable] > step).sum()),
                            answers=int((mine == step).sum()), share_interval=share,
                            share_of_answers=int((mine == step).sum()) / total if total else None)
                for step, (provider, share) in enumerate(zip(w.order, shares))]

    def paired_cost(self, this: Walk, other: Walk) -> tuple[Interval | None, bool]:
        """The 95% interval of this − other in cost per useful answer over the same resampled cases, and whether
        it excludes 0; resamples where either is undefined are dropped (none with fewer than half left)."""
        if cost_per_useful(this) is None or cost_per_useful(other) is None:
            return None, False
        (found,) = _intervals((self._cost(this) - self._cost(other))[None, :], self.n_cases)
        return found, found is not None and (found.low > 0 or found.high < 0)

    def compare(self, this: Walk, other: Walk) -> CascadeComparison:
        """`this` against `other` on the same resampled cases: the difference in answered rate (a paired mean
        over answerable cases) and in cost per useful answer (a paired ratio over every case)."""
        (found,) = _intervals(((self._answered(this) - self._answered(other)) / max(self.n_answerable, 1))[None, :],
                              self.n_answerable)
        mine, theirs = cost_per_useful(this), cost_per_useful(other)
        cost, distinguishable = self.paired_cost(this, other)
        difference = this.answered[self.answerable].astype(float) - other.answered[self.answerable].astype(float)
        return CascadeComparison(
            against=list(other.order),
            answered_rate_difference=float(difference.mean()) if self.n_answerable else None,
            answered_rate_difference_interval=found,
            answers_more=found is not None and found.low > 0, answers_fewer=found is not None and found.high < 0,
            cost_per_useful_answer_difference_usd=None if mine is None or theirs is None else mine - theirs,
            cost_difference_interval=cost, cost_distinguishable=distinguishable)
