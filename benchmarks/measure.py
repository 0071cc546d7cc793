"""Timing helpers and the printed verdict line."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


def best_of(fn: Callable[[], object], repeat: int = 3) -> float:
    """The fastest of `repeat` wall-clock timings, in seconds (the least disturbed by other load)."""
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        timings.append(time.perf_counter() - start)
    return min(timings)


@dataclass
class Verdict:
    name: str
    ratio: float | None
    target: str
    met: bool | None
    detail: str

    def line(self) -> str:
        ratio = "—" if self.ratio is None else f"{self.ratio:.2f}"
        met = {True: "MEETS", False: "MISSES", None: "SKIPPED"}[self.met]
        return f"{self.name:<34} ratio {ratio:>6}  target {self.target:<12} {met:<8} {self.detail}"
