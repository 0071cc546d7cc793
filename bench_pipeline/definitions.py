"""The code location: every asset, check, resource and job of websearch-bench."""

import dagster as dg

from bench_pipeline.defs.assets.corpus import fixture_manifest, golden_cases, golden_judgments, run_provenance
from bench_pipeline.defs.assets.metrics import METRIC_ASSETS
from bench_pipeline.defs.assets.injection import injection_judgments, injection_scan
from bench_pipeline.defs.assets.observations import (
    case_outcomes,
    claim_observations,
    document_observations,
    search_observations,
)
from bench_pipeline.defs.assets.report import benchmark_report
from bench_pipeline.defs.assets.resilience import provider_conformance
from bench_pipeline.defs.assets.secret_scan import fixture_secret_scan, no_secrets_in_fixtures
from bench_pipeline.defs.automation import (
    benchmark_job,
    injection_judgment_changes,
    judgments_rerun_job,
    judgment_changes,
    manifest_changes,
    weekly_benchmark,
    with_report_freshness,
)
from bench_pipeline.defs.checks.gates import gate_checks
from bench_pipeline.defs.checks.manifest import manifest_checks
from bench_pipeline.defs.resources import default_resources

ASSETS = [fixture_manifest, fixture_secret_scan, golden_cases, golden_judgments, run_provenance, search_observations, provider_conformance,
          injection_scan, injection_judgments, document_observations, claim_observations, case_outcomes, *METRIC_ASSETS,
          with_report_freshness(benchmark_report)]
CHECKS = [manifest_checks, no_secrets_in_fixtures, gate_checks]

defs = dg.Definitions(
    assets=ASSETS,
    asset_checks=CHECKS,
    jobs=[benchmark_job, judgments_rerun_job],
    schedules=[weekly_benchmark],
    sensors=[manifest_changes, judgment_changes, injection_judgment_changes],
    resources=default_resources(),
    # One DuckDB file accepts one writing process: steps run in one process, in order.
    executor=dg.in_process_executor,
)
