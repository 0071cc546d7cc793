"""`bench capture` against a fake Tavily on 127.0.0.1, then `bench redact`, then `bench verify`."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from bench_pipeline.capture import run_capture
from bench_pipeline.domain.errors import InputError
from bench_pipeline.fixtures.exchanges import load_exchange
from bench_pipeline.fixtures.verify import verify_fixtures
from bench_pipeline.providers import tavily
from bench_pipeline.providers.registry import load_providers
from bench_pipeline.redaction.command import run_redact
from bench_pipeline.redaction.scan import scan_fixture_tree
from bench_pipeline.transport import netlock
from tests import fake_secrets

PROVIDERS = Path(__file__).resolve().parents[1] / "providers.yaml"
GOLDEN = """schema_version: 1
cases:
  - {id: gs-001, query: "Acme planta Monterrey", entity: Acme, category: facilities, claim_type: facility,
     web_role: primary, expect: {families: [corporate, news]}}
  - {id: gs-002, query: "RFC de Acme", entity: Acme, category: corporate_identity, claim_type: rfc,
     web_role: forbidden, expect: {families: []}}
"""


class FakeTavily(BaseHTTPRequestHandler):
    """Speaks Tavily's wire format; answers 401 unless the expected bearer key is sent."""

    key = ""
    seen: list[dict] = []

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        type(self).seen.append({"path": self.path, "body": body})
        if self.headers.get("authorization") != f"Bearer {self.key}":
            return self._send(401, {"detail": {"error": "Unauthorized"}})
        if self.path == "/search":
            return self._send(200, {"query": body["query"], "request_id": "3b2f7385-b01d-479e-9825-1ce0f8c59b93",
                                    "results": [{"url": "https://acme.com.mx/prensa/planta", "title": "Acme",
                                                 "content": "Informes: ventas@acme.com.mx o luis.garcia@gmail.com",
                                                 "score": 0.9}],
                                    "usage": {"credits": 1}})
        return self._send(200, {"results": [{"url": u, "raw_content": "Tel. 55 1234 5678"} for u in body["urls"]],
                                "failed_results": [], "usage": {"credits": 1}})

    def _send(self, status: int, payload: dict):
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("set-cookie", "session=" + fake_secrets.opaque() + "; HttpOnly")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.fixture
def server(monkeypatch):
    FakeTavily.key = fake_secrets.tavily()
    FakeTavily.seen = []
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), FakeTavily)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    monkeypatch.setenv("BENCH_TAVILY_BASE_URL", f"http://127.0.0.1:{httpd.server_address[1]}")
    yield FakeTavily
    httpd.shutdown()
    httpd.server_close()
    thread.join()


@pytest.fixture
def golden(tmp_path: Path) -> Path:
    (tmp_path / "golden").mkdir()
    (tmp_path / "golden/cases.yaml").write_text(GOLDEN)
    return tmp_path / "golden"


def test_capture_redact_verify_and_read(server, golden: Path, tmp_path: Path, monkeypatch):
    monkeypatch.setenv("TAVILY_API_KEY", server.key)
    incoming, fixtures = tmp_path / "incoming", tmp_path / "fixtures"
    with netlock.network_locked():
        assert run_capture("tavily", None, golden, PROVIDERS, incoming) == 0
        assert netlock.is_engaged()  # capture lifts the lock only around its own calls
    assert [s["path"] for s in server.seen] == ["/search", "/extract"]  # the forbidden case is never sent
    raw = json.loads((incoming / "tavily/search/gs-001.json").read_text())
    assert raw["request"]["headers"]["authorization"] == f"Bearer {server.key}"  # raw keeps what went out

    assert run_redact(incoming, fixtures) == 0
    assert scan_fixture_tree(fixtures) == []
    committed = "".join(p.read_text() for p in fixtures.rglob("*.json"))
    assert server.key not in committed and "luis.garcia" not in committed and "ventas@acme.com.mx" in committed
    verification = verify_fixtures(fixtures, known_providers={"tavily"})
    assert [f for f in verification.errors if f.rule != "classes_complete"] == []
    assert {e.fixture_class for e in verification.entries} == {"results", "html"}

    price = load_providers(PROVIDERS).providers["tavily"].price
    page = tavily.parse_search(load_exchange(fixtures, "tavily/search/gs-001.json"), price)
    assert [r.url for r in page.results] == ["https://acme.com.mx/prensa/planta"]
    assert page.cost_usd == pytest.approx(0.008)


def test_missing_key_names_the_variable(server, golden: Path, tmp_path: Path, monkeypatch):
    monkeypatch.delenv("TAVILY_API_KEY", raising=False)
    with pytest.raises(InputError, match="TAVILY_API_KEY"):
        run_capture("tavily", ["gs-001"], golden, PROVIDERS, tmp_path / "incoming")
    assert server.seen == []


def test_asking_for_a_forbidden_case_is_refused(server, golden: Path, tmp_path: Path, monkeypatch):
    monkeypatch.setenv("TAVILY_API_KEY", server.key)
    with pytest.raises(InputError, match="forbidden"):
        run_capture("tavily", ["gs-002"], golden, PROVIDERS, tmp_path / "incoming")
    assert server.seen == []


def test_a_redacted_capture_is_verified_and_consumed_by_bench_run(server, corpus, monkeypatch, capsys):
    import duckdb

    from bench_pipeline.cli import main

    monkeypatch.setenv("TAVILY_API_KEY", server.key)
    incoming = corpus.fixtures.parent / "incoming"
    assert run_capture("tavily", ["gs-003"], corpus.golden, corpus.providers, incoming) == 0
    assert run_redact(incoming, corpus.fixtures) == 0
    assert verify_fixtures(corpus.fixtures, known_providers={"tavily"}).errors == []
    assert main(["run", *corpus.args()]) == 0
    report = capsys.readouterr().out.strip().splitlines()[-1]
    assert report.endswith("report.json")
    with duckdb.connect(str(corpus.warehouse / "bench.duckdb"), read_only=True) as conn:
        urls = conn.execute("select url from search_results where case_id = 'gs-003'").fetchall()
        reads = conn.execute("select failure from document_reads where artifact is null").fetchall()
    assert urls == [("https://acme.com.mx/prensa/planta",)]  # the captured answer replaced the recorded one
    assert reads == [("no_stored_artifact",)]  # its extract is kept, and cannot be cited: no stored page
