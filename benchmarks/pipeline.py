"""4–6: the whole pipeline on generated corpora, each measurement in its own interpreter (benchmarks.worker)."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

from benchmarks.measure import Verdict
from benchmarks.synthetic import build_large_corpus

REPO = Path(__file__).resolve().parents[1]
PROVIDERS, BASE_CASES = 20, 500  # 1× = 20 providers × 500 cases
# (providers, cases): up to 50 × 2,000, ten times the base; growth is judged step by step.
SIZES = ((20, 500), (20, 1000), (20, 2000), (50, 2000))
MEMORY_LIMIT_MB = 2048
# Per doubling of providers × cases, time may grow at most 2 / 0.9×: 0.9 of linear.
MIN_EFFICIENCY = 0.9
RERUN_ROUNDS = 2


def _worker(task: str, base: Path) -> dict:
    done = subprocess.run([sys.executable, "-m", "benchmarks.worker", task, str(base)], cwd=REPO,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"benchmarks.worker {task} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _measure(task: str, folder: Path, providers: int = PROVIDERS, cases: int = BASE_CASES) -> dict:
    """Build a corpus of this size, measure `task` on it in a worker, and remove the corpus."""
    base = folder / f"{task}-{providers}x{cases}"
    build_large_corpus(base, providers, cases)
    try:
        return _worker(task, base)
    finally:
        shutil.rmtree(base)


def bench_overhead(folder: Path) -> Verdict:
    seen = _measure("overhead", folder)
    overhead = seen["dagster_seconds"] / seen["plain_seconds"] - 1
    return Verdict("4 dagster vs the same steps plain", overhead, "≤ 0.50 extra", overhead <= 0.5,
                   f"materialized {seen['dagster_seconds']:.1f} s, plain Python {seen['plain_seconds']:.1f} s: corpus, "
                   f"search and conformance steps ({PROVIDERS} providers × {BASE_CASES} cases; extra includes DuckDB)")


def efficiency(size_ratio: float, time_ratio: float) -> float:
    """Share of linear growth kept per doubling: 2 / (time factor per doubling); 1.0 = exactly linear,
    above 1 = better than linear (fixed costs spread), 0.9 = 2.22× the time per doubling."""
    return 2 / 2 ** (math.log(time_ratio) / math.log(size_ratio))


def bench_scale(folder: Path) -> Verdict:
    runs = []
    for providers, cases in SIZES:
        seen = _measure("full", folder, providers, cases)
        if not seen["success"]:
            raise RuntimeError(f"the {providers} × {cases} run failed")
        runs.append(seen)
    pairs = [p * c for p, c in SIZES]
    steps = [efficiency(pairs[i + 1] / pairs[i], runs[i + 1]["seconds"] / runs[i]["seconds"]) for i in range(len(runs) - 1)]
    worst, peak = min(steps), max(r["peak_mb"] for r in runs)
    sizes = ", ".join(f"{p}×{c:,}: {r['seconds']:.1f} s / {r['peak_mb']:.0f} MB" for (p, c), r in zip(SIZES, runs))
    per_step = ", ".join(f"{e:.2f}" for e in steps)
    return Verdict("5 synthetic corpus growth", worst, "≥ 0.9, <2 GB", worst >= MIN_EFFICIENCY and peak < MEMORY_LIMIT_MB,
                   f"{sizes}; per-doubling efficiency by step {per_step} (ratio = the worst; "
                   f"n = provider × case pairs, 10k to 100k)")


def bench_reruns(folder: Path) -> list[Verdict]:
    """6 and 7 from the same runs: per round a fresh warehouse, a full run, one provider's re-run after
    its fixture changed, then a judgments-only re-run after a review round (fixtures moved away).
    Each time is the best of RERUN_ROUNDS rounds (the least disturbed by other load on the machine)."""
    rounds = [_measure("rerun", folder) for _ in range(RERUN_ROUNDS)]
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
