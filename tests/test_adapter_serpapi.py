"""SerpAPI against its real recording (langchaingo's trace) and each error shape SerpAPI documents or was seen
answering."""

from datetime import date

import pytest

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.providers import serpapi
from bench_pipeline.providers.base import authorized
from tests.adapter_checks import check_corpus_errors, check_corpus_searches, price
from tests.realdata import require_realdata
from tests.recorded import corpus_exchanges, httprr_exchanges


@pytest.mark.realdata
def test_parses_the_real_google_search():
    trace = require_realdata("langchaingo", "files", "tools", "serpapi", "testdata", "TestSerpAPITool.httprr")
    [(source, exchange)] = httprr_exchanges(trace, "serpapi")
    assert "api_key=" in exchange.request.url and not exchange.request.header("authorization")  # key in the URL
    page = serpapi.parse_search(exchange, price("serpapi"), source=source)
    assert len(page.results) == 10 and [r.rank for r in page.results] == list(range(1, 11))
    assert page.results[0].url == "https://en.wikipedia.org/wiki/Unix"
    assert all(r.url.startswith("http") and r.title and r.snippet for r in page.results)
    dated = {r.rank: r.published_at for r in page.results if r.published_raw}
    assert dated == {3: date(2022, 11, 11), 9: date(2019, 10, 17), 10: date(2019, 1, 8)}  # "Nov 11, 2022"…
    assert page.cost_usd == price("serpapi").search_usd == 0.015  # no cost on the wire: the list price
    assert page.request_id == "68a320592ddc438a3898a371"  # search_metadata.id


def _exchange(status: int, body: dict | None = None, body_text: str | None = None, headers: dict | None = None,
              captured_at: str = "2026-11-20T18:03:11Z") -> Exchange:
    response = {"status": status, "headers": {"content-type": "application/json", **(headers or {})}}
    response.update({"body": body} if body is not None else {"body_text": body_text} if body_text else {})
    return Exchange.model_validate({
        "provider": "serpapi", "operation": "search", "captured_at": captured_at,
        "request": {"method": "GET", "url": "https://serpapi.com/search.json?engine=google&q=x&api_key=REDACTED"},
        "response": response})


def test_no_results_is_a_200_with_an_error_and_counts_as_zero_results():
    page = serpapi.parse_search(_exchange(200, {"search_metadata": {"id": "6233bba5d04d6d63bb714e6f",
                                                                    "status": "Success"},
                                                "error": "Google hasn't returned any results for this query."}),
                                price("serpapi"))
    assert page.results == [] and page.cost_usd == 0.015


def test_spanish_display_dates_resolve():
    body = {"organic_results": [{"position": 1, "link": "https://www.dof.gob.mx/a", "date": "18 jun 2026"},
                                {"position": 2, "link": "https://www.gob.mx/b", "date": "hace 3 días"},
                                {"position": 3, "link": "https://www.gob.mx/c"}]}
    page = serpapi.parse_search(_exchange(200, body), price("serpapi"))
    assert [r.published_at for r in page.results] == [date(2026, 6, 18), date(2026, 11, 17), None]


@pytest.mark.parametrize(("status", "body", "code", "retryable"), [
    # The plan's searches are spent: a 429, yet waiting does not help.
    (429, {"error": "Your account has run out of searches."}, "plan_limit", False),
    # The hourly throughput exceeded: also a 429, worth another try later.
    (429, {"error": "Your searches for the past hour have exceeded the hourly limit of your plan."},
     "rate_limited", True),
    (401, {"error": "Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key"}, "auth", False),
    (401, {"error": "We couldn't find your API Key."}, "auth", False),
    (400, {"error": "Missing query `q` parameter."}, "bad_request", False),
    (500, {"error": "Something went wrong. Please try again."}, "server_error", True),
    (503, None, "server_error", True),
])
def test_each_error_shape_is_classified(status, body, code, retryable):
    error = serpapi.classify_error(_exchange(status, body))
    assert (error.code, error.retryable, error.status) == (code, retryable, status)
    assert (error.code == "rate_limited") is (status == 429 and retryable)


def test_the_key_goes_in_the_query_and_options_shape_the_request():
    options = serpapi.RequestOptions.model_validate({"location": "Mexico City, Mexico", "num": 20, "no_cache": True})
    spec = authorized(serpapi, serpapi.search_request("RFC de Acme", "https://serpapi.com", options), "k-123")
    assert spec.url == ("https://serpapi.com/search.json?engine=google&q=RFC+de+Acme&google_domain=google.com.mx"
                        "&gl=mx&hl=es&location=Mexico+City%2C+Mexico&num=20&no_cache=true&api_key=k-123")
    assert "k-123" not in str(spec.headers)
    with pytest.raises(ValueError, match="num"):
        serpapi.RequestOptions.model_validate({"num": 0})


def test_corpus_searches_and_errors():
    check_corpus_searches("serpapi")
    searches = corpus_exchanges("serpapi", "results", folder="search")
    assert all("api_key=REDACTED" in x.request.url for _, x in searches)  # the key's place, redacted
    dated = [r for path, x in searches for r in serpapi.parse_search(x, price("serpapi"), source=path).results
             if r.published_raw]
    assert dated and all(r.published_at is not None for r in dated)  # Spanish display dates all read
    assert check_corpus_errors("serpapi")["429"].retry_after_s is None  # SerpAPI sends no retry hint
