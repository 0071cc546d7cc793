"""Parallel has no real recording in our reference captures: search and extract are tested against the shapes
its Python SDK types document (and other projects' test payloads), with each error shape."""

from datetime import date

import pytest

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.providers import parallel
from tests.adapter_checks import check_corpus_errors, check_corpus_searches, price
from tests.recorded import corpus_exchanges

SEARCH = {
    "search_id": "search_cad0a6d2dec046bd95ae900527d880e7", "session_id": "sess_7f21",
    "results": [
        {"url": "https://www.gob.mx/conasami/prensa/salario-minimo-2026", "title": "Salario mínimo 2026 | CONASAMI",
         "publish_date": "2025-12-03", "excerpts": ["## Salario mínimo general", "A partir del 1 de enero de 2026"]},
        {"url": "https://www.gob.mx/stps/documentos/x", "title": None, "publish_date": None, "excerpts": ["…"]}],
    "usage": [{"name": "search-basic", "count": 1}],
    "warnings": [{"type": "input_validation_warning", "message": "max_results clamped to 10", "detail": None}]}


def _exchange(operation: str, status: int, body: dict | None, headers: dict | None = None,
              request_body: dict | None = None) -> Exchange:
    response = {"status": status, "headers": {"content-type": "application/json", **(headers or {})}}
    if body is not None:
        response["body"] = body
    return Exchange.model_validate({
        "provider": "parallel", "operation": operation, "captured_at": "2026-11-20T18:03:11Z",
        "request": {"method": "POST", "url": f"https://api.parallel.ai/v1/{operation}",
                    "body": request_body or {"objective": "x", "search_queries": ["x"]}},
        "response": response})


def test_search_results_dates_excerpts_and_the_billed_units():
    page = parallel.parse_search(_exchange("search", 200, SEARCH), price("parallel"))
    assert [(r.rank, r.published_at, r.title) for r in page.results] == [
        (1, date(2025, 12, 3), "Salario mínimo 2026 | CONASAMI"), (2, None, None)]
    assert page.results[0].snippet == "## Salario mínimo general\n\nA partir del 1 de enero de 2026"
    assert page.cost_usd == 0.005 and page.request_id == SEARCH["search_id"]


@pytest.mark.parametrize(("usage", "cost"), [
    ([{"name": "search-basic", "count": 2}], 0.01),  # the wire's count, priced per unit
    ([{"name": "search-basic", "count": 1}, {"name": "search-additional-results", "count": 1}], 0.01),
    ([{"name": "tokens", "count": 1200}], 0.005),  # a unit the price table cannot price: the list price
    (None, 0.005),
])
def test_cost_comes_from_the_usage_units(usage, cost):
    body = {**SEARCH, "usage": usage} if usage is not None else {k: v for k, v in SEARCH.items() if k != "usage"}
    assert parallel.parse_search(_exchange("search", 200, body), price("parallel")).cost_usd == cost


def test_extract_reports_the_urls_it_could_not_read():
    urls = ["https://www.gob.mx/conasami/prensa/salario-minimo-2026", "https://www.example.mx/paywalled"]
    body = {"extract_id": "extract_cad0a6d2dec046bd95ae900527d880e7", "session_id": "sess_7f21",
            "results": [{"url": urls[0], "title": "Salario mínimo 2026 | CONASAMI", "publish_date": "2025-12-03",
                         "excerpts": ["…"], "full_content": "# Salario mínimo 2026\n\nTexto completo."}],
            "errors": [{"url": urls[1], "error_type": "fetch_failed", "http_status_code": 403, "content": "Forbidden"}],
            "usage": [{"name": "extract-full-content", "count": 1}]}
    exchange = _exchange("extract", 200, body, request_body={"urls": urls, "advanced_settings": {"full_content": True}})
    page = parallel.parse_extract(exchange, price("parallel"), parallel.urls_requested(exchange))
    assert [d.text for d in page.documents] == ["# Salario mínimo 2026\n\nTexto completo."]
    assert page.failed_urls == [urls[1]] and page.provider_says_partial is True and page.cost_usd == 0.001
    silent = parallel.parse_extract(_exchange("extract", 200, {k: v for k, v in body.items() if k != "errors"},
                                              request_body={"urls": urls}), price("parallel"), urls)
    assert silent.provider_says_partial is None  # no `errors` list: Parallel said nothing either way


def _error(status: int, message: str, headers: dict | None = None) -> Exchange:
    return _exchange("search", status, {"type": "error", "error": {"ref_id": "err_9c1d2e", "message": message,
                                                                    "detail": None}}, headers)


@pytest.mark.parametrize(("exchange", "code", "retryable", "retry_after"), [
    (_error(422, "search_queries must contain at least one query"), "bad_request", False, None),
    (_error(401, "Invalid API key"), "auth", False, None),
    (_error(402, "Insufficient credits"), "plan_limit", False, None),
    (_error(429, "Rate limit exceeded", {"retry-after": "3"}), "rate_limited", True, 3.0),
    (_error(429, "Rate limit exceeded"), "rate_limited", True, None),
    (_error(500, "Internal error"), "server_error", True, None),
    (_exchange("search", 502, None), "server_error", True, None),
])
def test_each_error_shape_is_classified(exchange, code, retryable, retry_after):
    error = parallel.classify_error(exchange)
    assert (error.code, error.retryable, error.retry_after_s) == (code, retryable, retry_after)
    assert error.message == ("" if exchange.response.body is None else exchange.response.body["error"]["message"])


def test_options_shape_the_request():
    options = parallel.RequestOptions.model_validate({"mode": "turbo", "max_results": 5, "max_chars_per_result": 1500,
                                                      "include_domains": ["gob.mx"], "after_date": "2025-12-01"})
    body = parallel.search_request("salario mínimo 2026 México", "https://api.parallel.ai", options).json_body
    assert body == {"objective": "salario mínimo 2026 México", "search_queries": ["salario mínimo 2026 México"],
                    "mode": "turbo", "advanced_settings": {
                        "max_results": 5, "location": "MX",
                        "source_policy": {"include_domains": ["gob.mx"], "after_date": "2025-12-01"},
                        "excerpt_settings": {"max_chars_per_result": 1500}}}
    with pytest.raises(ValueError, match="mode"):
        parallel.RequestOptions.model_validate({"mode": "ultra"})


def test_corpus_searches_honest_partial_and_errors():
    check_corpus_searches("parallel")
    [(path, partial)] = corpus_exchanges("parallel", "partial")
    page = parallel.parse_extract(partial, price("parallel"), parallel.urls_requested(partial), source=path)
    assert len(page.documents) == 6 and len(page.failed_urls) == 4 and page.provider_says_partial is True
    assert page.cost_usd == 0.006  # six `extract-full-content` units at $0.001
    assert check_corpus_errors("parallel")["429"].retry_after_s is None
