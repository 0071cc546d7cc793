"""The report's cascades (docs/method.md#cascades-replayed-on-the-golden-set): every category's compared
orders and recommended cascade, replayed on the recorded outcomes, and the plan they make together.

The whole result is a function of the recorded outcomes, the latencies, the statuses, the default
provider and the settings, so `CascadeMemo` remembers it under the digest of exactly those: a re-run
whose outcomes did not move (a review round changes judgments only) reuses it instead of searching again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

import numpy as np

from bench_pipeline.domain.report import CascadePlan, CategoryCascades
from bench_pipeline.report.cascade import search_roles
from bench_pipeline.report.cascade_choice import category_cascades
from bench_pipeline.report.cascade_figures import compare, figures
from bench_pipeline.report.cascade_walk import Walk, recorded, walk
from bench_pipeline.report.confidence import ALPHA, Resamples

OUTCOME_FIELDS = ("provider", "case_id", "category", "web_role", "useful", "cost_usd", "calls")
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

    def get(self, inputs: dict, compute: Callable[[], dict]) -> dict:
        key = hashlib.sha256(json.dumps(inputs, sort_keys=True, default=str).encode()).hexdigest()
        if key not in self.known:
            self.known[key] = compute()
        self.used[key] = self.known[key]
        return self.known[key]


def _joined(walks: list[Walk], order: tuple[str, ...] = ()) -> Walk:
    """Walks of several categories as one walk over all their cases, in case order as the report resamples
    them (so a plan of one provider has that provider's own intervals)."""
    cases = [c for w in walks for c in w.cases]
    position = np.argsort(cases, kind="stable")
    return Walk(order, tuple(np.asarray(cases)[position]), *(np.concatenate([getattr(w, f) for w in walks])[position]
                for f in ("forbidden", "answered_at", "cost", "tried", "latency_ms", "over_budget")))


def _compute(outcomes: list[dict], statuses: dict[str, str], rule: dict[str, list[str]], default: str | None,
             p50: dict, budget_usd: float, resamples: Resamples) -> dict:
    candidates, excluded = search_roles(statuses)
    categories = sorted({r["category"] for r in outcomes})
    found, chosen, alone, fullest = {}, [], [], []
    for category in categories:
        rows = [r for r in outcomes if r["category"] == category]
        rec = recorded(rows, sorted(statuses), p50)
        found[category], recommended = category_cascades(rec, candidates, excluded, rule.get(category, []), default,
                                                         budget_usd, resamples)
        if recommended is not None:
            chosen.append(recommended)
            alone.append(walk(rec, (default,), budget_usd) if default in candidates else None)
            fullest.append(walk(rec, found[category].most_answers, budget_usd))
    uncovered = [c for c in categories if found[c].recommended is None and found[c].answerable]
    plan = None
    if chosen:
        together = _joined(chosen)
        plan = CascadePlan(
            **figures(together, resamples), uncovered=uncovered,
            by_category={c: found[c].recommended for c in categories if found[c].recommended},
            vs_default_alone=compare(together, _joined(alone, (default,)), resamples) if None not in alone else None,
            vs_most_answers=compare(together, _joined(fullest), resamples))
    return {"categories": {c: v.model_dump(mode="json") for c, v in found.items()},
            "plan": None if plan is None else plan.model_dump(mode="json")}


def cascades(outcomes: list[dict], statuses: dict[str, str], rule: dict[str, list[str]], default: str | None,
             latency: list[dict], budget_usd: float, resamples: Resamples,
             memo: CascadeMemo | None = None) -> tuple[dict[str, CategoryCascades], CascadePlan | None]:
    """`outcomes`: case_outcomes rows; `statuses`: provider → status; `rule`: category → the success-rate
    rule's order; `latency`: latency rows (provider, operation, p50)."""
    rows = sorted(({f: r[f] for f in OUTCOME_FIELDS} for r in outcomes), key=lambda r: (r["provider"], r["case_id"]))
    p50 = step_p50s(latency)
    inputs = {"outcomes": [[r[f] for f in OUTCOME_FIELDS] for r in rows], "statuses": statuses, "rule": rule,
              "default": default, "p50": p50, "budget_usd": budget_usd,
              "bootstrap": [resamples.resamples, resamples.seed, ALPHA]}
    result = (memo or CascadeMemo()).get(inputs, lambda: _compute(rows, statuses, rule, default, p50, budget_usd,
                                                                  resamples))
    plan = result["plan"]
    return ({c: CategoryCascades.model_validate(v) for c, v in result["categories"].items()},
            None if plan is None else CascadePlan.model_validate(plan))
