"""Run the whole graph in-process, as `bench run` and CI do: replay only, network lock on."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

import dagster as dg
from dagster_shared import error as dg_error

from bench_pipeline.definitions import ASSETS, CHECKS
from bench_pipeline.defs.automation import JUDGMENTS_RERUN
from bench_pipeline.defs.partitions import all_providers_tags
from bench_pipeline.defs.resources import BenchConfig, ReplayTransport, Warehouse
from bench_pipeline.transport.netlock import network_locked


# The run's event log keeps every event; the terminal gets only warnings and the summary below.
QUIET_CONSOLE = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}
# `bench run` prints warnings and failures itself, one line each, from the event log; Dagster's console
# would repeat every failure with its stack and the steps skipped after it. `--debug` brings it back whole.
SILENT_CONSOLE = {"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}}
DEBUG_CONSOLE = {"loggers": {"console": {"config": {"log_level": "DEBUG"}}}}


@dataclass
class RunOutcome:
    run_id: str
    success: bool
    report_path: Path | None
    lines: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    # Failures whose root cause is an InputError (`<file>: <field>: <reason>`): bad input, not a failed check.
    input_errors: list[str] = field(default_factory=list)
    # The root causes' stacks, Python-style, for `--debug`.
    traces: list[str] = field(default_factory=list)


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


def root_cause(error: dg_error.SerializableErrorInfo) -> dg_error.SerializableErrorInfo:
    """The first InputError down the chain, else the innermost error: Dagster wraps the exception an op raised
    (`DagsterExecutionStepExecutionError`) and keeps it as `cause` (`raise … from`) or `context` (raised while
    handling another). An InputError raised while handling, say, an OSError is the one that names the field."""
    while error.cls_name != "InputError" and (error.cause is not None or error.context is not None):
        error = error.cause if error.cause is not None else error.context
    return error


def error_line(error: dg_error.SerializableErrorInfo) -> str:
    """One line: an InputError's own message (`<file>: <field>: <reason>`), otherwise `<Class>: <message>`.
    The serialized message starts with the qualified class name (`bench_pipeline.domain.errors.InputError:`)."""
    text = error.message.strip()
    qualified, sep, rest = text.partition(": ")
    if sep and qualified.split(".")[-1] == error.cls_name:
        text = rest
    text = " ".join(text.split())
    return text if error.cls_name == "InputError" else f"{error.cls_name}: {text}"


def python_trace(error: dg_error.SerializableErrorInfo) -> str:
    return "Traceback (most recent call last):\n" + "".join(error.stack) + error.message.rstrip()


def run_benchmark(*, fixtures: Path, golden: Path, warehouse: Path, providers_file: Path, invoices: Path,
                  judgments_only: bool = False, debug: bool = False) -> RunOutcome:
    """The whole graph, or with `judgments_only` the `judgments_rerun` selection: after a review round,
    judgments, relevance metrics and the report from the warehouse a whole run left, reading no fixture.
    With `debug`, Dagster's console logs everything, stacks included."""
    resources = bench_resources(fixtures=fixtures, golden=golden, warehouse=warehouse, providers_file=providers_file,
                                invoices=invoices)
    scope = {"selection": JUDGMENTS_RERUN} if judgments_only else {"tags": all_providers_tags()}
    with network_locked(), _instance() as instance:
        result = dg.materialize([*ASSETS, *CHECKS], resources=resources, instance=instance, raise_on_error=False,
                                run_config=DEBUG_CONSOLE if debug else SILENT_CONSOLE, **scope)
        # The ops' own warnings (`context.log.warning`), which the silent console no longer shows. Errors are
        # left out: Dagster logs the steps it skipped after a failure at that level, and failures are read below.
        logged = [entry for entry in instance.all_logs(result.run_id)
                  if not entry.is_dagster_event and logging.WARNING <= entry.level < logging.ERROR]
    outcome = RunOutcome(run_id=result.run_id, success=result.success, report_path=None)
    if not debug:
        outcome.warnings = [f"{entry.step_key or 'run'}: {entry.user_message}" for entry in logged]
    for evaluation in result.get_asset_check_evaluations():
        mark = "ok  " if evaluation.passed else ("FAIL" if evaluation.severity == dg.AssetCheckSeverity.ERROR else "warn")
        outcome.lines.append(f"check {mark} {evaluation.asset_key.to_user_string()}:{evaluation.check_name}"
                             + ("" if evaluation.passed else f" — {evaluation.description}"))
        if not evaluation.passed and evaluation.severity == dg.AssetCheckSeverity.ERROR:
            outcome.failures.append(f"check {evaluation.check_name} failed: {evaluation.description}")
    for event in result.get_step_failure_events():
        error = event.step_failure_data.error
        if error is None or error.cls_name == "DagsterAssetCheckFailedError":
            continue
        cause = root_cause(error)
        outcome.traces.append(python_trace(cause))
        line = error_line(cause)
        # Several steps reading the same bad file fail alike: the reason is said once.
        if cause.cls_name == "InputError":
            if line not in outcome.input_errors:
                outcome.input_errors.append(line)
        else:
            outcome.failures.append(f"step {event.step_key} failed: {line}")
    report = Path(resources["bench"].reports_dir) / result.run_id / "report.json"
    if result.success and report.is_file():
        outcome.report_path = report
    elif not outcome.failures and not outcome.input_errors:
        outcome.failures.append(f"run {result.run_id} did not complete")
    return outcome
