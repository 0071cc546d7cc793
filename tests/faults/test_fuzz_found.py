"""The failures the fuzz tests found, each as its smallest input: fixed in the domain code, kept here so
they stay fixed whatever examples a later fuzzing run happens to draw."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.golden import Judgment
from bench_pipeline.files import read_json, read_yaml
from bench_pipeline.fixtures.exchanges import load_exchange
from bench_pipeline.golden.load import load_judgments
from bench_pipeline.observations.artifacts import local_read
from bench_pipeline.providers.registry import load_providers
from bench_pipeline.reading.pdf import UnreadablePdfError, read_pdf
from bench_pipeline.review.records import ReviewLog
from tests.adapter_checks import adapter_of, price
from tests.recorded import CORPUS


@pytest.mark.parametrize("name", ["deep.json", "deep.yaml"])
def test_nesting_deeper_than_the_parser_goes_is_bad_input(tmp_path, name):
    path = tmp_path / name
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(InputError, match="nest") as caught:  # libyaml has a limit of its own, and says so
        (read_json if name.endswith(".json") else read_yaml)(path)
    assert caught.value.path == str(path)


def test_a_body_that_is_not_base64_is_refused_when_the_exchange_loads(tmp_path):
    exchange = {"provider": "serper", "operation": "fetch", "captured_at": "2026-11-13T20:02:10Z",
                "request": {"method": "GET", "url": "https://a.example.mx/x.pdf"},
                "response": {"status": 200, "body_b64": "JVBERi0xLjMK|ZSAv"}}
    (tmp_path / "serper" / "fetch").mkdir(parents=True)
    path = tmp_path / "serper" / "fetch" / "x.json"
    path.write_text(json.dumps(exchange))
    with pytest.raises(InputError, match="not valid base64") as caught:
        load_exchange(tmp_path, "serper/fetch/x.json")
    assert (caught.value.path, caught.value.field) == (str(path), "response.body_b64")


@pytest.mark.parametrize(("name", "text", "field"), [
    ("x.json", '{"elapsed_ms": 479.2, "elapsed_ms": null}', "elapsed_ms"),
    ("judgments/0001-x.jsonl", '{"case_id": "gs-001", "case_id": "gs-002"}\n', "line 1.case_id"),
    ("cases.yaml", "schema_version: 1\ncases: []\ncases: [{id: gs-001}]\n", "(yaml)"),
])
def test_a_key_given_twice_is_refused_not_resolved_by_dropping_a_value(tmp_path, name, text, field):
    path = tmp_path / name
    path.parent.mkdir(exist_ok=True)
    path.write_text(text)
    read = {".json": read_json, ".yaml": read_yaml, ".jsonl": lambda _: load_judgments(tmp_path)}[path.suffix]
    with pytest.raises(InputError, match="twice") as caught:
        read(path)
    assert (caught.value.path, caught.value.field) == (str(path), field)


def test_a_judgments_line_nested_past_the_parser_is_bad_input_naming_the_line(tmp_path):
    path = tmp_path / "judgments" / "0001-x.jsonl"
    path.parent.mkdir()
    path.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    with pytest.raises(InputError, match="nested deeper") as caught:
        load_judgments(tmp_path)
    assert (caught.value.path, caught.value.field) == (str(path), "line 1")


@pytest.mark.parametrize("comment", ["\x85", "a\u2028b", "\u2029"])
def test_a_comment_with_a_unicode_line_separator_reads_back_as_the_review_app_wrote_it(tmp_path, comment):
    judgment = Judgment(case_id="gs-001", url="https://a.example.mx/", relevant=False, reason="wrong_entity",
                        comment=comment, reviewer="rev-f1", judged_at=datetime(2026, 12, 1, tzinfo=UTC))
    ReviewLog(tmp_path, "0002-x").save("judge_relevance", judgment)
    assert load_judgments(tmp_path) == [judgment]


def _bundled(relative: str) -> dict:
    return json.loads((CORPUS / relative).read_text())


def _set(doc: dict, path: tuple, value) -> dict:
    *parents, last = path
    target = doc
    for step in parents:
        target = target[step]
    target[last] = value
    return doc


# (provider, bundled recording, where in it, the wire value of the wrong type, the field the error must name)
WRONG_TYPES = [
    ("tavily", "tavily/search/gs-001.json", ("response", "body", "usage"), "x", "response.body.usage"),
    ("tavily", "tavily/extract/acerosdelbajio-nosotros.json", ("request", "body", "urls"), 5, "request.body.urls"),
    ("serper", "serper/search/gs-001.json", ("response", "body", "organic", 0, "date"), 5,
     "response.body.organic[0].date"),
    ("exa", "exa/search/gs-001.json", ("response", "body", "results", 0, "title"), 5, "response.body.results[0].title"),
    ("exa", "exa/search/gs-001.json", ("response", "body", "results", 0, "publishedDate"), 1.5,
     "response.body.results[0].publishedDate"),
    ("exa", "exa/search/gs-001.json", ("response", "body", "results", 0, "highlights"), 1.5,
     "response.body.results[0].highlights"),
    ("exa", "exa/extract/acerosdelbajio-nosotros.json", ("response", "body", "results", 0), None,
     "response.body.results[0].url"),
    ("exa", "exa/search/gs-001.json", ("response", "body", "costDollars"), 1.5, "response.body.costDollars"),
    ("brave", "brave/search/gs-001.json", ("response", "body", "web"), [], "response.body.web"),
    ("exa-fast", "exa-fast/search/gs-001.json", ("response", "body", "results", 0, "title"), 5,
     "response.body.results[0].title"),
    ("serpapi", "serpapi/search/gs-001.json", ("response", "body", "organic_results", 0, "date"), 5,
     "response.body.organic_results[0].date"),
    ("serpapi", "serpapi/search/gs-001.json", ("response", "body", "search_metadata"), {"id": 5},
     "response.body.search_metadata.id"),
    ("perplexity", "perplexity/search/gs-001.json", ("response", "body", "results", 0, "title"), 5,
     "response.body.results[0].title"),
    ("perplexity", "perplexity/search/gs-001.json", ("response", "body", "results", 0, "date"), 1.5,
     "response.body.results[0].date"),
    ("jina", "jina/search/gs-001.json", ("response", "body", "data", 0, "description"), 5,
     "response.body.data[0].description"),
    ("jina", "jina/extract/acerosdelbajio-nosotros.json", ("response", "body", "data", "content"), 5,
     "response.body.data.content"),
    ("jina", "jina/extract/acerosdelbajio-nosotros.json", ("request", "body", "url"), 5, "request.body.url"),
    ("parallel", "parallel/search/gs-001.json", ("response", "body", "results", 0, "publish_date"), 5,
     "response.body.results[0].publish_date"),
    ("parallel", "parallel/extract/acerosdelbajio-nosotros.json", ("response", "body", "errors"), "x",
     "response.body.errors"),
    ("parallel", "parallel/extract/acerosdelbajio-nosotros.json", ("request", "body", "urls"), 5,
     "request.body.urls"),
]


@pytest.mark.parametrize(("provider", "relative", "where", "value", "field"), WRONG_TYPES)
def test_a_wire_value_of_the_wrong_type_is_bad_input_naming_the_field(provider, relative, where, value, field):
    exchange = Exchange.model_validate(_set(_bundled(relative), where, value))
    adapter = adapter_of(provider)
    with pytest.raises(InputError) as caught:
        if exchange.operation == "search":
            adapter.parse_search(exchange, price(provider), source=relative)
        else:
            urls = adapter.urls_requested(exchange, relative)
            adapter.parse_extract(exchange, price(provider), urls, source=relative)
    assert (caught.value.path, caught.value.field) == (relative, field)


@pytest.mark.parametrize(("event", "field"), [
    ("5", "response.body_text line 3"),  # was skipped: the page came from the event before it
    ('{"results": [{"url": 5}]}', "response.body_text line 3.results[0].url"),
])
def test_a_sonar_stream_event_is_read_whole_and_named_by_its_line(event, field):
    relative = "perplexity/search/gs-001.json"
    doc = _bundled(relative)
    first = json.dumps(doc["response"]["body"])
    doc["response"] = {**doc["response"], "body": None, "body_text": f"data: {first}\n\ndata: {event}\n"}
    adapter = adapter_of("perplexity")
    with pytest.raises(InputError) as caught:
        adapter.parse_search(Exchange.model_validate(doc), price("perplexity"), source=relative)
    assert (caught.value.path, caught.value.field) == (relative, field)


def _costaesmeralda_pdf() -> bytes:
    return (CORPUS / "_shared" / "pdf" / "costaesmeralda-exportaciones-2025.pdf").read_bytes()


def _damaged_stream(data: bytes) -> bytes:
    at = data.index(b"stream\n") + len(b"stream\n")
    return data[:at] + b"|" + data[at + 1:]  # not an ASCII85 digit: the filter raises ValueError


def _page_tree_loop(data: bytes) -> bytes:
    return data.replace(b"/Kids [ 4 0 R 5 0 R ]", b"/Kids [ 8 0 R 8 0 R ]")  # object 8 is the page tree itself


def _oversized_xref(data: bytes) -> bytes:
    return data.replace(b"xref\n0 11", b"xref\n0 65535")  # pypdf refuses to open it: LimitReachedError


@pytest.mark.parametrize("damage", [_damaged_stream, _page_tree_loop, _oversized_xref])
def test_a_damaged_pdf_is_an_unreadable_read_not_a_crash(damage):
    data = damage(_costaesmeralda_pdf())
    assert local_read(data, "pdf", False) == ("", "unreadable_pdf")
    with pytest.raises(UnreadablePdfError):
        read_pdf(data)


@pytest.mark.parametrize("value", [".inf", ".nan"])
def test_a_price_that_is_not_a_finite_number_is_refused(tmp_path, value):
    path = tmp_path / "providers.yaml"
    path.write_text((CORPUS.parents[1] / "providers.yaml").read_text().replace("usd_per_credit: 0.008",
                                                                              f"usd_per_credit: {value}", 1))
    with pytest.raises(InputError, match="finite") as caught:
        load_providers(path)
    assert (caught.value.path, caught.value.field) == (str(path), "providers.tavily.price.usd_per_credit")


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_in_a_json_file_are_bad_input_not_numbers(tmp_path, constant):
    exchange = (CORPUS / "brave" / "errors" / "429.json").read_text()
    assert '"elapsed_ms": 479.2' in exchange
    (tmp_path / "x.json").write_text(exchange.replace('"elapsed_ms": 479.2', f'"elapsed_ms": {constant}'))
    with pytest.raises(InputError, match="not a JSON number") as caught:
        load_exchange(tmp_path, "x.json")
    assert (caught.value.path, caught.value.field) == (str(tmp_path / "x.json"), "(json)")
    line = tmp_path / "judgments" / "0001-x.jsonl"
    line.parent.mkdir()
    line.write_text('{"case_id": "gs-001", "relevant": ' + constant + "}\n")
    with pytest.raises(InputError, match="not a JSON number") as caught:
        load_judgments(tmp_path)
    assert caught.value.field == "line 1"
