"""4–6: the whole pipeline on generated corpora, each measurement in its own interpreter (benchmarks.worker)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from benchmarks.measure import Verdict
from benchmarks.synthetic import build_large_corpus

REPO = Path(__file__).resolve().parents[1]
PROVIDERS, BASE_CASES = 20, 500  # 1× = 20 providers × 500 cases; 4× = 20 × 2,000
SIZES = (1, 2, 4)
MEMORY_LIMIT_MB = 2048
RERUN_ROUNDS = 2


def _worker(task: str, base: Path) -> dict:
    done = subprocess.run([sys.executable, "-m", "benchmarks.worker", task, str(base)], cwd=REPO,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"benchmarks.worker {task} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _measure(task: str, folder: Path, scale: int) -> dict:
    """Build a corpus of this scale, measure `task` on it in a worker, and remove the corpus."""
    base = folder / f"{task}-x{scale}"
    build_large_corpus(base, PROVIDERS, BASE_CASES * scale)
    try:
        return _worker(task, base)
    finally:
        shutil.rmtree(base)


def bench_overhead(folder: Path) -> Verdict:
    seen = _measure("overhead", folder, 1)
    overhead = seen["dagster_seconds"] / seen["plain_seconds"] - 1
    return Verdict("4 dagster vs the same steps plain", overhead, "≤ 0.50 extra", overhead <= 0.5,
                   f"materialized {seen['dagster_seconds']:.1f} s, plain Python {seen['plain_seconds']:.1f} s: corpus, "
                   f"search and conformance steps ({PROVIDERS} providers × {BASE_CASES} cases; extra includes DuckDB)")


def bench_scale(folder: Path) -> Verdict:
    runs = {}
    for scale in SIZES:
        seen = _measure("full", folder, scale)
        if not seen["success"]:
            raise RuntimeError(f"the {scale}× run failed")
        runs[scale] = seen
    growth = runs[SIZES[-1]]["seconds"] / runs[1]["seconds"] / SIZES[-1]  # 1.0 = exactly linear
    peak = max(r["peak_mb"] for r in runs.values())
    sizes = ", ".join(f"{s}×: {r['seconds']:.1f} s / {r['peak_mb']:.0f} MB" for s, r in runs.items())
    return Verdict("5 synthetic corpus growth", growth, "≈1, <2 GB", growth <= 1.25 and peak < MEMORY_LIMIT_MB,
                   f"{sizes} (1× = {PROVIDERS} providers × {BASE_CASES} cases; ratio = time per case at "
                   f"{SIZES[-1]}× over 1×)")


def bench_reruns(folder: Path) -> list[Verdict]:
    """6 and 7 from the same runs: per round a fresh warehouse, a full run, one provider's re-run after
    its fixture changed, then a judgments-only re-run after a review round (fixtures moved away).
    Each time is the best of RERUN_ROUNDS rounds (the least disturbed by other load on the machine)."""
    rounds = [_measure("rerun", folder, 1) for _ in range(RERUN_ROUNDS)]
    if not all(r["judgments_success"] for r in rounds):
        raise RuntimeError("the judgments-only re-run failed (did it read a fixture?)")
    full = min(r["full_seconds"] for r in rounds)
    rerun = min(r["rerun_seconds"] for r in rounds)
    judged = min(r["judgments_seconds"] for r in rounds)
    where = f"({PROVIDERS} providers × {BASE_CASES} cases, best of {RERUN_ROUNDS} rounds)"
    return [
        Verdict("6 one provider re-run vs full run", rerun / full, "≤ 0.25", rerun / full <= 0.25,
                f"re-run of partition {rounds[0]['rerun_partition']} + fan-in {rerun:.1f} s, full run {full:.1f} s {where}"),
        Verdict("7 judgments-only re-run vs full", judged / full, "≤ 0.15", judged / full <= 0.15,
                f"relevance, metrics and report after a review round, fixtures folder moved away: {judged:.1f} s, "
                f"full run {full:.1f} s {where}"),
    ]
