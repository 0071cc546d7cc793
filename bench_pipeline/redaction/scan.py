"""The committed-fixture scan: every file under the fixtures root, through the same detectors
redaction uses. Zero findings is the bar; role mailboxes are never findings (redaction keeps them)."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from bench_pipeline.code_digest import modules_digest
from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.files import read_json, sha256_file
from bench_pipeline.fixtures.manifest_io import MANIFEST_NAME
from bench_pipeline.redaction.exchange import redact_exchange
from bench_pipeline.redaction.findings import ScanFinding
from bench_pipeline.redaction.pdf_bodies import pdf_found
from bench_pipeline.redaction.secret_values import engine_fingerprint
from bench_pipeline.redaction.structure import Found, redact_json, redact_text

_SKIPPED = frozenset({"README.md"})


# sha256 of a file's bytes → its findings as (json_path, detector, preview), for the same scanner digest.
ScanCache = dict[str, list[tuple[str, str, str]]]


def scanner_digest() -> str:
    """What a scan cache is valid for: the source of this module and of every module it reaches (the
    detectors), the releases of the libraries they import, and the secret engine's plugin configuration.
    A changed detector is a new digest, so every file is scanned again; nothing is bumped by hand."""
    return hashlib.sha256((modules_digest(__name__) + engine_fingerprint()).encode()).hexdigest()


def scan_fixture_tree(root: Path, cache: ScanCache | None = None) -> list[ScanFinding]:
    """Every file under the fixtures root through the detectors. With a cache, a file whose bytes
    were scanned before is not scanned again (the scan is a function of the bytes alone); the cache
    is updated in place. Expected-observation files are always rescanned: their findings depend on
    the artifacts they quote."""
    root = Path(root)
    findings: list[ScanFinding] = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            if name.startswith(".") or name in _SKIPPED:
                continue
            path = Path(dirpath) / name
            shown = path.relative_to(root).as_posix()
            if shown.startswith("_shared/expected/"):
                findings.extend(_outside_artifacts(scan_file(path, shown), root))
            elif cache is None:
                findings.extend(scan_file(path, shown))
            else:
                digest = sha256_file(path)
                if digest not in cache:
                    scanned = _scan_manifest(path, cache) if shown == MANIFEST_NAME else scan_file(path, shown)
                    cache[digest] = [(f.json_path, f.detector, f.preview) for f in scanned]
                findings.extend(ScanFinding(shown, *found) for found in cache[digest])
    return findings


def _scan_manifest(path: Path, cache: ScanCache) -> list[ScanFinding]:
    """The manifest entry by entry, each remembered by its own content: one changed fixture changes
    one entry of a file that lists every fixture, and only that entry is scanned again."""
    try:
        data = read_json(path)
    except InputError:
        return scan_file(path, MANIFEST_NAME)
    if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
        return scan_file(path, MANIFEST_NAME)
    found: Found = []
    redact_json({k: v for k, v in data.items() if k != "entries"}, "$", found)
    for index, entry in enumerate(data["entries"]):
        key = "entry:" + hashlib.sha256(json.dumps(entry, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
        if key not in cache:
            mine: Found = []
            redact_json(entry, "$", mine)
            cache[key] = mine
        found.extend((f"$.entries[{index}]{where[1:]}", detector, preview) for where, detector, preview in cache[key])
    return _as_findings(found, MANIFEST_NAME)


def scan_file(path: Path, shown: str) -> list[ScanFinding]:
    """Findings in one file; `shown` names it in each finding."""
    suffix = path.suffix.lower()
    if suffix == ".json":
        try:
            return scan_json(read_json(path), shown)
        except InputError as exc:
            return [ScanFinding(shown, exc.field, "unreadable", exc.reason)]
    if suffix == ".pdf":
        return scan_pdf(path.read_bytes(), shown)
    return scan_text(read_text_lenient(path.read_bytes())[0], shown)


def scan_json(data: Any, shown: str) -> list[ScanFinding]:
    """An exchange is scanned the way it is redacted (bodies decoded first); any other JSON key by key."""
    found: Found = []
    if isinstance(data, dict) and "request" in data and "provider" in data:
        try:
            Exchange.model_validate(data)
            found = redact_exchange(data, shown).found
        except ValidationError:
            redact_json(data, "$", found)
        except InputError as exc:
            return [ScanFinding(shown, exc.field, "unreadable-body", exc.reason)]
    else:
        redact_json(data, "$", found)
    return _as_findings(found, shown)


def scan_text(text: str, shown: str, where: str = "(text)") -> list[ScanFinding]:
    found: Found = []
    redact_text(text, where, found)
    return _as_findings(found, shown)


def scan_pdf(data: bytes, shown: str) -> list[ScanFinding]:
    """A PDF's text layer, metadata, links and form fields (`pdf_bodies`). Redaction cannot rewrite
    a PDF, so a finding here means the document has to be replaced, not patched."""
    return _as_findings(pdf_found(data), shown)


def read_text_lenient(data: bytes) -> tuple[str, str]:
    """The text and its codec: UTF-8, else Latin-1, which reads every byte and writes it back
    unchanged (older Mexican government pages are Windows-1252; their bytes must survive)."""
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def _outside_artifacts(findings: list[ScanFinding], root: Path) -> list[ScanFinding]:
    """An expected observation quotes its artifact verbatim, so the quote is judged where it stands,
    in context (a company switchboard is kept, a bare number is not); the artifact is scanned too."""
    if not findings:
        return findings
    data = read_json(root / findings[0].file)
    observations = data.get("observations") if isinstance(data, dict) else None
    if not isinstance(observations, list):
        return findings
    kept = []
    for finding in findings:
        index = _observation_index(finding.json_path)
        observation = observations[index] if index is not None and index < len(observations) else {}
        artifact = root / str(observation.get("artifact", "")) if isinstance(observation, dict) else None
        quote = observation.get("text") if isinstance(observation, dict) else None
        quoted = finding.json_path.endswith(".text") or (
            finding.json_path.endswith(".value") and observation.get("value") == quote)
        if not (quoted and artifact and artifact.is_file() and isinstance(quote, str)
                and quote in read_text_lenient(artifact.read_bytes())[0]):
            kept.append(finding)
    return kept


def _observation_index(json_path: str) -> int | None:
    prefix = "$.observations["
    if not json_path.startswith(prefix):
        return None
    number = json_path[len(prefix):].split("]", 1)[0]
    return int(number) if number.isdigit() else None


def _as_findings(found: Found, shown: str) -> list[ScanFinding]:
    return [ScanFinding(shown, path, detector, preview) for path, detector, preview in found]
