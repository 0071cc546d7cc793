"""Retry policy: bounded attempts and total budget, exponential backoff with full jitter, and the
provider's own retry hint honoured as a floor. Runs on tenacity with an injected clock and RNG."""

from __future__ import annotations

import random

from pydantic import BaseModel, ConfigDict, Field
from tenacity import RetryCallState, Retrying, retry_if_exception

from bench_pipeline.domain.provider_error import ProviderError
from bench_pipeline.resilience.clock import Clock


class RetryPolicy(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    max_attempts: int = Field(default=4, ge=1)
    total_budget_s: float = Field(default=60.0, gt=0)  # attempts plus waits, from the first attempt's start
    base_s: float = Field(default=0.5, gt=0)
    cap_s: float = Field(default=8.0, gt=0)

    def ceiling(self, failures: int) -> float:
        """The jitter window after the n-th consecutive failure: base·2^(n-1), capped."""
        return min(self.cap_s, self.base_s * 2 ** (failures - 1))

    def delay_bounds(self, failures: int, retry_after_s: float | None) -> tuple[float, float]:
        floor = retry_after_s or 0.0
        return floor, floor + self.ceiling(failures)

    def delay(self, failures: int, retry_after_s: float | None, rng: random.Random) -> float:
        """Full jitter on top of the provider's hint: never earlier than it asked, and spread so that
        clients told the same `retry-after` do not all come back in the same instant."""
        low, high = self.delay_bounds(failures, retry_after_s)
        return low + rng.uniform(0.0, high - low)


class AttemptFailed(Exception):
    """An attempt ended in a classified provider error; tenacity decides from it whether to go again."""

    def __init__(self, error: ProviderError):
        super().__init__(f"{error.provider}: {error.code} ({error.status})")
        self.error = error


def retrying(policy: RetryPolicy, clock: Clock, rng: random.Random) -> Retrying:
    """A tenacity controller whose waits and budget are measured on `clock` and sleep through it."""
    started = clock.now()

    def wait(state: RetryCallState) -> float:
        return policy.delay(state.attempt_number, _error(state).retry_after_s, rng)

    def stop(state: RetryCallState) -> bool:
        # Stop rather than wait past the budget: a hint longer than the budget is honoured by giving up.
        over_budget = clock.now() - started + (state.upcoming_sleep or 0.0) > policy.total_budget_s
        return state.attempt_number >= policy.max_attempts or over_budget

    return Retrying(
        sleep=clock.sleep,
        wait=wait,
        stop=stop,
        retry=retry_if_exception(lambda exc: isinstance(exc, AttemptFailed) and exc.error.retryable),
        reraise=True,
    )


def _error(state: RetryCallState) -> ProviderError:
    return state.outcome.exception().error
