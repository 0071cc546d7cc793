"""Fake secrets in every position an exchange can carry them; none survives, hosts/paths/dates do."""

from __future__ import annotations

import copy
import json

import pytest

from bench_pipeline.redaction.exchange import redact_exchange
from bench_pipeline.redaction.findings import REDACTED
from bench_pipeline.redaction.scan import scan_json
from bench_pipeline.redaction.structure import redact_text
from tests import fake_secrets


def _exchange(keys: dict[str, str], uuid: str, opaque: str) -> dict:
    return {
        "provider": "tavily", "operation": "search", "case_id": "gs-001", "captured_at": "2026-11-20T18:03:11Z",
        "request": {
            "method": "POST",
            "url": f"https://api.example-search.test/v1/search?api_key={keys['perplexity']}&key={uuid}&token={opaque}&q=acme+planta",
            "headers": {
                "Authorization": f"Bearer {keys['tavily']}", "X-API-Key": uuid, "x-subscription-token": keys["brave"],
                "Cookie": f"session={opaque}", "X-Project-ID": "proj-" + opaque[:12], "X-Tavily-Orgid": "org-" + opaque[:10],
                "x-custom-trace": opaque, "content-type": "application/json",
            },
            "body": {"query": "acme planta", "api_key": keys["tavily"], "options": {"auth": {"accessToken": keys["jwt"]}}},
        },
        "response": {
            "status": 200,
            "headers": {
                "Date": "Fri, 20 Nov 2026 18:03:11 GMT", "Last-Modified": "Thu, 19 Nov 2026 10:00:00 GMT",
                "set-cookie": f"__cf_bm={opaque}; path=/; HttpOnly", "openai-organization": "org-" + opaque[:16],
                "x-request-id": "3b2f7385-b01d-479e-9825-1ce0f8c59b93", "content-type": "application/json",
            },
            "body": {
                "request_id": "3b2f7385-b01d-479e-9825-1ce0f8c59b93",
                "results": [{
                    "url": f"https://acme.com.mx/prensa/planta-2026?utm=x&apikey={keys['firecrawl']}",
                    "publishedAt": "2026-09-01T00:00:00Z", "retrievedAt": "2026-11-20T18:03:00Z", "cacheAgeSeconds": 3600,
                    "content": (f"Escriba a ventas@acme.com.mx. curl -H 'Authorization: Bearer {keys['jina']}' "
                                f"config: x-api-key: {uuid}; openai {keys['openai']}; token {keys['jwt']}"),
                    "meta": {"deep": [{"session_token": opaque, "client_secret": keys["firecrawl"]}]},
                    "tracking": opaque,
                }],
            },
        },
    }


@pytest.fixture
def raw():
    return _exchange(fake_secrets.all_keys(), fake_secrets.uuid_key(), fake_secrets.opaque())


def test_no_fake_secret_survives_in_any_position(raw):
    planted = _planted(raw)
    redacted = redact_exchange(copy.deepcopy(raw), "raw.json").data
    text = json.dumps(redacted)
    for secret in planted:
        assert secret not in text, f"survived: {secret[:4]}…"
    assert scan_json(redacted, "redacted.json") == []


def test_hosts_paths_dates_role_mailboxes_and_request_ids_are_kept(raw):
    redacted = redact_exchange(copy.deepcopy(raw), "raw.json").data
    result = redacted["response"]["body"]["results"][0]
    assert redacted["request"]["url"].startswith("https://api.example-search.test/v1/search?")
    assert "q=acme+planta" in redacted["request"]["url"]
    assert result["url"].startswith("https://acme.com.mx/prensa/planta-2026?utm=x&")
    assert (result["publishedAt"], result["retrievedAt"], result["cacheAgeSeconds"]) == (
        "2026-09-01T00:00:00Z", "2026-11-20T18:03:00Z", 3600)
    assert redacted["response"]["headers"]["Date"] == "Fri, 20 Nov 2026 18:03:11 GMT"
    assert redacted["response"]["headers"]["Last-Modified"] == "Thu, 19 Nov 2026 10:00:00 GMT"
    assert redacted["response"]["body"]["request_id"] == raw["response"]["body"]["request_id"]
    assert redacted["response"]["headers"]["x-request-id"] == raw["response"]["headers"]["x-request-id"]
    assert "ventas@acme.com.mx" in result["content"]
    assert redacted["request"]["headers"]["Authorization"] == REDACTED


def test_scan_names_every_position_by_json_path_without_printing_secrets(raw):
    findings = scan_json(raw, "tavily/search/gs-001.json")
    paths = {f.json_path for f in findings}
    for expected in ("request.headers.Authorization", "request.headers.X-API-Key", "request.headers.Cookie",
                     "request.headers.x-subscription-token", "request.headers.X-Project-ID", "request.url?api_key",
                     "request.url?key", "request.body.api_key", "request.body.options.auth.accessToken",
                     "response.headers.set-cookie", "response.headers.openai-organization",
                     "response.body.results[0].url?apikey", "response.body.results[0].meta.deep[0].client_secret",
                     "response.body.results[0].tracking", "request.headers.x-custom-trace"):
        assert expected in paths, expected
    detectors = {f.detector for f in findings}
    assert {"bearer-token", "assigned-key", "sk-key", "jwt", "jina-key", "high-entropy"} <= detectors
    shown = "\n".join(f.line() for f in findings)
    for secret in _planted(raw):
        assert secret not in shown


def test_redacting_twice_changes_nothing(raw):
    once = redact_exchange(copy.deepcopy(raw), "raw.json")
    twice = redact_exchange(copy.deepcopy(once.data), "once.json")
    assert once.found and twice.found == []
    assert twice.data == once.data


def test_prose_and_hex_ids_are_not_secrets():
    body = {"content": "Los bonos al portador (bearer bonds) y la clave del éxito", "etag": "785ef446578486c7a07b4d23ce8d8b31",
            "id": "68a320592ddc438a3898a371", "slug": "planta-monterrey-nuevo-leon-2026"}
    assert scan_json(body, "x.json") == []


def _planted(raw: dict) -> list[str]:
    """Every secret value the fixture builder put in (read back from the places it put them)."""
    headers = raw["request"]["headers"]
    content = raw["response"]["body"]["results"][0]
    return [headers["Authorization"].split()[1], headers["X-API-Key"], headers["x-subscription-token"],
            raw["request"]["body"]["api_key"], raw["request"]["body"]["options"]["auth"]["accessToken"],
            content["tracking"], content["meta"]["deep"][0]["client_secret"],
            content["content"].split("Bearer ")[1].split("'")[0], content["content"].split("openai ")[1].split(";")[0]]


@pytest.mark.parametrize("quoted", ['&quot;serper_api_key&quot;: &quot;{}&quot;', '{{\\"exa_api_key\\": \\"{}\\"}}'],
                         ids=["HTML-quoted config", "escaped JSON"])
def test_a_key_assigned_in_quoted_config_goes(quoted):
    key = "13dbfbb9a8c7" + "d6e5f4a3b2c1d0e9f8a7b6c5"
    assert key not in redact_text(quoted.format(key), "$", [])
