"""The live transport (docs/operations.md#capture): real HTTP with httpx, keys from the environment. It is the only
code that releases the network lock, and only `bench capture` uses it."""

from __future__ import annotations

import base64
import json
import os
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime

import httpx

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.exchange import Exchange, Operation
from bench_pipeline.domain.providers_config import ProviderConfig
from bench_pipeline.providers.base import RequestSpec
from bench_pipeline.transport import netlock

# httpx hands us decoded bytes; these headers describe the wire form we no longer hold.
_WIRE_HEADERS = frozenset({"content-encoding", "content-length", "transfer-encoding"})


@contextmanager
def network_unlocked() -> Iterator[None]:
    """Lift the lock however many times it is engaged, and put it back exactly as it was."""
    depth = 0
    while netlock.is_engaged():
        netlock.release()
        depth += 1
    try:
        yield
    finally:
        for _ in range(depth):
            netlock.engage()


def api_key(slug: str, config: ProviderConfig, source: str, environ: Mapping[str, str] = os.environ) -> str:
    value = environ.get(config.api_key_env, "")
    if not value.strip():
        raise InputError(source, f"providers.{slug}.api_key_env",
                         f"environment variable {config.api_key_env} is not set; export the provider's key there")
    return value.strip()


def base_url(slug: str, config: ProviderConfig, environ: Mapping[str, str] = os.environ) -> str:
    """`BENCH_<SLUG>_BASE_URL` overrides providers.yaml (a local fake server in tests, a proxy in practice)."""
    return environ.get(f"BENCH_{slug.upper().replace('-', '_')}_BASE_URL", config.base_url).rstrip("/")


def call(client: httpx.Client, spec: RequestSpec, provider: str, operation: Operation, case_id: str | None) -> Exchange:
    """Make one request and record it as it happened, credentials included (the raw file is git-ignored;
    redaction removes them, from headers and from the URL's query, before anything is committed)."""
    headers = dict(spec.headers)
    body = None if spec.json_body is None else json.dumps(spec.json_body, ensure_ascii=False).encode("utf-8")
    captured_at = datetime.now(UTC).replace(microsecond=0)
    started = time.perf_counter()
    response, error = None, None
    try:
        with network_unlocked():
            raw = client.request(spec.method, spec.url, headers=headers, content=body)
        response = _recorded_response(raw)
    except httpx.TimeoutException:
        error = "timeout"
    except (httpx.RemoteProtocolError, httpx.ReadError):
        error = "connection_reset"
    elapsed_ms = round((time.perf_counter() - started) * 1000, 1)
    request = {"method": spec.method, "url": spec.url, "headers": headers, "body": spec.json_body}
    return Exchange.model_validate({
        "provider": provider, "operation": operation, "case_id": case_id, "captured_at": captured_at,
        "elapsed_ms": elapsed_ms, "request": request, "response": response, "error": error,
    })


def _recorded_response(raw: httpx.Response) -> dict:
    headers: dict[str, str] = {}
    for name, value in raw.headers.multi_items():
        if name.lower() not in _WIRE_HEADERS:
            headers[name] = f"{headers[name]}, {value}" if name in headers else value
    out: dict = {"status": raw.status_code, "headers": headers}
    if "json" in raw.headers.get("content-type", "").lower():
        try:
            out["body"] = raw.json()
            return out
        except ValueError:
            pass
    try:
        out["body_text"] = raw.content.decode("utf-8")
    except UnicodeDecodeError:
        out["body_b64"] = base64.b64encode(raw.content).decode("ascii")
    return out
