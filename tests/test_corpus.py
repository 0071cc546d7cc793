"""The bundled demo corpus: reproducible, verified, complete, and every verify rule can fail."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import lxml.html
import pypdf
import pytest

from bench_pipeline.domain.expected import ExpectedCase
from bench_pipeline.domain.golden import CATEGORIES
from bench_pipeline.files import dump_json, read_json
from bench_pipeline.fixtures.manifest_io import load_manifest
from bench_pipeline.fixtures.verify import verify_fixtures
from bench_pipeline.golden.load import load_golden, load_judgments, load_verified_dates
from bench_pipeline.providers.registry import adapter_module, load_providers, request_options
from bench_pipeline.reading.spans import parse_artifact_span
from tests.recorded import CORPUS

REPO = CORPUS.parents[1]
GOLDEN = REPO / "golden"
PROVIDERS = set(load_providers(REPO / "providers.yaml").providers)


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _generate(target: Path) -> None:
    subprocess.run([sys.executable, str(REPO / "scripts" / "make_demo_corpus.py"), "--fixtures", str(target / "fx"),
                    "--golden", str(target / "golden")], check=True, capture_output=True)


def test_generator_is_deterministic_and_matches_the_committed_corpus(tmp_path):
    _generate(tmp_path / "a")
    _generate(tmp_path / "b")
    first, second = _tree(tmp_path / "a"), _tree(tmp_path / "b")
    assert first == second
    committed = {f"fx/{k}": v for k, v in _tree(CORPUS).items() if k != "README.md"}
    committed.update({f"golden/{k}": v for k, v in _tree(GOLDEN).items() if k != "README.md"})
    assert first == committed
    assert sum(len(v) for v in committed.values()) < 5_000_000


def test_committed_corpus_verifies_with_nine_classes_per_provider():
    result = verify_fixtures(CORPUS, PROVIDERS)
    assert result.errors == []
    assert result.corpus_kind == "demo"
    assert {p: len(c) for p, c in result.classes_by_provider.items()} == {p: 9 for p in PROVIDERS}


def test_every_search_request_is_what_the_slugs_adapter_builds_from_its_options():
    """The options in providers.yaml are in every recorded search: the request is the adapter's own, for the case's
    query, with the slug's options applied (credentials aside)."""
    config = load_providers(REPO / "providers.yaml").providers
    queries = {c.id: c.query for c in load_golden(GOLDEN).cases}
    checked = 0
    for entry in load_manifest(CORPUS).entries:
        if entry.fixture_class not in ("results", "contradictory") or "/search/" not in entry.path:
            continue
        recorded = read_json(CORPUS / entry.path)["request"]
        slug = config[entry.provider]
        built = adapter_module(slug.adapter).search_request(queries[entry.case_id], slug.base_url,
                                                           request_options(entry.provider, slug))
        assert (recorded["method"], recorded["url"].replace("&api_key=REDACTED", ""), recorded["body"]) == (
            built.method, built.url, built.json_body), entry.path
        assert {k: v for k, v in recorded["headers"].items() if v != "REDACTED"} == built.headers, entry.path
        checked += 1
    assert checked == 40 * len(config)


def test_golden_set_shape():
    cases = load_golden(GOLDEN).cases
    assert len(cases) == 40
    assert sum(c.web_role == "forbidden" for c in cases) == 10
    answerable = Counter(c.category for c in cases if c.web_role != "forbidden")
    assert set(answerable) == set(CATEGORIES) and min(answerable.values()) >= 3
    assert len(load_verified_dates(GOLDEN)) == 40
    judged = {(j.case_id, j.url) for j in load_judgments(GOLDEN)}
    assert {c.id for c in cases if c.web_role != "forbidden"} == {case for case, _ in judged}


def test_every_expected_span_returns_its_text():
    spans = 0
    for entry in load_manifest(CORPUS).entries:
        if entry.fixture_class != "expected":
            continue
        for observation in ExpectedCase.model_validate(read_json(CORPUS / entry.path)).observations:
            artifact = (CORPUS / observation.artifact).read_bytes()
            assert _apply(parse_artifact_span(observation.span), artifact) == observation.text, observation
            spans += 1
    assert spans >= 25


