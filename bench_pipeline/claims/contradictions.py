"""Contradictions: claims on one entity and claim type, with different values, from different dated
documents, each list the other's id. Neither overwrites the other; both are kept."""

from __future__ import annotations

from collections import defaultdict

from bench_pipeline.claims.model import Claim
from bench_pipeline.reading.textmap import fold


def link_contradictions(claims: list[Claim]) -> list[Claim]:
    """The same claims, in the same order, with `contradicts_claim_ids` filled symmetrically."""
    by_subject: dict[tuple[str, str], list[Claim]] = defaultdict(list)
    for claim in claims:
        if claim.published_at is not None:
            by_subject[(fold(claim.entity), claim.claim_type)].append(claim)
    links: dict[str, set[str]] = defaultdict(set)
    for group in by_subject.values():
        for position, first in enumerate(group):
            for second in group[position + 1 :]:
                if first.artifact != second.artifact and _differ(first.value, second.value):
                    links[first.claim_id].add(second.claim_id)
                    links[second.claim_id].add(first.claim_id)
    return [
        claim.model_copy(update={"contradicts_claim_ids": sorted(set(claim.contradicts_claim_ids) | links[claim.claim_id])})
        if claim.claim_id in links else claim
        for claim in claims
    ]


def _differ(first: str, second: str) -> bool:
    return " ".join(fold(first).split()) != " ".join(fold(second).split())
