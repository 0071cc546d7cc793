"""The reading room on the bundled demo corpus (fixtures/web-search): skipped until it is present."""

import json
from pathlib import Path

import pytest

from bench_pipeline.claims.citability import StoredArtifact
from bench_pipeline.claims.contradictions import link_contradictions
from bench_pipeline.claims.derive import derive_claims
from bench_pipeline.claims.origin_groups import origin_groups
from bench_pipeline.domain.expected import ExpectedCase
from bench_pipeline.injection.detector import scan
from bench_pipeline.reading.apply import apply_span
from bench_pipeline.reading.html import read_html
from bench_pipeline.reading.pdf import FormatTablesOcrError, read_pdf

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "web-search"


@pytest.fixture(scope="module")
def manifest():
    if not (FIXTURES / "manifest.json").exists():
        pytest.skip(f"demo corpus not present at {FIXTURES}")
    return json.loads((FIXTURES / "manifest.json").read_text(encoding="utf-8"))["entries"]


def _media(path: str) -> str:
    return "pdf" if path.endswith(".pdf") else "html"


def _our_reading(path: str) -> str:
    data = (FIXTURES / path).read_bytes()
    return read_html(data).text if _media(path) == "html" else read_pdf(data).text


def _cases() -> list[ExpectedCase]:
    return [ExpectedCase.model_validate(json.loads(path.read_text(encoding="utf-8")))
            for path in sorted((FIXTURES / "_shared" / "expected").glob("*.json"))]


def test_injection_documents_flagged_and_clean_documents_not(manifest):
    flagged = {entry["path"]: scan((FIXTURES / entry["path"]).read_bytes()).flagged
               for entry in manifest if entry["class"] != "expected"}
    injected = [entry["path"] for entry in manifest if entry["class"] == "prompt-injection"]
    shared = [path for path in injected if path.startswith("_shared/")]
    fetched = [path for path in injected if "/fetch/" in path]
    assert len(shared) == 12 and all(flagged[path] for path in shared)
    assert fetched and all(flagged[path] for path in fetched)
    clean = [entry["path"] for entry in manifest if entry["class"] in ("html", "pdf", "contradictory", "results")]
    # A known false positive, pinned so that fixing it shows here: read as text, a recorded SerpAPI search
    # (`request.url: https://serpapi.com/…&api_key=REDACTED`) meets the exfiltration pattern — a transfer word
    # ("request", the exchange's own key), a URL and "api key" — though it is the provider's documented request.
    serpapi = [path for path in clean if path.startswith("serpapi/search/")]
    assert len(serpapi) == 40 and all(flagged[path] for path in serpapi)
    assert [path for path in clean if flagged[path] and path not in serpapi] == []


def test_expected_spans_apply_to_their_text(manifest):
    observations = [fact for case in _cases() for fact in case.observations]
    for fact in observations:
        assert apply_span(fact.span, (FIXTURES / fact.artifact).read_bytes(), _media(fact.artifact)) == fact.text


def test_scanned_bulletin_fails_as_format_tables_ocr(manifest):
    with pytest.raises(FormatTablesOcrError):
        read_pdf((FIXTURES / "_shared" / "pdf" / "boletin-jalisco-2026-07-09-escaneado.pdf").read_bytes())


def test_spa_needs_rendering(manifest):
    assert read_html((FIXTURES / "_shared" / "html" / "sierramadre-spa.html").read_bytes()).needs_rendering


def test_our_reading_gives_citable_claims_and_linked_contradictions(manifest):
    claims = []
    for case in _cases():
        for artifact in sorted({fact.artifact for fact in case.observations}):
            data = (FIXTURES / artifact).read_bytes()
            try:
                text = _our_reading(artifact)
            except FormatTablesOcrError:
                continue
            claims += derive_claims(case, artifact, text, StoredArtifact(data, _media(artifact)), "local")
    assert claims and all(claim.citable for claim in claims)
    linked = [claim for claim in link_contradictions(claims) if claim.contradicts_claim_ids]
    assert sorted(claim.case_id for claim in linked) == ["gs-010", "gs-010", "gs-012", "gs-012"]
    by_id = {claim.claim_id: claim for claim in linked}
    for claim in linked:
        [other] = claim.contradicts_claim_ids
        assert by_id[other].contradicts_claim_ids == [claim.claim_id]


def test_table_read_column_by_column_is_not_citable(manifest):
    case = next(case for case in _cases() if case.case_id == "gs-028")
    artifact = case.observations[0].artifact
    exchange = json.loads((FIXTURES / "firecrawl" / "extract" / "costaesmeralda-exportaciones-2025.json").read_text(encoding="utf-8"))
    garbled = exchange["response"]["body"]["data"]["markdown"]
    [claim] = derive_claims(case, artifact, garbled, StoredArtifact((FIXTURES / artifact).read_bytes(), "pdf"), "firecrawl")
    assert not claim.citable


def test_four_reprints_are_one_origin_group(manifest):
    documents = {}
    for path in sorted((FIXTURES / "tavily" / "search").glob("*.json")):
        body = json.loads(path.read_text(encoding="utf-8"))["response"]["body"]
        for result in body["results"]:
            documents.setdefault(result["url"], result.get("content"))
    reprints = [url for url in documents if "costa-esmeralda-amplia" in url]
    assert len(reprints) == 4
    groups = origin_groups(list(documents.items()))
    assert len({groups[url] for url in reprints}) == 1
    assert sum(groups[url] == groups[reprints[0]] for url in documents) == 4
