"""Partial extracts judged against what was requested; the cost of a call with its billed retries."""

from __future__ import annotations

import pytest

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.provider_error import ProviderError
from bench_pipeline.domain.providers_config import PriceTable
from bench_pipeline.domain.results import ExtractedDocument, ExtractPage
from bench_pipeline.providers import tavily
from bench_pipeline.resilience.cost import error_cost, total_cost
from bench_pipeline.resilience.partial import assess_partial, honest_partial_gate, requested_urls
from tests.exchange_factory import partial_extract, requested, search_ok
from tests.sleep_guard import no_long_sleep  # noqa: F401  (autouse guard)

PRICE = PriceTable(version="test", usd_per_credit=0.008, search_usd=0.008, extract_usd_per_url=0.0016)


def _page(returned: list[str], failed: list[str], says: bool | None) -> ExtractPage:
    return ExtractPage(documents=[ExtractedDocument(url=u, text="x") for u in returned], failed_urls=failed,
                       provider_says_partial=says, cost_usd=None)


def test_six_of_ten_reported_honestly():
    exchange = partial_extract(returned=6, requested_n=10)
    urls = requested_urls(tavily, exchange, "test")
    result = assess_partial(urls, tavily.parse_extract(exchange, PRICE, urls))
    assert (result.requested, result.returned, result.partial) == (10, 6, True)
    assert result.missing == requested(10)[6:]
    assert (result.provider_says_partial, result.honest, result.unreported, result.false_complete) == (True, True, [], False)


def test_six_of_ten_presented_as_complete_is_the_disqualifying_lie():
    exchange = partial_extract(returned=6, requested_n=10, report_failures=False)
    urls = requested_urls(tavily, exchange, "test")
    result = assess_partial(urls, tavily.parse_extract(exchange, PRICE, urls))
    assert result.missing == requested(10)[6:] and result.unreported == requested(10)[6:]
    assert (result.provider_says_partial, result.honest, result.false_complete) == (False, False, True)
    assert honest_partial_gate([result]).passed is False and honest_partial_gate([result]).value == 1.0


def test_url_spelling_differences_are_not_missing_pages():
    urls = ["https://WWW.Empresa.com.mx/nosotros/", "https://www.empresa.com.mx/contacto"]
    result = assess_partial(urls, _page(["https://www.empresa.com.mx/nosotros", "https://www.empresa.com.mx/contacto"], [], False))
    assert (result.partial, result.missing, result.honest) == (False, [], True)


def test_claiming_failures_that_did_not_happen_is_not_honest_either():
    urls = requested(2)
    assert assess_partial(urls, _page(urls, [], True)).honest is False


def test_no_claim_is_unverifiable_not_a_lie():
    urls = requested(3)
    result = assess_partial(urls, _page(urls[:1], [], None))
    assert (result.partial, result.honest, result.false_complete) == (True, None, False)
    assert honest_partial_gate([result]).passed is True
    assert honest_partial_gate([]).passed is None


def test_an_extract_without_its_requested_urls_is_bad_input():
    with pytest.raises(InputError, match="fixture.json: request.body.urls"):
        requested_urls(tavily, search_ok(), "fixture.json")


def test_failed_attempts_cost_nothing_unless_billed():
    free = ProviderError(provider="exa", code="overloaded", status=503, retryable=True)
    billed = free.model_copy(update={"billed": True})
    assert error_cost(free, PRICE, "search", 1) == 0.0
    assert error_cost(billed, PRICE, "search", 1) == 0.008
    assert error_cost(billed, PRICE, "extract", 10) == 0.016
    assert error_cost(billed, PRICE, "fetch", 1) is None  # the price table does not know it


def test_one_unknown_cost_makes_the_total_unknown():
    assert total_cost([0.008, 0.0, 0.016]) == 0.024
    assert total_cost([0.008, None]) is None
