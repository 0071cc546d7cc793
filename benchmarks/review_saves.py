"""Review saves under load: 10 reviewers × 50 saves at once against `bench review` on loopback.

Prints p50/p95 save latency (POST to acknowledgment: the line written, fsync'd, the 303 sent) and the
lines lost (acknowledged, not on disk) or duplicated (one request id on two lines): both must be 0.
Target p95 < 50 ms. Run alone with `.venv/bin/python -m benchmarks.review_saves`.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from pathlib import Path

from benchmarks.measure import Verdict
from scripts.review_site import Reviewer, item_ids, prepare, serve

REVIEWERS = 10
SAVES = 50
TARGET_MS = 50.0


def _reviewer_saves(reviewer: Reviewer, items: list[str], latencies: list[float], acked: list[str]) -> None:
    tokens = {item: reviewer.csrf(item) for item in items}
    for n in range(SAVES):
        item = items[n % len(items)]
        crid = f"{reviewer.name}-{n:04d}"
        start = time.perf_counter()
        status, _, _ = reviewer.request("POST", f"/item/{item}", {
            "relevant": "yes" if n % 2 else "no", "reason": "grounds_claim" if n % 2 else "not_about_topic",
            "client_request_id": crid, "csrf_token": tokens[item]})
        elapsed = (time.perf_counter() - start) * 1000
        if status == 303:
            latencies.append(elapsed)
            acked.append(crid)


def bench(folder: Path) -> Verdict:
    site = prepare(folder / "review-site")
    latencies: list[float] = []
    acked: list[str] = []
    with ExitStack() as stack:
        _, base = serve(stack, site, folder / "review.log")
        reviewers = [Reviewer(site, base, f"rev-load{i}") for i in range(REVIEWERS)]
        _, _, queue = reviewers[0].request("GET", "/")
        items = item_ids(queue, "judge_relevance")
        threads = [threading.Thread(target=_reviewer_saves, args=(r, items, latencies, acked)) for r in reviewers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    lines = [json.loads(line)["client_request_id"] for line in site.round_file().read_text().splitlines()]
    lost = len(set(acked) - set(lines))
    duplicated = len(lines) - len(set(lines))
    refused = REVIEWERS * SAVES - len(acked)
    p50 = statistics.median(latencies) if latencies else None
    p95 = statistics.quantiles(latencies, n=20)[-1] if len(latencies) >= 20 else None
    detail = (f"p50 {p50:.1f} ms, p95 {p95:.1f} ms over n={len(latencies)} saves ({REVIEWERS} reviewers × {SAVES}); "
              f"lost {lost}, duplicated {duplicated}, not acknowledged {refused}") if p95 is not None else "no saves"
    met = p95 is not None and p95 < TARGET_MS and lost == 0 and duplicated == 0 and refused == 0
    return Verdict("review saves p95 / 50 ms", None if p95 is None else p95 / TARGET_MS, "< 1.00", met, detail)


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="bench-review-") as folder:
        verdict = bench(Path(folder))
    print(verdict.line(), flush=True)
    return 0 if verdict.met else 1


if __name__ == "__main__":
    sys.exit(main())
