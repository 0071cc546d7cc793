"""Relevance (seed §4.1): the document can ground the case's claim_type AND its host family is expected.

Whether a document grounds the claim is a human judgment (pooled, append-only); the latest
judgment for a (case, url) pair is the one in force, earlier ones stay in the history.
"""

from __future__ import annotations

from collections.abc import Iterable

from bench_pipeline.domain.golden import GoldenCase, Judgment


def judgments_in_force(judgments: Iterable[Judgment]) -> dict[tuple[str, str], Judgment]:
    latest: dict[tuple[str, str], Judgment] = {}
    for judgment in judgments:
        key = (judgment.case_id, judgment.url)
        if key not in latest or judgment.judged_at >= latest[key].judged_at:
            latest[key] = judgment
    return latest


def is_relevant(case: GoldenCase, url: str, family: str, judgments: dict[tuple[str, str], Judgment]) -> bool:
    """Unjudged results count as not relevant; the report shows how much of the top-k was judged."""
    judgment = judgments.get((case.id, url))
    return bool(judgment and judgment.relevant and family in case.expect.families)


def is_judged(case_id: str, url: str, judgments: dict[tuple[str, str], Judgment]) -> bool:
    return (case_id, url) in judgments
