"""Turn third-party recordings (VCR cassettes, bare JSON bodies) into `Exchange` objects."""

from __future__ import annotations

import json
from email.utils import parsedate_to_datetime
from pathlib import Path

import yaml

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.files import read_json
from bench_pipeline.fixtures.exchanges import load_exchange
from bench_pipeline.fixtures.manifest_io import load_manifest
from tests import cassettes

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
    """Every exchange of a Go httprr trace (langchaingo's recorder, read by `tests.cassettes`) as `provider`'s
    search; the response's `Date` header is the capture time."""
    out = []
    for index, recorded in enumerate(cassettes.httprr_exchanges(path)):
        captured = parsedate_to_datetime(recorded["response"]["headers"]["date"]).isoformat()
        out.append((f"{path.name}#{index}", Exchange.model_validate(
            {**recorded, "provider": provider, "operation": "search", "captured_at": captured})))
    return out


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
