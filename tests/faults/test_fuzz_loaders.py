"""Fuzzed input files: exchange files, the manifest, golden cases.yaml, judgments JSONL and providers.yaml,
each mutated from the bundled real one. Every mutant loads or is refused with an InputError naming the file
and the field (tests/faults/fuzz_inputs.py says the whole property)."""

from __future__ import annotations

import json
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import yaml
from hypothesis import given
from hypothesis import strategies as st

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.golden import GoldenSet, Judgment
from bench_pipeline.domain.manifest import Manifest
from bench_pipeline.domain.providers_config import ProvidersConfig
from bench_pipeline.fixtures.exchanges import load_exchange
from bench_pipeline.fixtures.manifest_io import load_manifest
from bench_pipeline.golden.load import load_golden, load_judgments
from bench_pipeline.providers.registry import load_providers
from bench_pipeline.review.records import ReviewLog
from tests.faults.fuzz_inputs import assert_finite, encode, fuzz_settings, mutated_bytes, mutated_tree, outcome
from tests.recorded import CORPUS

REPO = CORPUS.parents[1]
GOLDEN = REPO / "golden"
# One exchange file of every provider and fixture class (the bodies differ by class more than by case).
EXCHANGES = sorted({(e.provider, e.fixture_class, e.path.split("/")[1]): e.path
                    for e in load_manifest(CORPUS).entries if e.provider and e.fixture_class != "expected"}.values())
POOL_LINES = (GOLDEN / "judgments" / "0001-demo-pool.jsonl").read_text(encoding="utf-8").splitlines()[:40]


def _mutant(data: st.DataObject, original: bytes, as_yaml: bool = False) -> tuple[bytes, str | None]:
    """The file's bytes mutated as text or as a parsed tree (then written as JSON, or as YAML block style
    when the tree holds nothing only JSON can say); and why it must fail, when the mutation says so."""
    if data.draw(st.booleans(), label="mutate bytes"):
        return data.draw(mutated_bytes(original)), None
    tree = yaml.safe_load(original) if as_yaml else json.loads(original)
    mutated = data.draw(mutated_tree(tree))
    text = encode(mutated.doc)
    # Block style is written from the parsed text, which keeps one value of a repeated key: flow style only then.
    if as_yaml and mutated.must_fail is None and data.draw(st.booleans(), label="block style"):
        try:
            text = yaml.safe_dump(json.loads(text), allow_unicode=True, sort_keys=False)
        except (ValueError, RecursionError):
            pass  # NaN, or a fragment deeper than json.loads goes: keep the flow style
    return text.encode("utf-8", errors="surrogatepass"), mutated.must_fail


def _check(result, must_fail: str | None, model: type) -> None:
    if isinstance(result, InputError):
        return
    assert must_fail is None, f"loaded although {must_fail}"
    assert isinstance(result, model), f"loaded as {type(result).__name__}, not {model.__name__}"
    assert_finite(result.model_dump())


@fuzz_settings(60)
@given(st.sampled_from(EXCHANGES), st.data())
def test_exchange_files(relative, data):
    mutant, must_fail = _mutant(data, (CORPUS / relative).read_bytes())
    with tempfile.TemporaryDirectory() as root:
        path = Path(root) / relative
        path.parent.mkdir(parents=True)
        path.write_bytes(mutant)

        def load():
            exchange = load_exchange(Path(root), relative)
            # Loaded means usable: the bodies decode, whichever way they were stored.
            exchange.request.raw_bytes()
            if exchange.response is not None:
                exchange.response.raw_bytes()
            return exchange

        _check(outcome(load, path), must_fail, Exchange)


@fuzz_settings(25)
@given(st.data())
def test_the_manifest(data):
    mutant, must_fail = _mutant(data, (CORPUS / "manifest.json").read_bytes())
    with tempfile.TemporaryDirectory() as root:
        path = Path(root) / "manifest.json"
        path.write_bytes(mutant)
        result = outcome(lambda: load_manifest(Path(root)), path)
    _check(result, must_fail, Manifest)
    if isinstance(result, Manifest):
        assert len(result.entries) == len(json.loads(mutant)["entries"])  # no entry dropped on the way


@fuzz_settings(50)
@given(st.data())
def test_golden_cases_yaml(data):
    mutant, must_fail = _mutant(data, (GOLDEN / "cases.yaml").read_bytes(), as_yaml=True)
    with tempfile.TemporaryDirectory() as golden:
        path = Path(golden) / "cases.yaml"
        path.write_bytes(mutant)
        result = outcome(lambda: load_golden(Path(golden)), path)
    _check(result, must_fail, GoldenSet)


@fuzz_settings(60)
@given(st.data())
def test_judgments_jsonl(data):
    original = "".join(line + "\n" for line in POOL_LINES).encode()
    if data.draw(st.booleans(), label="mutate bytes"):
        mutant, must_fail = data.draw(mutated_bytes(original)), None
    else:
        mutated = data.draw(mutated_tree([json.loads(line) for line in POOL_LINES]))
        lines = mutated.doc if isinstance(mutated.doc, list) else [mutated.doc]
        mutant = "".join(encode(line) + "\n" for line in lines).encode("utf-8", "surrogatepass")
        must_fail = mutated.must_fail
    with tempfile.TemporaryDirectory() as golden:
        path = Path(golden) / "judgments" / "0001-demo-pool.jsonl"
        path.parent.mkdir()
        path.write_bytes(mutant)
        result = outcome(lambda: load_judgments(Path(golden)), path)
    if isinstance(result, InputError):
        assert result.field.startswith(("line ", "(file)")), result
        return
    assert must_fail is None, f"loaded although {must_fail}"
    written = [line for line in mutant.split(b"\n") if line.strip()]
    assert len(result) == len(written), "a line was dropped or split on the way"
    for judgment in result:
        assert_finite(judgment.model_dump())


@fuzz_settings(20)
@given(st.lists(st.text(max_size=60), min_size=1, max_size=5))
def test_judgments_the_review_app_writes_load_back(comments):
    """Valid input must load: whatever a reviewer types in a comment, the line the review app writes reads back."""
    with tempfile.TemporaryDirectory() as golden:
        log = ReviewLog(Path(golden), "0002-fuzz")
        saved = [log.save("judge_relevance", Judgment(
            case_id="gs-001", url="https://a.example.mx/", relevant=False, reason="wrong_entity", comment=comment,
            reviewer="rev-f1", judged_at=datetime(2026, 12, 1, tzinfo=UTC),
            client_request_id=f"req-{index:08d}")).record
            for index, comment in enumerate(comments)]
        assert outcome(lambda: load_judgments(Path(golden)), Path(golden)) == saved


@fuzz_settings(50)
@given(st.data())
def test_providers_yaml(data):
    mutant, must_fail = _mutant(data, (REPO / "providers.yaml").read_bytes(), as_yaml=True)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "providers.yaml"
        path.write_bytes(mutant)
        result = outcome(lambda: load_providers(path), path)
    _check(result, must_fail, ProvidersConfig)
