"""Parallel (`POST api.parallel.ai/v1/search`, `/v1/extract`; `x-api-key`): search takes an `objective` and
`search_queries`, and answers `results[]` with `url`, a nullable `title`, a nullable `publish_date`
(`YYYY-MM-DD`) and `excerpts[]`; extract answers `results[]` with `full_content` (or only excerpts) and
`errors[]`, one `{url, error_type, http_status_code, content}` per requested URL it could not read.

Cost: both answer `usage`, a list of billed units `{name, count}` (SKUs such as `search-basic`,
`extract-full-content`) with no dollar amount. Each unit is priced from the price table by what it is — a
`search…` unit at `search_usd`, an `extract…` unit at `extract_usd_per_url` — so the wire's count decides
the cost; a response without `usage`, or with a unit of another kind, costs the list price.

Errors are `{"type": "error", "error": {"ref_id", "message", "detail"}}` for every non-200 (422 validation —
also what the legacy `/v1beta` body gets on `/v1` —, 401, 402, 429, 5xx); whether a 429 carries
`Retry-After` is not documented, and it is honoured when present.

No real recording of Parallel exists in our reference captures: tested against these documented shapes
(Parallel's Python SDK types and the payloads other projects' tests carry).

Request options: `mode` (turbo, fast, basic, advanced), `max_results`, `location` (ISO 3166 alpha-2),
`max_chars_per_result` (excerpt length), `include_domains`, `after_date`, `full_content` (extract)."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import Field

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.provider_error import ProviderError
from bench_pipeline.domain.providers_config import PriceTable
from bench_pipeline.domain.results import ExtractedDocument, ExtractPage, SearchPage, SearchResult
from bench_pipeline.providers.base import (
    Options, RequestSpec, error_body, item_url, json_body, message_text, request_urls, require_list,
    retry_after_seconds, status_error, timeout_error, wire_list, wire_number, wire_objects, wire_text, wire_texts,
    without_none,
)
from bench_pipeline.providers.wire_dates import from_iso

PROVIDER = "parallel"


class RequestOptions(Options):
    mode: Literal["turbo", "fast", "basic", "advanced"] = "basic"
    max_results: int = Field(10, ge=1, le=40)
    location: str | None = Field("MX", pattern=r"^[A-Z]{2}$")
    max_chars_per_result: int | None = Field(None, ge=100)
    include_domains: tuple[str, ...] | None = None
    after_date: date | None = None
    full_content: bool = True


def parse_search(exchange: Exchange, price: PriceTable, source: str = "parallel exchange") -> SearchPage:
    body = json_body(exchange, source)
    results = []
    for index, item in enumerate(require_list(body, "results", source)):
        where = f"response.body.results[{index}]"
        url = item_url(item, where, source)
        raw_date = wire_text(item, "publish_date", where, source)
        results.append(SearchResult(rank=index + 1, url=url, title=wire_text(item, "title", where, source),
                                    snippet=_excerpts(item, where, source) or None,
                                    published_at=from_iso(raw_date), published_raw=raw_date))
    return SearchPage(results=results, cost_usd=_usage_cost(body, price, price.search_usd, source),
                      request_id=wire_text(body, "search_id", "response.body", source))


def parse_extract(exchange: Exchange, price: PriceTable, requested_urls: list[str],
                  source: str = "parallel exchange") -> ExtractPage:
    body = json_body(exchange, source)
    documents = []
    for index, item in enumerate(require_list(body, "results", source)):
        where = f"response.body.results[{index}]"
        url = item_url(item, where, source)
        raw_date = wire_text(item, "publish_date", where, source)
        documents.append(ExtractedDocument(url=url,
                                           text=wire_text(item, "full_content", where, source)
                                           or _excerpts(item, where, source),
                                           published_at=from_iso(raw_date), published_raw=raw_date))
    failed = [item_url(error, f"response.body.errors[{index}]", source)
              for index, error in enumerate(wire_list(body, "errors", "response.body", source))]
    fallback = None if price.extract_usd_per_url is None else round(price.extract_usd_per_url * len(documents), 6)
    return ExtractPage(
        documents=documents,
        failed_urls=failed,
        # Without `errors` Parallel said nothing either way.
        provider_says_partial=None if body.get("errors") is None else bool(failed),
        cost_usd=_usage_cost(body, price, fallback, source),
        request_id=wire_text(body, "extract_id", "response.body", source),
    )


def urls_requested(exchange: Exchange, source: str = "parallel exchange") -> list[str]:
    return request_urls(exchange, "urls", source)


def classify_error(exchange: Exchange) -> ProviderError:
    timed_out = timeout_error(PROVIDER, exchange)
    if timed_out:
        return timed_out
    error = error_body(exchange).get("error")
    message = message_text(error.get("message") if isinstance(error, dict) else exchange.response.body_text)
    return status_error(PROVIDER, exchange, message, retry_after_seconds(exchange))


def search_request(query: str, base_url: str, options: RequestOptions) -> RequestSpec:
    policy = without_none(include_domains=list(options.include_domains) if options.include_domains else None,
                          after_date=options.after_date.isoformat() if options.after_date else None)
    settings = {"max_results": options.max_results, **without_none(location=options.location)}
    if policy:
        settings["source_policy"] = policy
    if options.max_chars_per_result is not None:
        settings["excerpt_settings"] = {"max_chars_per_result": options.max_chars_per_result}
    return RequestSpec(method="POST", url=f"{base_url}/v1/search", headers={"content-type": "application/json"},
                       json_body={"objective": query, "search_queries": [query], "mode": options.mode,
                                  "advanced_settings": settings})


def extract_request(urls: list[str], base_url: str, options: RequestOptions) -> RequestSpec:
    return RequestSpec(method="POST", url=f"{base_url}/v1/extract", headers={"content-type": "application/json"},
                       json_body={"urls": urls, "advanced_settings": {"full_content": options.full_content}})


def auth_headers(api_key: str) -> dict[str, str]:
    return {"x-api-key": api_key}


def _excerpts(item: dict, where: str, source: str) -> str:
    return "\n\n".join(wire_texts(item, "excerpts", where, source))


def _usage_cost(body: dict, price: PriceTable, fallback: float | None, source: str) -> float | None:
    """Σ count × the unit's list price, when every billed unit is of a kind the price table prices."""
    usage = wire_objects(body, "usage", "response.body", source)
    if not usage:
        return fallback
    unit_price = {"search": price.search_usd, "extract": price.extract_usd_per_url}
    total = 0.0
    for index, unit in enumerate(usage):
        where = f"response.body.usage[{index}]"
        name, count = wire_text(unit, "name", where, source), wire_number(unit, "count", where, source)
        kind = name.split("-", 1)[0] if name is not None else None
        if unit_price.get(kind) is None or count is None:
            return fallback
        total += count * unit_price[kind]
    return round(total, 6)
