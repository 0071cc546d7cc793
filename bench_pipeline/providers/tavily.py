"""Tavily (`POST api.tavily.com/search`, `/extract`): `results[]`, `failed_results[]`, `usage.credits`,
errors as `{"detail": {"error": "…"}}`; 432/433 are plan limits, not worth retrying.

Request options (`request:` in providers.yaml): `search_depth` (basic, advanced, fast, ultra-fast; advanced bills
2 credits), `topic`, `country` (lowercase English name, general topic only), `max_results` (0–20),
`include_raw_content`, `chunks_per_source` (advanced only), `time_range`, `extract_depth`, `extract_format`."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.provider_error import ProviderError
from bench_pipeline.domain.providers_config import PriceTable
from bench_pipeline.domain.results import ExtractedDocument, ExtractPage, SearchPage, SearchResult
from bench_pipeline.providers.base import (
    Options, RequestSpec, credits_cost, error_body, item_url, json_body, message_text, request_urls, require_list,
    retry_after_seconds, status_error, timeout_error, wire_list, wire_number, wire_object, wire_text, without_none,
)
from bench_pipeline.providers.wire_dates import from_http_date

PROVIDER = "tavily"


class RequestOptions(Options):
    search_depth: Literal["basic", "advanced", "fast", "ultra-fast"] = "basic"
    topic: Literal["general", "news", "finance"] = "general"
    country: str | None = "mexico"
    max_results: int = Field(10, ge=0, le=20)
    include_raw_content: bool | Literal["markdown", "text"] | None = None
    chunks_per_source: int | None = Field(None, ge=1, le=3)
    time_range: Literal["day", "week", "month", "year"] | None = None
    extract_depth: Literal["basic", "advanced"] = "basic"
    extract_format: Literal["markdown", "text"] = "text"

    @model_validator(mode="after")
    def _combinations(self):
        # Tavily answers 400 to these rather than ignoring them.
        if self.chunks_per_source is not None and self.search_depth != "advanced":
            raise ValueError("chunks_per_source needs search_depth: advanced")
        if self.country is not None and self.topic != "general":
            raise ValueError("country applies only to topic: general")
        return self


def parse_search(exchange: Exchange, price: PriceTable, source: str = "tavily exchange") -> SearchPage:
    body = json_body(exchange, source)
    results = []
    for index, item in enumerate(require_list(body, "results", source)):
        where = f"response.body.results[{index}]"
        url = item_url(item, where, source)
        # Only `topic: news` results carry a date; general results are honestly undated.
        raw_date = wire_text(item, "published_date", where, source)
        results.append(SearchResult(
            rank=index + 1,
            url=url,
            title=wire_text(item, "title", where, source),
            snippet=wire_text(item, "content", where, source),
            published_at=from_http_date(raw_date),
            published_raw=raw_date,
            score=wire_number(item, "score", where, source),
        ))
    return SearchPage(results=results, cost_usd=_credits_cost(body, price, price.search_usd, source),
                      request_id=wire_text(body, "request_id", "response.body", source))


def parse_extract(exchange: Exchange, price: PriceTable, requested_urls: list[str], source: str = "tavily exchange") -> ExtractPage:
    body = json_body(exchange, source)
    documents = []
    for index, item in enumerate(require_list(body, "results", source)):
        where = f"response.body.results[{index}]"
        documents.append(ExtractedDocument(url=item_url(item, where, source),
                                           text=wire_text(item, "raw_content", where, source) or ""))
    failed = [item_url(item, f"response.body.failed_results[{index}]", source)
              for index, item in enumerate(wire_list(body, "failed_results", "response.body", source))]
    # Tavily bills 1 credit per 5 successful URLs (basic depth); failed URLs are free.
    fallback = None if price.extract_usd_per_url is None else round(price.extract_usd_per_url * len(documents), 6)
    return ExtractPage(
        documents=documents,
        failed_urls=failed,
        provider_says_partial=bool(failed),
        cost_usd=_credits_cost(body, price, fallback, source),
        request_id=wire_text(body, "request_id", "response.body", source),
    )


def urls_requested(exchange: Exchange, source: str = "tavily exchange") -> list[str]:
    return request_urls(exchange, "urls", source)


def classify_error(exchange: Exchange) -> ProviderError:
    timed_out = timeout_error(PROVIDER, exchange)
    if timed_out:
        return timed_out
    body = error_body(exchange)
    detail = body.get("detail")
    message = message_text(detail.get("error") if isinstance(detail, dict) else detail or exchange.response.body_text)
    return status_error(PROVIDER, exchange, message, retry_after_seconds(exchange), plan_limit=(432, 433))


def search_request(query: str, base_url: str, options: RequestOptions) -> RequestSpec:
    return RequestSpec(method="POST", url=f"{base_url}/search", headers={"content-type": "application/json"},
                       json_body={"query": query, "search_depth": options.search_depth, "topic": options.topic,
                                  **without_none(country=options.country), "max_results": options.max_results,
                                  **without_none(include_raw_content=options.include_raw_content,
                                                 chunks_per_source=options.chunks_per_source,
                                                 time_range=options.time_range),
                                  "include_usage": True})


def extract_request(urls: list[str], base_url: str, options: RequestOptions) -> RequestSpec:
    return RequestSpec(method="POST", url=f"{base_url}/extract", headers={"content-type": "application/json"},
                       json_body={"urls": urls, "extract_depth": options.extract_depth,
                                  "format": options.extract_format, "include_usage": True})


def auth_headers(api_key: str) -> dict[str, str]:
    return {"authorization": f"Bearer {api_key}"}


def _credits_cost(body: dict, price: PriceTable, fallback: float | None, source: str) -> float | None:
    """`usage.credits` is on the wire only with `include_usage: true`; else the list price."""
    usage = wire_object(body, "usage", "response.body", source)
    return credits_cost(wire_number(usage, "credits", "response.body.usage", source), price, fallback)
