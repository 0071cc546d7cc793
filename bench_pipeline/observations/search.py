"""Replay each provider's search fixtures for each golden case into normalized rows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.golden import GoldenCase, HostFamilies
from bench_pipeline.domain.manifest import ManifestEntry
from bench_pipeline.domain.providers_config import ProviderConfig
from bench_pipeline.golden.families import family_of
from bench_pipeline.observations.router import HONEST_NO_DATA, may_call_web
from bench_pipeline.providers.base import host_of
from bench_pipeline.providers.registry import adapter_module

SEARCH_CLASSES = frozenset({"results", "contradictory"})


@dataclass
class SearchObservations:
    results: list[dict] = field(default_factory=list)
    calls: list[dict] = field(default_factory=list)


def search_fixture_index(entries: list[ManifestEntry]) -> dict[tuple[str, str], ManifestEntry]:
    """(provider, case_id) → the search fixture recorded for it."""
    index: dict[tuple[str, str], ManifestEntry] = {}
    for entry in entries:
        if entry.provider and entry.case_id and entry.fixture_class in SEARCH_CLASSES and "/search/" in entry.path:
            key = (entry.provider, entry.case_id)
            if key in index:
                raise InputError(entry.path, "case_id", f"second search fixture for {key} (first: {index[key].path})")
            index[key] = entry
    return index


def observe_searches(
    root: Path,
    entries: list[ManifestEntry],
    cases: list[GoldenCase],
    providers: dict[str, ProviderConfig],
    families: HostFamilies,
    load: Callable[[str], Exchange],
) -> SearchObservations:
    """`load` is the transport: it turns a fixture path into the recorded exchange (replay)."""
    out = SearchObservations()
    index = search_fixture_index(entries)
    for slug, config in sorted(providers.items()):
        adapter = adapter_module(config.adapter)
        for case in cases:
            base = {"provider": slug, "case_id": case.id, "category": case.category, "operation": "search"}
            if not may_call_web(case):
                out.calls.append({**base, "fixture": None, "status": None, "elapsed_ms": None, "cost_usd": 0.0,
                                  "captured_at": None, "request_id": None, "outcome": HONEST_NO_DATA})
                continue
            entry = index.get((slug, case.id))
            if entry is None:
                out.calls.append({**base, "fixture": None, "status": None, "elapsed_ms": None, "cost_usd": None,
                                  "captured_at": None, "request_id": None, "outcome": "error:no_fixture"})
                continue
            source = str(Path(root) / entry.path)
            exchange = load(entry.path)
            call = {**base, "fixture": entry.path, "status": exchange.response.status if exchange.response else None,
                    "elapsed_ms": exchange.elapsed_ms, "captured_at": exchange.captured_at, "request_id": None}
            if exchange.response is None or exchange.response.status >= 400:
                error = adapter.classify_error(exchange)
                cost = config.price.search_usd if error.billed else 0.0
                out.calls.append({**call, "cost_usd": cost, "outcome": f"error:{error.code}"})
                continue
            page = adapter.parse_search(exchange, config.price, source=source)
            out.calls.append({**call, "cost_usd": page.cost_usd, "request_id": page.request_id,
                              "outcome": "answered" if page.results else "fallback:no_result"})
            for result in page.results:
                host = host_of(result.url)
                out.results.append({
                    "provider": slug, "case_id": case.id, "category": case.category, "rank": result.rank,
                    "url": result.url, "host": host, "family": family_of(host, families), "title": result.title,
                    "snippet": result.snippet, "published_at": result.published_at,
                    "published_raw": result.published_raw, "score": result.score, "fixture": entry.path,
                })
    return out
