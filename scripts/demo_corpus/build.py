"""Write the whole demo corpus: `_shared/` artifacts and expected observations, every provider's
exchanges, and the manifest. Deterministic: fixed seeds, fixed clocks, sorted output."""

from __future__ import annotations

import hashlib
import random
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path, PurePosixPath

from bench_pipeline.domain.expected import ExpectedCase, ExpectedObservation
from bench_pipeline.domain.golden import HostFamilies
from bench_pipeline.domain.manifest import Manifest, ManifestEntry
from bench_pipeline.domain.timestamps import iso_z
from bench_pipeline.files import dump_json, write_atomic
from bench_pipeline.fixtures.manifest_io import write_manifest
from scripts.demo_corpus import errors, wire_market
from scripts.demo_corpus.artifacts import Artifact, build as build_artifacts, pdf_page_text, reader_text
from scripts.demo_corpus.partial import partial_exchanges
from scripts.demo_corpus.providers import PROFILES, PROVIDERS, adapter_of, capture_time, latency, search_hits
from scripts.demo_corpus.wire import exchange, extract_call, fetch_call, search_call
from scripts.demo_corpus.world import CASES, CONTRADICTORY_CLAIMS, Doc, Fact, case_id

ARTIFACTS_CAPTURED = datetime(2026, 11, 2, 15, 0, tzinfo=UTC)
EXPECTED_WRITTEN = datetime(2026, 11, 20, 10, 0, tzinfo=UTC)


class _Tree:
    """Files written under the fixtures root, remembered for the manifest."""

    def __init__(self, root: Path):
        self.root = root
        self.entries: list[ManifestEntry] = []

    def add(self, path: str, content: bytes, *, provider: str | None, fixture_class: str, captured_at: datetime,
            case: str | None = None, synthetic: bool = False) -> None:
        write_atomic(self.root / PurePosixPath(path), content)
        self.entries.append(ManifestEntry.model_validate({
            "path": path, "provider": provider, "class": fixture_class, "case_id": case,
            "sha256": hashlib.sha256(content).hexdigest(), "captured_at": iso_z(captured_at),
            "synthetic": synthetic, "truncated": False, "bytes": len(content)}))

    def add_exchange(self, path: str, record: dict, fixture_class: str, synthetic: bool = False) -> None:
        self.add(path, dump_json(record).encode("utf-8"), provider=record["provider"], fixture_class=fixture_class,
                 captured_at=datetime.fromisoformat(record["captured_at"]), case=record["case_id"], synthetic=synthetic)


def build_corpus(root: Path, families: HostFamilies) -> dict[str, set[Doc]]:
    """Regenerate everything under `root` except its README.md; return each case's pooled search hits."""
    root = Path(root)
    if root.is_dir() and any(root.iterdir()) and not (root / "manifest.json").is_file():
        # Regenerating wipes the folder: refuse one that is not a fixtures tree (a mistyped --fixtures).
        raise SystemExit(f"{root}: not empty and has no manifest.json; refusing to overwrite it")
    for child in sorted(root.glob("*")) if root.is_dir() else []:
        if child.is_dir():
            shutil.rmtree(child)
        elif child.name != "README.md":
            child.unlink()
    tree = _Tree(root)
    artifacts, facts = build_artifacts()
    for index, artifact in enumerate(artifacts):
        tree.add(f"_shared/{artifact.path}", artifact.content, provider=None, fixture_class=artifact.fixture_class,
                 captured_at=ARTIFACTS_CAPTURED + timedelta(minutes=3 * index))
    _write_expected(tree, artifacts, facts)
    pooled: dict[str, set[Doc]] = {case_id(i): set() for i in range(len(CASES))}
    for provider in PROVIDERS:
        for cid, hits in _write_searches(tree, provider, families).items():
            pooled[cid].update(hits)
        _write_reads(tree, provider, artifacts)
        _write_errors(tree, provider)
        for name, record in partial_exchanges(provider, artifacts, random.Random(f"partial-{provider}")):
            tree.add_exchange(f"{provider}/errors/{name}.json", record, "partial", synthetic=True)
    write_manifest(root, Manifest(schema_version=1, corpus_kind="demo", entries=tree.entries))
    return pooled


