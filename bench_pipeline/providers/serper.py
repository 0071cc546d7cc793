"""Serper (`POST google.serper.dev/search`, `POST scrape.serper.dev`, `X-API-KEY`): Google results under
`organic[]` with `link` and an optional free-text `date` ("Mar 10, 2022", "hace 3 días"), `credits` at
top level; scrape returns `{text, metadata}` for one URL and has no way to say it failed to read it.
Errors are `{"message", "statusCode"}`.

Request options: `gl` (country), `hl` (language), `num` (1–100), `location`, `tbs` (Google's date filter)."""

from __future__ import annotations

from pydantic import Field

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.provider_error import ProviderError
from bench_pipeline.domain.providers_config import PriceTable
from bench_pipeline.domain.results import ExtractedDocument, ExtractPage, SearchPage, SearchResult
from bench_pipeline.providers.base import (
    Options, RequestSpec, credits_cost, error_body, item_url, json_body, message_text, request_urls, require_list,
    retry_after_seconds, status_error, timeout_error, wire_number, wire_text, without_none,
)
from bench_pipeline.providers.wire_dates import from_free_text

PROVIDER = "serper"
URLS_PER_EXTRACT = 1  # scrape.serper.dev reads one URL per call


class RequestOptions(Options):
    gl: str = "mx"
    hl: str = "es"
    num: int = Field(10, ge=1, le=100)
    location: str | None = None
    tbs: str | None = None


def parse_search(exchange: Exchange, price: PriceTable, source: str = "serper exchange") -> SearchPage:
    body = json_body(exchange, source)
    results = []
    for index, item in enumerate(require_list(body, "organic", source)):
        where = f"response.body.organic[{index}]"
        url = item_url(item, where, source, key="link")
        raw_date = wire_text(item, "date", where, source)
        results.append(SearchResult(
            rank=_position(item, where, source) or index + 1,
            url=url,
            title=wire_text(item, "title", where, source),
            snippet=wire_text(item, "snippet", where, source),
            published_at=from_free_text(raw_date, exchange.captured_at),
            published_raw=raw_date,
        ))
    return SearchPage(results=results, cost_usd=credits_cost(_credits(body, source), price, price.search_usd),
                      request_id=None)


def parse_extract(exchange: Exchange, price: PriceTable, requested_urls: list[str], source: str = "serper exchange") -> ExtractPage:
    """One scrape call reads one URL. An empty `text` is what Serper sends when it read nothing —
    with a 200 and no flag: no document came back, yet Serper's own claim stays "complete" (`False`)."""
    body = json_body(exchange, source)
    text = wire_text(body, "text", "response.body", source)
    urls = urls_requested(exchange, source)
    if not urls:
        raise InputError(source, "request.body.url", "a scrape request names the URL it read")
    return ExtractPage(
        documents=[ExtractedDocument(url=urls[0], text=text)] if text else [],
        failed_urls=[],
        provider_says_partial=False,
        cost_usd=credits_cost(_credits(body, source), price, price.extract_usd_per_url),
    )


def urls_requested(exchange: Exchange, source: str = "serper exchange") -> list[str]:
    return request_urls(exchange, "url", source)


def classify_error(exchange: Exchange) -> ProviderError:
    timed_out = timeout_error(PROVIDER, exchange)
    if timed_out:
        return timed_out
    status = exchange.response.status
    body = error_body(exchange)
    message = message_text(body.get("message") or exchange.response.body_text)
    if status == 400 and "credits" in message.lower():  # "Not enough credits" comes back as a 400
        return ProviderError(provider=PROVIDER, code="plan_limit", status=status, retryable=False, message=message)
    return status_error(PROVIDER, exchange, message, retry_after_seconds(exchange))


def search_request(query: str, base_url: str, options: RequestOptions) -> RequestSpec:
    return RequestSpec(method="POST", url=f"{base_url}/search", headers={"content-type": "application/json"},
                       json_body={"q": query, "gl": options.gl, "hl": options.hl, "num": options.num,
                                  **without_none(location=options.location, tbs=options.tbs)})


def extract_request(urls: list[str], base_url: str, options: RequestOptions) -> RequestSpec:
    if len(urls) != URLS_PER_EXTRACT:
        raise ValueError("scrape.serper.dev reads one URL per call")
    return RequestSpec(method="POST", url="https://scrape.serper.dev", headers={"content-type": "application/json"},
                       json_body={"url": urls[0]})


def auth_headers(api_key: str) -> dict[str, str]:
    return {"X-API-KEY": api_key}


def _credits(body: dict, source: str) -> float | None:
    return wire_number(body, "credits", "response.body", source)


def _position(item: dict, where: str, source: str) -> int | None:
    """Google's own rank of the result, when Serper passes it on."""
    position = item.get("position")
    if position is None or (isinstance(position, int) and not isinstance(position, bool) and position >= 1):
        return position
    raise InputError(source, f"{where}.position", f"expected a rank (a whole number from 1), found {position!r:.40}")
