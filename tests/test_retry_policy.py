"""Backoff with full jitter over the provider's hint, bounded attempts and budget, on a virtual clock."""

from __future__ import annotations

import random

import pytest

from bench_pipeline.domain.provider_error import ProviderError
from bench_pipeline.resilience.clock import VirtualClock
from bench_pipeline.resilience.retry import AttemptFailed, RetryPolicy, retrying
from tests.sleep_guard import no_long_sleep  # noqa: F401  (autouse guard)


def _failing(error: ProviderError, calls: list[float], clock: VirtualClock):
    def attempt():
        calls.append(clock.now())
        raise AttemptFailed(error)
    return attempt


def _error(retryable=True, retry_after=None):
    return ProviderError(provider="tavily", code="rate_limited", status=429, retryable=retryable, retry_after_s=retry_after)


def test_jitter_window_doubles_and_is_capped():
    policy = RetryPolicy(base_s=0.5, cap_s=3.0)
    assert [policy.ceiling(n) for n in (1, 2, 3, 4, 5)] == [0.5, 1.0, 2.0, 3.0, 3.0]
    assert policy.delay_bounds(2, 12.0) == (12.0, 13.0)
    assert policy.delay_bounds(2, None) == (0.0, 1.0)


def test_delays_spread_over_the_whole_window_and_never_leave_it():
    policy, rng = RetryPolicy(base_s=1.0), random.Random(7)
    delays = [policy.delay(1, 12.0, rng) for _ in range(2000)]
    assert min(delays) >= 12.0 and max(delays) <= 13.0
    assert min(delays) < 12.05 and max(delays) > 12.95  # full jitter, not a fixed offset


def test_same_seed_same_delays():
    policy = RetryPolicy()
    assert [policy.delay(3, 1.0, random.Random(1)) for _ in range(3)] == [policy.delay(3, 1.0, random.Random(1)) for _ in range(3)]


def test_retries_until_max_attempts_sleeping_only_virtually():
    clock, calls = VirtualClock(), []
    policy = RetryPolicy(max_attempts=4, total_budget_s=120, base_s=0.5, cap_s=8)
    with pytest.raises(AttemptFailed):
        retrying(policy, clock, random.Random(3))(_failing(_error(retry_after=12.0), calls, clock))
    assert len(calls) == 4 and len(clock.sleeps) == 3
    for failures, delay in enumerate(clock.sleeps, start=1):
        low, high = policy.delay_bounds(failures, 12.0)
        assert low <= delay <= high
    assert calls[1:] == pytest.approx([sum(clock.sleeps[:i]) for i in (1, 2, 3)])


def test_a_hint_beyond_the_budget_ends_the_call_instead_of_retrying_early():
    clock, calls = VirtualClock(), []
    with pytest.raises(AttemptFailed):
        retrying(RetryPolicy(total_budget_s=60), clock, random.Random(3))(_failing(_error(retry_after=120.0), calls, clock))
    assert len(calls) == 1 and clock.sleeps == [] and clock.now() == 0.0


def test_budget_stops_retries_that_would_run_past_it():
    clock, calls = VirtualClock(), []
    with pytest.raises(AttemptFailed):
        retrying(RetryPolicy(max_attempts=10, total_budget_s=25), clock, random.Random(3))(
            _failing(_error(retry_after=10.0), calls, clock))
    assert len(calls) == 3 and 20.0 <= clock.now() <= 25.0  # a third wait of ≥10 s would pass 25 s


def test_non_retryable_errors_are_not_retried():
    clock, calls = VirtualClock(), []
    with pytest.raises(AttemptFailed):
        retrying(RetryPolicy(), clock, random.Random(3))(_failing(_error(retryable=False), calls, clock))
    assert len(calls) == 1 and clock.sleeps == []


def test_the_virtual_clock_refuses_to_go_back():
    clock = VirtualClock(5.0)
    with pytest.raises(ValueError):
        clock.sleep(-1)
    with pytest.raises(ValueError):
        clock.advance_to(4.0)
