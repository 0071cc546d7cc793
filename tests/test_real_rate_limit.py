"""A real recorded 429 (OpenRouter, via pydantic-ai's cassette): it carries no retry hint anywhere,
so the client must fall back to pure backoff — and still retry."""

from __future__ import annotations

import random

import pytest
import yaml

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.providers_config import PriceTable
from bench_pipeline.providers import tavily
from bench_pipeline.resilience.breaker import CircuitBreaker
from bench_pipeline.resilience.clock import VirtualClock
from bench_pipeline.resilience.conformance import delays_within_bounds
from bench_pipeline.resilience.replay_client import ReplayClient
from bench_pipeline.resilience.retry import RetryPolicy
from tests.exchange_factory import CAPTURED_AT
from tests.realdata import require_realdata
from tests.sleep_guard import no_long_sleep  # noqa: F401  (autouse guard)

CASSETTE = ("pydantic-ai", "files", "tests", "models", "cassettes", "test_openrouter", "test_openrouter_errors_raised.yaml")


def _real_429() -> Exchange:
    interaction = yaml.safe_load(require_realdata(*CASSETTE).read_text(encoding="utf-8"))["interactions"][0]
    response = interaction["response"]
    return Exchange.model_validate({
        "provider": "tavily", "operation": "search", "captured_at": CAPTURED_AT, "elapsed_ms": 200,
        "request": {"method": interaction["request"]["method"], "url": interaction["request"]["uri"]},
        "response": {"status": response["status"]["code"],
                     "headers": {k: v[0] for k, v in response["headers"].items()}, "body": response["parsed_body"]},
    })


@pytest.mark.realdata
def test_a_real_429_without_a_hint_is_retried_on_backoff_alone():
    exchange = _real_429()
    assert exchange.response.status == 429
    error = tavily.classify_error(exchange)
    assert (error.code, error.retryable, error.retry_after_s) == ("rate_limited", True, None)
    clock, policy = VirtualClock(), RetryPolicy(max_attempts=3)
    client = ReplayClient("tavily", tavily, PriceTable(version="list prices unused"), CircuitBreaker("tavily", clock), clock, random.Random(5), policy)
    outcome = client.call([exchange])
    assert len(outcome.attempts) == 3 and delays_within_bounds(outcome, policy)
    assert all(d <= policy.ceiling(n) for n, d in enumerate(outcome.delays_s, start=1))
