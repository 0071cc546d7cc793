"""Relevance (docs/method.md#relevance): the document can ground the case's claim_type AND its host family is expected.

Whether a document grounds the claim is a human judgment (pooled, append-only). Each reviewer's
latest judgment of a (case, url) pair counts once; the pair is relevant when most of its reviewers say
so, and a tie counts as not relevant (DISAGREEMENT_RULE). Earlier judgments stay in the history. A
relevant result on a host the case did not list is relevant too, and is proposed as a golden-set
addition for review — never added silently.
"""

from __future__ import annotations

from collections.abc import Iterable

from bench_pipeline.domain.golden import GoldenCase, Judgment


DISAGREEMENT_RULE = ("each reviewer's latest judgment of a (case, url) counts once; relevant when a strict majority "
                     "of those reviewers say relevant; a tie counts as not relevant")


def _sides(judgments: Iterable[Judgment]) -> dict[tuple[str, str], dict[bool, list[Judgment]]]:
    """Each reviewer's latest judgment per (case, url), split into relevant and not."""
    latest: dict[tuple[str, str, str], Judgment] = {}
    for judgment in judgments:
        key = (judgment.case_id, judgment.url, judgment.reviewer)
        if key not in latest or judgment.judged_at >= latest[key].judged_at:
            latest[key] = judgment
    sides: dict[tuple[str, str], dict[bool, list[Judgment]]] = {}
    for (case_id, url, _), judgment in latest.items():
        sides.setdefault((case_id, url), {True: [], False: []})[judgment.relevant].append(judgment)
    return sides


def judgments_in_force(judgments: Iterable[Judgment]) -> dict[tuple[str, str], Judgment]:
    """The deciding judgment per (case, url) under DISAGREEMENT_RULE: the latest one on the winning side."""
    return {pair: max(side[len(side[True]) > len(side[False])], key=lambda j: j.judged_at)
            for pair, side in _sides(judgments).items()}


def tied_pairs(judgments: Iterable[Judgment]) -> set[tuple[str, str]]:
    """(case, url) pairs whose reviewers split evenly: not relevant under the rule, and worth another judgment."""
    return {pair for pair, side in _sides(judgments).items() if side[True] and len(side[True]) == len(side[False])}


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
