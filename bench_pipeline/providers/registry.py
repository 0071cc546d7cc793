"""Load `providers.yaml` and find each provider's adapter module by its wire-format name."""

from __future__ import annotations

import importlib
from pathlib import Path

from pydantic import ValidationError

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.providers_config import ProviderConfig, ProvidersConfig
from bench_pipeline.files import load_model
from bench_pipeline.providers.base import Options, WireAdapter


def load_providers(path: Path) -> ProvidersConfig:
    """The configuration, every slug's adapter found and its `request:` options valid for that adapter."""
    path = Path(path)
    config = load_model(path, ProvidersConfig)
    for slug, provider in config.providers.items():
        request_options(slug, provider, source=path)
        _check_variant(slug, provider, config, path)
    return config


def _check_variant(slug: str, provider: ProviderConfig, config: ProvidersConfig, source: Path) -> None:
    if provider.variant_of is None:
        return
    base = config.providers.get(provider.variant_of)
    field = f"providers.{slug}.variant_of"
    if base is None or provider.variant_of == slug:
        raise InputError(source, field, f"no other slug {provider.variant_of!r} to be a configuration of")
    if base.adapter != provider.adapter:
        raise InputError(source, field, f"{provider.variant_of!r} speaks {base.adapter}, not {provider.adapter}: "
                                        "a configuration shares its base's adapter")
    if base.variant_of is not None:
        raise InputError(source, field, f"{provider.variant_of!r} is itself a configuration of "
                                        f"{base.variant_of!r}: name that base instead")


def adapter_module(name: str, source: str | Path = "providers.yaml", field: str = "adapter") -> WireAdapter:
    try:
        return importlib.import_module(f"bench_pipeline.providers.{name}")
    except ModuleNotFoundError:
        raise InputError(source, field, f"no adapter module bench_pipeline/providers/{name}.py for wire format {name!r}") from None


def request_options(slug: str, provider: ProviderConfig, source: str | Path = "providers.yaml") -> Options:
    """The slug's `request:` block validated by its adapter's own model, defaults filled in."""
    adapter = adapter_module(provider.adapter, source=source, field=f"providers.{slug}.adapter")
    try:
        return adapter.RequestOptions.model_validate(provider.request)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(part) for part in err.get("loc", ()))
        raise InputError(source, f"providers.{slug}.request{'.' + where if where else ''}",
                         f"{err.get('msg', 'invalid')} (options of the {provider.adapter} adapter)") from None


def effective_options(config: ProvidersConfig) -> dict[str, dict]:
    """slug → the request options its captures use, defaults included (recorded in provenance)."""
    return {slug: request_options(slug, provider).model_dump(mode="json", exclude_none=True)
            for slug, provider in sorted(config.providers.items())}
