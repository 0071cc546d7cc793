"""Each adapter's parse_search / parse_extract (and classify_error, and our fetcher) on mutated recordings: the
bundled corpus's exchanges always, and the real third-party recordings when they are beside the clone.

A mutant parses into a valid page or raises an InputError naming the recording and a field under `response`
or `request`; a parsed search page keeps every result the body lists (none dropped unsaid)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from pydantic import ValidationError

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.provider_error import ProviderError
from bench_pipeline.domain.results import ExtractPage, SearchPage
from bench_pipeline.fixtures.exchanges import load_exchange
from bench_pipeline.fixtures.manifest_io import load_manifest
from bench_pipeline.providers.fetch import fetch_page
from tests.adapter_checks import adapter_of, price, wire_format
from tests.faults.fuzz_inputs import Again, Raw, assert_finite, fuzz_settings, mutated_tree, outcome
from tests.realdata import require_realdata
from tests.recorded import CORPUS, body_exchange, cassette_exchanges

# Where each wire format lists its search results, so a parsed page can be held to keeping all of them.
RESULT_LISTS = {"tavily": [("results",)], "exa": [("results",)], "brave": [("web", "results")],
                "serper": [("organic",)], "firecrawl": [("data", "web"), ("data", "news")],
                "serpapi": [("organic_results",)], "jina": [("data",)], "parallel": [("results",)]}
# Wire formats that list results under the first of these keys present (Perplexity's Search API, then Sonar's
# two shapes); a streamed Sonar answer has no body to count from.
FIRST_LISTED = {"perplexity": [("results",), ("search_results",), ("citations",)]}
# Extract bodies whose `results` (or `data`) list is one document per item.
DOCUMENT_LISTS = {"tavily": ("results",), "exa": ("results",), "firecrawl": ("data",), "parallel": ("results",)}


def _operation(provider: str, exchange: Exchange) -> str:
    if exchange.response is None or exchange.response.status >= 400:
        return "error"
    return exchange.operation


@cache
def bundled() -> list[tuple[str, str, dict]]:
    """(provider, source, exchange as JSON) for every provider exchange of the bundled corpus."""
    out = []
    for entry in load_manifest(CORPUS).entries:
        if entry.provider and entry.fixture_class != "expected":
            exchange = load_exchange(CORPUS, entry.path)
            out.append((entry.provider, entry.path, exchange.model_dump(mode="json")))
    return out


@cache
def real_recordings() -> list[tuple[str, str, dict]]:
    """The real provider recordings the adapter tests read (skips when the captures folder is absent)."""
    pydantic_ai = require_realdata("pydantic-ai", "files", "tests", "cassettes")
    crewai = require_realdata("crewai", "files", "lib")
    semantic_kernel = require_realdata("semantic-kernel")
    found = [("tavily", s, x) for p in sorted((pydantic_ai / "test_tavily").glob("*.yaml"))
             for s, x in cassette_exchanges(p, "tavily", "api.tavily.com")]
    found += [("exa", s, x) for p in [*sorted((pydantic_ai / "test_exa").glob("*.yaml")),
                                      *sorted((crewai / "crewai" / "tests" / "cassettes").rglob("*.yaml"))]
              for s, x in cassette_exchanges(p, "exa", "api.exa.ai")]
    firecrawl = crewai / "crewai-tools" / "tests" / "tools" / "cassettes"
    found += [("firecrawl", s, x) for p in sorted(firecrawl.rglob("*.yaml"))
              for s, x in cassette_exchanges(p, "firecrawl", "api.firecrawl.dev")]
    for provider, url in [("tavily", "https://api.tavily.com/search"),
                          ("brave", "https://api.search.brave.com/res/v1/web/search")]:
        found += [(provider, p.name, body_exchange(p, provider, url))
                  for p in sorted(semantic_kernel.rglob(f"{provider}_*.json"))]
    # The cassettes record searches, scrapes and crawl polls alike as `search`: the URL says which it was.
    return [(provider, source, _as_recorded(exchange).model_dump(mode="json"))
            for provider, source, exchange in found]


def _as_recorded(exchange: Exchange) -> Exchange:
    url = exchange.request.url
    extract = any(part in url for part in ("/extract", "/contents", "/scrape", "/crawl", "/batch"))
    return exchange.model_copy(update={"operation": "extract" if extract else "search"})


@st.composite
def mutated_exchange(draw, seeds: Callable[[], list[tuple[str, str, dict]]]) -> tuple[str, str, Exchange, dict]:
    """A recording with its response body (mostly), its request body or the whole exchange mutated; mutants the
    exchange model itself refuses are the loader's concern (test_fuzz_loaders), not the adapter's. `seeds` is
    called at the first draw: a list in the strategy's repr would be spelled out whole."""
    provider, source, original = draw(st.sampled_from(seeds()))
    where = draw(st.sampled_from(["response", "response", "response", "request", "whole"]))
    mutated = dict(original)
    if where == "whole":
        mutated = draw(mutated_tree(original)).doc
    elif isinstance(original.get(where), dict) and "body" in original[where]:
        mutated[where] = {**original[where], "body": draw(mutated_tree(original[where]["body"])).doc}
    assume(isinstance(mutated, dict) and not _holds_markers(mutated))
    try:
        exchange = Exchange.model_validate(mutated)
    except ValidationError:
        assume(False)
    body = exchange.response.body if exchange.response is not None else None
    return provider, f"fuzz/{source}", exchange, body


