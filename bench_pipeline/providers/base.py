"""What a wire-format adapter module provides, and the helpers adapters share."""

from __future__ import annotations

import json
import math
from datetime import UTC
from typing import Any, Protocol
from urllib.parse import urlencode, urlsplit

from pydantic import BaseModel, ConfigDict

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.provider_error import ProviderError
from bench_pipeline.domain.providers_config import PriceTable
from bench_pipeline.domain.results import ExtractPage, SearchPage


class RequestSpec(BaseModel):
    """An HTTP request an adapter wants made (live capture only). Auth headers are added apart."""

    model_config = ConfigDict(extra="forbid")

    method: str
    url: str
    headers: dict[str, str] = {}
    json_body: Any = None


class Options(BaseModel):
    """Base of each adapter's `RequestOptions`: a slug's `request:` block in providers.yaml. Unknown keys are
    refused, so a typo in an option is an error naming it, not a silently ignored setting."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class WireAdapter(Protocol):
    """A module in `bench_pipeline.providers` that speaks one provider's wire format.

    `RequestOptions` (a subclass of `Options`) validates a slug's `request:` block; the request builders
    apply it, so two slugs can share an adapter and differ only in options and price. Search-only
    providers implement no `parse_extract`/`extract_request`: their pages are read by the local extractor.
    Optional: `URLS_PER_EXTRACT` (an int) when one extract call reads at most that many URLs, and
    `auth_params(api_key)` when the key travels in the URL's query rather than in a header.
    """

    RequestOptions: type[Options]

    def parse_search(self, exchange: Exchange, price: PriceTable, source: str = ...) -> SearchPage: ...

    def parse_extract(self, exchange: Exchange, price: PriceTable, requested_urls: list[str], source: str = ...) -> ExtractPage: ...

    def urls_requested(self, exchange: Exchange, source: str = ...) -> list[str]: ...

    def classify_error(self, exchange: Exchange) -> ProviderError: ...

    def search_request(self, query: str, base_url: str, options: Options) -> RequestSpec: ...

    def extract_request(self, urls: list[str], base_url: str, options: Options) -> RequestSpec: ...

    def auth_headers(self, api_key: str) -> dict[str, str]: ...


def authorized(adapter: WireAdapter, spec: RequestSpec, api_key: str) -> RequestSpec:
    """The request with the adapter's credentials: its auth headers, and the query parameters of a provider
    that takes its key in the URL (SerpAPI's `api_key`)."""
    params = adapter.auth_params(api_key) if hasattr(adapter, "auth_params") else {}
    url = f"{spec.url}{'&' if '?' in spec.url else '?'}{urlencode(params)}" if params else spec.url
    return spec.model_copy(update={"url": url, "headers": {**spec.headers, **adapter.auth_headers(api_key)}})


def urls_per_extract(adapter: WireAdapter) -> int | None:
    """How many URLs one extract call may ask for (None: as many as the caller has)."""
    return getattr(adapter, "URLS_PER_EXTRACT", None)


def without_none(**fields: Any) -> dict[str, Any]:
    """A request body's optional fields: an option left unset is not sent, so the provider's default applies."""
    return {key: value for key, value in fields.items() if value is not None}


def json_body(exchange: Exchange, source: str) -> dict[str, Any]:
    """The response's JSON object, or an InputError naming the fixture and the field."""
    if exchange.response is None:
        raise InputError(source, "response", f"no response ({exchange.error})")
    body = exchange.response.body
    if not isinstance(body, dict):
        raise InputError(source, "response.body", "expected a JSON object")
    return body


def require_list(body: dict, key: str, source: str, where: str = "response.body") -> list:
    value = body.get(key)
    if not isinstance(value, list):
        raise InputError(source, f"{where}.{key}", "expected a list")
    return value


def _kind(value: object) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true/false"}.get(type(value), "a number")


def wire_text(item: dict, key: str, where: str, source: str) -> str | None:
    """An optional text field of a wire format: absent or null is None, any other type names the field."""
    value = item.get(key)
    if value is None or isinstance(value, str):
        return value
    raise InputError(source, f"{where}.{key}", f"expected text, found {_kind(value)}")


def wire_texts(item: dict, key: str, where: str, source: str) -> list[str]:
    """An optional list of text (absent or null: empty)."""
    value = item.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise InputError(source, f"{where}.{key}", f"expected a list of text, found {_kind(value)}")
    for index, text in enumerate(value):
        if not isinstance(text, str):
            raise InputError(source, f"{where}.{key}[{index}]", f"expected text, found {_kind(text)}")
    return value


def wire_number(item: dict, key: str, where: str, source: str) -> float | None:
    """An optional number (absent or null: None); true/false, text and infinities are not numbers."""
    value = item.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise InputError(source, f"{where}.{key}", f"expected a finite number, found {value!r:.40}")
    return value


def wire_list(item: dict, key: str, where: str, source: str) -> list:
    """An optional list (absent or null: empty)."""
    value = item.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise InputError(source, f"{where}.{key}", f"expected a list, found {_kind(value)}")
    return value


def wire_objects(item: dict, key: str, where: str, source: str) -> list[dict]:
    """An optional list of objects (absent or null: empty)."""
    values = wire_list(item, key, where, source)
    for index, value in enumerate(values):
        if not isinstance(value, dict):
            raise InputError(source, f"{where}.{key}[{index}]", f"expected an object, found {_kind(value)}")
    return values


def wire_object(item: dict, key: str, where: str, source: str) -> dict:
    """An optional object (absent or null: empty, as the wire format leaves optional blocks out)."""
    value = item.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise InputError(source, f"{where}.{key}", f"expected an object, found {_kind(value)}")
    return value


def message_text(value: object) -> str:
    """An error body's message as text, whatever JSON the provider put there (it is shown, never parsed)."""
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def error_body(exchange: Exchange) -> dict[str, Any]:
    """An error response's JSON object; `{}` when the body is text (a gateway page) or absent."""
    body = exchange.response.body if exchange.response is not None else None
    return body if isinstance(body, dict) else {}


def item_url(item: object, field: str, source: str, key: str = "url") -> str:
    """The URL of one listed item, or an InputError naming the exact field (`response.body.results[3].url`)."""
    if not isinstance(item, dict) or not isinstance(item.get(key), str):
        raise InputError(source, f"{field}.{key}", "expected a string URL")
    return item[key]


def request_urls(exchange: Exchange, key: str, source: str) -> list[str]:
    """The URLs an extract request asked for (a JSON list, or one URL as a string)."""
    body = exchange.request.body if isinstance(exchange.request.body, dict) else {}
    value = body.get(key)
    if isinstance(value, str):
        return [value]
    return wire_texts(body, key, "request.body", source)


def credits_cost(credits: object, price: PriceTable, fallback: float | None) -> float | None:
    """Credits the provider reported on the wire × the price table's dollars per credit; else `fallback`.
    Nine decimals: a unit may be as small as a token ($5e-8), and credits priced to the cent stay exact."""
    if isinstance(credits, (int, float)) and not isinstance(credits, bool) and price.usd_per_credit is not None:
        return round(credits * price.usd_per_credit, 9)
    return fallback


def host_of(url: str) -> str:
    return (urlsplit(url).hostname or "").lower()


def retry_after_seconds(exchange: Exchange) -> float | None:
    """`retry-after` as seconds, whether the header holds seconds or an HTTP date."""
    from email.utils import parsedate_to_datetime

    if exchange.response is None:
        return None
    value = exchange.response.header("retry-after")
    if value is None:
        return None
    try:
        seconds = float(value)
    except ValueError:
        pass
    else:
        return max(0.0, seconds) if math.isfinite(seconds) else None
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, OverflowError):
        return None
    if when.tzinfo is None:  # `-0000`: the sender knew no zone; HTTP dates are GMT
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - exchange.captured_at).total_seconds())


def status_error(provider: str, exchange: Exchange, message: str, retry_after: float | None = None,
                 plan_limit: tuple[int, ...] = (402,)) -> ProviderError:
    """The common reading of an HTTP error status; adapters handle their provider's special codes first."""
    status = exchange.response.status

    def error(code: str, retryable: bool) -> ProviderError:
        return ProviderError(provider=provider, code=code, status=status, retryable=retryable,
                             retry_after_s=retry_after if retryable else None, message=message)

    if status == 429:
        return error("rate_limited", True)
    if status in plan_limit:
        return error("plan_limit", False)
    if status in (401, 403):
        return error("auth", False)
    if status >= 500:
        return error("server_error", True)
    return error("bad_request", False)


def timeout_error(provider: str, exchange: Exchange) -> ProviderError | None:
    """Every provider's timeout looks the same: no response at all."""
    if exchange.response is None:
        return ProviderError(provider=provider, code=exchange.error or "timeout", status=None, retryable=True,
                             message="no answer before the deadline")
    return None
