"""Clocks: a virtual one for replay (time only moves when told) and the real one for live capture."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float: ...

    def sleep(self, seconds: float) -> None: ...


class VirtualClock:
    """Seconds since an arbitrary origin. `sleep` advances time instantly and remembers each wait,
    so replay can assert the delays a live run would have slept without sleeping them."""

    def __init__(self, start: float = 0.0):
        self._now = float(start)
        self.sleeps: list[float] = []

    def now(self) -> float:
        return self._now

    def sleep(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError(f"cannot sleep a negative time ({seconds})")
        self.sleeps.append(float(seconds))
        self._now += seconds

    def advance_to(self, moment: float) -> None:
        """Move time forward to `moment` without recording a sleep (time spent inside a call)."""
        if moment < self._now:
            raise ValueError(f"time cannot go back from {self._now} to {moment}")
        self._now = float(moment)


class RealClock:
    """The wall clock, for live capture only."""

    def now(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)
