"""`bench redact` end to end on an incoming folder: fixtures, manifest, idempotence, drift, truncation."""

from __future__ import annotations

import base64
import gzip
import json
from pathlib import Path

import pytest

from bench_pipeline.cli import main
from bench_pipeline.domain.errors import InputError
from bench_pipeline.files import dump_json, sha256_file, write_atomic
from bench_pipeline.fixtures.manifest_io import load_manifest
from bench_pipeline.redaction.command import redact_incoming, run_redact
from bench_pipeline.redaction.scan import scan_fixture_tree
from bench_pipeline.redaction.truncation import LIMIT_BYTES
from tests import fake_secrets

HTML = ("<html><head><meta property='article:published_time' content='2026-09-01'></head><body><main>"
        "<p>Acme anuncia planta en Monterrey.</p><p>Director: ana.lopez@gmail.com, tel. 81 8123 4567.</p>"
        "<p>Escriba a contacto@acme.com.mx</p></main></body></html>")


def _exchange(operation: str, key: str, body: dict | None = None, **extra) -> dict:
    return {"provider": "tavily", "operation": operation, "case_id": "gs-001", "captured_at": "2026-11-20T18:03:11Z",
            "elapsed_ms": 812.0,
            "request": {"method": "POST", "url": f"https://api.tavily.com/{operation}",
                        "headers": {"authorization": f"Bearer {key}"}, "body": {"query": "acme"}},
            "response": {"status": 200, "headers": {"date": "Fri, 20 Nov 2026 18:03:11 GMT"}, "body": body or {"results": []}},
            **extra}


@pytest.fixture
def incoming(tmp_path: Path) -> Path:
    key = fake_secrets.tavily()
    root = tmp_path / "incoming"
    search = _exchange("search", key, {"results": [{"url": "https://acme.com.mx/prensa", "content": f"api_key={key}"}]})
    write_atomic(root / "tavily/search/gs-001.json", dump_json(search))
    payload = gzip.compress(json.dumps({"results": [{"url": "https://acme.com.mx/", "raw_content": "Tel 55 1234 5678"}]}).encode())
    extract = _exchange("extract", key, artifact="_shared/html/acme.html")
    extract["response"] = {"status": 200, "headers": {"content-type": "application/json", "content-encoding": "gzip"},
                           "body_b64": base64.b64encode(payload).decode()}
    write_atomic(root / "tavily/extract/gs-001.json", dump_json(extract))
    write_atomic(root / "_shared/html/acme.html", HTML)
    return root


def test_redact_writes_fixtures_and_manifest(incoming: Path, tmp_path: Path):
    fixtures = tmp_path / "fixtures"
    assert run_redact(incoming, fixtures) == 0
    manifest = {e.path: e for e in load_manifest(fixtures).entries}
    assert set(manifest) == {"tavily/search/gs-001.json", "tavily/extract/gs-001.json", "_shared/html/acme.html"}
    html = manifest["_shared/html/acme.html"]
    assert (html.fixture_class, html.provider, html.case_id) == ("html", None, "gs-001")
    assert html.sha256_original == sha256_file(incoming / "_shared/html/acme.html")
    for entry in manifest.values():
        assert entry.sha256 == sha256_file(fixtures / entry.path) and entry.bytes == (fixtures / entry.path).stat().st_size
        assert entry.captured_at.isoformat() == "2026-11-20T18:03:11+00:00" and not entry.synthetic
    extract = json.loads((fixtures / "tavily/extract/gs-001.json").read_text())
    assert extract["response"]["body"]["results"][0]["raw_content"] == "Tel +52-000-000-0000"  # gzip decoded first
    assert "content-encoding" not in extract["response"]["headers"]
    page = (fixtures / "_shared/html/acme.html").read_text()
    assert "ana.lopez" not in page and "81 8123 4567" not in page
    assert "contacto@acme.com.mx" in page and "2026-09-01" in page
    assert scan_fixture_tree(fixtures) == []
    assert (incoming / "tavily/search/gs-001.json").is_file()  # the raw capture is kept


