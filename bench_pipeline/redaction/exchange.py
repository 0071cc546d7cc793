"""Redact one recorded exchange: headers, URL and bodies of the request and the response."""

from __future__ import annotations

import base64
import json
import re
from dataclasses import dataclass
from typing import Any

from bench_pipeline.domain.errors import InputError
from bench_pipeline.redaction.decoding import decode_content
from bench_pipeline.redaction.pdf_bodies import is_pdf, pdf_found
from bench_pipeline.redaction.structure import Found, redact_headers, redact_json, redact_text, redact_url
from bench_pipeline.redaction.truncation import truncate_json, truncate_text

# Once a body is stored decoded, these describe bytes that are no longer there.
_WIRE_HEADERS = frozenset({"content-encoding", "content-length"})
_TEXTUAL = re.compile(r"(?i)^text/|html|xml|json|javascript|csv")


@dataclass
class RedactedExchange:
    data: dict[str, Any]
    found: Found
    truncated: bool


def redact_exchange(data: dict[str, Any], source: str) -> RedactedExchange:
    """`data` is a validated exchange as JSON; the result is the same exchange with nothing secret or
    personal left. Applied to its own output it changes nothing."""
    found: Found = []
    out = dict(data)
    out["request"], _ = _redact_message(data["request"], "request", source, found, truncate=False)
    out["request"]["url"] = redact_url(data["request"]["url"], "request.url", found, entropy=True)
    truncated = False
    if data.get("response") is not None:
        out["response"], truncated = _redact_message(data["response"], "response", source, found, truncate=True)
    return RedactedExchange(out, found, truncated)


def _redact_message(message: dict[str, Any], where: str, source: str, found: Found, *, truncate: bool):
    out = dict(message)
    headers = dict(message.get("headers") or {})
    if message.get("body_b64") is not None:
        out, headers = _decoded(out, headers, where, source)
    out["headers"] = redact_headers(headers, f"{where}.headers", found)
    truncated = False
    if out.get("body") is not None:
        body = out["body"]
        if truncate:
            body, truncated = truncate_json(body, len(json.dumps(body, ensure_ascii=False).encode("utf-8")))
        out["body"] = redact_json(body, f"{where}.body", found)
    elif out.get("body_text") is not None:
        text = out["body_text"]
        if truncate:
            text, truncated = truncate_text(text)
        out["body_text"] = redact_text(text, f"{where}.body_text", found)
    elif out.get("body_b64") is not None:
        out["body_b64"], truncated = _redact_bytes(out["body_b64"], out["headers"], f"{where}.body_b64", source, found,
                                                   truncate=truncate)
    return out, truncated


def _redact_bytes(body_b64: str, headers: dict[str, str], where: str, source: str, found: Found, *,
                  truncate: bool) -> tuple[str, bool]:
    """A body that is not UTF-8 is read all the same: a PDF through its text layer and metadata,
    refused when anything is found in it (a PDF cannot be patched); text in another charset
    (Windows-1252 pages) redacted byte for byte as Latin-1, which reads every byte and writes it back
    unchanged; any other bytes read as Latin-1 and refused when anything is found, since patching
    them would corrupt the file."""
    raw = base64.b64decode(body_b64)
    if is_pdf(raw):
        _refuse(pdf_found(raw), "PDF", where, source)
        return body_b64, False
    text = raw.decode("latin-1")
    if _TEXTUAL.search(_header(headers, "content-type")):
        kept, truncated = truncate_text(text) if truncate else (text, False)
        cleaned = redact_text(kept, where, found)
        return (body_b64 if cleaned == text else base64.b64encode(cleaned.encode("latin-1")).decode("ascii")), truncated
    mine: Found = []
    redact_text(text, where, mine)
    _refuse(mine, "binary", where, source)
    return body_b64, False


def _refuse(findings: Found, kind: str, where: str, source: str) -> None:
    if findings:
        place, detector, preview = findings[0]
        raise InputError(source, where, f"the {kind} body carries {detector} ({preview}) at {place}"
                         f"{f' and {len(findings) - 1} more' if len(findings) > 1 else ''}; it cannot be redacted "
                         "in place: re-capture it or remove it by hand")


def _header(headers: dict[str, str], name: str) -> str:
    return next((v for k, v in headers.items() if k.lower() == name), "")


def _decoded(message: dict[str, Any], headers: dict[str, str], where: str, source: str):
    """A base64 body is decoded (and decompressed) so the scanners can read it; it becomes `body`
    when it is JSON, `body_text` when it is UTF-8 text, and stays bytes (a PDF, another charset) otherwise."""
    encoding = _header(headers, "content-encoding") or None
    raw = decode_content(base64.b64decode(message["body_b64"]), encoding, source, f"{where}.body_b64")
    if encoding:
        headers = {k: v for k, v in headers.items() if k.lower() not in _WIRE_HEADERS}
    out = {k: v for k, v in message.items() if k != "body_b64"}
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        out["body_b64"] = base64.b64encode(raw).decode("ascii")
        return out, headers
    if "json" in _header(headers, "content-type").lower():
        try:
            out["body"] = json.loads(text)
            return out, headers
        except json.JSONDecodeError:
            pass
    out["body_text"] = text
    return out, headers
