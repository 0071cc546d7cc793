"""Run the whole graph in-process, as `bench run` and CI do: replay only, network lock on."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import dagster as dg

from bench_pipeline.definitions import ASSETS, CHECKS
from bench_pipeline.defs.automation import JUDGMENTS_RERUN
from bench_pipeline.defs.partitions import all_providers_tags
from bench_pipeline.defs.resources import BenchConfig, ReplayTransport, Warehouse
from bench_pipeline.transport.netlock import network_locked


# The run's event log keeps every event; the terminal gets only warnings and the summary below.
QUIET_CONSOLE = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}


@dataclass
class RunOutcome:
    run_id: str
    success: bool
    report_path: Path | None
    lines: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


def bench_resources(*, fixtures: Path, golden: Path, warehouse: Path, providers_file: Path, invoices: Path) -> dict:
    return {
        "bench": BenchConfig(fixtures_dir=str(fixtures), golden_dir=str(golden), providers_file=str(providers_file),
                             reports_dir=str(Path(warehouse) / "reports"), invoices_dir=str(invoices)),
        "warehouse": Warehouse(database=str(Path(warehouse) / "bench.duckdb")),
        "replay": ReplayTransport(),
    }


def _instance() -> dg.DagsterInstance:
    # With DAGSTER_HOME the run joins the instance's history (the UI shows it); without, nothing is left behind.
    return dg.DagsterInstance.get() if os.environ.get("DAGSTER_HOME") else dg.DagsterInstance.ephemeral()


def run_benchmark(*, fixtures: Path, golden: Path, warehouse: Path, providers_file: Path, invoices: Path,
                  judgments_only: bool = False) -> RunOutcome:
    """The whole graph, or with `judgments_only` the `judgments_rerun` selection: after a review round,
    judgments, relevance metrics and the report from the warehouse a whole run left, reading no fixture."""
    resources = bench_resources(fixtures=fixtures, golden=golden, warehouse=warehouse, providers_file=providers_file,
                                invoices=invoices)
    scope = {"selection": JUDGMENTS_RERUN} if judgments_only else {"tags": all_providers_tags()}
    with network_locked(), _instance() as instance:
        result = dg.materialize([*ASSETS, *CHECKS], resources=resources, instance=instance, raise_on_error=False,
                                run_config=QUIET_CONSOLE, **scope)
    outcome = RunOutcome(run_id=result.run_id, success=result.success, report_path=None)
    for evaluation in result.get_asset_check_evaluations():
        mark = "ok  " if evaluation.passed else ("FAIL" if evaluation.severity == dg.AssetCheckSeverity.ERROR else "warn")
        outcome.lines.append(f"check {mark} {evaluation.asset_key.to_user_string()}:{evaluation.check_name}"
                             + ("" if evaluation.passed else f" — {evaluation.description}"))
        if not evaluation.passed and evaluation.severity == dg.AssetCheckSeverity.ERROR:
            outcome.failures.append(f"check {evaluation.check_name} failed: {evaluation.description}")
    for event in result.get_step_failure_events():
        error = event.step_failure_data.error
        if error is not None and error.cls_name != "DagsterAssetCheckFailedError":
            outcome.failures.append(f"step {event.step_key} failed: {error.message.strip().splitlines()[-1]}")
    report = Path(resources["bench"].reports_dir) / result.run_id / "report.json"
    if result.success and report.is_file():
        outcome.report_path = report
    elif not outcome.failures:
        outcome.failures.append(f"run {result.run_id} did not complete")
    return outcome
