"""Exa (`POST api.exa.ai/search`, `/contents`): camelCase, ISO `publishedDate`, `costDollars.total` in USD
on every response, per-URL `statuses[]` on /contents; errors as `{"error", "tag"}`, and 503
SERVICE_OVERLOADED is not billed.

Request options: `type` (auto, fast, instant, neural, keyword, deep…), `num_results` (1–100), `user_location`
(ISO 3166 alpha-2), `highlights`, `livecrawl` or `max_age_hours` (not both: Exa refuses the pair),
`text_max_characters` for /contents."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.provider_error import ProviderError
from bench_pipeline.domain.providers_config import PriceTable
from bench_pipeline.domain.results import ExtractedDocument, ExtractPage, SearchPage, SearchResult
from bench_pipeline.providers.base import (
    Options, RequestSpec, error_body, item_url, json_body, message_text, request_urls, require_list,
    retry_after_seconds, timeout_error, wire_number, wire_object, wire_objects, wire_text, wire_texts, without_none,
)
from bench_pipeline.providers.wire_dates import from_iso

PROVIDER = "exa"


class RequestOptions(Options):
    type: Literal["auto", "fast", "instant", "neural", "keyword", "deep-lite", "deep", "deep-reasoning"] = "auto"
    num_results: int = Field(10, ge=1, le=100)
    user_location: str | None = Field("MX", pattern=r"^[A-Z]{2}$")
    highlights: bool = True
    livecrawl: Literal["never", "fallback", "preferred", "always"] | None = None
    max_age_hours: int | None = Field(None, ge=0)
    text_max_characters: int | None = Field(None, ge=1)

    @model_validator(mode="after")
    def _freshness(self):
        if self.livecrawl is not None and self.max_age_hours is not None:
            raise ValueError("livecrawl and max_age_hours cannot both be set (Exa answers 400 INVALID_REQUEST)")
        return self

    def freshness(self) -> dict:
        return without_none(livecrawl=self.livecrawl, maxAgeHours=self.max_age_hours)


def parse_search(exchange: Exchange, price: PriceTable, source: str = "exa exchange") -> SearchPage:
    body = json_body(exchange, source)
    results = []
    for index, item in enumerate(require_list(body, "results", source)):
        where = f"response.body.results[{index}]"
        url = item_url(item, where, source)
        highlights = wire_texts(item, "highlights", where, source)
        snippet = " … ".join(highlights) or wire_text(item, "text", where, source) or None
        raw_date = wire_text(item, "publishedDate", where, source)
        results.append(SearchResult(
            rank=index + 1,
            url=url,
            title=wire_text(item, "title", where, source) or None,  # Exa often sends "" for a missing title
            snippet=snippet,
            published_at=from_iso(raw_date),
            published_raw=raw_date,
            score=wire_number(item, "score", where, source),
        ))
    return SearchPage(results=results, cost_usd=_cost(body, price.search_usd, source),
                      request_id=wire_text(body, "requestId", "response.body", source))


def parse_extract(exchange: Exchange, price: PriceTable, requested_urls: list[str], source: str = "exa exchange") -> ExtractPage:
    body = json_body(exchange, source)
    documents = []
    for index, item in enumerate(require_list(body, "results", source)):
        where = f"response.body.results[{index}]"
        url = item_url(item, where, source)
        raw_date = wire_text(item, "publishedDate", where, source)
        documents.append(ExtractedDocument(url=url, text=wire_text(item, "text", where, source) or "",
                                           published_at=from_iso(raw_date), published_raw=raw_date))
    statuses = body.get("statuses")
    failed = [item_url(status, f"response.body.statuses[{index}]", source, key="id")
              for index, status in enumerate(wire_objects(body, "statuses", "response.body", source))
              if status.get("status") == "error"]
    fallback = None if price.extract_usd_per_url is None else round(price.extract_usd_per_url * len(documents), 6)
    return ExtractPage(
        documents=documents,
        failed_urls=failed,
        # Older /contents responses carry no `statuses`: then Exa said nothing either way.
        provider_says_partial=None if statuses is None else bool(failed),
        cost_usd=_cost(body, fallback, source),
        request_id=wire_text(body, "requestId", "response.body", source),
    )


def urls_requested(exchange: Exchange, source: str = "exa exchange") -> list[str]:
    return request_urls(exchange, "urls", source) or request_urls(exchange, "ids", source)  # `ids` is the legacy name


def classify_error(exchange: Exchange) -> ProviderError:
    timed_out = timeout_error(PROVIDER, exchange)
    if timed_out:
        return timed_out
    status = exchange.response.status
    body = error_body(exchange)
    tag = body.get("tag") or ""
    message = message_text(body.get("error") or exchange.response.body_text)
    retry_after = retry_after_seconds(exchange)

    def error(code: str, retryable: bool, billed: bool = False) -> ProviderError:
        return ProviderError(provider=PROVIDER, code=code, status=status, retryable=retryable,
                             retry_after_s=retry_after if retryable else None, billed=billed, message=message)

    if status == 429:
        return error("rate_limited", True)
    if status == 402:
        return error("plan_limit", False)
    if status in (401, 403) and tag != "PROHIBITED_CONTENT":
        return error("auth", False)
    if status == 503:
        return error("overloaded", True)  # SERVICE_OVERLOADED: Exa does not bill it
    if status == 504:
        return error("timeout", True)
    if status >= 500:
        return error("server_error", True)
    return error("bad_request", False)


def search_request(query: str, base_url: str, options: RequestOptions) -> RequestSpec:
    return RequestSpec(method="POST", url=f"{base_url}/search", headers={"content-type": "application/json"},
                       json_body={"query": query, "type": options.type, "numResults": options.num_results,
                                  **without_none(userLocation=options.user_location),
                                  "contents": {"highlights": options.highlights, **options.freshness()}})


def extract_request(urls: list[str], base_url: str, options: RequestOptions) -> RequestSpec:
    text = True if options.text_max_characters is None else {"maxCharacters": options.text_max_characters}
    return RequestSpec(method="POST", url=f"{base_url}/contents", headers={"content-type": "application/json"},
                       json_body={"urls": urls, "text": text, **options.freshness()})


def auth_headers(api_key: str) -> dict[str, str]:
    return {"x-api-key": api_key}


def _cost(body: dict, fallback: float | None, source: str) -> float | None:
    """Only `costDollars.total` is stable across Exa's cost layouts; without it, the list price."""
    cost = wire_object(body, "costDollars", "response.body", source)
    total = wire_number(cost, "total", "response.body.costDollars", source)
    return round(float(total), 6) if total is not None else fallback
