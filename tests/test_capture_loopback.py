"""`bench capture` against fake providers on 127.0.0.1 (Tavily, and each slug added with the market's other
providers), then `bench redact`, then `bench verify`."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
import yaml

from bench_pipeline.capture import run_capture
from bench_pipeline.domain.errors import InputError
from bench_pipeline.fixtures.exchanges import load_exchange
from bench_pipeline.fixtures.verify import verify_fixtures
from bench_pipeline.providers import tavily
from bench_pipeline.providers.registry import adapter_module, load_providers, request_options
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


# Each slug added with the market's other providers, captured from a fake of its own wire format: the request its
# adapter builds with the slug's options, the key from the variable providers.yaml names, where the provider takes it.
RESULT_URLS = ["https://acme.com.mx/prensa/planta", "https://www.gob.mx/cofepris/acme"]
SLUGS = {  # slug → (its fake key, where the provider takes the key)
    "tavily-advanced": (fake_secrets.tavily, "bearer"), "exa-fast": (fake_secrets.uuid_key, "x-api-key"),
    "serpapi": (fake_secrets.opaque, "query"), "perplexity": (fake_secrets.perplexity, "bearer"),
    "jina": (fake_secrets.jina, "bearer"), "parallel": (fake_secrets.opaque, "x-api-key"),
}


def _search_answer(adapter: str) -> dict:
    if adapter == "tavily":
        return {"results": [{"url": u, "title": "Acme", "content": "…"} for u in RESULT_URLS],
                "usage": {"credits": 2}}
    if adapter == "exa":
        return {"requestId": "9501e6a1a593af450eb13c7c03125b50", "costDollars": {"total": 0.007},
                "results": [{"id": u, "url": u, "title": "", "highlights": ["…"]} for u in RESULT_URLS]}
    if adapter == "serpapi":
        return {"search_metadata": {"id": "6233bba5d04d6d63bb714e6f", "status": "Success"},
                "organic_results": [{"position": i + 1, "link": u, "title": "Acme"} for i, u in enumerate(RESULT_URLS)]}
    if adapter == "perplexity":
        return {"id": "3c4e1f0a-8d6b-4b7e-9f3a-2b1c0d9e8f7a",
                "results": [{"url": u, "title": "Acme", "snippet": "…", "date": "2026-09-24"} for u in RESULT_URLS]}
    if adapter == "jina":
        return {"code": 200, "status": 20000, "data": [{"url": u, "title": "Acme", "description": "…"}
                                                       for u in RESULT_URLS], "meta": {"usage": {"tokens": 10000}}}
    return {"search_id": "search_cad0a6d2dec046bd95ae900527d880e7", "usage": [{"name": "search-basic", "count": 1}],
            "results": [{"url": u, "title": "Acme", "publish_date": None, "excerpts": ["…"]} for u in RESULT_URLS]}


def _read_answer(adapter: str, body: dict) -> dict:
    if adapter == "tavily":
        return {"results": [{"url": u, "raw_content": "Planta"} for u in body["urls"]], "failed_results": [],
                "usage": {"credits": 0}}
    if adapter == "exa":
        return {"results": [{"id": u, "url": u, "text": "Planta"} for u in body["urls"]],
                "costDollars": {"total": 0.001},
                "statuses": [{"id": u, "status": "success"} for u in body["urls"]]}
    if adapter == "jina":
        return {"code": 200, "status": 20000, "data": {"url": body["url"], "content": "Planta", "httpStatus": 200},
                "meta": {"usage": {"tokens": 400}}}
    return {"extract_id": "extract_1", "errors": [], "usage": [{"name": "extract-full-content", "count": 1}],
            "results": [{"url": u, "full_content": "Planta"} for u in body["urls"]]}


class FakeMarket(BaseHTTPRequestHandler):
    """One provider's wire format on 127.0.0.1; 401 unless the key arrives where that provider takes it."""

    adapter, key, where = "", "", ""
    seen: list[dict] = []

    def do_GET(self):
        self._answer(None)

    def do_POST(self):
        self._answer(json.loads(self.rfile.read(int(self.headers["content-length"]))))

    def _answer(self, body):
        path, _, query = self.path.partition("?")
        params = dict(parse_qsl(query))
        type(self).seen.append({"method": self.command, "path": path, "params": params, "body": body,
                                "headers": {k.lower(): v for k, v in self.headers.items()}})
        given = {"bearer": self.headers.get("authorization"), "x-api-key": self.headers.get("x-api-key"),
                 "query": params.get("api_key")}[self.where]
        if given != (f"Bearer {self.key}" if self.where == "bearer" else self.key):
            return self._send(401, {"error": "Invalid API key."})
        reading = body is not None and ("urls" in body or "url" in body)
        self._send(200, _read_answer(self.adapter, body) if reading else _search_answer(self.adapter))

    _send = FakeTavily._send

    def log_message(self, *args):
        pass


