"""How each (provider, golden case) ended, and what it cost: the rows most metrics are computed from.

    answered            ≥1 citable, non-contradicted claim from a clean document
    honest_no_data      a forbidden case: the router answered without calling anyone
    fallback:<cause>    escalated to the next tier — no_result, error, low_confidence, budget
    error:<code>        the search itself failed after retries

Cost is every call of the case: its search and the reads it led to (a read shared by several
cases is split evenly among them).
"""

from __future__ import annotations

from collections import defaultdict

from bench_pipeline.claims.model import Claim
from bench_pipeline.domain.expected import ExpectedCase
from bench_pipeline.domain.golden import GoldenCase
from bench_pipeline.observations.claims import cases_reading, urls_by_case
from bench_pipeline.observations.documents import DocumentRead

# A case that spends more than this has escalated on budget, whatever it found (USD, settings).
CASE_BUDGET_USD = 0.05


def is_useful(claim: Claim) -> bool:
    return claim.citable and not claim.contradicts_claim_ids and not claim.from_flagged_document


def read_costs_by_case(reads: list[DocumentRead], results: list[dict], expected: dict[str, ExpectedCase]) -> dict[str, float | None]:
    reached = urls_by_case(results)
    costs: dict[str, float | None] = defaultdict(float)
    for read in reads:
        sharing = cases_reading(read, expected, reached)
        for case_id in sharing:
            costs[case_id] = None if read.cost_usd is None or costs[case_id] is None else costs[case_id] + read.cost_usd / len(sharing)
    return costs


def case_outcomes(slug: str, cases: list[GoldenCase], calls: list[dict], reads: list[DocumentRead],
                  results: list[dict], expected: dict[str, ExpectedCase], claims: list[Claim]) -> list[dict]:
    call_by_case = {c["case_id"]: c for c in calls}
    read_costs = read_costs_by_case(reads, results, expected)
    reached = urls_by_case(results)
    claims_by_case: dict[str, list[Claim]] = defaultdict(list)
    for claim in claims:
        claims_by_case[claim.case_id].append(claim)
    rows = []
    for case in cases:
        call = call_by_case.get(case.id, {})
        found = claims_by_case.get(case.id, [])
        search_cost = call.get("cost_usd")
        extra = read_costs.get(case.id, 0.0)
        cost = None if search_cost is None or extra is None else search_cost + extra
        n_reads = sum(1 for r in reads if case.id in cases_reading(r, expected, reached))
        outcome, cause = _classify(call.get("outcome"), found, cost)
        rows.append({"provider": slug, "case_id": case.id, "category": case.category, "web_role": case.web_role,
                     "outcome": outcome, "fallback_cause": cause, "cost_usd": cost,
                     "calls": (1 if call.get("fixture") else 0) + n_reads, "claims": len(found),
                     "citable_claims": sum(1 for c in found if c.citable), "useful": any(is_useful(c) for c in found)})
    return rows


def _classify(search_outcome: str | None, claims: list[Claim], cost: float | None) -> tuple[str, str | None]:
    if search_outcome == "honest_no_data":
        return "honest_no_data", None
    if search_outcome is None or search_outcome.startswith("error:"):
        return search_outcome or "error:no_fixture", "error"
    if cost is not None and cost > CASE_BUDGET_USD:
        return "fallback:budget", "budget"
    if any(is_useful(c) for c in claims):
        return "answered", None
    if claims:
        return "fallback:low_confidence", "low_confidence"
    return "fallback:no_result", "no_result"
