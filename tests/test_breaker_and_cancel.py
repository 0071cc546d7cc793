"""The circuit breaker's states on a virtual clock, and the cancel token's idempotence."""

from __future__ import annotations

import pytest

from bench_pipeline.domain.provider_error import ProviderError
from bench_pipeline.resilience.breaker import BreakerSettings, CircuitBreaker
from bench_pipeline.resilience.cancellation import CancelToken
from bench_pipeline.resilience.clock import RealClock, VirtualClock
from tests.sleep_guard import no_long_sleep  # noqa: F401  (autouse guard)

SERVER = ProviderError(provider="tavily", code="server_error", status=502, retryable=True)
RATE = ProviderError(provider="tavily", code="rate_limited", status=429, retryable=True)


def _breaker(threshold=3, cooldown=30.0):
    clock = VirtualClock()
    return clock, CircuitBreaker("tavily", clock, BreakerSettings(failure_threshold=threshold, cooldown_s=cooldown))


def test_opens_after_threshold_then_half_opens_and_closes_on_success():
    clock, breaker = _breaker()
    for _ in range(2):
        breaker.record_failure(SERVER)
    assert breaker.state == "closed" and breaker.allow()
    breaker.record_failure(SERVER)
    assert breaker.state == "open" and not breaker.allow()
    clock.advance_to(29.9)
    assert not breaker.allow()
    clock.advance_to(30.0)
    assert breaker.allow() and breaker.state == "half_open"
    breaker.record_success()
    assert breaker.state == "closed"
    assert [(t.at, t.from_state, t.to_state) for t in breaker.transitions] == [
        (0.0, "closed", "open"), (30.0, "open", "half_open"), (30.0, "half_open", "closed")]


def test_a_failed_trial_reopens_for_a_new_cooldown():
    clock, breaker = _breaker(threshold=1, cooldown=10.0)
    breaker.record_failure(SERVER)
    clock.advance_to(10.0)
    assert breaker.state == "half_open"
    breaker.record_failure(SERVER)
    assert breaker.state == "open"
    clock.advance_to(19.9)
    assert breaker.state == "open"
    clock.advance_to(20.0)
    assert breaker.state == "half_open"


def test_a_success_resets_the_consecutive_count_and_rate_limits_do_not_count():
    _, breaker = _breaker(threshold=2)
    breaker.record_failure(SERVER)
    breaker.record_success()
    breaker.record_failure(SERVER)
    for _ in range(5):
        breaker.record_failure(RATE)
    assert breaker.state == "closed" and breaker.transitions == []


def test_cancel_is_idempotent_and_a_late_answer_is_discarded():
    clock = VirtualClock()
    token = CancelToken(clock, 10.0)
    assert token.deliver("on time") and token.discarded == []
    clock.advance_to(4.0)
    assert token.cancel("caller gave up") is True
    assert token.cancel() is False and token.cancel() is False
    assert (token.cancelled_at, token.reason) == (4.0, "caller gave up")
    assert token.deliver("late") is False and token.discarded == ["late"]


def test_the_deadline_cancels_by_itself():
    clock = VirtualClock(100.0)
    token = CancelToken(clock, 10.0)
    clock.advance_to(109.9)
    assert not token.check_deadline()
    clock.advance_to(110.0)
    assert token.check_deadline() and token.reason == "deadline" and token.cancelled_at == 110.0
    assert token.cancel() is False


def test_a_token_needs_a_positive_timeout():
    with pytest.raises(ValueError):
        CancelToken(VirtualClock(), 0)


def test_the_real_clock_for_live_capture_moves_forward_when_it_sleeps():
    clock = RealClock()
    before = clock.now()
    clock.sleep(0.01)
    assert clock.now() - before >= 0.01
