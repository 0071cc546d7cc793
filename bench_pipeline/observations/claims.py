"""Claims per provider: the facts its reads carry, for the cases whose results led it to the page."""

from __future__ import annotations

from collections import defaultdict

from bench_pipeline.claims.contradictions import link_contradictions
from bench_pipeline.claims.derive import derive_claims
from bench_pipeline.claims.model import Claim
from bench_pipeline.claims.origin_groups import canonical_url
from bench_pipeline.domain.expected import ExpectedCase
from bench_pipeline.domain.golden import POOL_DEPTH
from bench_pipeline.observations.artifacts import ArtifactStore
from bench_pipeline.observations.documents import DocumentRead


def urls_by_case(results: list[dict]) -> dict[str, set[str]]:
    """case_id → canonical URLs of the provider's top results: the pages the agent goes on to read."""
    found: dict[str, set[str]] = defaultdict(set)
    for row in results:
        if row["rank"] <= POOL_DEPTH:
            found[row["case_id"]].add(canonical_url(row["url"]))
    return found


def cases_reading(read: DocumentRead, expected: dict[str, ExpectedCase], reached: dict[str, set[str]]) -> list[str]:
    """The cases for which this read happened: its URL came up in the case's results."""
    url = canonical_url(read.url)
    return sorted(case_id for case_id in expected if url in reached.get(case_id, set()))


def provider_claims(slug: str, reads: list[DocumentRead], results: list[dict], expected: dict[str, ExpectedCase],
                    store: ArtifactStore, flagged: dict[str, bool]) -> list[Claim]:
    reached = urls_by_case(results)
    claims = []
    for read in reads:
        if read.artifact is None:
            continue  # no stored copy: nothing a claim could be cited against
        for case_id in cases_reading(read, expected, reached):
            case = expected[case_id]
            if any(o.artifact == read.artifact for o in case.observations):
                claims += derive_claims(case, read.artifact, read.text, store.stored(read.artifact), slug,
                                        flagged.get(read.artifact, False))
    return link_contradictions(claims)
