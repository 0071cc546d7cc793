"""`python -m benchmarks`: every benchmark, one line each (ratio, target, whether it is met)."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from benchmarks import cascade_cost, hashing, metric_layer, reading_ratio, review_saves, secret_scan_cost
from benchmarks.pipeline import bench_overhead, bench_reruns, bench_scale


def _report(name: str, bench: Callable[[], object]) -> bool:
    """Print the benchmark's line(s); a benchmark that breaks says so and the others still run."""
    try:
        found = bench()
    except Exception as exc:  # noqa: BLE001 — one broken benchmark must not hide the others' numbers
        print(f"{name:<34} ERROR  {type(exc).__name__}: {str(exc).strip().splitlines()[-1] if str(exc).strip() else ''}",
              flush=True)
        return False
    for verdict in found if isinstance(found, list) else [found]:
        print(verdict.line(), flush=True)
    return True


def main() -> int:
    print("websearch-bench benchmarks (ratios measured side by side in this run)")
    ran = [_report(bench.__module__, bench) for bench in (metric_layer.bench, hashing.bench, reading_ratio.bench,
                                                       secret_scan_cost.bench)]
    with tempfile.TemporaryDirectory(prefix="bench-synthetic-") as folder:
        base = Path(folder)
        ran += [_report("4 dagster overhead", lambda: bench_overhead(base)),
                _report("6-7 re-runs", lambda: bench_reruns(base)),
                _report("5 synthetic corpus growth", lambda: bench_scale(base)),
                _report("cascades vs the report step", lambda: cascade_cost.bench(base)),
                _report("review saves", lambda: review_saves.bench(base))]
    return 0 if all(ran) else 1


if __name__ == "__main__":
    sys.exit(main())