def _apply(span, artifact: bytes) -> str:
    if span.kind == "page":
        text = pypdf.PdfReader(io.BytesIO(artifact)).pages[span.page - 1].extract_text()
        return text if span.start is None else text[span.start:span.end]
    source = artifact.decode("utf-8")
    if span.kind == "offset":
        return source[span.start:span.end]
    [cell] = lxml.html.fromstring(source).cssselect(span.selector)
    return " ".join(cell.text_content().split())


@pytest.fixture
def corpus_copy(tmp_path) -> Path:
    return Path(shutil.copytree(CORPUS, tmp_path / "web-search", symlinks=True))


def _edit_manifest(root: Path, change) -> None:
    data = read_json(root / "manifest.json")
    change(data)
    (root / "manifest.json").write_text(dump_json(data), encoding="utf-8")


def _entry(data: dict, path: str) -> dict:
    return next(e for e in data["entries"] if e["path"] == path)


def _error(root: Path, rule: str) -> list:
    return [f for f in verify_fixtures(root, PROVIDERS).errors if f.rule == rule]


def test_edited_byte_fails(corpus_copy):
    target = corpus_copy / "exa" / "search" / "gs-001.json"
    target.write_bytes(target.read_bytes().replace(b"neural", b"Neural", 1))
    [finding] = _error(corpus_copy, "sha256_matches")
    assert finding.path.endswith("exa/search/gs-001.json") and finding.field == "sha256"


def test_unlisted_file_fails(corpus_copy):
    (corpus_copy / "brave" / "search" / "gs-999.json").write_text("{}", encoding="utf-8")
    [finding] = _error(corpus_copy, "file_listed")
    assert finding.path.endswith("gs-999.json")


def test_missing_captured_at_fails_in_manifest_and_in_exchange(corpus_copy):
    _edit_manifest(corpus_copy, lambda d: _entry(d, "tavily/search/gs-002.json").pop("captured_at"))
    exchange_path = corpus_copy / "serper" / "search" / "gs-003.json"
    record = json.loads(exchange_path.read_text(encoding="utf-8"))
    del record["captured_at"]
    exchange_path.write_text(dump_json(record), encoding="utf-8")
    findings = _error(corpus_copy, "captured_at_sane")
    assert any("tavily/search/gs-002.json" in f.path and f.field == "captured_at" for f in findings)
    assert any(f.path.endswith("serper/search/gs-003.json") and f.field == "captured_at" for f in findings)


def test_path_escaping_the_folder_fails(corpus_copy):
    _edit_manifest(corpus_copy, lambda d: _entry(d, "exa/errors/429.json").update(path="../outside.json"))
    assert any("../outside.json" in f.field for f in _error(corpus_copy, "path_inside"))


def test_symlink_out_of_the_folder_fails(corpus_copy, tmp_path):
    (tmp_path / "secret.txt").write_text("x", encoding="utf-8")
    (corpus_copy / "_shared" / "html" / "leak.html").symlink_to(tmp_path / "secret.txt")
    [finding] = _error(corpus_copy, "path_inside")
    assert finding.path.endswith("leak.html") and finding.field == "(symlink)"


def test_synthetic_results_in_a_captured_corpus_fail(corpus_copy):
    def change(data):
        data["corpus_kind"] = "captured"
        _entry(data, "firecrawl/search/gs-004.json")["synthetic"] = True
    _edit_manifest(corpus_copy, change)
    [finding] = _error(corpus_copy, "synthetic_allowed")
    assert finding.path.endswith("firecrawl/search/gs-004.json") and finding.field == "synthetic"


def test_unknown_provider_fails(corpus_copy):
    shutil.copytree(corpus_copy / "brave", corpus_copy / "bing")
    def change(data):
        for entry in [e for e in data["entries"] if e["provider"] == "brave"]:
            data["entries"].append({**entry, "path": "bing" + entry["path"][5:], "provider": "bing"})
    _edit_manifest(corpus_copy, change)
    findings = _error(corpus_copy, "provider_known")
    assert findings and all(f.field == "provider" for f in findings) and any("bing" in f.message for f in findings)


def test_missing_class_fails(corpus_copy):
    def change(data):
        data["entries"] = [e for e in data["entries"] if not (e["provider"] == "serper" and e["class"] == "timeout")]
    _edit_manifest(corpus_copy, change)
    (corpus_copy / "serper" / "errors" / "timeout.json").unlink()
    [finding] = _error(corpus_copy, "classes_complete")
    assert finding.field == "provider 'serper'" and "timeout" in finding.message
