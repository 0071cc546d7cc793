"""Jina: search at `s.jina.ai`, reader at `r.jina.ai` (`Authorization: Bearer`, `Accept: application/json`).

Both answer `{"code": 200, "status": 20000, "data": …, "meta": {"usage": {"tokens": N}}}` (`status` is 200 in
newer answers). Search `data[]` items carry `url`, `title`, `description`, the page's `content` unless
`X-Respond-With: no-content`, and a `date` only when the engine's results page showed one — most are
undated. The reader reads one URL per call (`POST r.jina.ai/` with `{"url"}`, or `GET r.jina.ai/<url>`) and
answers one `data` document: `content`, `publishedTime` (the page's own date, else its `Last-Modified`,
RFC 1123 or ISO), and `httpStatus`, the target page's status: a page that answered 4xx/5xx is a read that
failed, and Jina says so there.

Cost is tokens, not requests: `meta.usage.tokens` (also the `X-Usage-Tokens` header) × the price table's
`usd_per_credit`, read as dollars per token (a search bills at least 10,000 tokens per 10 results). Without
either, the list price.

Errors are `{"data": null, "code", "name", "status", "message", "readableMessage"}`: 429
`RateLimitTriggeredError` with `Retry-After` (and `retryAfter` in the body), 402 `InsufficientBalanceError`
(balance spent), 401 `AuthenticationRequiredError`, 422 `AssertionFailureError` (a host that does not
resolve), `SecurityCompromiseError` for a blocked domain (451 or 403: not confirmed which).

No real recording of Jina exists in our reference captures: tested against these documented shapes (Jina's
reader server source and the shapes other projects recorded).

Request options: `gl` (country), `hl` (language), `num` (0–20), `with_content` (search pages' content, billed
in tokens), `no_cache`, `reader_url` (the reader's base URL, a second host beside the search `base_url`),
`reader_format` (markdown, text, html), `timeout_s` (the reader's wait for a slow page)."""

from __future__ import annotations

import math
import re
from typing import Literal
from urllib.parse import unquote, urlsplit

from pydantic import Field

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.provider_error import ProviderError
from bench_pipeline.domain.providers_config import PriceTable
from bench_pipeline.domain.results import ExtractedDocument, ExtractPage, SearchPage, SearchResult
from bench_pipeline.providers.base import (
    Options, RequestSpec, credits_cost, error_body, item_url, json_body, message_text, request_urls, require_list,
    retry_after_seconds, status_error, timeout_error, wire_number, wire_object, wire_text,
)
from bench_pipeline.providers.wire_dates import from_free_text, from_http_date, from_iso

PROVIDER = "jina"
URLS_PER_EXTRACT = 1


class RequestOptions(Options):
    gl: str = "mx"
    hl: str = "es"
    num: int = Field(10, ge=0, le=20)
    with_content: bool = False
    no_cache: bool = False
    reader_url: str = Field("https://r.jina.ai", pattern=r"^https?://[^/?#]+$")
    reader_format: Literal["markdown", "text", "html"] = "markdown"
    timeout_s: int | None = Field(None, ge=1, le=180)


def parse_search(exchange: Exchange, price: PriceTable, source: str = "jina exchange") -> SearchPage:
    body = json_body(exchange, source)
    results = []
    for index, item in enumerate(require_list(body, "data", source)):
        where = f"response.body.data[{index}]"
        url = item_url(item, where, source)
        raw_date = wire_text(item, "date", where, source)
        results.append(SearchResult(
            rank=index + 1,
            url=url,
            title=wire_text(item, "title", where, source) or None,
            snippet=wire_text(item, "description", where, source) or None,
            published_at=_date(raw_date, exchange),
            published_raw=raw_date,
        ))
    return SearchPage(results=results, cost_usd=_tokens_cost(exchange, body, price, price.search_usd, source))


def parse_extract(exchange: Exchange, price: PriceTable, requested_urls: list[str],
                  source: str = "jina exchange") -> ExtractPage:
    body = json_body(exchange, source)
    data = body.get("data")
    if not isinstance(data, dict):
        raise InputError(source, "response.body.data", "expected the read page as an object")
    where = "response.body.data"
    url = wire_text(data, "url", where, source) or (requested_urls or [None])[0]
    if url is None:
        raise InputError(source, f"{where}.url", "expected the read page's URL")
    target_status = wire_number(data, "httpStatus", where, source)
    failed = target_status is not None and target_status >= 400
    text = wire_text(data, "content", where, source) or ""
    raw_date = wire_text(data, "publishedTime", where, source)
    document = ExtractedDocument(url=url, text=text, published_at=_date(raw_date, exchange), published_raw=raw_date)
    return ExtractPage(
        documents=[] if failed or not text else [document],
        failed_urls=[url] if failed else [],
        provider_says_partial=failed,
        cost_usd=_tokens_cost(exchange, body, price, price.extract_usd_per_url, source),
    )