def _write_searches(tree: _Tree, provider: str, families: HostFamilies) -> dict[str, list[Doc]]:
    rng = random.Random(f"search-{provider}")
    out = {}
    for index, case in enumerate(CASES):
        cid = case_id(index)
        captured = capture_time(provider, rng, day=0, slot=index)
        hits = search_hits(provider, case, families, rng, captured.date())
        call = wire_market.search_call if adapter_of(provider) in wire_market.WIRES else search_call
        request, response = call(provider, case.query, hits, captured, rng)
        record = exchange(provider, "search", captured, latency(rng, PROFILES[provider].search_ms), request, response, case_id=cid)
        contradictory = (case.entity, case.claim_type) in CONTRADICTORY_CLAIMS
        tree.add_exchange(f"{provider}/search/{cid}.json", record, "contradictory" if contradictory else "results")
        out[cid] = hits
    return out


def _write_reads(tree: _Tree, provider: str, artifacts: list[Artifact]) -> None:
    rng = random.Random(f"read-{provider}")
    profile = PROFILES[provider]
    folder = "extract" if profile.extracts else "fetch"
    for slot, artifact in enumerate(artifacts):
        captured = capture_time(provider, rng, day=1, slot=slot)
        if profile.extracts and adapter_of(provider) in wire_market.WIRES:
            request, response = wire_market.extract_call(provider, artifact.url, artifact.title,
                                                         reader_text(provider, artifact), artifact.published, rng)
        elif profile.extracts:
            request, response = extract_call(provider, artifact.url, artifact.title, reader_text(provider, artifact), rng,
                                             artifact.pdf_pages)
        else:
            content_type = "application/pdf" if artifact.is_pdf else "text/html; charset=utf-8"
            request, response = fetch_call(artifact.url, artifact.content, content_type, artifact.published)
        record = exchange(provider, folder, captured, latency(rng, profile.read_ms), request, response,
                          artifact=f"_shared/{artifact.path}")
        synthetic = artifact.fixture_class == "prompt-injection"
        tree.add_exchange(f"{provider}/{folder}/{PurePosixPath(artifact.path).stem}.json", record, artifact.fixture_class, synthetic)


def _write_errors(tree: _Tree, provider: str) -> None:
    rng = random.Random(f"errors-{provider}")
    request = errors.search_request(provider)
    calls = {"429": ("429", errors.rate_limited(provider, rng))}
    calls.update({name: ("5xx", response) for name, response in errors.server_error_files(provider).items()})
    for slot, (name, (fixture_class, response)) in enumerate(sorted(calls.items())):
        captured = capture_time(provider, rng, day=2, slot=slot)
        record = exchange(provider, "search", captured, latency(rng, 300), dict(request), response)
        tree.add_exchange(f"{provider}/errors/{name}.json", record, fixture_class, synthetic=True)
    captured = capture_time(provider, rng, day=2, slot=len(calls))
    # The client's deadline passed with no byte back: what is recorded is the wait, not an answer.
    record = exchange(provider, "search", captured, 30000.0, dict(request), None, error="timeout")
    tree.add_exchange(f"{provider}/errors/timeout.json", record, "timeout", synthetic=True)


def _write_expected(tree: _Tree, artifacts: list[Artifact], facts: list[Fact]) -> None:
    content = {a.path: a.content for a in artifacts}
    for index, case in enumerate(CASES):
        if case.web_role == "forbidden":
            continue
        observations = [ExpectedObservation(artifact=f"_shared/{f.artifact}", span=_span(f, content[f.artifact]),
                                            text=f.text, claim_type=f.claim_type, value=f.value, published_at=f.published)
                        for f in facts if f.entity == case.entity and f.claim_type == case.claim_type]
        expected = ExpectedCase(case_id=case_id(index), entity=case.entity, observations=observations)
        tree.add(f"_shared/expected/{case_id(index)}.json", dump_json(expected.model_dump(mode="json")).encode("utf-8"),
                 provider=None, fixture_class="expected", captured_at=EXPECTED_WRITTEN, case=case_id(index))


def _span(fact: Fact, content: bytes) -> str:
    if fact.selector:
        return f"selector:{fact.selector}"
    text = pdf_page_text(content, fact.page) if fact.page else content.decode("utf-8")
    start = text.find(fact.text)
    if start < 0 or text.find(fact.text, start + 1) >= 0:
        raise ValueError(f"{fact.artifact}: {fact.text!r} must occur exactly once to be cited by offset")
    offset = f"offset:{start}-{start + len(fact.text)}"
    return f"page:{fact.page}#{offset}" if fact.page else offset
