"""Brave Search (`GET api.search.brave.com/res/v1/web/search?q=…`, `X-Subscription-Token`): results under
`web.results[]`, dates as a human `age` ("2 days ago", "September 1, 2026") plus a zone-less ISO
`page_age`; no cost and no extract endpoint — quota lives in `X-RateLimit-*` headers, errors are
`{"type": "ErrorResponse", "error": {"code": "RATE_LIMITED", …}}`.

Request options: `country`, `search_lang`, `ui_lang`, `count` (1–20), `freshness` (pd, pw, pm, py or a range),
`safesearch`."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

import html
import math
import re
from urllib.parse import urlencode

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.provider_error import ProviderError
from bench_pipeline.domain.providers_config import PriceTable
from bench_pipeline.domain.results import SearchPage, SearchResult
from bench_pipeline.providers.base import (
    Options, RequestSpec, error_body, item_url, json_body, message_text, require_list, retry_after_seconds,
    status_error, timeout_error, wire_object, wire_text, without_none,
)
from bench_pipeline.providers.wire_dates import from_free_text, from_iso

PROVIDER = "brave"
_TAGS = re.compile(r"</?strong>")


class RequestOptions(Options):
    country: str = "MX"
    search_lang: str = "es"
    ui_lang: str = "es-MX"
    count: int = Field(10, ge=1, le=20)
    freshness: str | None = Field(None, pattern=r"^(pd|pw|pm|py|\d{4}-\d{2}-\d{2}to\d{4}-\d{2}-\d{2})$")
    safesearch: Literal["off", "moderate", "strict"] | None = None


def parse_search(exchange: Exchange, price: PriceTable, source: str = "brave exchange") -> SearchPage:
    body = json_body(exchange, source)
    web = wire_object(body, "web", "response.body", source)  # a query with no web hits has no `web` block at all
    results = []
    for index, item in enumerate(require_list(web, "results", source, "response.body.web") if web else []):
        where = f"response.body.web.results[{index}]"
        url = item_url(item, where, source)
        age = wire_text(item, "age", where, source)
        page_age = wire_text(item, "page_age", where, source)
        # `page_age` is the page's own date; `age` is Brave's display of it, relative when recent.
        published = from_iso(page_age) or from_free_text(age, exchange.captured_at)
        description = wire_text(item, "description", where, source)
        results.append(SearchResult(
            rank=index + 1,
            url=url,
            title=wire_text(item, "title", where, source),
            snippet=html.unescape(_TAGS.sub("", description)) if description is not None else None,
            published_at=published,
            published_raw=age or page_age,
        ))
    # Brave reports no cost on the wire: every successful request costs the list price.
    return SearchPage(results=results, cost_usd=price.search_usd, request_id=None)


def classify_error(exchange: Exchange) -> ProviderError:
    timed_out = timeout_error(PROVIDER, exchange)
    if timed_out:
        return timed_out
    status = exchange.response.status
    body = error_body(exchange)
    error = body.get("error") if isinstance(body.get("error"), dict) else {}
    code = message_text(error.get("code"))
    message = message_text(error.get("detail") or exchange.response.body_text)
    if status == 429 or code == "RATE_LIMITED":
        return ProviderError(provider=PROVIDER, code="rate_limited", status=status, retryable=True,
                             retry_after_s=_reset_seconds(exchange), message=message)
    if code.startswith("SUBSCRIPTION_TOKEN"):  # a bad key comes back as 422, not 401
        return ProviderError(provider=PROVIDER, code="auth", status=status, retryable=False, message=message)
    return status_error(PROVIDER, exchange, message, retry_after_seconds(exchange))


def search_request(query: str, base_url: str, options: RequestOptions) -> RequestSpec:
    params = {"q": query, "country": options.country, "search_lang": options.search_lang, "ui_lang": options.ui_lang,
              "count": options.count, **without_none(freshness=options.freshness, safesearch=options.safesearch)}
    return RequestSpec(method="GET", url=f"{base_url}/res/v1/web/search?{urlencode(params)}",
                       headers={"accept": "application/json", "accept-encoding": "gzip"})


def auth_headers(api_key: str) -> dict[str, str]:
    return {"X-Subscription-Token": api_key}


def _reset_seconds(exchange: Exchange) -> float | None:
    """Brave sends no `retry-after`; `X-RateLimit-Reset: 1, 1419704` gives each window's reset in
    seconds, and the first window whose `X-RateLimit-Remaining` is 0 is the one to wait for."""
    explicit = retry_after_seconds(exchange)
    if explicit is not None:
        return explicit
    resets = _header_numbers(exchange, "x-ratelimit-reset")
    remaining = _header_numbers(exchange, "x-ratelimit-remaining")
    for index, reset in enumerate(resets):
        if index < len(remaining) and remaining[index] == 0:
            return reset
    return resets[0] if resets else None


def _header_numbers(exchange: Exchange, name: str) -> list[float]:
    value = exchange.response.header(name) if exchange.response else None
    try:
        numbers = [float(part) for part in value.split(",")] if value else []
    except ValueError:
        return []
    return numbers if all(math.isfinite(n) for n in numbers) else []
