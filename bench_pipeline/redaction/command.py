"""`bench redact`: raw captures in the incoming folder → redacted fixtures + manifest entries.

Everything is redacted and checked in memory first; files and the manifest are written only when
every input passed, so an error leaves the fixtures tree as it was and the raw files untouched.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from pydantic import ValidationError

from bench_pipeline.domain.errors import InputError, first_pydantic_error
from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.manifest import FIXTURE_CLASSES, SYNTHETIC_ALLOWED, Manifest, ManifestEntry
from bench_pipeline.files import dump_json, read_json, write_atomic
from bench_pipeline.fixtures.manifest_io import load_manifest, manifest_path, write_manifest
from bench_pipeline.redaction.drift import check_span_drift
from bench_pipeline.redaction.exchange import redact_exchange
from bench_pipeline.redaction.findings import ScanFinding
from bench_pipeline.redaction.scan import read_text_lenient, scan_json, scan_pdf
from bench_pipeline.redaction.structure import Found, redact_text
from bench_pipeline.redaction.truncation import truncate_text

SHARED = "_shared"
ARTIFACT_KINDS = {"html": "html", "pdf": "pdf"}
ERROR_CLASSES = frozenset({"429", "5xx", "timeout", "partial"})


@dataclass
class Redacted:
    """One fixture ready to write: its bytes and manifest entry, and what was removed from it."""

    entry: ManifestEntry
    payload: bytes
    found: Found
    artifact: str | None = None  # the `_shared/` artifact an extract/fetch exchange read


def run_redact(incoming: Path, fixtures: Path) -> int:
    """An InputError propagates: `bench` reports every command's bad input alike (exit 2, one line)."""
    done = redact_incoming(Path(incoming), Path(fixtures))
    for item in done:
        removed = Counter(detector for _, detector, _ in item.found)
        detail = ", ".join(f"{name}×{count}" for name, count in sorted(removed.items())) or "nothing to remove"
        print(f"{item.entry.path}: {detail}{' (truncated)' if item.entry.truncated else ''}")
    print(f"redacted {len(done)} files into {fixtures}")
    return 0


def redact_incoming(incoming: Path, fixtures: Path) -> list[Redacted]:
    manifest = _manifest_or_new(fixtures)
    previous = {entry.path: entry for entry in manifest.entries}
    exchange_files, artifact_files = _incoming_files(incoming)
    done = [_redact_exchange_file(incoming, path) for path in exchange_files]
    by_artifact = {item.artifact: item.entry for item in done if item.artifact}
    done += [_redact_artifact(incoming, fixtures, path, by_artifact, previous) for path in artifact_files]
    done = [_with_history(item, previous.get(item.entry.path), fixtures) for item in done]
    for item in done:
        write_atomic(Path(fixtures) / item.entry.path, item.payload)
    kept = [e for e in manifest.entries if e.path not in {item.entry.path for item in done}]
    write_manifest(fixtures, manifest.model_copy(update={"entries": kept + [item.entry for item in done]}))
    return done


def _manifest_or_new(fixtures: Path) -> Manifest:
    if manifest_path(fixtures).is_file():
        return load_manifest(fixtures)
    return Manifest(schema_version=1, corpus_kind="captured", entries=[])


def _incoming_files(incoming: Path) -> tuple[list[Path], list[Path]]:
    if not incoming.is_dir():
        raise InputError(incoming, "(folder)", "the incoming folder does not exist")
    exchanges, artifacts = [], []
    for path in sorted(p for p in incoming.rglob("*") if p.is_file() and not p.name.startswith(".")):
        parts = path.relative_to(incoming).parts
        if parts[0] != SHARED:
            exchanges.append(path)
        elif len(parts) == 3 and parts[1] in ARTIFACT_KINDS:
            artifacts.append(path)
        else:
            raise InputError(path, "(path)", f"only {SHARED}/html/ and {SHARED}/pdf/ artifacts are captured")
    if not exchanges and not artifacts:
        raise InputError(incoming, "(folder)", "no raw capture to redact")
    return exchanges, artifacts


