"""What a wire-format adapter module provides, and the helpers adapters share."""

from __future__ import annotations

from typing import Any, Protocol
from urllib.parse import urlsplit

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.providers_config import PriceTable
from bench_pipeline.domain.results import SearchPage


class WireAdapter(Protocol):
    """A module in `bench_pipeline.providers` that speaks one provider's wire format."""

    def parse_search(self, exchange: Exchange, price: PriceTable) -> SearchPage: ...


def json_body(exchange: Exchange, source: str) -> dict[str, Any]:
    """The response's JSON object, or an InputError naming the fixture and the field."""
    if exchange.response is None:
        raise InputError(source, "response", f"no response ({exchange.error})")
    body = exchange.response.body
    if not isinstance(body, dict):
        raise InputError(source, "response.body", "expected a JSON object")
    return body


def require_list(body: dict, key: str, source: str) -> list:
    value = body.get(key)
    if not isinstance(value, list):
        raise InputError(source, f"response.body.{key}", "expected a list")
    return value


def host_of(url: str) -> str:
    return (urlsplit(url).hostname or "").lower()
