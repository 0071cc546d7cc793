import pytest

from bench_pipeline.providers import tavily
from tests.adapter_checks import check_corpus_errors, check_corpus_searches, price, redacted
from tests.realdata import require_realdata
from tests.recorded import body_exchange, cassette_exchanges, corpus_exchanges


@pytest.mark.realdata
def test_parses_every_real_tavily_recording():
    cassettes = sorted(require_realdata("pydantic-ai", "files", "tests", "cassettes", "test_tavily").glob("*.yaml"))
    recorded = [x for path in cassettes for x in cassette_exchanges(path, "tavily", "api.tavily.com")]
    bodies = sorted(require_realdata("semantic-kernel").rglob("tavily_*.json"))
    recorded += [(p.name, body_exchange(p, "tavily", "https://api.tavily.com/search")) for p in bodies]
    assert len(recorded) == 5
    for source, exchange in recorded:
        page = tavily.parse_search(exchange, price("tavily"), source=source)
        assert page.results and all(r.url.startswith("http") for r in page.results)


def test_corpus_searches_errors_and_honest_partial():
    check_corpus_searches("tavily")
    errors = check_corpus_errors("tavily")
    assert errors["429"].retry_after_s == 12
    [(path, partial)] = corpus_exchanges("tavily", "partial")
    page = tavily.parse_extract(partial, price("tavily"), tavily.urls_requested(partial), source=path)
    assert len(page.documents) == 6 and len(page.failed_urls) == 4 and page.provider_says_partial is True
    assert redacted(partial, "authorization")


def test_cannot_render_the_spa_shell():
    [(path, spa)] = [x for x in corpus_exchanges("tavily", "html") if x[1].artifact.endswith("sierramadre-spa.html")]
    text = tavily.parse_extract(spa, price("tavily"), [spa.request.body["urls"][0]], source=path).documents[0].text
    assert "Cargando" in text and "comercial@" not in text


def test_the_advanced_configuration_bills_two_credits_a_search():
    check_corpus_searches("tavily-advanced")
    check_corpus_errors("tavily-advanced")
    searches = corpus_exchanges("tavily-advanced", "results", folder="search")
    assert all(x.request.body["search_depth"] == "advanced" for _, x in searches)
    assert {tavily.parse_search(x, price("tavily-advanced"), source=p).cost_usd for p, x in searches} == {0.016}
