"""Jina has no real recording in our reference captures: its search and reader are tested against the shapes
Jina documents (its reader server's source) and other projects recorded, and each of its error envelopes."""

from datetime import date

import pytest

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.providers import jina
from tests.adapter_checks import check_corpus_errors, check_corpus_searches, price
from tests.recorded import corpus_exchanges

CAPTURED = "2026-11-20T18:03:11Z"


def _exchange(operation: str, status: int, body: dict | None, headers: dict | None = None,
              request: dict | None = None) -> Exchange:
    response = {"status": status, "headers": {"content-type": "application/json", **(headers or {})}}
    if body is not None:
        response["body"] = body
    return Exchange.model_validate({
        "provider": "jina", "operation": operation, "captured_at": CAPTURED,
        "request": request or {"method": "POST", "url": "https://s.jina.ai/", "body": {"q": "x"}},
        "response": response})


def test_search_items_results_dates_and_token_cost():
    body = {"code": 200, "status": 20000, "data": [
        {"title": "Calendario escolar 2026-2027", "url": "https://www.gob.mx/sep/calendario", "description": "La SEP",
         "content": "", "date": "Jun 25, 2026", "usage": {"tokens": 1000}},
        {"title": "Sin fecha", "url": "https://www.gob.mx/sep/otro", "description": "…", "usage": {"tokens": 1000}},
        {"title": "", "url": "https://a.mx/iso", "description": "", "date": "2026-11-19T08:00:00Z"}],
        "meta": {"usage": {"tokens": 10000}}}
    page = jina.parse_search(_exchange("search", 200, body), price("jina"))
    assert [(r.rank, r.published_at) for r in page.results] == [(1, date(2026, 6, 25)), (2, None),
                                                                (3, date(2026, 11, 19))]
    assert page.results[2].title is None and page.results[2].snippet is None  # "" is not a title
    assert page.cost_usd == pytest.approx(10000 * 0.00000005)  # meta.usage.tokens × dollars per token


def test_token_count_from_the_header_when_the_body_has_none_else_the_list_price():
    body = {"code": 200, "status": 200, "data": [{"url": "https://a.mx/1", "title": "a"}]}
    assert jina.parse_search(_exchange("search", 200, body, {"X-Usage-Tokens": "20000"}),
                             price("jina")).cost_usd == pytest.approx(0.001)
    assert jina.parse_search(_exchange("search", 200, body), price("jina")).cost_usd == price("jina").search_usd


READER = {"method": "POST", "url": "https://r.jina.ai/", "body": {"url": "https://www.gob.mx/sep/calendario"}}


def test_reader_document_and_its_published_time():
    body = {"code": 200, "status": 20000, "data": {
        "title": "Calendario escolar 2026-2027 | SEP", "description": "", "url": "https://www.gob.mx/sep/calendario",
        "content": "# Calendario escolar 2026-2027\n\nEl ciclo inicia el 31 de agosto.",
        "publishedTime": "Tue, 18 Aug 2026 20:06:42 GMT",
        "warning": "This is a cached snapshot of the original page, consider retry with caching opt-out.",
        "metadata": {"lang": "es"}, "httpStatus": 200, "usage": {"tokens": 1834}}, "meta": {"usage": {"tokens": 1834}}}
    exchange = _exchange("extract", 200, body, request=READER)
    assert jina.urls_requested(exchange) == ["https://www.gob.mx/sep/calendario"]
    page = jina.parse_extract(exchange, price("jina"), jina.urls_requested(exchange))
    [document] = page.documents
    assert document.published_at == date(2026, 8, 18) and "31 de agosto" in document.text
    assert page.provider_says_partial is False and page.cost_usd == pytest.approx(1834 * 0.00000005)


def test_a_target_page_that_failed_is_reported_by_its_http_status():
    body = {"code": 200, "status": 20000, "data": {
        "title": "", "url": "https://www.solartonala.mx/inversionistas/reporte-2025", "content": "",
        "warning": "Target URL returned error 404: Not Found", "httpStatus": 404}, "meta": {"usage": {"tokens": 0}}}
    get = {"method": "GET", "url": "https://r.jina.ai/https://www.solartonala.mx/inversionistas/reporte-2025"}
    exchange = _exchange("extract", 200, body, request=get)
    assert jina.urls_requested(exchange) == ["https://www.solartonala.mx/inversionistas/reporte-2025"]
    page = jina.parse_extract(exchange, price("jina"), jina.urls_requested(exchange))
    assert page.documents == [] and page.failed_urls == [body["data"]["url"]] and page.provider_says_partial is True


