"""Metrics over case outcomes (seed §4.3, §4.6–§4.10).

A case-outcome row is one (provider, golden case) after the whole attempt: provider, case_id,
category, web_role, outcome (`answered` | `honest_no_data` | `fallback:<cause>` | `error:<code>`),
fallback_cause, cost_usd (every call of the case: retries and fallbacks included), calls,
claims, citable_claims, useful (≥1 citable, non-contradicted claim).
"""

from __future__ import annotations

FALLBACK_CAUSES = ("no_result", "error", "low_confidence", "budget")


def _ratio(numerator: int, denominator: int) -> float | None:
    return numerator / denominator if denominator else None


def citation_coverage(claims: list[dict]) -> tuple[float | None, int]:
    """claims with a citable observation / claims produced (§4.3)."""
    return _ratio(sum(1 for c in claims if c["citable"]), len(claims)), len(claims)


def cost_per_query(calls: list[dict]) -> tuple[float | None, int]:
    """Mean reported cost of a search call (§4.6); calls whose cost is unknown are left out, and counted."""
    known = [c["cost_usd"] for c in calls if c["cost_usd"] is not None]
    return (sum(known) / len(known) if known else None), len(known)


def cost_per_useful_answer(outcomes: list[dict]) -> tuple[float | None, int]:
    """Σ cost of every call of the cases / cases with ≥1 citable, non-contradicted claim (§4.7).
    No useful answer → None: the cost of an answer never given is unknown, not infinite or zero.
    A case whose cost is unknown makes the sum unknown too."""
    useful = sum(1 for o in outcomes if o["useful"])
    if not useful or any(o["cost_usd"] is None for o in outcomes):
        return None, useful
    return sum(o["cost_usd"] for o in outcomes) / useful, useful


def fallback(outcomes: list[dict]) -> tuple[float | None, dict[str, float] | None, int]:
    """Cases that escalated to the next tier / answerable cases, and the split by cause (§4.8)."""
    answerable = [o for o in outcomes if o["web_role"] != "forbidden"]
    if not answerable:
        return None, None, 0
    by_cause = {cause: sum(1 for o in answerable if o["fallback_cause"] == cause) / len(answerable)
                for cause in FALLBACK_CAUSES}
    escalated = sum(1 for o in answerable if o["fallback_cause"] is not None)
    return escalated / len(answerable), by_cause, len(answerable)


def abstention(outcomes: list[dict]) -> tuple[float | None, float | None, int]:
    """Forbidden cases that ended in honest_no_data with no claim / forbidden cases, and the cost
    spent on them, which should be 0: the router cuts before the first call (§4.9)."""
    forbidden = [o for o in outcomes if o["web_role"] == "forbidden"]
    if not forbidden:
        return None, None, 0
    abstained = sum(1 for o in forbidden if o["outcome"] == "honest_no_data" and o["claims"] == 0)
    costs = [o["cost_usd"] for o in forbidden]
    wasted = None if any(c is None for c in costs) else sum(costs)
    return abstained / len(forbidden), wasted, len(forbidden)


def injection_containment(documents: list[dict]) -> tuple[float | None, int]:
    """Injection documents flagged AND kept from the model / injection documents (§4.10).
    Computed per document; never averaged with anything else."""
    injected = [d for d in documents if d["has_injection"]]
    contained = sum(1 for d in injected if d["flagged"] and not d["reached_model"])
    return _ratio(contained, len(injected)), len(injected)
