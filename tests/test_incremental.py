"""Re-runs that cost what changed: verification cached by content, a one-provider re-run and a
judgments-only re-run, each giving the report a run from scratch gives on the same inputs."""

from __future__ import annotations

import json
import shutil
from datetime import datetime
from pathlib import Path

import dagster as dg
import duckdb

from bench_pipeline.cli import main
from bench_pipeline.definitions import ASSETS, CHECKS, defs
from bench_pipeline.defs.automation import AFTER_FIXTURES, JUDGMENTS_RERUN
from bench_pipeline.defs.tables import REMEMBERED
from bench_pipeline.fixtures import verify
from bench_pipeline.fixtures.verify import verify_fixtures
from bench_pipeline.redaction.scan import scan_fixture_tree
from bench_pipeline.runner import all_providers_tags, bench_resources
from tests.corpus_builder import Corpus, build_corpus, rewrite_fixture

# Two providers speaking the Tavily wire format; both are partitions of the repository's providers.yaml.
PROVIDERS = ("exa", "tavily")


def _errors(result) -> set[tuple[str, str]]:
    return {(f.rule, Path(f.path).name) for f in result.errors}


def test_a_tampered_fixture_is_caught_with_the_cache_warm(corpus, monkeypatch):
    cache: dict = {}
    assert verify_fixtures(corpus.fixtures, {"tavily"}, cache=cache).ok
    parsed = []
    real_load = verify.load_exchange
    monkeypatch.setattr(verify, "load_exchange", lambda root, relative: parsed.append(relative) or real_load(root, relative))
    assert verify_fixtures(corpus.fixtures, {"tavily"}, cache=cache).ok and parsed == []  # warm: nothing parsed again

    # One changed byte, manifest untouched: the new bytes hash to a new key.
    path = corpus.fixtures / "tavily/search/gs-002.json"
    data = bytearray(path.read_bytes())
    data[data.index(b"resultado")] ^= 0x01
    path.write_bytes(bytes(data))
    assert _errors(verify_fixtures(corpus.fixtures, {"tavily"}, cache=cache)) == {("sha256_matches", "gs-002.json")}

    # Re-hashed in the manifest too, but the file now tells another capture time: read anew, and caught.
    relative = "tavily/search/gs-003.json"
    exchange = json.loads((corpus.fixtures / relative).read_text())
    rewrite_fixture(corpus, relative, json.dumps({**exchange, "captured_at": "2026-11-19T08:00:00Z"}).encode())
    parsed.clear()
    found = verify_fixtures(corpus.fixtures, {"tavily"}, cache=cache)
    assert ("captured_at_sane", "gs-003.json") in _errors(found) and relative in parsed

    # A file the manifest does not list is found whatever the cache holds.
    (corpus.fixtures / "tavily/search/gs-099.json").write_bytes(path.read_bytes())
    assert ("file_listed", "gs-099.json") in _errors(verify_fixtures(corpus.fixtures, {"tavily"}, cache=cache))


def test_a_secret_in_one_manifest_entry_is_found_with_the_scan_cache_warm(corpus):
    cache: dict = {}
    assert scan_fixture_tree(corpus.fixtures, cache) == []
    manifest = json.loads((corpus.fixtures / "manifest.json").read_text())
    manifest["entries"][3]["note"] = "token " + "sk-" + "live" + "A1b2C3d4E5f6G7h8I9j0K1l2"
    (corpus.fixtures / "manifest.json").write_text(json.dumps(manifest))
    found = scan_fixture_tree(corpus.fixtures, cache)
    assert [(f.file, f.json_path) for f in found] == [("manifest.json", "$.entries[3].note")]


def _corpus(base: Path) -> tuple[Corpus, dict]:
    corpus = build_corpus(base, providers=PROVIDERS)
    return corpus, bench_resources(fixtures=corpus.fixtures, golden=corpus.golden, warehouse=corpus.warehouse,
                                   providers_file=corpus.providers, invoices=corpus.invoices)


def _run(resources: dict, **scope) -> dg.ExecuteInProcessResult:
    result = dg.materialize([*ASSETS, *CHECKS], resources=resources, raise_on_error=False, **scope)
    assert result.success
    return result


def _reference(corpus: Corpus, warehouse: Path) -> dict:
    """A copy of the warehouse (same history) that remembers nothing: its next run computes everything."""
    shutil.copytree(corpus.warehouse, warehouse)
    with duckdb.connect(str(warehouse / "bench.duckdb")) as conn:
        for table in REMEMBERED:
            conn.execute(f'drop table if exists "{table}"')
    return bench_resources(fixtures=corpus.fixtures, golden=corpus.golden, warehouse=warehouse,
                           providers_file=corpus.providers, invoices=corpus.invoices)


def _report_files(reports: Path, run_id: str) -> dict[str, str]:
    """report.json, .md and .html with this run's id and creation time blanked out (the .md and .html give
    the time to the second)."""
    folder = reports / run_id
    created = json.loads((folder / "report.json").read_text())["created_at"]
    created_iso = created.replace("Z", "+00:00")
    to_the_second = datetime.fromisoformat(created_iso).isoformat(timespec="seconds")
    return {name: (folder / name).read_text().replace(run_id, "<run>").replace(created, "<created>")
            .replace(created_iso, "<created>").replace(to_the_second, "<created>")
            for name in ("report.json", "report.md", "report.html")}


