"""Serper has no real recording in ../shared/realdata: only the corpus fixtures are checked."""

from datetime import date

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.providers import serper
from tests.adapter_checks import check_corpus_errors, check_corpus_searches, price, redacted
from tests.recorded import corpus_exchanges


def test_corpus_searches_free_text_dates_and_errors():
    check_corpus_searches("serper")
    dated = [r for path, x in corpus_exchanges("serper", "results", folder="search")
             for r in serper.parse_search(x, price("serper"), source=path).results if r.published_raw]
    assert dated and all(r.published_at is not None for r in dated)
    check_corpus_errors("serper")


def test_scrape_reports_empty_pages_as_complete():
    partial = corpus_exchanges("serper", "partial")
    assert len(partial) == 10 and all(redacted(x, "X-API-KEY") for _, x in partial)
    pages = [serper.parse_extract(x, price("serper"), serper.urls_requested(x), source=p) for p, x in partial]
    assert sum(1 for page in pages if not page.documents) == 4
    assert all(page.provider_says_partial is False and not page.failed_urls for page in pages)  # never admits a miss


def test_spanish_and_relative_dates():
    exchange = Exchange.model_validate({
        "provider": "serper", "operation": "search", "captured_at": "2026-11-10T12:00:00Z",
        "request": {"method": "POST", "url": "https://google.serper.dev/search", "body": {"q": "x"}},
        "response": {"status": 200, "body": {"credits": 1, "organic": [
            {"link": "https://a.mx/1", "date": "hace 3 días", "position": 1},
            {"link": "https://a.mx/2", "date": "12 sept 2026", "position": 2},
            {"link": "https://a.mx/3", "date": "Mar 10, 2022", "position": 3},
            {"link": "https://a.mx/4", "position": 4}]}}})
    page = serper.parse_search(exchange, price("serper"))
    assert [r.published_at for r in page.results] == [date(2026, 11, 7), date(2026, 9, 12), date(2022, 3, 10), None]
    assert page.cost_usd == 0.001
