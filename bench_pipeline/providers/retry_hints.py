"""Where each provider puts "come back later": the `retry-after` header (seconds or HTTP date),
`retry-after-ms`, a body field (Jina `retryAfter`, Tavily keyless `retry_after_seconds`), prose in
the message (Firecrawl "please retry after 48s"), or Brave's exhausted per-second window."""

from __future__ import annotations

import re
from typing import Any

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.providers.base import retry_after_seconds

_PROSE = re.compile(r"retry after (\d+(?:\.\d+)?)\s*s", re.IGNORECASE)
_BODY_FIELDS = ("retryAfter", "retry_after_seconds", "retry_after")


def retry_hint_seconds(exchange: Exchange) -> float | None:
    """The provider's own wait hint in seconds, from wherever it put it; None when it gave none."""
    if exchange.response is None:
        return None
    for hint in (retry_after_seconds(exchange), _header_ms(exchange), _body_hint(exchange.response.body),
                 _prose_hint(exchange), _exhausted_window_reset(exchange)):
        if hint is not None:
            return hint
    return None


def _header_ms(exchange: Exchange) -> float | None:
    value = exchange.response.header("retry-after-ms")
    try:
        return None if value is None else max(0.0, float(value) / 1000.0)
    except ValueError:
        return None


def _body_hint(body: Any) -> float | None:
    """A numeric hint at the top level of the body or one level down (`{"error": {...}}`)."""
    if not isinstance(body, dict):
        return None
    for scope in (body, *(v for v in body.values() if isinstance(v, dict))):
        for field in _BODY_FIELDS:
            value = scope.get(field)
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                return max(0.0, float(value))
    return None


def _prose_hint(exchange: Exchange) -> float | None:
    body = exchange.response.body
    texts = [exchange.response.body_text or ""]
    if isinstance(body, dict):
        texts += [v for v in (body.get("error"), body.get("message")) if isinstance(v, str)]
    for text in texts:
        match = _PROSE.search(text)
        if match:
            return float(match.group(1))
    return None


def _exhausted_window_reset(exchange: Exchange) -> float | None:
    """Brave-style `X-RateLimit-Remaining: 0, 1807` / `X-RateLimit-Reset: 1, 1419704`: the reset of
    the first window whose remaining count is zero (a monthly quota yields a very long wait)."""
    remaining = _number_list(exchange.response.header("x-ratelimit-remaining"))
    reset = _number_list(exchange.response.header("x-ratelimit-reset"))
    for left, seconds in zip(remaining, reset):
        if left == 0:
            return seconds
    return None


def _number_list(value: str | None) -> list[float]:
    try:
        return [float(part) for part in value.split(",")] if value else []
    except ValueError:
        return []
