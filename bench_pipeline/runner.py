"""Run the whole graph in-process, as `bench run` and CI do: replay only, network lock on."""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import dagster as dg
import yaml
from dagster_shared import error as dg_error

from bench_pipeline import run_lock
from bench_pipeline.definitions import ASSETS, CHECKS
from bench_pipeline.defs.assets.corpus import NO_WHOLE_RUN, require_finished_whole_run
from bench_pipeline.defs.automation import JUDGMENTS_RERUN
from bench_pipeline.defs.partitions import all_providers_tags
from bench_pipeline.defs.resources import BenchConfig, ReplayTransport, Warehouse
from bench_pipeline.domain.errors import InputError
from bench_pipeline.transport.netlock import network_locked
from bench_pipeline.warehouse_file import check_warehouse


# The run's event log keeps every event; the terminal gets only warnings and the summary below.
QUIET_CONSOLE = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}
# `bench run` prints warnings and failures itself, one line each, from the event log; Dagster's console
# would repeat every failure with its stack and the steps skipped after it. `--debug` brings it back whole.
SILENT_CONSOLE = {"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}}
DEBUG_CONSOLE = {"loggers": {"console": {"config": {"log_level": "DEBUG"}}}}

# The instance `bench run` records into when DAGSTER_HOME is not set: the one the UI reads (docs/operations.md).
DEFAULT_DAGSTER_HOME = "dagster_home"
# What dagster_home/dagster.yaml sets (a test keeps the two equal), written where that file is missing: without
# the pool limit a persistent instance would let two steps write the DuckDB file at once.
INSTANCE_SETTINGS = {"telemetry": {"enabled": False}, "nux": {"enabled": False},
                     "concurrency": {"pools": {"granularity": "op", "default_limit": 1}}}
# Each run names the process running it, so a later run can tell an abandoned one (its process killed, its
# terminal closed) from one still going: an abandoned run keeps its warehouse slot, and every later run waits.
PROCESS_TAG = "bench/process"
# The concurrency pool of every step that opens the warehouse.
WAREHOUSE_POOL = "duckdb"
UNFINISHED = [dg.DagsterRunStatus.NOT_STARTED, dg.DagsterRunStatus.STARTING, dg.DagsterRunStatus.STARTED,
              dg.DagsterRunStatus.CANCELING]


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
    # Failures whose root cause is a WriteError (`<file>: could not write: <reason>`): a full disk, say.
    write_errors: list[str] = field(default_factory=list)
    # The root causes' stacks, Python-style, for `--debug`.
    traces: list[str] = field(default_factory=list)


def bench_resources(*, fixtures: Path, golden: Path, warehouse: Path, providers_file: Path, invoices: Path) -> dict:
    return {
        "bench": BenchConfig(fixtures_dir=str(fixtures), golden_dir=str(golden), providers_file=str(providers_file),
                             reports_dir=str(Path(warehouse) / "reports"), invoices_dir=str(invoices)),
        "warehouse": Warehouse(database=str(Path(warehouse) / "bench.duckdb")),
        "replay": ReplayTransport(),
    }


def instance_home(folder: Path) -> Path:
    """`folder` made ready to be DAGSTER_HOME: created, with the project's settings when it has no dagster.yaml."""
    folder = folder.resolve()
    folder.mkdir(parents=True, exist_ok=True)
    settings = folder / "dagster.yaml"
    if not settings.exists():
        settings.write_text("# Written by `bench run`: the settings of the repository's dagster_home/dagster.yaml.\n"
                            + yaml.safe_dump(INSTANCE_SETTINGS, sort_keys=False), encoding="utf-8")
    return folder


def _instance() -> dg.DagsterInstance:
    # With DAGSTER_HOME the run joins the instance's history (the UI shows it); without, nothing is left behind.
    return dg.DagsterInstance.get() if os.environ.get("DAGSTER_HOME") else dg.DagsterInstance.ephemeral()


def _started(pid: int) -> str | None:
    """When the process started (clock ticks since boot), None when there is no such process or it has ended
    (a zombie: killed, its exit status not yet collected by its parent): a PID alone could have been reused."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return None if fields[0] == "Z" else fields[19]


def _this_process() -> str:
    return f"{socket.gethostname()} {os.getpid()} {_started(os.getpid())}"


def _gone(process: str) -> bool:
    host, pid, started = process.split(" ")
    # Another machine's process, or a system without /proc: nothing here can tell, so it is left alone.
    return host == socket.gethostname() and Path("/proc/self/stat").exists() and _started(int(pid)) != started


def release_abandoned_runs(instance: dg.DagsterInstance) -> list[str]:
    """Runs an earlier `bench run` left unfinished when its process died: marked failed, their slots freed.
    Dagster frees a run's pool slots when the run ends, and a killed in-process run never ends."""
    released = []
    for run in instance.get_runs(dg.RunsFilter(statuses=UNFINISHED)):
        process = run.tags.get(PROCESS_TAG)
        if process is None or not _gone(process):
            continue
        instance.report_run_failed(run, f"the `bench run` process ({process}) ended without finishing the run")
        if instance.event_log_storage.supports_global_concurrency_limits:
            instance.event_log_storage.free_concurrency_slots_for_run(run.run_id)
        released.append(f"run {run.run_id} was abandoned by its `bench run` process; marked failed, "
                        "its warehouse slot freed")
    return released


def pool_holders(instance: dg.DagsterInstance) -> list[str]:
    """Unfinished runs holding the warehouse's pool slot: a run started now waits for them, and Dagster
    does not let Ctrl-C interrupt that wait."""
    storage = instance.event_log_storage
    if not storage.supports_global_concurrency_limits:
        return []
    return sorted({slot.run_id for slot in storage.get_concurrency_info(WAREHOUSE_POOL).claimed_slots})


# The project's errors whose message is the whole line to show (`<file>: …`): bad input, and a write refused.
NAMED_ERRORS = ("InputError", "WriteError")
AFTER_WRITE_ERROR = "; the run stopped, and what earlier runs wrote is intact"


def require_whole_run(warehouse: Warehouse) -> None:
    """A judgments-only run reads what a whole run left; checked before any step, which would otherwise
    each fail on its own missing table."""
    if not Path(warehouse.database).is_file():
        raise InputError(warehouse.database, "fixture_corpus", NO_WHOLE_RUN)
    require_finished_whole_run(warehouse)


def root_cause(error: dg_error.SerializableErrorInfo) -> dg_error.SerializableErrorInfo:
    """The first InputError or WriteError down the chain, else the innermost error: Dagster wraps the exception
    an op raised (`DagsterExecutionStepExecutionError`) and keeps it as `cause` (`raise … from`) or `context`
    (raised while handling another). An InputError raised while handling, say, an OSError is the one that names
    the field; a WriteError raised from DuckDB's error names the file DuckDB could not write."""
    while error.cls_name not in NAMED_ERRORS and (error.cause is not None or error.context is not None):
        error = error.cause if error.cause is not None else error.context
    return error


def error_line(error: dg_error.SerializableErrorInfo) -> str:
    """One line: an InputError's or WriteError's own message (`<file>: …`), otherwise `<Class>: <message>`.
    The serialized message starts with the qualified class name (`bench_pipeline.domain.errors.InputError:`)."""
    text = error.message.strip()
    qualified, sep, rest = text.partition(": ")
    if sep and qualified.split(".")[-1] == error.cls_name:
        text = rest
    text = " ".join(text.split())
    return text if error.cls_name in NAMED_ERRORS else f"{error.cls_name}: {text}"


def python_trace(error: dg_error.SerializableErrorInfo) -> str:
    return "Traceback (most recent call last):\n" + "".join(error.stack) + error.message.rstrip()


def run_benchmark(*, fixtures: Path, golden: Path, warehouse: Path, providers_file: Path, invoices: Path,
                  judgments_only: bool = False, debug: bool = False,
                  notify: Callable[[str], None] = lambda _: None) -> RunOutcome:
    """The whole graph, or with `judgments_only` the `judgments_rerun` selection: after a review round,
    judgments, relevance metrics and the report from the warehouse a whole run left, reading no fixture.
    With `debug`, Dagster's console logs everything, stacks included. `notify` hears, as they happen, what
    the instance holds against this run: abandoned runs released, and live runs it has to wait for."""
    resources = bench_resources(fixtures=fixtures, golden=golden, warehouse=warehouse, providers_file=providers_file,
                                invoices=invoices)
    database = resources["warehouse"].database
    selection = {"selection": JUDGMENTS_RERUN} if judgments_only else {}
    tags = {PROCESS_TAG: _this_process(), **({} if judgments_only else all_providers_tags())}
    with network_locked(), _instance() as instance:
        # Held from here to the end: the run's steps, in this process, re-enter it (bench_pipeline/run_lock.py).
        with run_lock.writing(database, run_lock.describe("`bench run`"), notify) as waited:
            if waited:
                notify(f"waited {waited:.1f} s for the run before it to end")
            # After the wait: the run waited for may have been killed, leaving its pool slot taken.
            for line in release_abandoned_runs(instance):
                notify(line)
            check_warehouse(database)
            if judgments_only:
                require_whole_run(resources["warehouse"])
            for run_id in pool_holders(instance):
                notify(f"run {run_id} holds the warehouse (pool {WAREHOUSE_POOL}) in {instance.root_directory}; "
                       "this run waits until it ends")
            result = dg.materialize([*ASSETS, *CHECKS], resources=resources, instance=instance, raise_on_error=False,
                                    run_config=DEBUG_CONSOLE if debug else SILENT_CONSOLE, tags=tags, **selection)
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
        # Several steps reading the same bad file, or writing to the same full disk, fail alike: said once.
        if cause.cls_name == "InputError":
            if line not in outcome.input_errors:
                outcome.input_errors.append(line)
        elif cause.cls_name == "WriteError":
            if line + AFTER_WRITE_ERROR not in outcome.write_errors:
                outcome.write_errors.append(line + AFTER_WRITE_ERROR)
        else:
            outcome.failures.append(f"step {event.step_key} failed: {line}")
    report = Path(resources["bench"].reports_dir) / result.run_id / "report.json"
    if result.success and report.is_file():
        outcome.report_path = report
    elif not outcome.failures and not outcome.input_errors and not outcome.write_errors:
        outcome.failures.append(f"run {result.run_id} did not complete")
    return outcome
