"""Relevance (seed §4.1): the document can ground the case's claim_type AND its host family is expected.

Whether a document grounds the claim is a human judgment (pooled, append-only); the latest
judgment for a (case, url) pair is the one in force, earlier ones stay in the history. A
relevant result on a host the case did not list is relevant too, and is proposed as a golden-set
addition for review — never added silently.
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


def relevance_rows(results: list[dict], cases: list[GoldenCase], judgments: dict[tuple[str, str], Judgment],
                   origin_group: dict[str, str]) -> list[dict]:
    """One row per result of an answerable case. Unjudged results count as not relevant; the
    report shows how much of the top 10 was judged."""
    by_id = {case.id: case for case in cases}
    rows = []
    for row in results:
        case = by_id.get(row["case_id"])
        if case is None or case.web_role == "forbidden":
            continue
        judgment = judgments.get((case.id, row["url"]))
        relevant = bool(judgment and judgment.relevant and row["family"] in case.expect.families)
        listed = row["host"].removeprefix("www.") in {h.removeprefix("www.") for h in case.expect.hosts}
        rows.append({"provider": row["provider"], "case_id": case.id, "category": case.category, "rank": row["rank"],
                     "url": row["url"], "host": row["host"], "family": row["family"], "judged": judgment is not None,
                     "relevant": relevant, "origin_group": origin_group[row["url"]],
                     "proposed_addition": relevant and bool(case.expect.hosts) and not listed})
    return rows
