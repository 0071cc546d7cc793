"""Perplexity against every real recording (Sonar, streamed and whole: langchaingo's traces, vercel-ai's
fixtures), the Search API's documented shape, and each error shape."""

import json
from datetime import date

import pytest

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.providers import perplexity
from tests.adapter_checks import check_corpus_errors, check_corpus_searches, price
from tests.realdata import require_realdata
from tests.recorded import CAPTURED, corpus_exchanges, httprr_exchanges

LIST_PRICE = price("perplexity").model_copy(update={"search_usd": 0.0123})  # a price no wire carries


def _traces() -> dict[str, Exchange]:
    folder = require_realdata("langchaingo", "files", "tools", "perplexity", "testdata")
    return {name: x for path in sorted(folder.glob("*.httprr")) for name, x in httprr_exchanges(path, "perplexity")}


def _vercel(name: str) -> Exchange:
    """vercel-ai's fixtures are bodies only: a `.json` answer, or `.chunks.txt` with one stream event per line
    (their recorder stripped the SSE `data: ` prefix, put back here to replay the wire)."""
    path = require_realdata("vercel-ai", "files", "packages", "perplexity", "src", "__fixtures__", name)
    text = path.read_text(encoding="utf-8")
    response = ({"status": 200, "headers": {"content-type": "application/json"}, "body": json.loads(text)}
                if name.endswith(".json") else
                {"status": 200, "headers": {"content-type": "text/event-stream"},
                 "body_text": "".join(f"data: {line}\n\n" for line in text.splitlines() if line.strip())})
    return Exchange.model_validate({"provider": "perplexity", "operation": "search", "captured_at": CAPTURED,
                                    "request": {"method": "POST", "url": "https://api.perplexity.ai/chat/completions"},
                                    "response": response})


@pytest.mark.realdata
def test_streamed_sonar_traces_give_results_dates_and_the_cost_on_the_wire():
    traces = _traces()
    assert sorted(traces) == ["TestPerplexityTool.httprr#0", "TestTool_Integration.httprr#0"]
    current = perplexity.parse_search(traces["TestPerplexityTool.httprr#0"], LIST_PRICE, "TestPerplexityTool")
    assert [r.url for r in current.results][:2] == [
        "https://www.worldometers.info/geography/largest-countries-in-the-world/",
        "https://www.youtube.com/watch?v=KjAygzVLAdA"]
    assert [r.published_at for r in current.results] == [date(2024, 11, 1), date(2024, 10, 25), date(2025, 7, 21),
                                                         date(2025, 1, 1), date(2025, 3, 25)]
    assert current.cost_usd == 0.005  # usage.cost.total_cost of the final event, not the list price
    assert current.request_id == "ebde16f7-5fad-49df-b901-e1d266d9883b"
    older = perplexity.parse_search(traces["TestTool_Integration.httprr#0"], LIST_PRICE, "TestTool_Integration")
    assert [r.published_at for r in older.results] == [None, date(2024, 8, 7), None, date(2025, 5, 16),
                                                       date(2024, 12, 22)]  # `date: null` stays unknown
    assert older.cost_usd == 0.0123  # that answer carried no cost: the list price


@pytest.mark.realdata
@pytest.mark.parametrize(("name", "urls"), [("perplexity-citations.json", 7), ("perplexity-text.json", 6),
                                            ("perplexity-citations.chunks.txt", 7), ("perplexity-text.chunks.txt", 5)])
def test_vercel_answers_listing_only_citations(name, urls):
    page = perplexity.parse_search(_vercel(name), LIST_PRICE, name)
    assert len(page.results) == urls and all(r.url.startswith("https://") for r in page.results)
    assert all(r.published_at is None and r.title is None for r in page.results)  # citations carry URLs only
    assert page.cost_usd == 0.0123


def test_search_api_results():
    exchange = Exchange.model_validate({
        "provider": "perplexity", "operation": "search", "captured_at": "2026-11-20T18:03:11Z",
        "request": {"method": "POST", "url": "https://api.perplexity.ai/search", "body": {"query": "x"}},
        "response": {"status": 200, "body": {"id": "3c4e1f0a-8d6b-4b7e-9f3a-2b1c0d9e8f7a", "server_time": None,
                                             "results": [
            {"title": "Inflación", "url": "https://a.mx/1", "snippet": "El", "date": "2026-09-24",
             "last_updated": "2026-09-25"},
            {"title": "Sin fecha", "url": "https://a.mx/2", "snippet": "…", "last_updated": "2026-10-01"}]}}})
    page = perplexity.parse_search(exchange, price("perplexity"))
    # `last_updated` is when the page last changed, not when it was published: never read as its date.
    assert [(r.rank, r.published_at, r.snippet) for r in page.results] == [(1, date(2026, 9, 24), "El"),
                                                                           (2, None, "…")]
    assert page.cost_usd == 0.005 and page.request_id == "3c4e1f0a-8d6b-4b7e-9f3a-2b1c0d9e8f7a"


_HTML_401 = ("<html><head><title>401 Authorization Required</title></head><body><center><h1>401 Authorization "
             "Required</h1></center><hr><center>openresty/1.27.4</center></body></html>")


def _error(status: int, body: dict | None = None, text: str | None = None, headers: dict | None = None) -> Exchange:
    response = {"status": status, "headers": headers or {}}
    response.update({"body": body} if body is not None else {"body_text": text} if text else {})
    return Exchange.model_validate({"provider": "perplexity", "operation": "search",
                                    "captured_at": "2026-11-20T18:03:11Z",
                                    "request": {"method": "POST", "url": "https://api.perplexity.ai/search"},
                                    "response": response})


@pytest.mark.parametrize(("exchange", "code", "retryable", "retry_after"), [
    (_error(401, text=_HTML_401, headers={"content-type": "text/html"}), "auth", False, None),  # the gateway's page
    (_error(429, {"error": {"message": "Rate limit exceeded", "type": "rate_limit_error", "code": 429}},
            headers={"retry-after": "7"}), "rate_limited", True, 7.0),
    (_error(400, {"error": {"message": "max_results must be at most 20", "type": "invalid_request_error",
                            "code": 400}}), "bad_request", False, None),
    (_error(500, {"error": {"message": "Internal server error", "type": "api_error", "code": 500}}),
     "server_error", True, None),
    (_error(503), "server_error", True, None),
])
def test_each_error_shape_is_classified(exchange, code, retryable, retry_after):
    error = perplexity.classify_error(exchange)
    assert (error.code, error.retryable, error.retry_after_s) == (code, retryable, retry_after)
    assert (error.code == "rate_limited") is (exchange.response.status == 429)


def test_options_shape_the_request():
    options = perplexity.RequestOptions.model_validate({"max_results": 5, "search_recency_filter": "month"})
    body = perplexity.search_request("Aceros del Bajío", "https://api.perplexity.ai", options).json_body
    assert body == {"query": "Aceros del Bajío", "max_results": 5, "country": "MX", "search_language_filter": ["es"],
                    "search_recency_filter": "month"}
    with pytest.raises(ValueError, match="country"):
        perplexity.RequestOptions.model_validate({"country": "mexico"})


def test_corpus_searches_dates_and_errors():
    check_corpus_searches("perplexity")
    results = [r for path, x in corpus_exchanges("perplexity", "results", folder="search")
               for r in perplexity.parse_search(x, price("perplexity"), source=path).results]
    assert all((r.published_raw is None) == (r.published_at is None) for r in results)
    assert check_corpus_errors("perplexity")["429"].retry_after_s == 4