def urls_requested(exchange: Exchange, source: str = "jina exchange") -> list[str]:
    """`{"url"}` in a POST body, or the URL that follows the reader's host in a GET."""
    posted = request_urls(exchange, "url", source)
    if posted:
        return posted
    parts = urlsplit(exchange.request.url)
    target = unquote(parts.path.lstrip("/")) + (f"?{parts.query}" if parts.query else "")
    return [target] if target.startswith(("http://", "https://")) else []


def classify_error(exchange: Exchange) -> ProviderError:
    timed_out = timeout_error(PROVIDER, exchange)
    if timed_out:
        return timed_out
    status = exchange.response.status
    body = error_body(exchange)
    name = message_text(body.get("name"))
    message = message_text(body.get("message") or body.get("readableMessage") or exchange.response.body_text)
    hint = body.get("retryAfter")
    usable = isinstance(hint, (int, float)) and not isinstance(hint, bool) and math.isfinite(hint) and hint >= 0
    retry_after = float(hint) if usable else None

    def error(code: str, retryable: bool) -> ProviderError:
        return ProviderError(provider=PROVIDER, code=code, status=status, retryable=retryable,
                             retry_after_s=(retry_after_seconds(exchange) or retry_after) if retryable else None,
                             message=message)

    if name == "RateLimitTriggeredError":
        return error("rate_limited", True)
    if name == "InsufficientBalanceError":
        return error("plan_limit", False)
    if name == "AuthenticationRequiredError":
        return error("auth", False)
    if name == "SecurityCompromiseError":
        return error("blocked_target", False)  # Jina refuses the domain: another try is refused alike
    if name == "AssertionFailureError":
        return error("bad_request", False)
    return status_error(PROVIDER, exchange, message, retry_after_seconds(exchange) or retry_after)


def search_request(query: str, base_url: str, options: RequestOptions) -> RequestSpec:
    headers = {"accept": "application/json", "content-type": "application/json", **_common_headers(options)}
    if not options.with_content:
        headers["x-respond-with"] = "no-content"
    return RequestSpec(method="POST", url=f"{base_url}/", headers=headers,
                       json_body={"q": query, "gl": options.gl, "hl": options.hl, "num": options.num})


def extract_request(urls: list[str], base_url: str, options: RequestOptions) -> RequestSpec:
    if len(urls) != URLS_PER_EXTRACT:
        raise ValueError("r.jina.ai reads one URL per call")
    headers = {"accept": "application/json", "content-type": "application/json",
               "x-respond-with": options.reader_format, **_common_headers(options)}
    if options.timeout_s is not None:
        headers["x-timeout"] = str(options.timeout_s)
    return RequestSpec(method="POST", url=f"{options.reader_url}/", headers=headers, json_body={"url": urls[0]})


def auth_headers(api_key: str) -> dict[str, str]:
    return {"authorization": f"Bearer {api_key}"}


def _common_headers(options: RequestOptions) -> dict[str, str]:
    return {"x-no-cache": "true"} if options.no_cache else {}


def _date(raw: object, exchange: Exchange):
    """Jina passes dates through as it found them: ISO, RFC 1123, or a results page's display text."""
    if not isinstance(raw, str):
        return None
    return from_iso(raw) or from_http_date(raw) or from_free_text(raw, exchange.captured_at)


def _tokens_cost(exchange: Exchange, body: dict, price: PriceTable, fallback: float | None,
                 source: str) -> float | None:
    meta = wire_object(body, "meta", "response.body", source)
    usage = wire_object(meta, "usage", "response.body.meta", source)
    tokens = wire_number(usage, "tokens", "response.body.meta.usage", source)
    if tokens is None and exchange.response is not None:
        header = exchange.response.header("x-usage-tokens")
        tokens = int(header) if header and re.fullmatch(r"\s*[0-9]{1,15}\s*", header) else None
    return credits_cost(tokens, price, fallback)