def _metadata(result, asset: str) -> dict:
    (event,) = [e for e in result.get_asset_materialization_events() if e.asset_key.to_user_string() == asset]
    return {k: v.value for k, v in event.materialization.metadata.items()}


def test_one_provider_rerun_gives_the_report_of_a_run_from_scratch(tmp_path):
    corpus, resources = _corpus(tmp_path / "bench")
    _run(resources, tags=all_providers_tags())
    reference = _reference(corpus, tmp_path / "reference")
    # exa's plant search now leads to an unjudged page: its precision and recall for gs-003 drop.
    relative = "exa/search/gs-003.json"
    rewrite_fixture(corpus, relative, (corpus.fixtures / relative).read_bytes().replace(
        b"https://acerosbajio.example.mx/plantas", b"https://acerosbajio.example.mx/otra-planta"))
    selection = sorted(AFTER_FIXTURES.resolve(defs.resolve_asset_graph()))
    rerun = _run(resources, selection=selection, partition_key="exa")
    assert _metadata(rerun, "precision_at_k")["recomputed_providers"] == "exa"
    assert _metadata(rerun, "benchmark_report")["bootstrap_statistics_reused"] > 0
    scratch = _run(reference, tags=all_providers_tags())
    assert _metadata(scratch, "benchmark_report")["bootstrap_statistics_reused"] == 0
    incremental = _report_files(corpus.warehouse / "reports", rerun.run_id)
    assert incremental == _report_files(tmp_path / "reference" / "reports", scratch.run_id)
    exa = next(p for p in json.loads(incremental["report.json"])["providers"] if p["provider"] == "exa")
    assert exa["metrics"]["aggregate"]["precision_at_5"] == (2 + 1 + 1 + 1 + 1) / 5 / 5  # gs-003 lost one of two


def test_judgments_only_rerun_reads_no_fixture_and_gives_the_report_of_a_run_from_scratch(tmp_path, capsys):
    corpus, resources = _corpus(tmp_path / "bench")
    _run(resources, tags=all_providers_tags())
    reference = _reference(corpus, tmp_path / "reference")
    review = {"case_id": "gs-001", "url": "https://www.dof.gob.mx/nota_detalle.php?codigo=1", "relevant": False,
              "reason": "not_about_topic", "reviewer": "rev-t2", "judged_at": "2026-12-01T09:00:00Z"}
    (corpus.golden / "judgments" / "0002-review.jsonl").write_text(json.dumps(review) + "\n")
    # Moved away rather than chmod 000: the suite may run as root, whom permissions do not stop.
    # Any fixture read (manifest included) now fails the run.
    away = corpus.fixtures.with_name("moved-away")
    corpus.fixtures.rename(away)
    try:
        code = main(["run", "--judgments-only", *corpus.args()])
        report_path = Path(capsys.readouterr().out.strip().splitlines()[-1])
    finally:
        away.rename(corpus.fixtures)
    assert code == 0
    scratch = _run(reference, tags=all_providers_tags())
    incremental = _report_files(corpus.warehouse / "reports", report_path.parent.name)
    assert incremental == _report_files(tmp_path / "reference" / "reports", scratch.run_id)
    for provider in json.loads(incremental["report.json"])["providers"]:  # gs-001 lost one of its two relevant results
        assert provider["metrics"]["aggregate"]["precision_at_5"] == (1 + 1 + 2 + 1 + 1) / 5 / 5

    # The report alone, without its run's provenance (a UI click on one asset), is told what to select.
    alone = dg.materialize([*ASSETS, *CHECKS], resources=resources, raise_on_error=False,
                           selection=dg.AssetSelection.assets("benchmark_report"))
    cause = next(e for e in alone.all_events if e.is_step_failure).step_failure_data.error.cause
    assert cause.cls_name == "InputError"
    assert "run_provenance: nothing recorded for run" in cause.message and "in the same run" in cause.message


def test_judgments_only_rerun_names_the_missing_whole_run(corpus, capsys):
    code = main(["run", "--judgments-only", *corpus.args()])
    assert code == 2
    assert "run the whole benchmark first" in capsys.readouterr().err.splitlines()[-1]


def test_judgments_rerun_job_selects_the_judgments_and_what_is_computed_from_them():
    graph = defs.resolve_asset_graph()
    job = defs.resolve_job_def("judgments_rerun")
    assert {k.to_user_string() for k in JUDGMENTS_RERUN.resolve(graph)} == {
        "golden_judgments", "result_relevance", "review_queue", "precision_at_k", "recall_by_origin_group", "freshness",
        "run_provenance", "benchmark_report"}
    assert {k.to_user_string() for k in job.asset_layer.selected_asset_keys} == {
        k.to_user_string() for k in JUDGMENTS_RERUN.resolve(graph)}
