"""A replayed cascade's figures, each with its n and 95% bootstrap interval over golden cases, and paired
comparisons of two cascades, on the report's own resamples (report/confidence.py).

Each figure is resampled the way the report resamples its single-provider counterpart: rates over the
answerable cases (as the fallback rate), costs over every case of the slice, forbidden ones costing 0
(as cost per useful answer). So a one-provider cascade shows the very intervals of that provider's row.
"""

from __future__ import annotations

import numpy as np

from bench_pipeline.domain.report import CascadeComparison, CascadeFigures, CascadeStep, Interval
from bench_pipeline.report.cascade_walk import ENDINGS, Walk
from bench_pipeline.report.confidence import Resamples


def _interval(found, scale: float = 1.0) -> Interval | None:
    return None if found is None else Interval(low=found[0] * scale, high=found[1] * scale)


def _known(values: np.ndarray) -> list[float | None]:
    return [None if np.isnan(v) else float(v) for v in values]


def cost_per_useful(w: Walk) -> float | None:
    answers = int(w.answered.sum())
    return float(w.cost.sum()) / answers if answers and not np.isnan(w.cost).any() else None


def figures(w: Walk, resamples: Resamples) -> dict:
    """The CascadeFigures fields of one walk."""
    answerable = ~w.forbidden
    answered = w.answered[answerable].astype(float)
    cost_known = not np.isnan(w.cost).any()
    latency = _known(w.latency_ms[answerable])
    known_latency = [v for v in latency if v is not None]
    n_answerable, answers, cases = int(answerable.sum()), int(w.answered.sum()), len(w.cost)
    mean = (lambda values: float(np.mean(values))) if n_answerable else (lambda values: None)
    return {
        "answered_rate": mean(answered), "answered": answers, "cost_per_useful_answer_usd": cost_per_useful(w),
        "total_cost_usd": float(w.cost.sum()) if cost_known else None,
        "mean_providers_tried": mean(w.tried[answerable]),
        "latency_estimate_ms": float(np.mean(known_latency)) if known_latency else None,
        "endings": {ending: w.endings().count(ending) for ending in ENDINGS},
        "n": {"answered_rate": n_answerable, "cost_per_useful_answer_usd": answers, "total_cost_usd": cases,
              "mean_providers_tried": n_answerable, "latency_estimate_ms": len(known_latency)},
        "confidence": {
            "answered_rate": _interval(resamples.interval(list(answered))),
            "cost_per_useful_answer_usd": _interval(resamples.ratio(list(w.cost), list(w.answered)))
            if cost_known else None,
            # the total of resampled cases is their mean times their count
            "total_cost_usd": _interval(resamples.interval(list(w.cost)), cases) if cost_known else None,
            "mean_providers_tried": _interval(resamples.interval(list(w.tried[answerable].astype(float)))),
            "latency_estimate_ms": _interval(resamples.interval(latency)),
        },
    }


def cascade_figures(w: Walk, resamples: Resamples) -> CascadeFigures:
    return CascadeFigures(**figures(w, resamples))


def steps(w: Walk, resamples: Resamples) -> list[CascadeStep]:
    """Per provider of the order: the answerable cases that reached it, the answers it gave, and its share
    of the cascade's answers (resampled as a ratio of sums over answerable cases)."""
    answerable = ~w.forbidden
    answered = w.answered[answerable]
    total = int(answered.sum())
    out = []
    for step, provider in enumerate(w.order):
        mine = w.answered_at[answerable] == step
        out.append(CascadeStep(
            provider=provider, reached=int((w.tried[answerable] > step).sum()), answers=int(mine.sum()),
            share_of_answers=int(mine.sum()) / total if total else None,
            share_interval=_interval(resamples.ratio(list(mine.astype(float)), list(answered))) if total else None))
    return out


def compare(this: Walk, other: Walk, resamples: Resamples) -> CascadeComparison:
    """`this` against `other` on the same resampled cases: the difference in answered rate (a paired mean
    over answerable cases) and in cost per useful answer (a paired ratio over every case)."""
    answerable = ~this.forbidden
    difference = (this.answered[answerable].astype(float) - other.answered[answerable].astype(float))
    found = _interval(resamples.interval(list(difference)))
    mine, theirs = cost_per_useful(this), cost_per_useful(other)
    paired = {"interval": None, "distinguishable": False}
    if mine is not None and theirs is not None:
        paired = resamples.paired(list(this.cost), list(this.answered), list(other.cost), list(other.answered))
    return CascadeComparison(
        against=list(other.order),
        answered_rate_difference=float(difference.mean()) if len(difference) else None,
        answered_rate_difference_interval=found,
        answers_more=found is not None and found.low > 0, answers_fewer=found is not None and found.high < 0,
        cost_per_useful_answer_difference_usd=None if mine is None or theirs is None else mine - theirs,
        cost_difference_interval=_interval(paired["interval"]), cost_distinguishable=paired["distinguishable"])
