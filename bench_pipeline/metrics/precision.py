"""precision@k (docs/method.md#precisionk) = |relevant results in the top k| / k, for k = 5 and 10.

The denominator is k even when fewer than k results came back: returning less is not
rewarded. Forbidden cases are not scored here; their metric is abstention.
"""

from __future__ import annotations

from collections.abc import Sequence

K_VALUES = (5, 10)


def precision_at_k(relevant_by_rank: Sequence[bool], k: int) -> float:
    if k < 1:
        raise ValueError("k must be at least 1")
    return sum(1 for flag in relevant_by_rank[:k] if flag) / k


def precision_rows(relevance: list[dict], cases, providers: list[str]) -> list[dict]:
    """One row per (provider, answerable case): precision@5/@10 and how much of the top 10 was judged."""
    by_key: dict[tuple[str, str], list[dict]] = {}
    for row in relevance:
        by_key.setdefault((row["provider"], row["case_id"]), []).append(row)
    rows = []
    for provider in providers:
        for case in cases:
            if case.web_role == "forbidden":
                continue
            ranked = sorted(by_key.get((provider, case.id), []), key=lambda r: r["rank"])
            flags = [r["relevant"] for r in ranked]
            rows.append({
                "provider": provider, "case_id": case.id, "category": case.category,
                "precision_at_5": precision_at_k(flags, 5), "precision_at_10": precision_at_k(flags, 10),
                "returned_at_10": len(ranked[:10]), "judged_at_10": sum(1 for r in ranked[:10] if r["judged"]),
            })
    return rows
