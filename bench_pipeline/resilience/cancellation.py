"""A deadline and cancel token for one attempt. `cancel()` is idempotent, and an answer delivered
after cancellation is kept aside as discarded — never handed on as a success."""

from __future__ import annotations

from typing import Any

from bench_pipeline.resilience.clock import Clock


class CancelToken:
    def __init__(self, clock: Clock, timeout_s: float):
        if timeout_s <= 0:
            raise ValueError(f"timeout must be positive (got {timeout_s})")
        self._clock = clock
        self.deadline = clock.now() + timeout_s
        self.cancelled_at: float | None = None
        self.reason: str | None = None
        self.discarded: list[Any] = []

    @property
    def cancelled(self) -> bool:
        return self.cancelled_at is not None

    def cancel(self, reason: str = "cancelled") -> bool:
        """Cancel once; later calls change nothing and return False."""
        if self.cancelled:
            return False
        self.cancelled_at = self._clock.now()
        self.reason = reason
        return True

    def check_deadline(self) -> bool:
        """Cancel if the deadline has passed; True when the token is cancelled."""
        if self._clock.now() >= self.deadline:
            self.cancel("deadline")
        return self.cancelled

    def deliver(self, answer: Any) -> bool:
        """Hand in an answer. Accepted only while the attempt is live; a late one is discarded."""
        if self.check_deadline():
            self.discarded.append(answer)
            return False
        return True
