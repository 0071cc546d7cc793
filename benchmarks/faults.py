"""`python -m benchmarks.faults`: the faults of tests/faults/, every one of them timed (issue 23, items 1–4).

The tests kill a run at a step of each kind; this kills it at every step of the graph in turn, inside the report
step (`report_write`, `history_append`) and at seeded random moments. After each kill, `bench run
--judgments-only` must refuse in one line (or, when the killed run had committed nothing, run right), and the
next `bench run`, a process of its own as a user starts it, must complete with the report a run from scratch
gives and leave history and report folders whole. Then a full disk (a tmpfs: needs root), a damaged, foreign
and later-schema warehouse, two runs at once, and review saves during a run. One line per scenario, then the
table of docs/operations.md#faults-and-recovery with the times measured here. About 20 minutes on 2 cores;
leave the checkout alone meanwhile: a report names the git revision and whether the tree is dirty.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import dagster as dg
import duckdb

from bench_pipeline.pause import HISTORY_APPEND, REPORT_WRITE
from bench_pipeline.run_lock import holder
from bench_pipeline.warehouse_file import SCHEMA_VERSION, VERSION_TABLE
from scripts.review_site import prepare
from tests.faults.run_faults import (
    REPO,
    Started,
    bench_process,
    make_baseline,
    mount_refusal,
    problems,
    report_texts,
    small_disk,
    stop_started,
    tree_bytes,
)
from tests.faults.scenarios import Kill, full_disk_at, kill_and_recover, random_moments, saves_during_run, two_runs, \
    waited_s

DISK_MB = 32


def _steps(run_id: str) -> list[str]:
    """The step keys of a finished run, in the order they started."""
    with dg.DagsterInstance.get() as instance:
        records = instance.get_records_for_run(run_id, of_type=dg.DagsterEventType.STEP_START).records
    return [r.event_log_entry.step_key for r in sorted(records, key=lambda r: r.event_log_entry.timestamp)]


def _lost(kill: Kill) -> str:
    found = kill.after_kill.problems + kill.after_recovery.problems
    if not kill.after_kill.first_report_intact or not kill.after_recovery.first_report_intact:
        found.append("the first run's report changed")
    if kill.after_recovery.leftovers:
        found.append(f"leftovers {kill.after_recovery.leftovers}")
    if not kill.equal_to_scratch:
        found.append("the recovery's report differs from a run from scratch")
    return "; ".join(found) or "nothing"


def _kill_line(kill: Kill) -> str:
    jo = kill.judgments_only
    said = "refused" if jo.code == 2 else ("ran (last whole run committed)" if jo.code == 0 else f"exit {jo.code}")
    ended = " (it had ended)" if kill.ended_before_the_kill else ""
    return (f"kill -9 at {kill.point:<44} killed after {kill.killed_after_s:5.1f} s{ended}  --judgments-only "
            f"{said:<34} recovery exit {kill.recovery.code} in {kill.recovery.seconds:5.1f} s  lost: {_lost(kill)}")


def sweep(baseline, folder: Path, moments: int, only: list[str] | None) -> list[Kill]:
    kills = []
    points = only or [*_steps(baseline.first_run), REPORT_WRITE, HISTORY_APPEND]
    for n, point in enumerate(points):
        try:
            kill = kill_and_recover(baseline, folder / f"point-{n:02d}", point, recover=bench_process)
        except AssertionError as exc:  # a step the run never reached, say: reported, the sweep goes on
            print(f"kill -9 at {point:<44} FAILED: {str(exc).splitlines()[0]}", flush=True)
            continue
        kills.append(kill)
        print(_kill_line(kill), flush=True)
    # Up to the moment the last step started: later, the run may have ended before the kill.
    longest = max(k.killed_after_s for k in kills)
    for n, moment in enumerate(random_moments(moments, longest)):
        kill = kill_and_recover(baseline, folder / f"moment-{n:02d}", after_s=moment, recover=bench_process)
        kills.append(kill)
        print(_kill_line(kill), flush=True)
    return kills


def full_disk(baseline, folder: Path) -> list[tuple[str, str, str]]:
    if (reason := mount_refusal()) is not None:
        print(f"full disk: skipped: {reason}", flush=True)
        return []
    rows = []
    with small_disk(folder / "disk", DISK_MB) as disk:
        warehouse = baseline.copy(disk / "warehouse")
        first_report = tree_bytes(warehouse / "reports" / baseline.first_run)
        for point in ("search_observations", REPORT_WRITE):
            full = full_disk_at(baseline, warehouse, folder / point, point, first_report)
            whole = full.after.first_report_intact and full.readable is None and not full.after.leftovers
            lost = "; ".join(full.after.problems) or ("nothing" if whole else str(full.after))
            next_run = bench_process(baseline.corpus, warehouse)
            print(f"full disk at {point:<22} exit {full.done.code}: {full.done.errors[-1]}\n"
                  f"    lost: {lost}; next run with space: exit {next_run.code} in {next_run.seconds:.1f} s",
                  flush=True)
            rows.append((point, full.done.errors[-1], f"{next_run.seconds:.1f} s (the next run, with space)"
                         if next_run.code == 0 else f"FAILED: {next_run.errors[-1:]}", lost))
    return rows


def damaged(baseline, folder: Path) -> list[tuple[str, str, str, str]]:
    good = (baseline.warehouse / "bench.duckdb").read_bytes()

    def later(database: Path) -> None:
        with duckdb.connect(str(database)) as conn:
            conn.execute(f"update {VERSION_TABLE} set version = ?", [SCHEMA_VERSION + 1])

    cases = {"truncated to half": lambda db: db.write_bytes(good[:len(good) // 2]),
             "a CSV file": lambda db: db.write_text("run_id,provider\n1,exa\n"),
             "a SQLite file": lambda db: db.write_bytes(b"SQLite format 3\x00" + bytes(4080)),
             f"schema version {SCHEMA_VERSION + 1}": later}
    rows = []
    for n, (name, damage) in enumerate(cases.items()):
        warehouse = baseline.copy(folder / f"damaged-{n}")
        database = warehouse / "bench.duckdb"
        damage(database)
        before = database.read_bytes()
        refused = bench_process(baseline.corpus, warehouse)
        untouched = database.read_bytes() == before
        shutil.move(database, f"{database}.damaged")
        fresh = bench_process(baseline.corpus, warehouse)
        print(f"warehouse {name:<18} exit {refused.code} in {refused.seconds:.1f} s: {refused.errors[-1]}\n"
              f"    file untouched: {untouched}; moved aside, a new history: exit {fresh.code} in "
              f"{fresh.seconds:.1f} s",
              flush=True)
        rows.append((name, refused.errors[-1], f"refused in {refused.seconds:.1f} s; moved aside, the next run "
                     f"{fresh.seconds:.1f} s", "nothing" if untouched else "THE FILE CHANGED"))
    return rows


def back_to_back(baseline, folder: Path) -> tuple[str, str, str, str]:
    """Two runs started together, the second once the first holds the warehouse: how long the second waits."""
    warehouse = baseline.copy(folder / "back-to-back" / "warehouse")
    first = Started(baseline.corpus, warehouse, folder / "back-to-back", "first")
    first.wait_for("the first run to hold the warehouse",
                   lambda: f"pid {first.process.pid} " in holder(warehouse / "bench.duckdb"))
    second = Started(baseline.corpus, warehouse, folder / "back-to-back", "second")
    done_first, done_second = first.finish(), second.finish()
    waited = waited_s(done_second)
    print(f"two runs started together: the first ran {done_first.seconds:.1f} s (exit {done_first.code}), the second "
          f"waited {waited} s, then ran {done_second.seconds - (waited or 0):.1f} s (exit {done_second.code})",
          flush=True)
    lost = "; ".join(problems(warehouse, {baseline.first_run, done_first.report.parent.name,
                                          done_second.report.parent.name})) or "nothing"
    return ("started together", done_second.note(""), f"waited {waited} s (the first's whole run: "
            f"{done_first.seconds:.1f} s), then ran {done_second.seconds - (waited or 0):.1f} s", lost)


def concurrent(baseline, folder: Path) -> list[tuple[str, str, str, str]]:
    rows = [back_to_back(baseline, folder)]
    for kill_first in (False, True):
        point = "claim_observations" if kill_first else "observation_metrics"
        runs = two_runs(baseline, folder / f"two-runs-{kill_first}", point, kill_first)
        waited = waited_s(runs.second)
        line = runs.second.note("")
        scratch = baseline.reference(baseline.warehouse, folder / f"two-runs-{kill_first}")
        equal = runs.second.report is not None and (
            kill_first and report_texts(runs.second.report.parent) == scratch
            or not kill_first and runs.first.report is not None and report_texts(runs.first.report.parent) == scratch)
        what = "the first killed while the second waits" if kill_first else "the first resumed"
        print(f"two runs, {what}: second exit {runs.second.code}, waited {waited} s, then ran "
              f"{runs.second.seconds - (waited or 0):.1f} s; report as from scratch: {equal}\n    {line}", flush=True)
        rows.append((what, line, f"waited {waited} s (until the first was {'killed' if kill_first else 'resumed'}), "
                     f"then ran {runs.second.seconds - (waited or 0):.1f} s",
                     "nothing" if equal and runs.second.code == 0 else "SEE ABOVE"))
    return rows


def saves(folder: Path) -> tuple[str, str, str, str]:
    result = saves_during_run(prepare(folder / "site"), folder)
    acked = sum(map(len, result.acked.values()))
    lost = sum(len(set(ids) - set(result.on_disk[name])) for name, ids in result.acked.items())
    missing = sum(len(result.on_disk[name]) - result.in_next_inputs[name] for name in result.acked)
    print(f"review saves during a run: {acked} acknowledged, {lost} lost, {missing} missing from the next run's "
          f"inputs; the run exit {result.during.returncode} in {result.during_s:.1f} s, the next "
          f"(--judgments-only) exit {result.after.returncode}", flush=True)
    return ("2 reviewers saving every 0.25 s through a whole run", "nothing: the run completes",
            f"the next run reads all {acked} ({result.during_s:.1f} s run)",
            "nothing" if lost == 0 and missing == 0 else f"{lost} lost, {missing} missing")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=6, help="kills at seeded random moments (default 6)")
    parser.add_argument("--points", help="comma-separated pause points to kill at (default: every step, "
                                         f"{REPORT_WRITE}, {HISTORY_APPEND})")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-faults-") as scratch:
        folder = Path(scratch)
        home = folder / "dagster_home"
        home.mkdir()
        shutil.copy(REPO / "dagster_home" / "dagster.yaml", home / "dagster.yaml")
        os.environ["DAGSTER_HOME"] = str(home)
        try:
            baseline = make_baseline(folder / "baseline")
            started = time.monotonic()
            kills = sweep(baseline, folder, args.random, args.points.split(",") if args.points else None)
            disk = full_disk(baseline, folder)
            files = damaged(baseline, folder)
            two = concurrent(baseline, folder)
            review = saves(folder)
        finally:
            stop_started()
        at_steps = [k for k in kills if not k.point.startswith("after ")]
        at_random = [k for k in kills if k.point.startswith("after ")]
        print(f"\n{len(kills)} kills in {time.monotonic() - started:.0f} s; lost something: "
              f"{sum(_lost(k) != 'nothing' for k in kills)}\n")
        rows = []
        for group, name in ((at_steps, f"kill -9 at each of {len(at_steps)} points"),
                            (at_random, f"kill -9 at {len(at_random)} random moments")):
            if group:
                times = [k.recovery.seconds for k in group]
                lost = sum(_lost(k) != "nothing" for k in group)
                rows.append((name, "SIGKILL by PID (BENCH_PAUSE_AT, or a timer)",
                             f"nothing from the killed run; the next run: `{_abandoned(group)}`",
                             "nothing" if lost == 0 else f"{lost} runs lost something",
                             f"the next run {min(times):.1f}–{max(times):.1f} s "
                             f"(median {statistics.median(times):.1f})"))
        rows += [(f"full disk at {point}", "tmpfs filled while the run is paused", f"`{line}`", lost, recovery)
                 for point, line, recovery, lost in disk]
        rows += [(f"warehouse: {name}", "bench.duckdb replaced", f"`{line}`", lost, recovery)
                 for name, line, recovery, lost in files]
        rows += [(f"two runs, {name}", "a second bench run on the same warehouse", f"`{line}`", lost, recovery)
                 for name, line, recovery, lost in two]
        rows.append(("review saves during a run", review[0], review[1], review[3], review[2]))
        print("| fault | injected | what the user sees | lost | recovery |\n|---|---|---|---|---|")
        for row in rows:
            print("| " + " | ".join(cell.replace(str(folder), "$TMP") for cell in row) + " |")
    return 0 if all(row[3] == "nothing" for row in rows) and all(k.recovery.code == 0 for k in kills) else 1


def _abandoned(kills: list[Kill]) -> str:
    note = next((k.judgments_only.note("run ") for k in kills if k.judgments_only.note("run ")), None)
    return note or "bench run: note: run … was abandoned …"


if __name__ == "__main__":
    sys.exit(main())
