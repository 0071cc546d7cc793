import pytest

from bench_pipeline.providers import exa
from tests.adapter_checks import check_corpus_errors, check_corpus_searches, price, redacted
from tests.realdata import require_realdata
from tests.recorded import cassette_exchanges, corpus_exchanges


def _real_exa() -> list:
    pydantic_ai = require_realdata("pydantic-ai", "files", "tests", "cassettes", "test_exa")
    crewai = require_realdata("crewai", "files", "lib", "crewai", "tests", "cassettes")
    paths = sorted(pydantic_ai.glob("*.yaml")) + sorted(crewai.rglob("*.yaml"))
    return [x for path in paths for x in cassette_exchanges(path, "exa", "api.exa.ai")]


@pytest.mark.realdata
def test_parses_every_real_exa_recording():
    recorded = _real_exa()
    kinds = {}
    for source, exchange in recorded:
        endpoint = exchange.request.url.rsplit("/", 1)[1]
        kinds[endpoint] = kinds.get(endpoint, 0) + 1
        if endpoint == "contents":
            page = exa.parse_extract(exchange, price("exa"), exa.urls_requested(exchange), source=source)
            assert page.documents[0].text and page.provider_says_partial is False
        elif endpoint == "answer":
            # /answer returns an answer with citations, not a result list: not an operation the bench uses.
            assert "citations" in exchange.response.body
            continue
        else:
            page = exa.parse_search(exchange, price("exa"), source=source)
            assert page.results
        assert page.cost_usd is not None and page.cost_usd > 0  # `costDollars.total` is on every real response
    assert kinds == {"answer": 1, "findSimilar": 1, "contents": 1, "search": 6}


@pytest.mark.realdata
def test_real_exa_iso_dates_are_read():
    dated = [r for source, x in _real_exa() if x.request.url.endswith("/search")
             for r in exa.parse_search(x, price("exa"), source=source).results if r.published_raw]
    assert dated and all(r.published_at is not None for r in dated)


def test_corpus_searches_errors_and_honest_partial():
    check_corpus_searches("exa")
    errors = check_corpus_errors("exa")
    assert errors["503-body"].code == "overloaded" and errors["503-body"].billed is False
    [(path, partial)] = corpus_exchanges("exa", "partial")
    page = exa.parse_extract(partial, price("exa"), exa.urls_requested(partial), source=path)
    assert len(page.documents) == 6 and len(page.failed_urls) == 4 and page.provider_says_partial is True
    assert page.cost_usd == 0.006 and redacted(partial, "x-api-key")


def test_the_fast_configuration_asks_for_five_results_of_the_fast_type():
    check_corpus_searches("exa-fast")
    check_corpus_errors("exa-fast")
    searches = corpus_exchanges("exa-fast", "results", folder="search")
    assert all((x.request.body["type"], x.request.body["numResults"]) == ("fast", 5) for _, x in searches)
    assert max(len(exa.parse_search(x, price("exa-fast"), source=p).results) for p, x in searches) == 5
