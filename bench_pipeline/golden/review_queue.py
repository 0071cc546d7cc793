"""What needs a person (human-evaluation pilot §9): pooled results nobody has judged, relevant hosts
proposed as golden-set additions, and dated documents outside the hand-verified date sample.
Judgments made from this queue are appended to `golden/judgments/`, never edited in place."""

from __future__ import annotations

from collections import defaultdict

from bench_pipeline.domain.golden import POOL_DEPTH


def review_queue(relevance: list[dict], dated_urls: set[str], verified_urls: set[str]) -> list[dict]:
    """One row per (kind, case, url), with every provider that surfaced it."""
    found: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    for row in relevance:
        if row["rank"] > POOL_DEPTH:
            continue
        if not row["judged"]:
            found[("judge_relevance", row["case_id"], row["url"])].add(row["provider"])
        if row["proposed_addition"]:
            found[("golden_addition", row["case_id"], row["url"])].add(row["provider"])
    for url in sorted(dated_urls - verified_urls):
        found[("verify_date", "", url)] = set()
    return [{"kind": kind, "case_id": case_id or None, "url": url, "providers": ", ".join(sorted(providers))}
            for (kind, case_id, url), providers in sorted(found.items())]
