"""Perplexity Search API (`POST api.perplexity.ai/search`, `Authorization: Bearer`): ranked `results[]` with
`url`, `title`, `snippet`, an optional ISO `date` (publication) and `last_updated` (the page's last change,
not a publication date, so not read as one). The Search API reports no cost: a search costs the price
table's `search_usd` ($5 per 1,000 requests, no token charge). No extract endpoint: pages are fetched and read
by the local extractor.

Sonar's chat completions (`POST /chat/completions`) carry the same search results — `search_results[]`, or
only a `citations[]` list of URLs in older and some current answers — and their cost in dollars,
`usage.cost.total_cost`, which is read when present. They come whole or streamed as server-sent events
(`data: {…}` lines, each event repeating the results and the running usage); `parse_search` reads either.

Errors: 401 comes as an HTML page from the gateway (openresty), not JSON; other errors as
`{"error": {"message", "type", "code"}}` (the OpenAI shape; not confirmed by Perplexity's documentation);
`retry-after` is honoured when sent.

Tested against real recordings of Sonar (langchaingo's streamed httprr traces, 2025-06 and 2025-08, one with
`usage.cost`; vercel-ai's JSON answers and their stream chunks); the Search API's own shape against its
documentation.

Request options: `max_results` (1–20), `country` (ISO 3166 alpha-2), `search_language_filter` (ISO 639-1
codes), `search_recency_filter`, `search_domain_filter` (up to 20), `max_tokens_per_page`, `search_mode`."""

from __future__ import annotations

import json
from typing import Literal

from pydantic import Field

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.provider_error import ProviderError
from bench_pipeline.domain.providers_config import PriceTable
from bench_pipeline.domain.results import SearchPage, SearchResult
from bench_pipeline.providers.base import (
    Options, RequestSpec, error_body, item_url, message_text, require_list, retry_after_seconds, status_error,
    timeout_error, wire_number, wire_object, wire_text, wire_texts, without_none,
)
from bench_pipeline.providers.wire_dates import from_iso

PROVIDER = "perplexity"


class RequestOptions(Options):
    max_results: int = Field(10, ge=1, le=20)
    country: str | None = Field("MX", pattern=r"^[A-Z]{2}$")
    search_language_filter: tuple[str, ...] | None = ("es",)
    search_recency_filter: Literal["hour", "day", "week", "month", "year"] | None = None
    search_domain_filter: tuple[str, ...] | None = Field(None, max_length=20)
    max_tokens_per_page: int | None = Field(None, ge=1)
    search_mode: Literal["web", "academic", "sec"] | None = None


def parse_search(exchange: Exchange, price: PriceTable, source: str = "perplexity exchange") -> SearchPage:
    events = _events(exchange, source)
    where, last = events[-1]
    key = next((key for key in ("results", "search_results") if key in last), None)
    if key is not None:
        items, field = require_list(last, key, source, where), f"{where}.{key}"
    else:  # Sonar answers that list only the URLs they cite
        items, field = [{"url": url} for url in wire_texts(last, "citations", where, source)], f"{where}.citations"
    results = []
    for index, item in enumerate(items):
        item_where = f"{field}[{index}]"
        url = item_url(item, item_where, source)
        raw_date = wire_text(item, "date", item_where, source)
        results.append(SearchResult(rank=index + 1, url=url, title=wire_text(item, "title", item_where, source),
                                    snippet=wire_text(item, "snippet", item_where, source),
                                    published_at=from_iso(raw_date), published_raw=raw_date))
    return SearchPage(results=results, cost_usd=_cost(events, price.search_usd, source),
                      request_id=wire_text(last, "id", where, source))


def classify_error(exchange: Exchange) -> ProviderError:
    timed_out = timeout_error(PROVIDER, exchange)
    if timed_out:
        return timed_out
    error = error_body(exchange).get("error")
    message = message_text(error.get("message") if isinstance(error, dict) else error or exchange.response.body_text)
    return status_error(PROVIDER, exchange, message, retry_after_seconds(exchange))


def search_request(query: str, base_url: str, options: RequestOptions) -> RequestSpec:
    languages = list(options.search_language_filter) if options.search_language_filter else None
    domains = list(options.search_domain_filter) if options.search_domain_filter else None
    return RequestSpec(method="POST", url=f"{base_url}/search", headers={"content-type": "application/json"},
                       json_body={"query": query, "max_results": options.max_results, **without_none(
                           country=options.country, search_language_filter=languages,
                           search_recency_filter=options.search_recency_filter, search_domain_filter=domains,
                           max_tokens_per_page=options.max_tokens_per_page, search_mode=options.search_mode)})


def auth_headers(api_key: str) -> dict[str, str]:
    return {"authorization": f"Bearer {api_key}"}


def _events(exchange: Exchange, source: str) -> list[tuple[str, dict]]:
    """The response as (where, JSON object) pairs: one for a whole answer, every `data:` event of a stream."""
    response = exchange.response
    if response is None:
        raise InputError(source, "response", f"no response ({exchange.error})")
    if isinstance(response.body, dict):
        return [("response.body", response.body)]
    if response.body_text is None:
        raise InputError(source, "response.body", "expected a JSON object or a server-sent event stream")
    events = []
    for number, line in enumerate(response.body_text.splitlines(), start=1):
        payload = line.strip().removeprefix("data:").strip() if line.strip().startswith("data:") else ""
        if not payload or payload == "[DONE]":
            continue
        where = f"response.body_text line {number}"
        try:
            event = json.loads(payload)
        except (ValueError, RecursionError):
            raise InputError(source, where, "a `data:` event that is not JSON") from None
        if not isinstance(event, dict):
            raise InputError(source, where, "a `data:` event that is not a JSON object")
        events.append((where, event))
    if not events:
        raise InputError(source, "response.body_text", "a stream with no `data:` event")
    return events


def _cost(events: list[tuple[str, dict]], fallback: float | None, source: str) -> float | None:
    """The last `usage.cost.total_cost` of the answer (a stream sends it with its final usage); else the list price."""
    for where, event in reversed(events):
        usage = wire_object(event, "usage", where, source)
        cost = wire_object(usage, "cost", f"{where}.usage", source)
        total = wire_number(cost, "total_cost", f"{where}.usage.cost", source)
        if total is not None:
            return round(float(total), 6)
    return fallback
