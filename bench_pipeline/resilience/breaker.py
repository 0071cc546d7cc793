"""A circuit breaker per provider: closed → open after consecutive failures → half-open after a
cool-down → closed on a successful trial (or open again on a failed one). Every transition is kept."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from bench_pipeline.domain.provider_error import ProviderError
from bench_pipeline.resilience.clock import Clock

State = Literal["closed", "open", "half_open"]


class BreakerSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    failure_threshold: int = Field(default=5, ge=1)
    cooldown_s: float = Field(default=30.0, gt=0)


class Transition(BaseModel):
    model_config = ConfigDict(extra="forbid")

    at: float  # clock seconds (virtual in replay)
    from_state: State
    to_state: State
    reason: str


def counts_against_provider(error: ProviderError) -> bool:
    """Server faults and silence trip the breaker; rate limits (handled by waiting) and our own bad
    requests do not, because they say nothing about the provider being down."""
    return error.status is None or error.status >= 500


class CircuitBreaker:
    def __init__(self, provider: str, clock: Clock, settings: BreakerSettings = BreakerSettings()):
        self.provider = provider
        self.settings = settings
        self._clock = clock
        self._state: State = "closed"
        self._failures = 0
        self._opened_at = 0.0
        self.transitions: list[Transition] = []

    @property
    def state(self) -> State:
        if self._state == "open" and self._clock.now() - self._opened_at >= self.settings.cooldown_s:
            self._move("half_open", f"cool-down of {self.settings.cooldown_s:g} s elapsed")
        return self._state

    def allow(self) -> bool:
        """Whether a call may go out now; a half-open breaker lets a single trial through."""
        return self.state != "open"

    def record_success(self) -> None:
        self._failures = 0
        if self.state != "closed":
            self._move("closed", "trial call succeeded")

    def record_failure(self, error: ProviderError) -> None:
        if not counts_against_provider(error):
            return
        self._failures += 1
        state = self.state
        if state == "half_open":
            self._open(f"trial call failed: {error.code}")
        elif state == "closed" and self._failures >= self.settings.failure_threshold:
            self._open(f"{self._failures} consecutive failures, last {error.code}")

    def _open(self, reason: str) -> None:
        self._opened_at = self._clock.now()
        self._move("open", reason)

    def _move(self, to_state: State, reason: str) -> None:
        self.transitions.append(Transition(at=self._clock.now(), from_state=self._state, to_state=to_state, reason=reason))
        self._state = to_state
