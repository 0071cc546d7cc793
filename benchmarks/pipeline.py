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


def bench_rerun(folder: Path) -> Verdict:
    seen = _measure("rerun", folder, 1)
    ratio = seen["rerun_seconds"] / seen["full_seconds"]
    return Verdict("6 one provider re-run vs full run", ratio, "≤ 0.33", ratio <= 1 / 3,
                   f"re-run of partition {seen['rerun_partition']} + fan-in {seen['rerun_seconds']:.1f} s, "
                   f"full run {seen['full_seconds']:.1f} s ({PROVIDERS} providers × {BASE_CASES} cases)")