@pytest.fixture
def market(request, monkeypatch, tmp_path):
    """The fake for `request.param`, and a copy of providers.yaml whose Jina reader points at it too."""
    slug = request.param
    config = yaml.safe_load(PROVIDERS.read_text())
    FakeMarket.adapter = config["providers"][slug]["adapter"]
    make_key, FakeMarket.where = SLUGS[slug]
    FakeMarket.key, FakeMarket.seen = make_key(), []
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), FakeMarket)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    root = f"http://127.0.0.1:{httpd.server_address[1]}"
    monkeypatch.setenv(f"BENCH_{slug.upper().replace('-', '_')}_BASE_URL", root)
    monkeypatch.setenv(config["providers"][slug]["api_key_env"], FakeMarket.key)
    config["providers"]["jina"]["request"]["reader_url"] = root  # the reader's host is an option, not the base URL
    providers = tmp_path / "providers.yaml"
    providers.write_text(yaml.safe_dump(config, sort_keys=False))
    yield slug, root, providers
    httpd.shutdown()
    httpd.server_close()
    thread.join()


@pytest.mark.parametrize("market", list(SLUGS), indirect=True)
def test_capture_of_each_new_slug_sends_its_adapters_request_with_its_options(market, golden: Path, tmp_path: Path):
    slug, root, providers = market
    incoming, fixtures = tmp_path / "incoming", tmp_path / "fixtures"
    settings = load_providers(providers).providers[slug]
    adapter, options = adapter_module(settings.adapter), request_options(slug, settings)
    with netlock.network_locked():
        assert run_capture(slug, None, golden, providers, incoming) == 0
    searched, *reads = FakeMarket.seen
    built = adapter.search_request("Acme planta Monterrey", root, options)
    assert searched["method"] == built.method and (searched["body"] == built.json_body)
    assert root + searched["path"] == built.url.partition("?")[0]
    assert {k: v for k, v in searched["params"].items() if k != "api_key"} == dict(parse_qsl(urlsplit(built.url).query))
    assert all(searched["headers"].get(k.lower()) == v for k, v in built.headers.items())
    # Extracts: none for search-only slugs, one call per URL for Jina's reader, one call for the rest.
    expected_reads = 0 if not settings.capabilities.extract else len(RESULT_URLS) if slug == "jina" else 1
    assert len(reads) == expected_reads
    for read in reads:
        assert read["body"] == adapter.extract_request([read["body"].get("url")] if slug == "jina" else RESULT_URLS,
                                                       root, options).json_body
    raw = json.loads((incoming / slug / "search" / "gs-001.json").read_text())
    assert FakeMarket.key in json.dumps(raw["request"])  # the raw capture keeps what went out
    page = adapter.parse_search(load_exchange(incoming, f"{slug}/search/gs-001.json"), settings.price)
    assert [r.url for r in page.results] == RESULT_URLS

    assert run_redact(incoming, fixtures) == 0
    assert scan_fixture_tree(fixtures) == []
    committed = "".join(p.read_text() for p in fixtures.rglob("*.json"))
    assert FakeMarket.key not in committed  # from the header or from the URL's query alike
    assert [f for f in verify_fixtures(fixtures, known_providers={slug}).errors if f.rule != "classes_complete"] == []


def test_bad_request_options_name_the_slug_and_the_option(tmp_path: Path):
    config = yaml.safe_load(PROVIDERS.read_text())
    config["providers"]["tavily-advanced"]["request"]["search_depth"] = "deepest"
    broken = tmp_path / "providers.yaml"
    broken.write_text(yaml.safe_dump(config, sort_keys=False))
    with pytest.raises(InputError, match=r"providers\.tavily-advanced\.request\.search_depth"):
        load_providers(broken)
    config["providers"]["tavily-advanced"]["request"] = {"search_depht": "advanced"}  # a typo is not ignored
    broken.write_text(yaml.safe_dump(config, sort_keys=False))
    with pytest.raises(InputError, match=r"request\.search_depht: Extra inputs are not permitted"):
        load_providers(broken)


@pytest.mark.parametrize(("variant_of", "problem"), [
    ("brave", "'brave' speaks brave, not tavily"), ("nobody", "no other slug 'nobody'"),
    ("tavily-advanced", "no other slug 'tavily-advanced'")])
def test_a_variant_names_a_base_of_its_own_adapter(tmp_path: Path, variant_of: str, problem: str):
    config = yaml.safe_load(PROVIDERS.read_text())
    config["providers"]["tavily-advanced"]["variant_of"] = variant_of
    broken = tmp_path / "providers.yaml"
    broken.write_text(yaml.safe_dump(config, sort_keys=False))
    with pytest.raises(InputError, match=r"providers\.tavily-advanced\.variant_of: " + problem):
        load_providers(broken)
