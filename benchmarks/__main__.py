"""`python -m benchmarks`: every benchmark, one line each (ratio, target, whether it is met)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from benchmarks import hashing, metric_layer, reading_ratio, review_saves
from benchmarks.pipeline import bench_overhead, bench_reruns, bench_scale


def main() -> int:
    print("websearch-bench benchmarks (ratios measured side by side in this run)")
    for bench in (metric_layer.bench, hashing.bench, reading_ratio.bench):
        print(bench().line(), flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-synthetic-") as folder:
        print(bench_overhead(Path(folder)).line(), flush=True)
        for verdict in bench_reruns(Path(folder)):
            print(verdict.line(), flush=True)
        print(review_saves.bench(Path(folder)).line(), flush=True)
        print(bench_scale(Path(folder)).line(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
