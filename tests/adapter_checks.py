"""Checks every adapter must pass on its provider's corpus fixtures."""

from __future__ import annotations

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.providers_config import PriceTable
from bench_pipeline.providers.registry import adapter_module, load_providers
from tests.recorded import CORPUS, corpus_exchanges

PROVIDERS_YAML = CORPUS.parents[1] / "providers.yaml"


def price(provider: str) -> PriceTable:
    return load_providers(PROVIDERS_YAML).providers[provider].price


def wire_format(slug: str) -> str:
    """The adapter a slug speaks (a configuration such as exa-fast speaks its base's)."""
    return load_providers(PROVIDERS_YAML).providers[slug].adapter


def adapter_of(slug: str):
    return adapter_module(wire_format(slug))


def check_corpus_searches(provider: str) -> None:
    adapter = adapter_of(provider)
    searches = corpus_exchanges(provider, "results", "contradictory", folder="search")
    assert len(searches) == 40
    for path, exchange in searches:
        page = adapter.parse_search(exchange, price(provider), source=path)
        assert 1 <= len(page.results) <= 10, path
        assert [r.rank for r in page.results] == list(range(1, len(page.results) + 1))
        assert page.cost_usd is None or page.cost_usd > 0


def check_corpus_errors(provider: str) -> dict[str, object]:
    """Classify every error fixture; return them by file stem for provider-specific assertions."""
    adapter = adapter_of(provider)
    out = {}
    for path, exchange in corpus_exchanges(provider, "429", "5xx", "timeout"):
        error = adapter.classify_error(exchange)
        assert error.retryable, path  # 429, 5xx and timeouts are all worth another try
        out[path.rsplit("/", 1)[1].removesuffix(".json")] = error
    assert set(out) == {"429", "502-body", "502-empty", "503-body", "503-empty", "timeout"}
    assert out["timeout"].status is None and out["429"].code == "rate_limited"
    return out


def redacted(exchange: Exchange, header: str) -> bool:
    return exchange.request.header(header) == "REDACTED"
