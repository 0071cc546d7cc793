"""SerpAPI, Google results (`GET serpapi.com/search.json?engine=google&q=…`): the key travels as the `api_key`
query parameter, not a header. Results under `organic_results[]` with `link`, `position` and an optional
free-text `date` ("Nov 11, 2022", "18 jun 2026", "hace 3 días"); `search_metadata.id` identifies the search.
No cost on the wire (billing is per successful search, read from the Account API): every search costs the
price table's `search_usd`. No extract endpoint: pages are fetched and read by the local extractor.

A query Google answers with nothing comes back as a 200 with `{"error": "Google hasn't returned any results
for this query."}` and no `organic_results`: zero results, not an error. Real errors are `{"error": "…"}`
with a 4xx/5xx: 429 means either "Your account has run out of searches." (the plan is spent: waiting does
not help) or the hourly throughput was exceeded (retry); 401 is a bad or missing key.

Tested against a real recording (langchaingo's httprr trace of a Google search, 2025-08).

Request options: `google_domain`, `gl` (country), `hl` (language), `location`, `num` (1–100), `tbs`
(Google's date filter), `device`, `no_cache` (a cached answer within the hour is free; `true` forces a
billed fresh search)."""

from __future__ import annotations

from typing import Literal
from urllib.parse import urlencode

from pydantic import Field

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.provider_error import ProviderError
from bench_pipeline.domain.providers_config import PriceTable
from bench_pipeline.domain.results import SearchPage, SearchResult
from bench_pipeline.providers.base import (
    Options, RequestSpec, error_body, item_url, json_body, message_text, retry_after_seconds, status_error,
    timeout_error, wire_list, wire_object, wire_text, without_none,
)
from bench_pipeline.providers.wire_dates import from_free_text

PROVIDER = "serpapi"
_OUT_OF_SEARCHES = "run out of searches"


class RequestOptions(Options):
    google_domain: str = "google.com.mx"
    gl: str = "mx"
    hl: str = "es"
    location: str | None = None
    num: int = Field(10, ge=1, le=100)
    tbs: str | None = None
    device: Literal["desktop", "tablet", "mobile"] | None = None
    no_cache: bool = False


def parse_search(exchange: Exchange, price: PriceTable, source: str = "serpapi exchange") -> SearchPage:
    body = json_body(exchange, source)
    if body.get("organic_results") is None and wire_text(body, "error", "response.body", source) is None:
        raise InputError(source, "response.body.organic_results", "expected a list (or a 200 `error` saying "
                         "Google returned no results)")
    results = []
    for index, item in enumerate(wire_list(body, "organic_results", "response.body", source)):
        where = f"response.body.organic_results[{index}]"
        url = item_url(item, where, source, key="link")
        raw_date = wire_text(item, "date", where, source)
        results.append(SearchResult(
            rank=index + 1,
            url=url,
            title=wire_text(item, "title", where, source),
            snippet=wire_text(item, "snippet", where, source),
            published_at=from_free_text(raw_date, exchange.captured_at),
            published_raw=raw_date,
        ))
    metadata = wire_object(body, "search_metadata", "response.body", source)
    return SearchPage(results=results, cost_usd=price.search_usd,
                      request_id=wire_text(metadata, "id", "response.body.search_metadata", source))


def classify_error(exchange: Exchange) -> ProviderError:
    timed_out = timeout_error(PROVIDER, exchange)
    if timed_out:
        return timed_out
    status = exchange.response.status
    message = message_text(error_body(exchange).get("error") or exchange.response.body_text)
    if status == 429 and _OUT_OF_SEARCHES in message.lower():
        return ProviderError(provider=PROVIDER, code="plan_limit", status=status, retryable=False, message=message)
    if message.lower().startswith(("invalid api key", "we couldn't find your api key")):
        return ProviderError(provider=PROVIDER, code="auth", status=status, retryable=False, message=message)
    return status_error(PROVIDER, exchange, message, retry_after_seconds(exchange))


def search_request(query: str, base_url: str, options: RequestOptions) -> RequestSpec:
    params = {"engine": "google", "q": query, "google_domain": options.google_domain, "gl": options.gl,
              "hl": options.hl, **without_none(location=options.location), "num": options.num,
              **without_none(tbs=options.tbs, device=options.device, no_cache="true" if options.no_cache else None)}
    return RequestSpec(method="GET", url=f"{base_url}/search.json?{urlencode(params)}",
                       headers={"accept": "application/json"})


def auth_params(api_key: str) -> dict[str, str]:
    return {"api_key": api_key}


def auth_headers(api_key: str) -> dict[str, str]:
    return {}  # the key is a query parameter (`auth_params`)
