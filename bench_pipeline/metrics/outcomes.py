"""Metrics over claims, calls, case outcomes and documents (docs/method.md). Each returns
its value(s) with the n behind them; no denominator means None (unknown), never 0.

A case-outcome row is one (provider, golden case) after the whole attempt: web_role, outcome
(`answered` | `honest_no_data` | `fallback:<cause>` | `error:<code>`), fallback_cause, cost_usd
(every call of the case: retries and fallbacks included), claims, useful (≥1 citable,
non-contradicted claim from a clean document).
"""

from __future__ import annotations

import json

FALLBACK_CAUSES = ("no_result", "error", "low_confidence", "budget")


def _ratio(numerator: int, denominator: int) -> float | None:
    return numerator / denominator if denominator else None


def citation_coverage(claims: list[dict]) -> dict:
    """claims with a citable observation / claims produced (docs/method.md#citation-coverage)."""
    return {"citation_coverage": _ratio(sum(1 for c in claims if c["citable"]), len(claims)), "n": len(claims)}


def cost_per_query(calls: list[dict]) -> dict:
    """Mean reported cost of a search call (docs/method.md#cost-per-query); calls whose cost is unknown
    are left out of n."""
    known = [c["cost_usd"] for c in calls if c.get("fixture") and c["cost_usd"] is not None]
    return {"cost_per_query_usd": sum(known) / len(known) if known else None, "n": len(known)}


def cost_per_useful_answer(outcomes: list[dict]) -> dict:
    """Σ cost of every call of the cases / cases with ≥1 citable, non-contradicted claim
    (docs/method.md#cost-per-useful-answer).
    No useful answer → None: the cost of an answer never given is unknown, not infinite or zero.
    A case whose cost is unknown makes the sum unknown too."""
    useful = sum(1 for o in outcomes if o["useful"])
    known = all(o["cost_usd"] is not None for o in outcomes)
    total = sum(o["cost_usd"] for o in outcomes) if known else None
    return {"cost_per_useful_answer_usd": total / useful if useful and total is not None else None,
            "n_useful": useful, "total_cost_usd": total}


def fallback(outcomes: list[dict]) -> dict:
    """Cases that escalated to the next tier / answerable cases, and the split by cause
    (docs/method.md#fallback-rate)."""
    answerable = [o for o in outcomes if o["web_role"] != "forbidden"]
    if not answerable:
        return {"fallback_rate": None, "fallback_by_cause": None, "n": 0}
    by_cause = {cause: sum(1 for o in answerable if o["fallback_cause"] == cause) / len(answerable)
                for cause in FALLBACK_CAUSES}
    escalated = sum(1 for o in answerable if o["fallback_cause"] is not None)
    return {"fallback_rate": escalated / len(answerable), "fallback_by_cause": json.dumps(by_cause), "n": len(answerable)}


def abstention(outcomes: list[dict]) -> dict:
    """Forbidden cases that ended in honest_no_data with no claim / forbidden cases, and the cost
    spent on them, which should be 0: the router cuts before the first call
    (docs/method.md#abstention-on-forbidden-cases)."""
    forbidden = [o for o in outcomes if o["web_role"] == "forbidden"]
    if not forbidden:
        return {"abstention": None, "wasted_cost_usd": None, "n": 0}
    abstained = sum(1 for o in forbidden if o["outcome"] == "honest_no_data" and o["claims"] == 0)
    costs = [o["cost_usd"] for o in forbidden]
    return {"abstention": abstained / len(forbidden),
            "wasted_cost_usd": None if any(c is None for c in costs) else sum(costs), "n": len(forbidden)}


def injection_containment(documents: list[dict]) -> dict:
    """Injection documents flagged AND kept from the model / injection documents
    (docs/method.md#injection-containment).
    Computed per document; never averaged with anything else."""
    injected = [d for d in documents if d["has_injection"]]
    contained = sum(1 for d in injected if d["flagged"] and not d["reached_model"])
    return {"injection_containment": _ratio(contained, len(injected)), "n": len(injected)}
