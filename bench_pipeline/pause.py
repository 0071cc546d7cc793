"""A run that stops and waits at a named point, so a fault test can kill it, fill its disk or start a second
run at a known moment (docs/operations.md#pausing-a-run-for-fault-tests).

`BENCH_PAUSE_AT=<point>`: the process writes a marker file (`BENCH_PAUSE_MARKER`, default `bench-paused` in the
working folder) holding its PID and the point, then waits until that file is deleted. The points are each step
of the graph (by its step key, when the step first opens the warehouse, before it writes anything),
`report_write` (one report file written, the others not) and `history_append` (the report folder in place,
the history rows inserted but not committed). Unset, a point costs one dictionary lookup.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from bench_pipeline.files import write_atomic

PAUSE_AT = "BENCH_PAUSE_AT"
PAUSE_MARKER = "BENCH_PAUSE_MARKER"
REPORT_WRITE = "report_write"
HISTORY_APPEND = "history_append"

# A point pauses once per process: a step that opens the warehouse again after the resume goes on.
_passed: set[str] = set()


def pausing() -> bool:
    return PAUSE_AT in os.environ


def pause_point(point: str) -> None:
    if os.environ.get(PAUSE_AT) != point or point in _passed:
        return
    _passed.add(point)
    marker = Path(os.environ.get(PAUSE_MARKER) or "bench-paused")
    write_atomic(marker, f"{os.getpid()} {point}\n")
    while marker.exists():
        time.sleep(0.02)
