"""Redact one recorded exchange: headers, URL and bodies of the request and the response."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from typing import Any

from bench_pipeline.redaction.decoding import decode_content
from bench_pipeline.redaction.structure import Found, redact_headers, redact_json, redact_text, redact_url
from bench_pipeline.redaction.truncation import truncate_json, truncate_text

# Once a body is stored decoded, these describe bytes that are no longer there.
_WIRE_HEADERS = frozenset({"content-encoding", "content-length"})


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
    return out, truncated


def _decoded(message: dict[str, Any], headers: dict[str, str], where: str, source: str):
    """A base64 body is decoded (and decompressed) so the scanners can read it; it becomes `body`
    when it is JSON, `body_text` when it is text, and stays bytes (e.g. a PDF) otherwise."""
    encoding = next((v for k, v in headers.items() if k.lower() == "content-encoding"), None)
    raw = decode_content(base64.b64decode(message["body_b64"]), encoding, source, f"{where}.body_b64")
    if encoding:
        headers = {k: v for k, v in headers.items() if k.lower() not in _WIRE_HEADERS}
    out = {k: v for k, v in message.items() if k != "body_b64"}
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        out["body_b64"] = base64.b64encode(raw).decode("ascii")
        return out, headers
    content_type = next((v for k, v in headers.items() if k.lower() == "content-type"), "")
    if "json" in content_type.lower():
        try:
            out["body"] = json.loads(text)
            return out, headers
        except json.JSONDecodeError:
            pass
    out["body_text"] = text
    return out, headers
