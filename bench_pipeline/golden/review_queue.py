"""What needs a person (docs/operations.md#review-rounds): pooled results nobody has judged, relevant hosts
proposed as golden-set additions, dated documents outside the hand-verified date sample, and documents
whose injection verdict a person should check. Every row says why it is there. Judgments made from
this queue are appended under `golden/`, never edited in place."""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict

from bench_pipeline.claims.origin_groups import canonical_url
from bench_pipeline.domain.golden import POOL_DEPTH

# Unflagged documents are sampled too, so a miss of the detector can be found: a few, drawn by a
# fixed seed (the same documents on every run of the same corpus; a new document enters by its hash).
UNFLAGGED_SAMPLE = 5
SAMPLE_SEED = "injection-review-1"
CASES_NAMED = 5
WHY = {
    "judge_relevance": f"pooled result (top {POOL_DEPTH}) with no relevance judgment",
    "golden_addition": "judged relevant on a host the case does not list: proposed golden-set addition",
    "verify_date": "a provider dated it; outside the hand-verified date sample",
}


def review_queue(relevance: list[dict], dated_urls: set[str], verified_urls: set[str],
                 injection: list[dict] | None = None) -> list[dict]:
    """One row per (kind, case, url), with every provider that surfaced it and why it is queued."""
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
    rows = [{"kind": kind, "case_id": case_id or None, "url": url, "providers": ", ".join(sorted(providers)),
             "why": WHY[kind]} for (kind, case_id, url), providers in sorted(found.items())]
    return [*rows, *(injection or [])]


def _sample_rank(artifact: str) -> str:
    return hashlib.sha256(f"{SAMPLE_SEED}\0{artifact}".encode()).hexdigest()


def injection_queue(results: list[dict], reads: list[dict], scans: list[dict]) -> list[dict]:
    """Documents some provider's result led to (a result within the pool depth that it then read): every
    one the detector flagged, and a seeded sample of UNFLAGGED_SAMPLE of the others. One row per document."""
    led: dict[tuple[str, str], set[str]] = defaultdict(set)  # (provider, canonical url) → cases
    for row in results:
        if row["rank"] <= POOL_DEPTH:
            led[(row["provider"], canonical_url(row["url"]))].add(row["case_id"])
    documents: dict[str, dict] = {}
    for read in reads:
        cases = led.get((read["provider"], canonical_url(read["url"])))
        if read["artifact"] is None or not cases:
            continue
        doc = documents.setdefault(read["artifact"], {"urls": set(), "providers": set(), "cases": set()})
        doc["urls"].add(read["url"])
        doc["providers"].add(read["provider"])
        doc["cases"] |= cases
    scan = {s["artifact"]: s for s in scans}
    flagged = [a for a in documents if scan.get(a, {}).get("flagged")]
    unflagged = sorted((a for a in documents if a in scan and not scan[a]["flagged"]), key=_sample_rank)
    sample = unflagged[:UNFLAGGED_SAMPLE]
    rows = []
    for artifact in sorted(flagged):
        vectors = ", ".join(json.loads(scan[artifact]["vectors"] or "[]")) or "no vector named"
        rows.append(_row(documents[artifact], f"flagged by the detector ({vectors})"))
    for artifact in sample:
        rows.append(_row(documents[artifact], (
            f"not flagged: in the seeded sample (seed {SAMPLE_SEED}, {len(sample)} of {len(unflagged)} unflagged "
            "documents providers' results led to), so a miss of the detector can be found")))
    return rows


def _row(doc: dict, why: str) -> dict:
    cases = sorted(doc["cases"])
    named = ", ".join(cases[:CASES_NAMED]) + (", …" if len(cases) > CASES_NAMED else "")
    return {"kind": "judge_injection", "case_id": None, "url": min(doc["urls"]),
            "providers": ", ".join(sorted(doc["providers"])),
            "why": f"{why}; results of {len(cases)} case{'s' if len(cases) > 1 else ''} led to it ({named})"}
