import pytest

from bench_pipeline.providers import firecrawl
from tests.adapter_checks import check_corpus_errors, check_corpus_searches, price, redacted
from tests.realdata import require_realdata
from tests.recorded import cassette_exchanges, corpus_exchanges


@pytest.mark.realdata
def test_parses_every_real_firecrawl_recording():
    root = require_realdata("crewai", "files", "lib", "crewai-tools", "tests", "tools", "cassettes")
    recorded = [x for path in sorted(root.rglob("*.yaml")) for x in cassette_exchanges(path, "firecrawl", "api.firecrawl.dev")]
    seen = {"search": 0, "scrape": 0, "status": 0, "start": 0}
    for source, exchange in recorded:
        url, body = exchange.request.url, exchange.response.body
        if url.endswith("/v2/search"):
            seen["search"] += 1
            page = firecrawl.parse_search(exchange, price("firecrawl"), source=source)
            assert page.results and page.cost_usd is not None
        elif url.endswith("/v2/scrape"):
            seen["scrape"] += 1
            page = firecrawl.parse_extract(exchange, price("firecrawl"), [exchange.request.body["url"]], source=source)
            assert page.documents[0].text
        elif "data" in body:  # crawl status polls: the documents read so far
            seen["status"] += 1
            page = firecrawl.parse_extract(exchange, price("firecrawl"), [], source=source)
            assert len(page.documents) == len(body["data"])
        else:
            seen["start"] += 1  # the crawl start answers only with a job id
            assert body["success"] and body["id"]
    assert seen["search"] == 1 and seen["scrape"] == 1 and seen["status"] >= 2


def test_corpus_searches_errors_and_honest_batch():
    check_corpus_searches("firecrawl")
    errors = check_corpus_errors("firecrawl")
    assert errors["429"].retry_after_s == 48  # the hint is only in the error text
    [(path, batch)] = corpus_exchanges("firecrawl", "partial")
    page = firecrawl.parse_extract(batch, price("firecrawl"), firecrawl.urls_requested(batch), source=path)
    assert len(page.documents) == 6 and len(page.failed_urls) == 4 and page.provider_says_partial is True
    assert redacted(batch, "authorization")


def test_renders_the_spa_but_garbles_the_two_column_table():
    reads = {x.artifact: x for _, x in corpus_exchanges("firecrawl", "html", "pdf")}
    spa = firecrawl.parse_extract(reads["_shared/html/sierramadre-spa.html"], price("firecrawl"), [])
    assert "comercial@sierramadrelogistica.mx" in spa.documents[0].text
    table = firecrawl.parse_extract(reads["_shared/pdf/costaesmeralda-exportaciones-2025.pdf"], price("firecrawl"), [])
    assert "Japón\n4,820" not in table.documents[0].text