def _envelope(code: int, name: str, status: int, message: str, **extra) -> dict:
    return {"data": None, "code": code, "name": name, "status": status, "message": message,
            "readableMessage": f"{name}: {message}", **extra}


@pytest.mark.parametrize(("status", "body", "headers", "code", "retryable", "retry_after"), [
    (429, _envelope(429, "RateLimitTriggeredError", 42903, "Per IP rate limit exceeded", retryAfter=2,
                    retryAfterDate="2026-11-20T18:03:13.000Z"), {"retry-after": "2"}, "rate_limited", True, 2.0),
    (429, _envelope(429, "RateLimitTriggeredError", 42903, "Per IP rate limit exceeded", retryAfter=5), None,
     "rate_limited", True, 5.0),  # no header: the body's hint
    (402, _envelope(402, "InsufficientBalanceError", 40203, "Account balance not enough to run this query, "
                    "please recharge."), None, "plan_limit", False, None),
    (401, _envelope(401, "AuthenticationRequiredError", 40103, "Authentication is required to use this endpoint."),
     None, "auth", False, None),
    (422, _envelope(422, "AssertionFailureError", 42206, "Domain 'no-existe.invalid' could not be resolved"), None,
     "bad_request", False, None),
    (451, _envelope(451, "SecurityCompromiseError", 45102, "Domain blocked"), None, "blocked_target", False, None),
    (403, _envelope(403, "SecurityCompromiseError", 45102, "Domain blocked"), None, "blocked_target", False, None),
    (503, None, None, "server_error", True, None),
])
def test_each_error_envelope_is_classified(status, body, headers, code, retryable, retry_after):
    error = jina.classify_error(_exchange("search", status, body, headers))
    assert (error.code, error.retryable, error.retry_after_s, error.status) == (code, retryable, retry_after, status)


def test_options_shape_search_and_reader_requests():
    options = jina.RequestOptions.model_validate({"num": 5, "no_cache": True, "reader_url": "http://127.0.0.1:9",
                                                  "reader_format": "text", "timeout_s": 20})
    search = jina.search_request("Aceros del Bajío", "https://s.jina.ai", options)
    assert search.url == "https://s.jina.ai/" and search.json_body == {"q": "Aceros del Bajío", "gl": "mx", "hl": "es",
                                                                       "num": 5}
    assert search.headers["x-respond-with"] == "no-content" and search.headers["x-no-cache"] == "true"
    read = jina.extract_request(["https://a.mx/1"], "https://s.jina.ai", options)
    assert read.url == "http://127.0.0.1:9/" and read.json_body == {"url": "https://a.mx/1"}
    assert (read.headers["x-respond-with"], read.headers["x-timeout"]) == ("text", "20")
    with pytest.raises(ValueError, match="one URL"):
        jina.extract_request(["https://a.mx/1", "https://a.mx/2"], "https://s.jina.ai", options)
    with pytest.raises(ValueError, match="reader_url"):
        jina.RequestOptions.model_validate({"reader_url": "r.jina.ai"})


def test_corpus_searches_undated_results_reader_partial_and_errors():
    check_corpus_searches("jina")
    results = [r for path, x in corpus_exchanges("jina", "results", folder="search")
               for r in jina.parse_search(x, price("jina"), source=path).results]
    assert sum(r.published_at is not None for r in results) < len(results) / 5  # most results carry no date
    partial = corpus_exchanges("jina", "partial")
    pages = [jina.parse_extract(x, price("jina"), jina.urls_requested(x), source=p) for p, x in partial]
    assert len(pages) == 10 and sum(bool(p.failed_urls) for p in pages) == 4
    assert all(p.provider_says_partial is bool(p.failed_urls) for p in pages)  # each failure said by httpStatus
    assert check_corpus_errors("jina")["429"].retry_after_s == 2