def _holds_markers(value) -> bool:
    """Raw fragments and repeated keys exist only in serialized text; a parsed exchange cannot hold them."""
    if isinstance(value, Raw):
        return True
    if isinstance(value, dict):
        return any(isinstance(k, Again) or _holds_markers(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_holds_markers(v) for v in value)
    return False


def _parse(provider: str, exchange: Exchange, source: str):
    adapter = adapter_of(provider)  # a slug names its wire format in providers.yaml (exa-fast speaks exa)
    operation = _operation(provider, exchange)
    if operation == "error":
        return adapter.classify_error(exchange)
    if operation == "fetch":
        return fetch_page(exchange)
    if operation == "search":
        return adapter.parse_search(exchange, price(provider), source=source)
    if not hasattr(adapter, "parse_extract"):
        return None
    return adapter.parse_extract(exchange, price(provider), adapter.urls_requested(exchange, source), source=source)


def _listed(body, path: tuple[str, ...]) -> int | None:
    for key in path:
        if not isinstance(body, dict):
            return None
        body = body.get(key)
    return len(body) if isinstance(body, list) else None


def _result_lists(wire: str, body: dict) -> list[tuple[str, ...]]:
    if wire in FIRST_LISTED:
        return [path for path in FIRST_LISTED[wire] if path[0] in body][:1]
    return RESULT_LISTS[wire]


def check(provider: str, source: str, exchange: Exchange, body) -> None:
    result = outcome(lambda: _parse(provider, exchange, source), source)
    if isinstance(result, InputError):
        assert result.field.startswith(("response", "request")), result
        return
    assert result is None or isinstance(result, (SearchPage, ExtractPage, ProviderError)), type(result)
    if result is not None:
        assert_finite(result.model_dump())
        type(result).model_validate(result.model_dump())
    wire = wire_format(provider)
    if isinstance(result, SearchPage) and isinstance(body, dict):
        listed = [n for path in _result_lists(wire, body) if (n := _listed(body, path)) is not None]
        assert len(result.results) == sum(listed), f"{sum(listed)} results listed, {len(result.results)} parsed"
    if isinstance(result, ExtractPage) and exchange.operation == "extract" and wire in DOCUMENT_LISTS:
        listed = _listed(body, DOCUMENT_LISTS[wire])
        if listed is not None:
            assert len(result.documents) == listed, f"{listed} documents listed, {len(result.documents)} parsed"


@fuzz_settings(150)
@given(mutated_exchange(bundled))
def test_adapters_on_mutated_bundled_recordings(mutant):
    check(*mutant)


@pytest.mark.realdata
@fuzz_settings(100)
@given(mutated_exchange(real_recordings))  # skips at the first draw when the captures are absent
def test_adapters_on_mutated_real_recordings(mutant):
    check(*mutant)
