"""Turn third-party recordings (VCR cassettes, bare JSON bodies) into `Exchange` objects."""

from __future__ import annotations

import json
import re
from email.utils import parsedate_to_datetime
from pathlib import Path

import yaml

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.files import read_json
from bench_pipeline.fixtures.exchanges import load_exchange
from bench_pipeline.fixtures.manifest_io import load_manifest

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "web-search"
CAPTURED = "2026-01-01T00:00:00Z"  # the cassettes keep no capture time; relative dates need one


def cassette_exchanges(path: Path, provider: str, host: str) -> list[tuple[str, Exchange]]:
    """Every interaction with `host` in a VCR cassette (pydantic-ai `parsed_body` or crewai `body.string`)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    out = []
    for index, interaction in enumerate(data["interactions"]):
        request, response = interaction["request"], interaction["response"]
        if host not in request["uri"]:
            continue
        body = response.get("parsed_body")
        if body is None:
            body = json.loads(response["body"]["string"])
        request_body = request.get("parsed_body")
        if request_body is None and isinstance(request.get("body"), str):
            request_body = json.loads(request["body"])
        out.append((f"{path.name}#{index}", Exchange.model_validate({
            "provider": provider, "operation": "search", "captured_at": CAPTURED,
            "request": {"method": request["method"], "url": request["uri"], "body": request_body},
            "response": {"status": response["status"]["code"], "body": body},
        })))
    return out


def httprr_exchanges(path: Path, provider: str) -> list[tuple[str, Exchange]]:
    """Every exchange of a Go httprr trace (langchaingo's recorder): a `httprr trace v1` line, then per exchange a
    line `<request bytes> <response bytes>` followed by the raw HTTP request and response, read by those counts.
    The response's `Date` header is the capture time."""
    data = path.read_bytes()
    header, _, rest = data.partition(b"\n")
    assert header == b"httprr trace v1", path
    out = []
    while rest:
        sizes, _, rest = rest.partition(b"\n")
        request_size, response_size = map(int, sizes.split())
        request, response, rest = rest[:request_size], rest[request_size:request_size + response_size], \
            rest[request_size + response_size:]
        method, url, headers, request_body = _http_message(request)
        status_line, response_headers, body = _http_message(response)[1:]
        status = int(status_line.split()[0])
        recorded = {"status": status, "headers": response_headers}
        text = body.decode("utf-8")
        if "json" in response_headers.get("content-type", "").lower():
            recorded["body"] = json.loads(text)
        else:
            recorded["body_text"] = text
        out.append((f"{path.name}#{len(out)}", Exchange.model_validate({
            "provider": provider, "operation": "search",
            "captured_at": parsedate_to_datetime(response_headers["date"]).isoformat(),
            "request": {"method": method, "url": url, "headers": headers,
                        "body": json.loads(request_body) if request_body.strip() else None},
            "response": recorded,
        })))
    return out


def _http_message(raw: bytes) -> tuple[str, str, dict[str, str], bytes]:
    """(first word, rest of the start line, headers by lower-cased name, body) of a raw HTTP/1.1 message; the
    recorder ends some header lines with a bare LF."""
    blank = re.search(rb"\r?\n\r?\n", raw)
    head, body = (raw[:blank.start()], raw[blank.end():]) if blank else (raw, b"")
    lines = re.split(r"\r?\n", head.decode("utf-8"))
    first, _, rest = lines[0].partition(" ")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return first, rest.removesuffix(" HTTP/1.1"), headers, body


def body_exchange(path: Path, provider: str, url: str) -> Exchange:
    """A bare recorded response body, wrapped as the 200 it was."""
    return Exchange.model_validate({"provider": provider, "operation": "search", "captured_at": CAPTURED,
                                    "request": {"method": "GET", "url": url},
                                    "response": {"status": 200, "body": read_json(path)}})


def corpus_exchanges(provider: str, *classes: str, folder: str | None = None) -> list[tuple[str, Exchange]]:
    """The bundled corpus's exchanges of one provider, by fixture class (and folder)."""
    return [(e.path, load_exchange(CORPUS, e.path)) for e in load_manifest(CORPUS).entries
            if e.provider == provider and e.fixture_class in classes
            and (folder is None or e.path.split("/")[1] == folder)]
