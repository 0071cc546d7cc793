"""Each provider's real way of saying "come back later" (research/providers.md), and Tavily's
classification of its real error statuses."""

from __future__ import annotations

import pytest

from bench_pipeline.providers import tavily
from bench_pipeline.providers.retry_hints import retry_hint_seconds
from tests.exchange_factory import rate_limited, server_error, timed_out
from tests.sleep_guard import no_long_sleep  # noqa: F401  (autouse guard)


@pytest.mark.parametrize("headers, body, expected", [
    ({"retry-after": "12"}, None, 12.0),  # Tavily: header in seconds
    ({"retry-after": "Fri, 20 Nov 2026 18:03:41 GMT"}, None, 30.0),  # HTTP date, 30 s after capture
    ({"retry-after-ms": "1500"}, None, 1.5),
    ({}, {"data": None, "code": 429, "name": "RateLimitTriggeredError", "status": 42903,
          "message": "Per IP rate limit exceeded", "retryAfter": 2}, 2.0),  # Jina body field
    ({}, {"error": {"code": "rate_limited", "message": "slow down", "retry_after_seconds": 30}}, 30.0),  # Tavily keyless
    ({}, {"success": False, "error": "Rate limit exceeded. Consumed (req/min): 11, Remaining (req/min): 0. Upgrade your "
          "plan at https://firecrawl.dev/pricing for increased rate limits or please retry after 48s, resets at Wed Sep 30 "
          "2026 18:04:12 GMT+0000 (Coordinated Universal Time)"}, 48.0),  # Firecrawl prose
    ({"X-RateLimit-Remaining": "0, 1807", "X-RateLimit-Reset": "1, 1419704"},
     {"type": "ErrorResponse", "error": {"status": 429, "code": "RATE_LIMITED"}}, 1.0),  # Brave per-second window
    ({"X-RateLimit-Remaining": "1, 0", "X-RateLimit-Reset": "1, 1419704"}, None, 1419704.0),  # Brave monthly quota
    ({}, {"error": "Your account has run out of searches."}, None),  # SerpAPI: no hint at all
])
def test_retry_hint_is_found_wherever_the_provider_puts_it(headers, body, expected):
    exchange = rate_limited(retry_after=None, headers=headers, body=body)
    assert retry_hint_seconds(exchange) == expected


def test_the_header_wins_over_the_body():
    exchange = rate_limited(retry_after="5", body={"retryAfter": 50})
    assert retry_hint_seconds(exchange) == 5.0


def test_a_timeout_has_no_hint():
    assert retry_hint_seconds(timed_out()) is None


@pytest.mark.parametrize("status, code, retryable", [
    (429, "rate_limited", True), (432, "plan_limit", False), (433, "plan_limit", False),
    (401, "auth", False), (400, "bad_request", False), (500, "server_error", True), (502, "server_error", True),
])
def test_tavily_classifies_its_real_statuses(status, code, retryable):
    exchange = rate_limited(retry_after="12") if status == 429 else server_error(status)
    error = tavily.classify_error(exchange)
    assert (error.code, error.retryable, error.status) == (code, retryable, status)
    assert error.retry_after_s == (12.0 if status == 429 else None)


def test_tavily_timeout_is_retryable_with_no_status():
    error = tavily.classify_error(timed_out())
    assert (error.code, error.status, error.retryable) == ("timeout", None, True)
