"""The whole graph, materialized in-process on a small complete corpus."""

from __future__ import annotations

import json

import dagster as dg

from bench_pipeline.cli import main
from bench_pipeline.definitions import ASSETS, CHECKS, defs
from bench_pipeline.domain.report import METRIC_KEYS, Report
from bench_pipeline.fixtures.verify import RULES
from bench_pipeline.runner import all_providers_tags, bench_resources


def _materialize(corpus):
    resources = bench_resources(fixtures=corpus.fixtures, golden=corpus.golden, warehouse=corpus.warehouse,
                                providers_file=corpus.providers)
    return dg.materialize([*ASSETS, *CHECKS], resources=resources, raise_on_error=False,
                          tags=all_providers_tags()), resources


def test_definitions_load():
    graph = defs.resolve_asset_graph()
    keys = {k.to_user_string() for k in graph.get_all_asset_keys()}
    assert keys == {"fixture_manifest", "fixture_secret_scan", "golden_cases", "run_provenance", "search_observations", "provider_conformance",
                    "precision_at_k", "benchmark_report"}
    assert defs.resolve_job_def("benchmark") is not None


def test_whole_graph_succeeds_with_every_check_passing(corpus):
    result, resources = _materialize(corpus)
    assert result.success
    evaluations = {e.check_name: e.passed for e in result.get_asset_check_evaluations()}
    assert evaluations == {**{rule: True for rule in RULES}, "no_secrets_in_fixtures": True}
    materialized = {e.asset_key.to_user_string() for e in result.get_asset_materialization_events()}
    assert materialized == {a.key.to_user_string() for a in ASSETS}
    report_path = corpus.warehouse / "reports" / result.run_id / "report.json"
    report = Report.model_validate_json(report_path.read_text())
    (tavily,) = report.providers
    aggregate = tavily.metrics.aggregate.model_dump()
    # Hand-computed from tests/corpus_builder.py: relevant-in-top-5 per answerable case 2,1,2,1,1.
    assert aggregate["precision_at_5"] == (2 + 1 + 2 + 1 + 1) / 5 / 5
    assert aggregate["precision_at_10"] == (2 + 1 + 2 + 1 + 1) / 10 / 5
    assert aggregate["n"]["precision_at_5"] == 5
    # Not computed yet: present and null, never 0.
    raw = json.loads(report_path.read_text())["providers"][0]["metrics"]["aggregate"]
    assert set(METRIC_KEYS) <= set(raw)
    assert raw["citation_coverage"] is None and raw["cost_per_useful_answer_usd"] is None
    assert (report_path.parent / "report.md").is_file()
    assert report.notice and "ILLUSTRATIVE" in report.notice


def test_forbidden_case_is_never_sent_to_the_provider(corpus):
    result, resources = _materialize(corpus)
    calls = resources["warehouse"].query("select outcome, cost_usd, fixture from search_calls where case_id = 'gs-006'")
    assert calls.to_dict("records") == [{"outcome": "honest_no_data", "cost_usd": 0.0, "fixture": None}]


def test_tampered_fixture_stops_the_run_before_metrics(corpus):
    path = corpus.fixtures / "tavily/search/gs-001.json"
    path.write_bytes(path.read_bytes().replace(b"resultado 0", b"resultado X"))
    result, _ = _materialize(corpus)
    assert not result.success
    failed = {e.check_name for e in result.get_asset_check_evaluations() if not e.passed}
    assert failed == {"sha256_matches"}
    materialized = {e.asset_key.to_user_string() for e in result.get_asset_materialization_events()}
    assert "fixture_manifest" in materialized and "benchmark_report" not in materialized


def test_bench_run_prints_the_report_path_last(corpus, capsys):
    code = main(["run", "--fixtures", str(corpus.fixtures), "--golden", str(corpus.golden),
                 "--warehouse", str(corpus.warehouse), "--providers", str(corpus.providers)])
    out = capsys.readouterr().out.strip().splitlines()
    assert code == 0
    assert out[-1].endswith("report.json")
    Report.model_validate_json(open(out[-1]).read())


def test_bench_run_names_the_tampered_file(corpus, capsys):
    path = corpus.fixtures / "tavily/errors/429.json"
    path.write_text(path.read_text() + " ")
    code = main(["run", "--fixtures", str(corpus.fixtures), "--golden", str(corpus.golden),
                 "--warehouse", str(corpus.warehouse), "--providers", str(corpus.providers)])
    err = capsys.readouterr().err
    assert code == 1
    assert "sha256_matches" in err and "tavily/errors/429.json" in err


def test_two_runs_never_overwrite_each_other(corpus):
    first, _ = _materialize(corpus)
    second, _ = _materialize(corpus)
    reports = sorted(p.parent.name for p in (corpus.warehouse / "reports").glob("*/report.json"))
    assert reports == sorted([first.run_id, second.run_id])


def test_a_secret_in_a_committed_fixture_fails_the_scan_check(corpus):
    key = "tvly-" + "dev" + "Q7xR2m" * 6  # built at runtime: no key literal in the repository
    path = corpus.fixtures / "tavily/search/gs-002.json"
    exchange = json.loads(path.read_text())
    exchange["request"]["headers"]["authorization"] = f"Bearer {key}"
    path.write_text(json.dumps(exchange))
    result, resources = _materialize(corpus)
    failed = {e.check_name: e.description for e in result.get_asset_check_evaluations() if not e.passed}
    assert "no_secrets_in_fixtures" in failed and "tavily/search/gs-002.json" in failed["no_secrets_in_fixtures"]
    assert key not in json.dumps(resources["warehouse"].read_table("secret_scan_findings").to_dict("records"))
