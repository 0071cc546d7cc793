"""The report's cascades (docs/method.md#cascades-replayed-on-the-golden-set): every category's compared
orders and recommended cascade, replayed on the recorded outcomes, and the plan they make together.

The whole result is a function of the recorded outcomes, the latencies, the statuses, the default
provider and the settings, so `CascadeMemo` remembers it under the digest of exactly those: a re-run
whose outcomes did not move (a review round changes judgments only) reuses it instead of searching again.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Callable

import numpy as np

from bench_pipeline.domain.report import CascadePlan, CategoryCascades
from bench_pipeline.report.cascade import search_roles
from bench_pipeline.report.cascade_choice import category_cascades
from bench_pipeline.report.cascade_figures import Resampled
from bench_pipeline.report.cascade_walk import Recorded, Walk, recorded, walk
from bench_pipeline.report.confidence import ALPHA, RESAMPLES, SEED

READS = ("extract", "fetch")


def step_p50s(latency: list[dict]) -> dict[str, tuple[float | None, float | None]]:
    """provider → (search p50, read p50) in ms; the read is the slower of its read operations."""
    out: dict[str, tuple[float | None, float | None]] = {}
    for provider in sorted({r["provider"] for r in latency}):
        mine = {r["operation"]: r["p50"] for r in latency if r["provider"] == provider}
        reads = [mine[op] for op in READS if mine.get(op) is not None]
        out[provider] = (mine.get("search"), max(reads) if reads else None)
    return out


class CascadeMemo:
    """Cascade results remembered by the digest of their inputs. `known`: what earlier runs computed
    (key → JSON); `used`: what this report needed, so the caller can store the new ones."""

    def __init__(self, known: dict | None = None):
        self.known, self.used = known or {}, {}

    def get(self, key: str, compute: Callable[[], dict]) -> dict:
        if key not in self.known:
            self.known[key] = compute()
        self.used[key] = self.known[key]
        return self.known[key]


def _key(recs: dict[str, Recorded], settings: dict) -> str:
    """Digest of every recorded attempt (the matrices the walks read) and of the settings that choose among them."""
    digest = hashlib.sha256(json.dumps(settings, sort_keys=True).encode())
    for category, rec in sorted(recs.items()):
        digest.update("\x1f".join([category, *rec.providers, "|", *rec.cases]).encode())
        for values in (rec.forbidden, rec.useful, rec.cost, rec.latency_ms):
            digest.update(values.tobytes())
    return digest.hexdigest()


def _joined(walks: list[Walk], order: tuple[str, ...] = ()) -> Walk:
    """Walks of several categories as one walk over all their cases, in case order as the report resamples
    them (so a plan of one provider has that provider's own intervals)."""
    cases = [c for w in walks for c in w.cases]
    position = np.argsort(cases, kind="stable")
    return Walk(order, tuple(np.asarray(cases)[position]), *(np.concatenate([getattr(w, f) for w in walks])[position]
                for f in ("forbidden", "answered_at", "cost", "tried", "latency_ms", "over_budget")))


def _compute(recs: dict[str, Recorded], statuses: dict[str, str], rule: dict[str, list[str]], default: str | None,
             budget_usd: float) -> dict:
    candidates, excluded = search_roles(statuses)
    found, chosen, alone, fullest = {}, [], [], []
    for category, rec in sorted(recs.items()):
        found[category], recommended = category_cascades(rec, candidates, excluded, rule.get(category, []), default,
                                                         budget_usd)
        if recommended is not None:
            chosen.append(recommended)
            alone.append(walk(rec, (default,), budget_usd) if default in candidates else None)
            fullest.append(walk(rec, found[category].most_answers, budget_usd))
    uncovered = [c for c, f in found.items() if f.recommended is None and f.answerable]
    plan = None
    if chosen:
        together, fullest_together = _joined(chosen), _joined(fullest)
        alone_together = _joined(alone, (default,)) if None not in alone else None
        drawn = Resampled([w for w in (together, fullest_together, alone_together) if w is not None])
        plan = CascadePlan(
            **drawn.figures(together), uncovered=uncovered,
            by_category={c: f.recommended for c, f in found.items() if f.recommended},
            vs_default_alone=drawn.compare(together, alone_together) if alone_together else None,
            vs_most_answers=drawn.compare(together, fullest_together))
    return {"categories": {c: v.model_dump(mode="json") for c, v in found.items()},
            "plan": None if plan is None else plan.model_dump(mode="json")}


def cascades(outcomes: list[dict], statuses: dict[str, str], rule: dict[str, list[str]], default: str | None,
             latency: list[dict], budget_usd: float,
             memo: CascadeMemo | None = None) -> tuple[dict[str, CategoryCascades], CascadePlan | None]:
    """`outcomes`: case_outcomes rows (provider, case_id, category, web_role, useful, cost_usd, calls);
    `statuses`: provider → status; `rule`: category → the success-rate rule's order; `latency`: latency rows
    (provider, operation, p50)."""
    by_category: dict[str, list[dict]] = defaultdict(list)
    for row in outcomes:
        by_category[row["category"]].append(row)
    p50 = step_p50s(latency)
    recs = {c: recorded(rows, sorted(statuses), p50) for c, rows in by_category.items()}
    settings = {"statuses": statuses, "rule": rule, "default": default, "budget_usd": budget_usd,
                "bootstrap": [RESAMPLES, SEED, ALPHA]}
    result = (memo or CascadeMemo()).get(_key(recs, settings),
                                         lambda: _compute(recs, statuses, rule, default, budget_usd))
    plan = result["plan"]
    return ({c: CategoryCascades.model_validate(v) for c, v in result["categories"].items()},
            None if plan is None else CascadePlan.model_validate(plan))
