"""A provider's exchanges grouped by the manifest classes the conformance checks read."""

from __future__ import annotations

from pathlib import Path

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.manifest import Manifest
from bench_pipeline.fixtures.exchanges import load_exchange

CONFORMANCE_INPUTS = ("results", "429", "5xx", "timeout", "partial")


def exchanges_by_class(root: Path, manifest: Manifest, provider: str) -> dict[str, list[Exchange]]:
    grouped: dict[str, list[Exchange]] = {}
    for entry in sorted(manifest.entries, key=lambda e: e.path):
        if entry.provider == provider and entry.fixture_class in CONFORMANCE_INPUTS:
            grouped.setdefault(entry.fixture_class, []).append(load_exchange(root, entry.path))
    return grouped
