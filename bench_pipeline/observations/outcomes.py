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


def reads_by_case(reads: list[DocumentRead], results: list[dict],
                  expected: dict[str, ExpectedCase]) -> dict[str, list[tuple[DocumentRead, int]]]:
    """case_id → the reads that case led to, each with how many cases share it (its cost is split)."""
    reached = urls_by_case(results)
    by_case: dict[str, list[tuple[DocumentRead, int]]] = defaultdict(list)
    for read in reads:
        sharing = cases_reading(read, expected, reached)
        for case_id in sharing:
            by_case[case_id].append((read, len(sharing)))
    return by_case


def _read_cost(shares: list[tuple[DocumentRead, int]]) -> float | None:
    costs = [read.cost_usd for read, _ in shares]
    return None if None in costs else sum(read.cost_usd / n for read, n in shares)


def case_outcomes(slug: str, cases: list[GoldenCase], calls: list[dict], reads: list[DocumentRead],
                  results: list[dict], expected: dict[str, ExpectedCase], claims: list[Claim]) -> list[dict]:
    call_by_case = {c["case_id"]: c for c in calls}
    case_reads = reads_by_case(reads, results, expected)
    claims_by_case: dict[str, list[Claim]] = defaultdict(list)
    for claim in claims:
        claims_by_case[claim.case_id].append(claim)
    rows = []
    for case in cases:
        call = call_by_case.get(case.id, {})
        found = claims_by_case.get(case.id, [])
        search_cost = call.get("cost_usd")
        shares = case_reads.get(case.id, [])
        extra = _read_cost(shares)
        cost = None if search_cost is None or extra is None else search_cost + extra
        outcome, cause = _classify(call.get("outcome"), found, cost)
        rows.append({"provider": slug, "case_id": case.id, "category": case.category, "web_role": case.web_role,
                     "outcome": outcome, "fallback_cause": cause, "cost_usd": cost,
                     "calls": (1 if call.get("fixture") else 0) + len(shares), "claims": len(found),
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
