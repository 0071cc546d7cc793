"""Automation: the whole-benchmark job, its weekly schedule, the manifest and judgment sensors, the report's freshness.

The sensor reads only `manifest.json` (never DuckDB: a sensor holding the file would block the
run's writer). Its cursor keeps one digest per provider's manifest entries; when some change it
asks for one run per changed provider partition, with the fan-in assets downstream of the fixtures.
"""

import hashlib
import json
from datetime import timedelta

import dagster as dg

from bench_pipeline.defs.partitions import all_providers_tags, provider_partitions
from bench_pipeline.defs.resources import BenchConfig
from bench_pipeline.domain.errors import InputError
from bench_pipeline.fixtures.digests import changed_providers, provider_digests
from bench_pipeline.golden.load import injection_judgment_files_digest, judgment_files_digest

benchmark_job = dg.define_asset_job("benchmark", selection=dg.AssetSelection.all(),
                                    description="The whole benchmark, replayed from fixtures.")

# Observability only: the new freshness policies feed asset health, they do not fail runs.
REPORT_FRESHNESS = dg.FreshnessPolicy.time_window(fail_window=timedelta(days=8), warn_window=timedelta(days=7))

# The report's key, named here so this module need not import the asset (the asset modules stay the lead's).
REPORT_KEY = dg.AssetKey("benchmark_report")

# What one provider's changed fixtures invalidate: the assets that read the fixture tree (manifest
# verification, secret scan) and everything after them. The golden set reads no fixture, so it stays.
AFTER_FIXTURES = dg.AssetSelection.assets("fixture_manifest", "fixture_secret_scan").downstream()

# What a review round invalidates (new lines in golden/judgments/*.jsonl or golden/verified_dates*.jsonl):
# the judgments table and everything computed from it — relevance, review queue, precision, recall,
# freshness, the run's provenance and the report, with the report's gate checks. None of it reads a
# fixture: observations, reads and claims are taken from the warehouse as the last run left them.
JUDGMENTS_RERUN = dg.AssetSelection.assets("golden_judgments").downstream()

judgments_rerun_job = dg.define_asset_job(
    "judgments_rerun", selection=JUDGMENTS_RERUN,
    description="After a review round: judgments, relevance metrics and the report, reading no fixture.")


# What an injection judgment invalidates (new lines in golden/injection_judgments/*.jsonl): the decisions,
# the claims (a lifted flag lets a document's claims count), every outcome and metric computed from them,
# the run's provenance and the report. The claims are derived from the stored pages again, so unlike a
# relevance round this reads fixtures, and runs every provider partition.
INJECTION_JUDGMENTS_RERUN = dg.AssetSelection.assets("injection_judgments").downstream()


def with_report_freshness(asset: dg.AssetsDefinition) -> dg.AssetsDefinition:
    return asset.map_asset_specs(
        lambda spec: dg.apply_freshness_policy(spec, REPORT_FRESHNESS) if spec.key == REPORT_KEY else spec)


@dg.schedule(job=benchmark_job, cron_schedule="0 6 * * 1", execution_timezone="UTC",
             description="Every Monday 06:00 UTC: the whole benchmark, every provider partition in one run.")
def weekly_benchmark(context: dg.ScheduleEvaluationContext):
    if not provider_partitions.get_partition_keys():
        return dg.SkipReason("no providers configured")
    return dg.RunRequest(tags=all_providers_tags())


@dg.sensor(job=benchmark_job, minimum_interval_seconds=60,
           description="Re-runs the providers whose manifest.json entries changed, plus the fan-in assets.")
def manifest_changes(context: dg.SensorEvaluationContext, bench: BenchConfig):
    try:
        digests = provider_digests(bench.fixtures)
    except InputError as exc:
        # The cursor stays put: once the manifest reads again, the change is still seen.
        return dg.SkipReason(f"manifest unreadable: {exc}")
    cursor, previous = json.dumps(digests, sort_keys=True), context.cursor
    context.update_cursor(cursor)
    if previous is None:
        return dg.SkipReason("first reading of manifest.json recorded; the weekly schedule runs everything")
    changed = changed_providers(json.loads(previous), digests, provider_partitions.get_partition_keys())
    if not changed:
        return dg.SkipReason("no provider's manifest entries changed")
    selection = sorted(AFTER_FIXTURES.resolve(context.repository_def.asset_graph))
    # Keyed by the whole reading, so reverting a change later is run again, not de-duplicated away.
    reading = hashlib.sha256(cursor.encode()).hexdigest()[:16]
    return [dg.RunRequest(run_key=f"{provider}:{reading}", partition_key=provider,
                          asset_selection=selection) for provider in changed]


def _rerun_on_change(context: dg.SensorEvaluationContext, digest: str, files: str, run_key: str,
                     selection: dg.AssetSelection, tags: dict[str, str] | None = None):
    """A run of `selection` when the digest of `files` moved since the cursor's; the first tick records it."""
    previous = context.cursor
    context.update_cursor(digest)
    if previous is None:
        return dg.SkipReason(f"first reading of the {files} recorded")
    if previous == digest:
        return dg.SkipReason(f"none of the {files} changed")
    return dg.RunRequest(run_key=f"{run_key}:{digest[:16]}", tags=tags or {},
                         asset_selection=sorted(selection.resolve(context.repository_def.asset_graph)))


@dg.sensor(job=judgments_rerun_job, minimum_interval_seconds=60,
           description="Re-runs relevance, freshness, their metrics and the report when judgment or date files change.")
def judgment_changes(context: dg.SensorEvaluationContext, bench: BenchConfig):
    return _rerun_on_change(context, judgment_files_digest(bench.golden), "judgment and date files", "judgments",
                            JUDGMENTS_RERUN)


@dg.sensor(job=benchmark_job, minimum_interval_seconds=60,
           description="Re-runs claims, outcomes, their metrics and the report when injection judgment files change.")
def injection_judgment_changes(context: dg.SensorEvaluationContext, bench: BenchConfig):
    return _rerun_on_change(context, injection_judgment_files_digest(bench.golden), "injection judgment files",
                            "injection-judgments", INJECTION_JUDGMENTS_RERUN, all_providers_tags())