def test_redacting_again_changes_nothing(incoming: Path, tmp_path: Path):
    fixtures = tmp_path / "fixtures"
    redact_incoming(incoming, fixtures)
    before = {p: p.read_bytes() for p in fixtures.rglob("*") if p.is_file()}
    redact_incoming(incoming, fixtures)
    assert {p: p.read_bytes() for p in fixtures.rglob("*") if p.is_file()} == before
    again = tmp_path / "again"
    # Redacting already redacted exchanges as if they were raw gives the same bytes.
    second_incoming = tmp_path / "second"
    for path in (fixtures / "tavily").rglob("*.json"):
        write_atomic(second_incoming / path.relative_to(fixtures), path.read_bytes())
    redact_incoming(second_incoming, again)
    for path in (again / "tavily").rglob("*.json"):
        assert path.read_bytes() == (fixtures / path.relative_to(again)).read_bytes()


def test_bad_input_names_file_and_field_and_writes_nothing(incoming: Path, tmp_path: Path, capsys):
    broken = incoming / "tavily/search/gs-002.json"
    write_atomic(broken, dump_json({**_exchange("search", "x"), "captured_at": "2026-11-20 18:03"}))
    fixtures = tmp_path / "fixtures"
    assert main(["redact", "--incoming", str(incoming), "--fixtures", str(fixtures)]) == 2
    last = capsys.readouterr().err.splitlines()[-1]
    assert last.startswith(f"bench redact: {broken}: captured_at: ")
    assert not fixtures.exists() and broken.is_file()


def test_span_drift_fails_naming_the_expected_file(incoming: Path, tmp_path: Path):
    fixtures = tmp_path / "fixtures"
    start = HTML.index("Escriba")
    expected = {"case_id": "gs-001", "entity": "Acme", "observations": [
        {"artifact": "_shared/html/acme.html", "span": f"offset:{start}-{start + 7}", "text": "Escriba",
         "claim_type": "contact", "value": "contacto@acme.com.mx"}]}
    write_atomic(fixtures / "_shared/expected/gs-001.json", dump_json(expected))
    with pytest.raises(InputError) as err:
        redact_incoming(incoming, fixtures)
    assert err.value.path.endswith("gs-001.json") and err.value.field == "observations[0].span"
    assert "re-captured" in err.value.reason
    assert not (fixtures / "_shared/html/acme.html").exists()


def test_a_span_before_every_change_does_not_drift(incoming: Path, tmp_path: Path):
    fixtures = tmp_path / "fixtures"
    start = HTML.index("Acme anuncia")
    expected = {"case_id": "gs-001", "entity": "Acme", "observations": [
        {"artifact": "_shared/html/acme.html", "span": f"offset:{start}-{start + 12}", "text": "Acme anuncia",
         "claim_type": "facility", "value": "Monterrey"},
        {"artifact": "_shared/html/acme.html", "span": "selector:main p", "text": "Acme anuncia planta en Monterrey.",
         "claim_type": "facility", "value": "Monterrey"}]}
    write_atomic(fixtures / "_shared/expected/gs-001.json", dump_json(expected))
    redact_incoming(incoming, fixtures)
    assert (fixtures / "_shared/html/acme.html").is_file()


def test_selector_span_drifts_when_change_is_before_its_text(incoming: Path, tmp_path: Path):
    fixtures = tmp_path / "fixtures"
    expected = {"case_id": "gs-001", "entity": "Acme", "observations": [
        {"artifact": "_shared/html/acme.html", "span": "selector:main p:last-child", "text": "Escriba a contacto@acme.com.mx",
         "claim_type": "contact", "value": "contacto@acme.com.mx"}]}
    write_atomic(fixtures / "_shared/expected/gs-001.json", dump_json(expected))
    with pytest.raises(InputError, match="re-captured"):
        redact_incoming(incoming, fixtures)