def _redact_exchange_file(incoming: Path, path: Path) -> Redacted:
    raw = path.read_bytes()
    data = read_json(path)
    try:
        exchange = Exchange.model_validate(data)
    except ValidationError as exc:
        raise first_pydantic_error(path, exc) from None
    result = redact_exchange(data, str(path))
    payload = dump_json(result.data).encode("utf-8")
    _prove_clean(path, scan_json(result.data, str(path)))
    hints = path.relative_to(incoming).parts[:-1]
    fixture_class = exchange_class(exchange, hints)
    folder = "errors" if fixture_class in ERROR_CLASSES else exchange.operation
    entry = _entry(f"{exchange.provider}/{folder}/{path.name}", exchange.provider, fixture_class, exchange.case_id,
                   payload, raw, exchange.captured_at, result.truncated)
    return Redacted(entry, payload, result.found, exchange.artifact)


def exchange_class(exchange: Exchange, hints: tuple[str, ...]) -> str:
    """A folder named for a class (`incoming/<p>/partial/…`) says it; otherwise the exchange does."""
    named = [part for part in hints if part in FIXTURE_CLASSES]
    if named:
        return named[-1]
    if exchange.response is None:
        return "timeout"
    if exchange.response.status == 429:
        return "429"
    if exchange.response.status >= 500:
        return "5xx"
    if exchange.operation == "search":
        return "results"
    return "pdf" if (exchange.artifact or "").lower().endswith(".pdf") else "html"


def _redact_artifact(incoming: Path, fixtures: Path, path: Path, by_artifact: dict, previous: dict) -> Redacted:
    relative = path.relative_to(incoming).as_posix()
    reader = by_artifact.get(relative) or previous.get(relative)
    if reader is None:
        raise InputError(path, "captured_at", "no exchange in the incoming folder reads this artifact, so its "
                         "capture time is unknown; capture it with the exchange that fetched it")
    raw = path.read_bytes()
    found: Found = []
    truncated = False
    if path.parent.name == "pdf":
        _prove_clean(path, scan_pdf(raw, str(path)))
        payload = raw
    else:
        original, codec = read_text_lenient(raw)
        text, truncated = truncate_text(original)
        redacted = redact_text(text, "(text)", found)
        check_span_drift(fixtures, relative, original, redacted)
        payload = redacted.encode(codec)
    entry = _entry(relative, None, ARTIFACT_KINDS[path.parent.name], reader.case_id, payload, raw,
                   reader.captured_at, truncated)
    return Redacted(entry, payload, found)


def _entry(relative: str, provider: str | None, fixture_class: str, case_id: str | None, payload: bytes, raw: bytes,
           captured_at: datetime, truncated: bool) -> ManifestEntry:
    return ManifestEntry.model_validate({
        "path": relative, "provider": provider, "class": fixture_class, "case_id": case_id,
        "sha256": hashlib.sha256(payload).hexdigest(), "sha256_original": hashlib.sha256(raw).hexdigest(),
        "captured_at": captured_at, "synthetic": False, "truncated": truncated, "bytes": len(payload),
    })


def _with_history(item: Redacted, before: ManifestEntry | None, fixtures: Path) -> Redacted:
    """Synthetic is a property of the fixture, not of this run: it is kept, and checked (classes 4-8
    only). A re-run over an already truncated fixture cuts nothing more but it is still truncated."""
    if before is None:
        return item
    if before.synthetic and item.entry.fixture_class not in SYNTHETIC_ALLOWED:
        raise InputError(manifest_path(fixtures), f"entry {item.entry.path!r}.synthetic",
                         f"synthetic fixtures are allowed only in classes 4-8, not {item.entry.fixture_class!r}")
    truncated = item.entry.truncated or (before.truncated and before.sha256 == item.entry.sha256)
    item.entry = item.entry.model_copy(update={"synthetic": before.synthetic, "truncated": truncated})
    return item


def _prove_clean(path: Path, findings: list[ScanFinding]) -> None:
    if findings:
        first = findings[0]
        raise InputError(path, first.json_path, f"{first.detector} ({first.preview}) survives redaction")
