"""Pooled recall by origin group (docs/method.md#pooled-recall-by-origin-group).

    recall = |relevant origin groups retrieved| / |relevant origin groups known|

The denominator is the pool: the union, over every evaluated provider, of the relevant origin
groups in its top 10, judged by hand. Groups, not URLs: four reprints of one wire story are one
group, so returning duplicates earns nothing. A case with an empty pool has unknown recall (None).
"""

from __future__ import annotations

from collections import defaultdict

from bench_pipeline.domain.golden import POOL_DEPTH


def relevant_pool(results: list[dict]) -> dict[str, set[str]]:
    """case_id → the relevant origin groups found by any provider in its top POOL_DEPTH."""
    pool: dict[str, set[str]] = defaultdict(set)
    for row in results:
        if row["rank"] <= POOL_DEPTH and row["relevant"]:
            pool[row["case_id"]].add(row["origin_group"])
    return pool


def recall_rows(results: list[dict], cases: list, providers: list[str], pool: dict[str, set[str]] | None = None) -> list[dict]:
    """One row per (provider, answerable case). `results` rows carry provider, case_id, rank,
    origin_group and relevant (the judged relevance of precision@k). The pool is that of `results`
    unless given (computed over every provider, when `results` holds some of them)."""
    pool = relevant_pool(results) if pool is None else pool
    retrieved: dict[tuple[str, str], set[str]] = defaultdict(set)
    for row in results:
        if row["rank"] <= POOL_DEPTH and row["relevant"]:
            retrieved[(row["provider"], row["case_id"])].add(row["origin_group"])
    rows = []
    for provider in providers:
        for case in cases:
            if case.web_role == "forbidden":
                continue
            known = pool.get(case.id, set())
            found = retrieved.get((provider, case.id), set())
            rows.append({"provider": provider, "case_id": case.id, "category": case.category,
                         "recall": len(found) / len(known) if known else None,
                         "groups_retrieved": len(found), "groups_known": len(known)})
    return rows