def test_large_bodies_are_truncated_and_marked(incoming: Path, tmp_path: Path):
    filler = "<p>" + "relleno " * 200 + "</p>\n"
    big = HTML.replace("</main>", filler * (LIMIT_BYTES // len(filler) + 10) + "</main>")
    write_atomic(incoming / "_shared/html/acme.html", big)
    fixtures = tmp_path / "fixtures"
    redact_incoming(incoming, fixtures)
    entry = {e.path: e for e in load_manifest(fixtures).entries}["_shared/html/acme.html"]
    text = (fixtures / "_shared/html/acme.html").read_text()
    assert entry.truncated and entry.bytes < 8 * 1024
    assert text.startswith("<html><head><meta property='article:published_time'")
    assert "Acme anuncia planta en Monterrey." in text


def test_scan_names_file_and_path_of_every_leftover(tmp_path: Path):
    key = fake_secrets.firecrawl()
    write_atomic(tmp_path / "firecrawl/search/gs-001.json", dump_json(_exchange("search", key)))
    write_atomic(tmp_path / "_shared/html/page.html", "<p>Llame a Rosa: 55 1234 5678, rosa@hotmail.com</p>")
    findings = scan_fixture_tree(tmp_path)
    where = {(f.file, f.json_path, f.detector) for f in findings}
    assert ("firecrawl/search/gs-001.json", "request.headers.authorization", "secret-header") in where
    assert ("_shared/html/page.html", "(text)", "personal-phone") in where
    assert ("_shared/html/page.html", "(text)", "personal-email") in where
    assert all(key not in f.line() for f in findings)


def _manifest_with(fixtures: Path, path: str, fixture_class: str) -> None:
    entry = {"path": path, "provider": "tavily", "class": fixture_class, "case_id": "gs-001", "sha256": "0" * 64,
             "captured_at": "2026-11-20T18:03:11Z", "synthetic": True, "truncated": False, "bytes": 1}
    write_atomic(fixtures / "manifest.json", dump_json({"schema_version": 1, "corpus_kind": "captured", "entries": [entry]}))


def test_synthetic_is_kept_for_error_classes(tmp_path: Path):
    incoming, fixtures = tmp_path / "incoming", tmp_path / "fixtures"
    timeout = {**_exchange("search", fake_secrets.tavily()), "response": None, "error": "timeout"}
    write_atomic(incoming / "tavily/search/gs-001.json", dump_json(timeout))
    _manifest_with(fixtures, "tavily/errors/gs-001.json", "timeout")
    redact_incoming(incoming, fixtures)
    (entry,) = load_manifest(fixtures).entries
    assert (entry.path, entry.fixture_class, entry.synthetic) == ("tavily/errors/gs-001.json", "timeout", True)


def test_synthetic_outside_classes_4_to_8_is_refused(incoming: Path, tmp_path: Path):
    fixtures = tmp_path / "fixtures"
    _manifest_with(fixtures, "tavily/search/gs-001.json", "results")
    with pytest.raises(InputError, match="classes 4-8") as err:
        redact_incoming(incoming, fixtures)
    assert err.value.field == "entry 'tavily/search/gs-001.json'.synthetic"


def test_an_undecodable_body_is_refused_and_kept(incoming: Path, tmp_path: Path):
    raw = incoming / "tavily/extract/gs-001.json"
    data = json.loads(raw.read_text())
    data["response"]["headers"]["content-encoding"] = "br"
    write_atomic(raw, dump_json(data))
    with pytest.raises(InputError, match="'br' cannot be decoded") as err:
        redact_incoming(incoming, tmp_path / "fixtures")
    assert err.value.path == str(raw) and err.value.field == "response.body_b64"
    assert raw.is_file() and not (tmp_path / "fixtures").exists()


def test_an_expected_quote_is_judged_in_its_artifact(tmp_path: Path):
    write_atomic(tmp_path / "_shared/html/contacto.html", "<p>Conmutador: +52 442 215 8800</p><p>81 8123 4567</p>")
    observations = [{"artifact": "_shared/html/contacto.html", "span": "offset:18-34", "text": text, "claim_type": "company_phone",
                     "value": text} for text in ("+52 442 215 8800", "81 8123 4567")]
    write_atomic(tmp_path / "_shared/expected/gs-005.json", dump_json({"case_id": "gs-005", "entity": "x", "observations": observations}))
    where = {(f.file, f.json_path) for f in scan_fixture_tree(tmp_path)}
    # The bare personal number is reported once, where it stands in the page; the quotes follow the page.
    assert where == {("_shared/html/contacto.html", "(text)")}
