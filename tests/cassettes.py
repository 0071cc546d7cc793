"""Turn third-party recordings (VCR.py YAML, Go httprr traces, bare JSON bodies) into exchange
dicts, so the real cassettes in ../shared/realdata can go through the redactor."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import yaml

CAPTURED_AT = "2026-01-01T00:00:00Z"  # the cassettes carry no capture time of their own in one place


def vcr_exchanges(path: Path) -> list[dict]:
    out = []
    for interaction in yaml.safe_load(path.read_text(encoding="utf-8"))["interactions"]:
        request, response = interaction["request"], interaction["response"]
        out.append(_exchange(
            {"method": request["method"], "url": request["uri"], "headers": _flat(request.get("headers")), **_vcr_body(request)},
            {"status": response["status"]["code"], "headers": _flat(response.get("headers")), **_vcr_body(response)},
        ))
    return out


def httprr_exchanges(path: Path) -> list[dict]:
    """`httprr trace v1`, then per exchange `<request bytes> <response bytes>\\n` and both raw messages."""
    data = path.read_bytes()
    header, _, rest = data.partition(b"\n")
    assert header == b"httprr trace v1", path
    out = []
    while rest:
        sizes, _, rest = rest.partition(b"\n")
        request_size, response_size = (int(n) for n in sizes.split())
        raw_request, raw_response = rest[:request_size], rest[request_size:request_size + response_size]
        rest = rest[request_size + response_size:]
        start, headers, body = _http_message(raw_request)
        method, url, _ = start.split(" ", 2)
        request = {"method": method, "url": url, "headers": headers, **_body(body, headers)}
        status_line, headers, body = _http_message(raw_response)
        out.append(_exchange(request, {"status": int(status_line.split()[1]), "headers": headers, **_body(body, headers)}))
    return out


def body_exchange(path: Path) -> dict:
    """A bare response body: the request is reconstructed only as far as its host."""
    url = f"https://{path.name.split('_')[0]}.realdata.test/search"
    return _exchange({"method": "GET", "url": url, "headers": {}},
                     {"status": 200, "headers": {"content-type": "application/json"},
                      "body": json.loads(path.read_text(encoding="utf-8-sig"))})


def host(url: str) -> str:
    return urlsplit(url).netloc


def _exchange(request: dict, response: dict) -> dict:
    operation = "search" if "search" in request["url"] else "extract"
    return {"provider": "realdata", "operation": operation, "captured_at": CAPTURED_AT,
            "request": request, "response": response}


def _flat(headers: dict | None) -> dict[str, str]:
    return {name: ", ".join(str(v) for v in values) if isinstance(values, list) else str(values)
            for name, values in (headers or {}).items()}


def _vcr_body(message: dict) -> dict:
    if "parsed_body" in message:
        return {"body": message["parsed_body"]}
    body = message.get("body")
    if isinstance(body, dict):
        body = body.get("string")
    if isinstance(body, bytes):
        return {"body_b64": base64.b64encode(body).decode("ascii")}
    return _body((body or "").encode("utf-8"), _flat(message.get("headers"))) if body else {}


def _http_message(raw: bytes) -> tuple[str, dict[str, str], bytes]:
    """(start line, headers by lower-cased name, body) of a raw HTTP/1.1 message; the recorder ends some
    header lines with a bare LF."""
    blank = re.search(rb"\r?\n\r?\n", raw)
    head, body = (raw[:blank.start()], raw[blank.end():]) if blank else (raw, b"")
    lines = re.split(r"\r?\n", head.decode("utf-8"))
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return lines[0], headers, body


def _body(body: bytes, headers: dict[str, str]) -> dict:
    if not body:
        return {}
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return {"body_b64": base64.b64encode(body).decode("ascii")}
    content_type = next((v for k, v in headers.items() if k.lower() == "content-type"), "")
    if "json" in content_type:
        try:
            return {"body": json.loads(text)}
        except json.JSONDecodeError:
            pass
    return {"body_text": text}
