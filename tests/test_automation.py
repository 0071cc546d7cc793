"""The schedule, the manifest sensor and the report's freshness policy, with Dagster's testing helpers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import dagster as dg

from bench_pipeline.definitions import defs
from bench_pipeline.defs.automation import REPORT_KEY, manifest_changes, weekly_benchmark
from bench_pipeline.defs.partitions import provider_partitions
from bench_pipeline.defs.resources import BenchConfig
from bench_pipeline.fixtures.digests import SHARED, changed_providers
from tests.corpus_builder import rewrite_fixture

REPO = Path(__file__).resolve().parents[1]


def test_schedule_and_sensor_are_in_the_definitions():
    assert defs.resolve_schedule_def("weekly_benchmark").cron_schedule == "0 6 * * 1"
    assert defs.resolve_sensor_def("manifest_changes").job_name == "benchmark"
    policy = defs.resolve_asset_graph().get(REPORT_KEY).freshness_policy
    assert (policy.fail_window.to_timedelta(), policy.warn_window.to_timedelta()) == (timedelta(days=8), timedelta(days=7))


def test_weekly_schedule_requests_every_provider_partition_in_one_run():
    keys = provider_partitions.get_partition_keys()
    with dg.instance_for_test() as instance:
        context = dg.build_schedule_context(instance=instance, scheduled_execution_time=datetime(2026, 11, 30, 6, tzinfo=UTC))
        request = weekly_benchmark(context)
    assert isinstance(request, dg.RunRequest)
    assert request.tags == {"dagster/asset_partition_range_start": keys[0], "dagster/asset_partition_range_end": keys[-1]}
    assert request.asset_selection is None  # the whole job


def _tick(instance, corpus, cursor):
    context = dg.build_sensor_context(instance=instance, definitions=defs, cursor=cursor,
                                      resources={"bench": BenchConfig(fixtures_dir=str(corpus.fixtures))})
    return manifest_changes(context), context.cursor


def test_sensor_records_a_baseline_then_requests_only_the_changed_provider(corpus):
    with dg.instance_for_test() as instance:
        first, cursor = _tick(instance, corpus, None)
        assert isinstance(first, dg.SkipReason) and cursor is not None
        unchanged, same = _tick(instance, corpus, cursor)
        assert isinstance(unchanged, dg.SkipReason) and same == cursor
        relative = "tavily/search/gs-003.json"
        rewrite_fixture(corpus, relative, (corpus.fixtures / relative).read_bytes().replace(b"resultado 1", b"resultado B"))
        requests, moved = _tick(instance, corpus, cursor)
    (request,) = requests
    assert request.partition_key == "tavily" and moved != cursor
    selected = {k.to_user_string() for k in request.asset_selection}
    assert {"golden_cases", "golden_judgments"}.isdisjoint(selected)
    assert {"fixture_manifest", "fixture_secret_scan", "run_provenance", "search_observations", "precision_at_k",
            "benchmark_report"} <= selected


def test_sensor_skips_with_the_reason_when_the_manifest_is_unreadable(corpus):
    (corpus.fixtures / "manifest.json").write_text("{not json")
    with dg.instance_for_test() as instance:
        result, cursor = _tick(instance, corpus, json.dumps({"tavily": "0" * 64}))
    assert isinstance(result, dg.SkipReason) and "manifest.json" in result.skip_message
    assert cursor == json.dumps({"tavily": "0" * 64})


def test_changed_providers_by_digest():
    before = {"alpha": "a1", "beta": "b1", SHARED: "s1"}
    assert changed_providers(before, {**before, "beta": "b2"}, ["alpha", "beta"]) == ["beta"]
    assert changed_providers(before, {k: v for k, v in before.items() if k != "alpha"}, ["alpha", "beta"]) == ["alpha"]
    assert changed_providers(before, {**before, SHARED: "s2"}, ["alpha", "beta"]) == ["alpha", "beta"]
    # A provider in the manifest but not configured has no partition to run.
    assert changed_providers(before, {**before, "gamma": "g1"}, ["alpha", "beta"]) == []


def test_rerun_after_one_providers_change_touches_only_its_partition_and_the_fan_in(tmp_path):
    # Its own interpreter: the two providers' partitions come from BENCH_PROVIDERS at load time.
    env = {k: v for k, v in os.environ.items() if not k.startswith("BENCH_")}
    done = subprocess.run([sys.executable, "-m", "tests.sensor_rerun", str(tmp_path)], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout)
    per_provider = {asset for asset, partition in seen["full_run"] if partition}
    fan_in = {asset for asset, partition in seen["full_run"] if not partition}
    assert {"search_observations", "provider_conformance"} <= per_provider and "benchmark_report" in fan_in
    assert sorted(p for a, p in seen["full_run"] if a == "search_observations") == ["alpha", "beta"]
    (request,) = seen["requests"]
    assert request["partition"] == "beta"
    (rerun,) = seen["reruns"]
    # beta's partition of every per-provider asset, every fan-in asset but the golden set, nothing of alpha.
    expected = {(asset, "beta") for asset in per_provider} | {(asset, "") for asset in fan_in - {"golden_cases", "golden_judgments"}}
    assert {tuple(pair) for pair in rerun} == expected and len(rerun) == len(expected)
    passed = set(seen["rerun_checks"][0])
    assert {"sha256_matches", "file_listed", "no_secrets_in_fixtures"} <= passed  # re-verified, re-scanned
    assert seen["report_providers"] == ["alpha", "beta"]  # alpha's rows were kept, not recomputed


def test_judgment_sensor_reruns_relevance_metrics_and_report_but_no_observation(corpus):
    from bench_pipeline.definitions import ASSETS, CHECKS
    from bench_pipeline.defs.automation import judgment_changes
    from bench_pipeline.runner import all_providers_tags, bench_resources

    pool = corpus.golden / "judgments" / "0001-test.jsonl"
    unjudged = "https://acerosbajio.example.mx/contacto"
    pool.write_text("".join(line + "\n" for line in pool.read_text().splitlines() if unjudged not in line))
    resources = bench_resources(fixtures=corpus.fixtures, golden=corpus.golden, warehouse=corpus.warehouse,
                                providers_file=corpus.providers, invoices=corpus.invoices)

    def tick(instance, cursor):
        context = dg.build_sensor_context(instance=instance, definitions=defs, cursor=cursor,
                                          resources={"bench": resources["bench"]})
        return judgment_changes(context), context.cursor

    with dg.instance_for_test() as instance:
        assert dg.materialize([*ASSETS, *CHECKS], resources=resources, instance=instance, tags=all_providers_tags()).success
        first, cursor = tick(instance, None)
        assert isinstance(first, dg.SkipReason)
        (corpus.golden / "judgments" / "0002-review.jsonl").write_text(json.dumps(
            {"case_id": "gs-002", "url": unjudged, "relevant": True, "reason": "grounds_claim", "reviewer": "rev-t2",
             "judged_at": "2026-12-01T10:00:00Z"}) + "\n")
        request, _ = tick(instance, cursor)
        selected = {k.to_user_string() for k in request.asset_selection}
        assert selected == {"golden_judgments", "run_provenance", "result_relevance", "review_queue", "precision_at_k",
                            "recall_by_origin_group", "freshness", "benchmark_report"}
        rerun = dg.materialize([*ASSETS, *CHECKS], resources=resources, instance=instance, selection=request.asset_selection)
        assert rerun.success
    report = json.loads((corpus.warehouse / "reports" / rerun.run_id / "report.json").read_text())
    (change,) = report["diff_vs_previous"]["changes"]
    assert change["metric_deltas"]["judged_at_10"]["delta"] == 1
    assert change["metric_deltas"]["precision_at_10"]["delta"] > 0
    assert report["diff_vs_previous"]["inputs_changed"]["golden"] is True
