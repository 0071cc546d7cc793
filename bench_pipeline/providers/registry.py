"""Load `providers.yaml` and find each provider's adapter module by its wire-format name."""

from __future__ import annotations

import importlib
from pathlib import Path

import yaml
from pydantic import ValidationError

from bench_pipeline.domain.errors import InputError, first_pydantic_error
from bench_pipeline.domain.providers_config import ProvidersConfig
from bench_pipeline.providers.base import WireAdapter


def load_providers(path: Path) -> ProvidersConfig:
    path = Path(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(path, "(file)", "does not exist") from None
    except yaml.YAMLError as exc:
        raise InputError(path, "(yaml)", f"malformed YAML: {exc}") from None
    try:
        config = ProvidersConfig.model_validate(data)
    except ValidationError as exc:
        raise first_pydantic_error(path, exc) from None
    for slug, provider in config.providers.items():
        adapter_module(provider.adapter, source=path, field=f"providers.{slug}.adapter")
    return config


def adapter_module(name: str, source: str | Path = "providers.yaml", field: str = "adapter") -> WireAdapter:
    try:
        return importlib.import_module(f"bench_pipeline.providers.{name}")
    except ModuleNotFoundError:
        raise InputError(source, field, f"no adapter module bench_pipeline/providers/{name}.py for wire format {name!r}") from None
