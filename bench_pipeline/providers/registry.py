"""Load `providers.yaml` and find each provider's adapter module by its wire-format name."""

from __future__ import annotations

import importlib
from pathlib import Path

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.providers_config import ProvidersConfig
from bench_pipeline.files import load_model
from bench_pipeline.providers.base import WireAdapter


def load_providers(path: Path) -> ProvidersConfig:
    path = Path(path)
    config = load_model(path, ProvidersConfig)
    for slug, provider in config.providers.items():
        adapter_module(provider.adapter, source=path, field=f"providers.{slug}.adapter")
    return config


def adapter_module(name: str, source: str | Path = "providers.yaml", field: str = "adapter") -> WireAdapter:
    try:
        return importlib.import_module(f"bench_pipeline.providers.{name}")
    except ModuleNotFoundError:
        raise InputError(source, field, f"no adapter module bench_pipeline/providers/{name}.py for wire format {name!r}") from None
