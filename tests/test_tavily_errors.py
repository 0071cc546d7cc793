"""Tavily's classification of its real error statuses and `retry-after` (as Tavily's API documents them)."""

from __future__ import annotations

import pytest

from bench_pipeline.providers import tavily
from tests.exchange_factory import rate_limited, server_error, timed_out
from tests.sleep_guard import no_long_sleep  # noqa: F401  (autouse guard)


@pytest.mark.parametrize("retry_after, expected", [
    ("12", 12.0),  # seconds, as Tavily documents it
    ("Fri, 20 Nov 2026 18:03:41 GMT", 30.0),  # an HTTP date, 30 s after the capture
    ("soon", None),  # unreadable: no hint rather than a guess
    (None, None),
])
def test_tavily_429_hint_comes_from_retry_after_in_seconds_or_as_a_date(retry_after, expected):
    assert tavily.classify_error(rate_limited(retry_after=retry_after)).retry_after_s == expected


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
