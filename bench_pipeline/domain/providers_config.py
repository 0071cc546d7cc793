"""`providers.yaml`: providers are configuration — a slug, its wire format, capabilities, prices."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Capabilities(BaseModel):
    model_config = ConfigDict(extra="forbid")

    search: bool
    extract: bool
    fetch: bool
    renders_javascript: bool
    parses_pdf: bool


class PriceTable(BaseModel):
    """List prices used when a response reports no cost of its own; versioned so reports can cite it.
    YAML reads `.inf` and `.nan` as numbers: a price must be a finite one."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    version: str
    usd_per_credit: float | None = Field(default=None, ge=0)
    search_usd: float | None = Field(default=None, ge=0)
    extract_usd_per_url: float | None = Field(default=None, ge=0)
    fetch_usd: float | None = Field(default=None, ge=0)


class ProviderConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    adapter: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    api_key_env: str
    base_url: str
    capabilities: Capabilities
    price: PriceTable
    # Options the adapter's request builders apply (search depth, result count, country, language…),
    # validated by the adapter's own `RequestOptions` model: two slugs may share an adapter and differ in these.
    request: dict[str, Any] = {}
    # The slug this one is another configuration of (same adapter, other options or price): the report sets the
    # two side by side. Sharing an adapter alone does not make one: another vendor may speak the same wire format.
    variant_of: str | None = None


class ProvidersConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: str
    providers: dict[str, ProviderConfig]
