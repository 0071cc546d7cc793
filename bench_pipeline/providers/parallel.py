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
    Options, RequestSpec, error_body, item_url, json_body, request_urls, require_list, retry_after_seconds,
    status_error, timeout_error, without_none,
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
        url = item_url(item, f"response.body.results[{index}]", source)
        raw_date = item.get("publish_date")
        results.append(SearchResult(rank=index + 1, url=url, title=item.get("title"), snippet=_excerpts(item) or None,
                                    published_at=from_iso(raw_date), published_raw=raw_date))
    return SearchPage(results=results, cost_usd=_usage_cost(body, price, price.search_usd),
                      request_id=body.get("search_id"))


def parse_extract(exchange: Exchange, price: PriceTable, requested_urls: list[str],
                  source: str = "parallel exchange") -> ExtractPage:
    body = json_body(exchange, source)
    documents = []
    for index, item in enumerate(require_list(body, "results", source)):
        raw_date = item.get("publish_date")
        documents.append(ExtractedDocument(url=item_url(item, f"response.body.results[{index}]", source),
                                           text=item.get("full_content") or _excerpts(item),
                                           published_at=from_iso(raw_date), published_raw=raw_date))
    errors = body.get("errors")
    failed = [e.get("url") for e in errors or [] if isinstance(e, dict)]
    fallback = None if price.extract_usd_per_url is None else round(price.extract_usd_per_url * len(documents), 6)
    return ExtractPage(
        documents=documents,
        failed_urls=[u for u in failed if isinstance(u, str)],
        # Without `errors` Parallel said nothing either way.
        provider_says_partial=None if errors is None else bool(failed),
        cost_usd=_usage_cost(body, price, fallback),
        request_id=body.get("extract_id"),
    )


def urls_requested(exchange: Exchange) -> list[str]:
    return request_urls(exchange, "urls")


def classify_error(exchange: Exchange) -> ProviderError:
    timed_out = timeout_error(PROVIDER, exchange)
    if timed_out:
        return timed_out
    error = error_body(exchange).get("error")
    message = str(error.get("message") or "") if isinstance(error, dict) else str(exchange.response.body_text or "")
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


def _excerpts(item: dict) -> str:
    return "\n\n".join(e for e in item.get("excerpts") or [] if isinstance(e, str))


def _usage_cost(body: dict, price: PriceTable, fallback: float | None) -> float | None:
    """Σ count × the unit's list price, when every billed unit is of a kind the price table prices."""
    usage = body.get("usage")
    if not isinstance(usage, list) or not usage:
        return fallback
    unit_price = {"search": price.search_usd, "extract": price.extract_usd_per_url}
    total = 0.0
    for unit in usage:
        name, count = (unit.get("name"), unit.get("count")) if isinstance(unit, dict) else (None, None)
        kind = name.split("-", 1)[0] if isinstance(name, str) else None
        if unit_price.get(kind) is None or not isinstance(count, int) or isinstance(count, bool):
            return fallback
        total += count * unit_price[kind]
    return round(total, 6)
