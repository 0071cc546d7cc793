"""Replay each provider's 429, 5xx, timeout and partial exchanges through retry, breaker and
deadline on a virtual clock. Parametrised over every provider case (tests/resilience_cases.py)."""

from __future__ import annotations

import random

import pytest

from bench_pipeline.resilience.breaker import BreakerSettings, CircuitBreaker
from bench_pipeline.resilience.clock import VirtualClock
from bench_pipeline.resilience.conformance import delays_within_bounds
from bench_pipeline.resilience.partial import assess_partial, merge_pages, read_call
from bench_pipeline.resilience.replay_client import ReplayClient
from bench_pipeline.resilience.retry import RetryPolicy
from tests.resilience_cases import ALL_CASES
from tests.sleep_guard import no_long_sleep  # noqa: F401  (autouse guard)

POLICY = RetryPolicy(max_attempts=4, total_budget_s=120.0, base_s=0.5, cap_s=8.0)
BREAKER = BreakerSettings(failure_threshold=5, cooldown_s=30.0)
TIMEOUT_S = 10.0

cases = pytest.mark.parametrize("case", ALL_CASES, ids=str)


def _client(case, seed=11):
    clock = VirtualClock()
    return ReplayClient(case.provider, case.adapter, case.price, CircuitBreaker(case.provider, clock, BREAKER), clock,
                        random.Random(seed), POLICY, TIMEOUT_S)


def _success(case):
    return next(e for e in case.classes["results"] if e.response is not None and e.response.status == 200)


@cases
def test_rate_limit_waits_at_least_the_hint_with_jitter_then_answers(case):
    limited, answer = case.classes["429"][0], _success(case)
    hint = case.adapter.classify_error(limited).retry_after_s
    outcome = _client(case).call([limited, answer])
    assert outcome.answered and len(outcome.attempts) == 2
    [delay] = outcome.delays_s
    low, high = POLICY.delay_bounds(1, hint)
    assert low <= delay <= high
    assert outcome.attempts[1].started_at == pytest.approx(outcome.attempts[0].ended_at + delay)
    assert outcome.cost_usd == case.adapter.parse_search(answer, case.price).cost_usd  # the 429 is not billed


@cases
def test_a_rate_limit_that_persists_exhausts_attempts_within_bounds(case):
    outcome = _client(case).call(case.classes["429"][:1])
    assert not outcome.answered and outcome.error.retryable
    assert len(outcome.attempts) == POLICY.max_attempts or outcome.gave_up == "budget"
    assert len(outcome.delays_s) == len(outcome.attempts) - 1
    assert delays_within_bounds(outcome, POLICY)


@cases
def test_server_errors_are_retried_then_the_breaker_opens_and_recovers(case):
    client, errors = _client(case), case.classes["5xx"]
    first = client.call(errors)
    assert [a.outcome for a in first.attempts] == ["error"] * POLICY.max_attempts and first.gave_up == "attempts"
    assert [a.exchange_index for a in first.attempts] == [min(i, len(errors) - 1) for i in range(POLICY.max_attempts)]
    assert delays_within_bounds(first, POLICY)
    second = client.call(errors[-1:])
    # The threshold falls inside the second call: its next attempt is refused without calling out.
    assert [a.outcome for a in second.attempts] == ["error"] * (BREAKER.failure_threshold - POLICY.max_attempts) + ["circuit_open"]
    assert second.attempts[-1].exchange_index is None and second.outcome == "error:circuit_open"
    refused = client.call([_success(case)])
    assert not refused.answered and client.breaker.state == "open"
    client.clock.advance_to(client.breaker.transitions[-1].at + BREAKER.cooldown_s)
    assert client.call([_success(case)]).answered
    assert [(t.from_state, t.to_state) for t in client.breaker.transitions] == [
        ("closed", "open"), ("open", "half_open"), ("half_open", "closed")]


@cases
def test_a_timeout_is_cut_at_its_deadline_then_retried(case):
    outcome = _client(case).call([case.classes["timeout"][0], _success(case)])
    cut = outcome.attempts[0]
    assert cut.outcome == "timeout" and cut.ended_at - cut.started_at == TIMEOUT_S
    assert cut.error.code == "timeout" and cut.error.status is None
    assert outcome.answered and len(outcome.attempts) == 2


@cases
def test_a_late_answer_is_discarded_never_a_success(case):
    late = _success(case).model_copy(update={"elapsed_ms": (TIMEOUT_S + 5) * 1000})
    outcome = _client(case).call([late])
    assert not outcome.answered and outcome.page is None
    assert all(a.outcome == "timeout" and a.late_answer_discarded for a in outcome.attempts)
    assert [a.ended_at - a.started_at for a in outcome.attempts] == pytest.approx([TIMEOUT_S] * len(outcome.attempts))
    # The provider served each late answer, so each is billed at list price though none is used.
    list_price = case.price.search_usd
    assert outcome.cost_usd == (None if list_price is None else pytest.approx(len(outcome.attempts) * list_price))


@cases
def test_a_partial_extract_carries_its_missing_urls(case):
    asked, pages = [], []
    for exchange in case.classes["partial"]:  # one batch call, or one call per URL
        client = _client(case)
        outcome = client.call([exchange])
        urls, failed_page = read_call(exchange, case.adapter, case.price, "partial")
        pages.append(outcome.page if outcome.answered else failed_page)
        asked += urls
    returned = {d.url for p in pages for d in p.documents if d.text.strip()}
    assert 0 < len(returned) < len(asked)
    result = assess_partial(asked, merge_pages(pages))
    assert result.partial and result.missing == [u for u in asked if u not in returned]
    assert result.false_complete == case.liar
