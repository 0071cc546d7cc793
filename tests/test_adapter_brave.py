from datetime import date

import pytest

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.providers import brave
from tests.adapter_checks import check_corpus_errors, check_corpus_searches, price, redacted
from tests.realdata import require_realdata
from tests.recorded import body_exchange, corpus_exchanges


@pytest.mark.realdata
def test_parses_every_real_brave_recording():
    bodies = sorted(require_realdata("semantic-kernel").rglob("brave_*.json"))
    assert len(bodies) == 2
    for path in bodies:
        page = brave.parse_search(body_exchange(path, "brave", "https://api.search.brave.com/res/v1/web/search"),
                                  price("brave"), source=path.name)
        assert page.results and all("<strong>" not in (r.snippet or "") for r in page.results)
        assert page.cost_usd == price("brave").search_usd  # Brave's body carries no cost


def test_relative_age_resolves_against_capture_time():
    exchange = Exchange.model_validate({
        "provider": "brave", "operation": "search", "captured_at": "2026-11-10T12:00:00Z",
        "request": {"method": "GET", "url": "https://api.search.brave.com/res/v1/web/search?q=x"},
        "response": {"status": 200, "body": {"web": {"results": [
            {"url": "https://a.mx/1", "age": "2 days ago"},
            {"url": "https://a.mx/2", "age": "September 1, 2026", "page_age": "2026-09-01T00:00:00"},
            {"url": "https://a.mx/3", "age": "3 months ago"}]}}}})
    results = brave.parse_search(exchange, price("brave")).results
    assert [r.published_at for r in results] == [date(2026, 11, 8), date(2026, 9, 1), None]


def test_corpus_searches_and_rate_limit_headers():
    check_corpus_searches("brave")
    searches = corpus_exchanges("brave", "results", folder="search")
    assert all(x.request.method == "GET" and redacted(x, "X-Subscription-Token") for _, x in searches)
    errors = check_corpus_errors("brave")
    assert errors["429"].retry_after_s == 1.0  # the per-second window is the exhausted one
    assert "rate limit" in errors["429"].message
