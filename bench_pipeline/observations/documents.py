"""What each provider read: one row per (provider, stored artifact) from its extract or fetch fixtures.

Providers that extract are judged on their own extracted text; providers that only search are
paired with our local extractor, which reads the bytes their `fetch/` fixture recorded. A page
that needs JavaScript is read as its shell unless the provider renders it; a scanned PDF fails as
`format_tables_ocr`, never as an empty success.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.manifest import ManifestEntry
from bench_pipeline.domain.providers_config import ProviderConfig
from bench_pipeline.observations.artifacts import ArtifactStore, local_read, media_of

READ_CLASSES = frozenset({"html", "pdf", "prompt-injection", "contradictory"})


@dataclass(frozen=True)
class DocumentRead:
    provider: str
    artifact: str | None  # None: a live capture that stored no `_shared` copy of the page (nothing to cite)
    url: str
    operation: str
    fixture: str
    status: int | None
    elapsed_ms: float | None
    cost_usd: float | None
    captured_at: datetime
    text: str
    failure: str | None  # format_tables_ocr | needs_rendering | unreadable_pdf | empty_read | error:<code>

    def row(self) -> dict:
        row = asdict(self)
        row["read_chars"] = len(row.pop("text"))
        return row


def read_documents(root: Path, entries: list[ManifestEntry], slug: str, config: ProviderConfig, adapter,
                   load: Callable[[str], Exchange], store: ArtifactStore) -> list[DocumentRead]:
    reads = []
    for entry in sorted(entries, key=lambda e: e.path):
        if entry.provider != slug or entry.fixture_class not in READ_CLASSES or "/search/" in entry.path:
            continue
        exchange = load(entry.path)
        reads.append(_read_one(exchange, entry.path, str(Path(root) / entry.path), config, adapter, store))
    return reads


def _read_one(exchange: Exchange, fixture: str, source: str, config: ProviderConfig, adapter,
              store: ArtifactStore) -> DocumentRead:
    renders = config.capabilities.renders_javascript
    response = exchange.response
    failed = response is None or response.status >= 400
    if exchange.operation == "fetch":
        # Our own GET: free unless the price table says the provider bills fetches.
        url, cost = exchange.request.url, config.price.fetch_usd or 0.0
    else:
        urls = adapter.urls_requested(exchange, source)
        if not urls:
            raise InputError(source, "request.body", "an extract must record the URL it requested")
        url, cost = urls[0], (0.0 if failed else None)
    if failed:
        text = ""
        failure = f"error:{adapter.classify_error(exchange).code}" if exchange.operation != "fetch" else (
            f"error:http_{response.status}" if response is not None else "error:timeout")
    elif exchange.operation == "fetch":
        text, failure = local_read(response.raw_bytes(), media_of(exchange.artifact or exchange.request.url), renders)
    else:
        page = adapter.parse_extract(exchange, config.price, urls, source=source)
        text, failure, cost = (page.documents[0].text if page.documents else ""), None, page.cost_usd
    if not failed and failure is None and exchange.artifact is None:
        failure = "no_stored_artifact"
    elif not failed and failure is None:
        # What our reader says of the stored page explains an empty or shell-only read.
        artifact_failure = store.local_read(exchange.artifact, renders)[1]
        if not text.strip():
            failure = artifact_failure or "empty_read"
        elif artifact_failure == "needs_rendering":
            failure = artifact_failure
    return DocumentRead(provider=exchange.provider, artifact=exchange.artifact, url=url, operation=exchange.operation,
                        fixture=fixture, status=response.status if response is not None else None,
                        elapsed_ms=exchange.elapsed_ms, cost_usd=cost, captured_at=exchange.captured_at, text=text,
                        failure=failure)
