"""`bench capture`: call one provider for golden cases and write the raw exchanges to the incoming
folder (git-ignored). Never for `forbidden` cases: the web must not be asked what it may not answer."""

from __future__ import annotations

from pathlib import Path

import httpx

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.golden import GoldenCase
from bench_pipeline.files import dump_json, write_atomic
from bench_pipeline.golden.load import CASES_FILE, load_golden
from bench_pipeline.providers.base import authorized, urls_per_extract
from bench_pipeline.providers.registry import adapter_module, load_providers, request_options
from bench_pipeline.transport.live import api_key, base_url, call

# Extract is exercised on the top results of the case's own search, the pages an agent would read.
EXTRACT_URLS = 3
TIMEOUT_S = 30.0


def run_capture(provider: str, case_ids: list[str] | None, golden_dir: Path, providers_file: Path,
                incoming_dir: Path) -> int:
    """An InputError propagates: `bench` reports every command's bad input alike (exit 2, one line)."""
    written = capture(provider, case_ids, Path(golden_dir), Path(providers_file), Path(incoming_dir))
    for path in written:
        print(path)
    print(f"captured {len(written)} exchanges into {incoming_dir}; run `bench redact` before committing")
    return 0


def capture(provider: str, case_ids: list[str] | None, golden_dir: Path, providers_file: Path,
            incoming_dir: Path) -> list[Path]:
    config = load_providers(providers_file)
    if provider not in config.providers:
        raise InputError(providers_file, "providers", f"no provider {provider!r} (known: {sorted(config.providers)})")
    settings = config.providers[provider]
    adapter = adapter_module(settings.adapter, source=providers_file, field=f"providers.{provider}.adapter")
    # The slug's `request:` options shape every request, so each recorded exchange carries them.
    options = request_options(provider, settings, source=providers_file)
    cases = select_cases(golden_dir, case_ids)
    key = api_key(provider, settings, str(providers_file))
    root = base_url(provider, settings)
    written = []
    with httpx.Client(timeout=TIMEOUT_S) as client:
        for case in cases:
            spec = authorized(adapter, adapter.search_request(case.query, root, options), key)
            search = call(client, spec, provider, "search", case.id)
            written.append(_write(incoming_dir, search, case.id))
            urls = _top_urls(adapter, search, settings.price)
            if not (settings.capabilities.extract and urls):
                continue
            # A provider that reads one URL per call (Serper's scrape, Jina's reader) gets one call per URL.
            size = urls_per_extract(adapter) or len(urls)
            for index, start in enumerate(range(0, len(urls), size)):
                spec = authorized(adapter, adapter.extract_request(urls[start:start + size], root, options), key)
                extract = call(client, spec, provider, "extract", case.id)
                written.append(_write(incoming_dir, extract, case.id if index == 0 else f"{case.id}-{index + 1}"))
    return written


def select_cases(golden_dir: Path, case_ids: list[str] | None) -> list[GoldenCase]:
    source = golden_dir / CASES_FILE
    cases = load_golden(golden_dir).cases
    if case_ids:
        known = {case.id: case for case in cases}
        unknown = [c for c in case_ids if c not in known]
        if unknown:
            raise InputError(source, "cases", f"no golden case {unknown}")
        forbidden = [c for c in case_ids if known[c].web_role == "forbidden"]
        if forbidden:
            raise InputError(source, "cases", f"{forbidden} are `forbidden` cases: they are never sent to a provider")
        return [known[c] for c in case_ids]
    return [case for case in cases if case.web_role != "forbidden"]


def _top_urls(adapter, search: Exchange, price) -> list[str]:
    if search.response is None or search.response.status != 200:
        return []
    page = adapter.parse_search(search, price, "live search")
    return [result.url for result in page.results[:EXTRACT_URLS]]


def _write(incoming_dir: Path, exchange: Exchange, name: str) -> Path:
    path = incoming_dir / exchange.provider / exchange.operation / f"{name}.json"
    write_atomic(path, dump_json(exchange.model_dump(mode="json", exclude_none=False)))
    return path
