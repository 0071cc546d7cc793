"""Firecrawl v2 (`POST api.firecrawl.dev/v2/search`, `/v2/scrape`, `/v2/batch/scrape`; `Authorization: Bearer`):
search hits under `data.web[]` (and dated `data.news[]`), cost as `creditsUsed`; a scrape returns one
`data` document, a batch/crawl status returns `data[]` with `completed`/`total` and simply omits the
URLs it failed. Errors are `{"success": false, "error": "…"}` with the retry hint only in the text.

Request options: `limit` (1–100), `lang`, `country`, `location`, `tbs`, `only_main_content`, `formats`."""

from __future__ import annotations

import re

from pydantic import Field

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.provider_error import ProviderError
from bench_pipeline.domain.providers_config import PriceTable
from bench_pipeline.domain.results import ExtractedDocument, ExtractPage, SearchPage, SearchResult
from bench_pipeline.providers.base import (
    Options, RequestSpec, credits_cost, error_body, item_url, json_body, message_text, request_urls, require_list,
    retry_after_seconds, status_error, timeout_error, wire_number, wire_object, wire_text, without_none,
)
from bench_pipeline.providers.wire_dates import from_free_text, from_iso

PROVIDER = "firecrawl"
_RETRY_HINT = re.compile(r"retry after (\d+(?:\.\d+)?)\s*s", re.IGNORECASE)


class RequestOptions(Options):
    limit: int = Field(10, ge=1, le=100)
    lang: str = "es"
    country: str = "mx"
    location: str | None = "Mexico"
    tbs: str | None = None
    only_main_content: bool = True
    formats: tuple[str, ...] = ("markdown",)


def parse_search(exchange: Exchange, price: PriceTable, source: str = "firecrawl exchange") -> SearchPage:
    body = json_body(exchange, source)
    data = body.get("data")
    if not isinstance(data, dict):
        raise InputError(source, "response.body.data", "expected an object with `web` (v2 search)")
    results = []
    for block in ("web", "news"):
        if data.get(block) is None:
            continue
        for index, item in enumerate(require_list(data, block, source, "response.body.data")):
            where = f"response.body.data.{block}[{index}]"
            url = item_url(item, where, source)
            metadata = wire_object(item, "metadata", where, source)
            meta = f"{where}.metadata"
            raw_date = wire_text(item, "date", where, source) or wire_text(metadata, "publishedTime", meta, source)
            results.append(SearchResult(
                rank=len(results) + 1,
                url=url,
                title=wire_text(item, "title", where, source) or wire_text(metadata, "title", meta, source),
                snippet=wire_text(item, "description", where, source) or wire_text(item, "snippet", where, source),
                published_at=from_iso(raw_date) or from_free_text(raw_date, exchange.captured_at),
                published_raw=raw_date,
            ))
    cost = credits_cost(_credits(body, "response.body", source), price, price.search_usd)
    return SearchPage(results=results, cost_usd=cost, request_id=wire_text(body, "id", "response.body", source))


def parse_extract(exchange: Exchange, price: PriceTable, requested_urls: list[str], source: str = "firecrawl exchange") -> ExtractPage:
    body = json_body(exchange, source)
    data = body.get("data")
    if isinstance(data, dict):
        return _scrape(data, price, source)
    documents = [_document(item, f"response.body.data[{index}]", source)
                 for index, item in enumerate(require_list(body, "data", source))]
    read = {d.url for d in documents}
    completed, total = body.get("completed"), body.get("total")
    says_partial = completed < total if isinstance(completed, int) and isinstance(total, int) else None
    fallback = None if price.extract_usd_per_url is None else round(price.extract_usd_per_url * len(documents), 6)
    return ExtractPage(
        documents=documents,
        failed_urls=[u for u in requested_urls if u not in read],
        provider_says_partial=says_partial,
        cost_usd=credits_cost(_credits(body, "response.body", source), price, fallback),
        request_id=wire_text(body, "id", "response.body", source),
    )


def urls_requested(exchange: Exchange, source: str = "firecrawl exchange") -> list[str]:
    return request_urls(exchange, "urls", source) or request_urls(exchange, "url", source)


def classify_error(exchange: Exchange) -> ProviderError:
    timed_out = timeout_error(PROVIDER, exchange)
    if timed_out:
        return timed_out
    status = exchange.response.status
    body = error_body(exchange)
    message = message_text(body.get("error") or exchange.response.body_text)
    hint = _RETRY_HINT.search(message)
    retry_after = float(hint[1]) if hint else retry_after_seconds(exchange)
    if status == 408:  # SCRAPE_TIMEOUT: the target page was slow, another try may work
        return ProviderError(provider=PROVIDER, code="timeout", status=status, retryable=True, message=message)
    return status_error(PROVIDER, exchange, message, retry_after)


def search_request(query: str, base_url: str, options: RequestOptions) -> RequestSpec:
    return RequestSpec(method="POST", url=f"{base_url}/v2/search", headers={"content-type": "application/json"},
                       json_body={"query": query, "limit": options.limit, "sources": ["web"], "lang": options.lang,
                                  "country": options.country,
                                  **without_none(location=options.location, tbs=options.tbs)})


def extract_request(urls: list[str], base_url: str, options: RequestOptions) -> RequestSpec:
    reading = {"formats": list(options.formats), "onlyMainContent": options.only_main_content}
    if len(urls) == 1:
        return RequestSpec(method="POST", url=f"{base_url}/v2/scrape", headers={"content-type": "application/json"},
                           json_body={"url": urls[0], **reading})
    return RequestSpec(method="POST", url=f"{base_url}/v2/batch/scrape", headers={"content-type": "application/json"},
                       json_body={"urls": urls, **reading})


def auth_headers(api_key: str) -> dict[str, str]:
    return {"authorization": f"Bearer {api_key}"}


def _document(item: object, field: str, source: str) -> ExtractedDocument:
    if not isinstance(item, dict):
        raise InputError(source, field, "expected a scraped document object")
    metadata = wire_object(item, "metadata", field, source)
    where = f"{field}.metadata"
    url = (wire_text(item, "url", field, source) or wire_text(metadata, "sourceURL", where, source)
           or wire_text(metadata, "url", where, source))
    if url is None:
        raise InputError(source, f"{where}.sourceURL", "expected the scraped page's URL")
    raw_date = (wire_text(metadata, "publishedTime", where, source)
                or wire_text(metadata, "article:published_time", where, source))
    return ExtractedDocument(url=url, text=wire_text(item, "markdown", field, source) or "",
                             published_at=from_iso(raw_date), published_raw=raw_date)


def _scrape(data: dict, price: PriceTable, source: str) -> ExtractPage:
    """A single /v2/scrape: the target page's own status is `metadata.statusCode`."""
    document = _document(data, "response.body.data", source)
    metadata = wire_object(data, "metadata", "response.body.data", source)
    failed = isinstance(metadata.get("statusCode"), int) and metadata["statusCode"] >= 400
    return ExtractPage(
        documents=[] if failed else [document],
        failed_urls=[document.url] if failed else [],
        provider_says_partial=failed,
        cost_usd=credits_cost(_credits(metadata, "response.body.data.metadata", source), price,
                              price.extract_usd_per_url),
        request_id=wire_text(metadata, "scrapeId", "response.body.data.metadata", source),
    )


def _credits(block: dict, where: str, source: str) -> float | None:
    return wire_number(block, "creditsUsed", where, source)
