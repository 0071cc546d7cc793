"""Provider cases the resilience tests run on: Tavily-format exchanges built here, plus every
provider of the bundled corpus once `fixtures/web-search/manifest.json` exists in the repository."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.providers_config import PriceTable
from bench_pipeline.fixtures.manifest_io import load_manifest, manifest_path
from bench_pipeline.providers.base import WireAdapter
from bench_pipeline.providers.registry import adapter_module, load_providers
from bench_pipeline.resilience.error_fixtures import exchanges_by_class
from tests import exchange_factory

REPO = Path(__file__).resolve().parents[1]
BUNDLED = REPO / "fixtures" / "web-search"
# The bundled demo corpus is authored with one provider that reports a partial extract as complete.
BUNDLED_LIARS = {"serper"}


@dataclass(frozen=True)
class ProviderCase:
    label: str
    provider: str
    adapter: WireAdapter
    price: PriceTable
    classes: dict[str, list[Exchange]]
    liar: bool

    def __str__(self) -> str:
        return self.label


def constructed_cases() -> list[ProviderCase]:
    config = load_providers(REPO / "providers.yaml").providers["tavily"]
    adapter = adapter_module(config.adapter)
    return [
        ProviderCase("tavily-built", "tavily", adapter, config.price, exchange_factory.error_classes(), liar=False),
        ProviderCase("tavily-built-liar", "tavily", adapter, config.price, exchange_factory.error_classes(liar=True), liar=True),
    ]


def bundled_cases() -> list[ProviderCase]:
    if not manifest_path(BUNDLED).exists():
        return []
    manifest = load_manifest(BUNDLED)
    config = load_providers(REPO / "providers.yaml")
    providers = sorted({e.provider for e in manifest.entries if e.provider in config.providers})
    return [ProviderCase(f"{slug}-bundled", slug, adapter_module(config.providers[slug].adapter), config.providers[slug].price,
                         exchanges_by_class(BUNDLED, manifest, slug), liar=slug in BUNDLED_LIARS)
            for slug in providers]


ALL_CASES = constructed_cases() + bundled_cases()
