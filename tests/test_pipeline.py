"""The whole graph, materialized in-process on a small complete corpus."""

from __future__ import annotations

import json

import dagster as dg
import pytest

from bench_pipeline.cli import main
from bench_pipeline.definitions import ASSETS, CHECKS, defs
from bench_pipeline.domain.report import METRIC_KEYS, Report
from bench_pipeline.defs.checks.gates import GATES
from bench_pipeline.fixtures.verify import RULES
from bench_pipeline.runner import all_providers_tags, bench_resources


def _materialize(corpus):
    resources = bench_resources(fixtures=corpus.fixtures, golden=corpus.golden, warehouse=corpus.warehouse,
                                providers_file=corpus.providers, invoices=corpus.invoices)
    return dg.materialize([*ASSETS, *CHECKS], resources=resources, raise_on_error=False,
                          tags=all_providers_tags()), resources


def test_definitions_load():
    graph = defs.resolve_asset_graph()
    keys = {k.to_user_string() for k in graph.get_all_asset_keys()}
    assert keys == {
        "fixture_manifest", "fixture_secret_scan", "golden_cases", "golden_judgments", "run_provenance", "search_observations",
        "provider_conformance", "injection_scan", "injection_judgments", "document_observations", "claim_observations",
        "case_outcomes",
        "result_relevance", "review_queue", "precision_at_k", "recall_by_origin_group", "citation_coverage", "freshness", "latency",
        "cost_per_query", "cost_per_useful_answer", "fallback_rate", "abstention", "injection_containment",
        "benchmark_report"}
    assert defs.resolve_job_def("benchmark") is not None


def test_whole_graph_succeeds_with_every_check_passing(corpus):
    result, resources = _materialize(corpus)
    assert result.success
    evaluations = {e.check_name: e.passed for e in result.get_asset_check_evaluations()}
    assert {k: v for k, v in evaluations.items() if not k.endswith("_all_pass")} == {
        **{rule: True for rule in RULES}, "no_secrets_in_fixtures": True,
        **{f"{gate}_consequence": True for gate in GATES}}
    materialized = {e.asset_key.to_user_string() for e in result.get_asset_materialization_events()}
    assert materialized == {k.to_user_string() for a in ASSETS for k in a.keys}
    report_path = corpus.warehouse / "reports" / result.run_id / "report.json"
    report = Report.model_validate_json(report_path.read_text())
    (tavily,) = report.providers
    aggregate = tavily.metrics.aggregate.model_dump()
    # Hand-computed from tests/corpus_builder.py: relevant-in-top-5 per answerable case 2,1,2,1,1.
    assert aggregate["precision_at_5"] == (2 + 1 + 2 + 1 + 1) / 5 / 5
    assert aggregate["precision_at_10"] == (2 + 1 + 2 + 1 + 1) / 10 / 5
    assert aggregate["n"]["precision_at_5"] == 5
    # Hand-computed: one expected fact (gs-001) read faithfully → one citable claim; five searches at one
    # credit ($0.008) plus the one read that served gs-001 ($0.008), over one useful answer.
    assert (aggregate["citation_coverage"], aggregate["n"]["citation_coverage"]) == (1.0, 1)
    assert aggregate["cost_per_useful_answer_usd"] == pytest.approx(6 * 0.008)
    assert (aggregate["abstention"], aggregate["wasted_cost_usd"]) == (1.0, 0.0)
    assert (aggregate["injection_containment"], aggregate["n"]["injection_containment"]) == (1.0, 1)
    # Each flag is stored with its evidence: the window's signals and weights, bar, verifier score and channel.
    flags = resources["warehouse"].read_table("artifact_injection").to_dict("records")
    evidence = [item for row in flags if row["flagged"] for item in json.loads(row["evidence"])]
    assert evidence and all({"signals", "weight", "bar", "score", "channel", "decision"} <= set(item) for item in evidence)
    assert all(isinstance(json.loads(row["cleared"]), list) for row in flags)
    assert tavily.gates["honest_partial"].passed is True
    # No invoice: the divergence gate is pending (null), so promotion is blocked — never passed by default.
    assert tavily.gates["cost_divergence"].passed is None and tavily.status == "blocked_promotion"
    # Tavily's general search carries no dates: known is 0 of n, and accuracy is unknown (null), not 0.
    assert aggregate["freshness_known"] == 0.0 and aggregate["freshness_accuracy"] is None
    raw = json.loads(report_path.read_text())["providers"][0]["metrics"]["aggregate"]
    assert set(METRIC_KEYS) <= set(raw)
    assert (report_path.parent / "report.md").is_file() and (report_path.parent / "report.html").is_file()
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
    code = main(["run", *corpus.args()])
    out = capsys.readouterr().out.strip().splitlines()
    assert code == 0
    assert out[-1].endswith("report.json")
    Report.model_validate_json(open(out[-1]).read())


def test_bench_run_names_the_tampered_file(corpus, capsys):
    path = corpus.fixtures / "tavily/errors/429.json"
    path.write_text(path.read_text() + " ")
    code = main(["run", *corpus.args()])
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


def test_a_gate_verdict_without_its_consequence_fails_the_blocking_check():
    from bench_pipeline.defs.checks.gates import consequence_result, failures_result

    rows = [{"provider": "liar", "rank": 1, "status": "eligible", "gate": "honest_partial", "value": 1.0, "passed": False},
            {"provider": "honest", "rank": 2, "status": "eligible", "gate": "honest_partial", "value": 0.0, "passed": True}]
    result = consequence_result("honest_partial", rows)
    assert result.passed is False and "liar is eligible (rank 1)" in result.description
    applied = [{**rows[0], "status": "disqualified", "rank": None}, rows[1]]
    assert consequence_result("honest_partial", applied).passed is True
    warning = failures_result("honest_partial", applied)
    assert warning.passed is False and warning.severity == dg.AssetCheckSeverity.WARN
    assert "liar failed (1)" in warning.description


def test_the_secret_scan_rescans_only_changed_files(corpus):
    _materialize(corpus)
    result, resources = _materialize(corpus)
    scan = next(e for e in result.get_asset_materialization_events() if e.asset_key.to_user_string() == "fixture_secret_scan")
    metadata = scan.materialization.metadata
    assert metadata["files_scanned_anew"].value == 0 and metadata["files_unchanged_since_a_scan"].value > 0
    key = "tvly-" + "dev" + "Q7xR2m" * 6  # a secret planted after the first scans is still found
    path = corpus.fixtures / "tavily/errors/5xx.json"
    path.write_text(path.read_text().replace('"REDACTED"', json.dumps(f"Bearer {key}")))
    result, resources = _materialize(corpus)
    failed = {e.check_name: e.description for e in result.get_asset_check_evaluations() if not e.passed}
    assert "tavily/errors/5xx.json" in failed["no_secrets_in_fixtures"]
