"""The fault scenarios of issue 23 (items 1–4), each run end to end and returned as what was observed: the tests
in this folder assert on it, `benchmarks/faults.py` times it and prints the table for the closing note.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import duckdb

from bench_pipeline.run_lock import holder
from bench_pipeline.warehouse_file import check_warehouse
from scripts.review_site import BENCH, Reviewer, Site, item_ids, serve
from tests.faults.run_faults import (
    REPO,
    Baseline,
    Done,
    Paused,
    Started,
    bench_here,
    fill,
    history_runs,
    leftovers,
    problems,
    report_folders,
    report_texts,
    tree_bytes,
)

Recover = Callable[..., Done]


@dataclass
class State:
    """What a warehouse holds after a fault or a recovery."""

    history: set[str]
    folders: set[str]
    leftovers: list[str]
    problems: list[str]
    first_report_intact: bool


def state(baseline: Baseline, warehouse: Path, first_report: dict[str, bytes], acknowledged: set[str]) -> State:
    return State(history=history_runs(warehouse), folders=set(report_folders(warehouse)),
                 leftovers=leftovers(warehouse), problems=problems(warehouse, acknowledged),
                 first_report_intact=tree_bytes(warehouse / "reports" / baseline.first_run) == first_report)


def _run_of(database: Path) -> str | None:
    """The run that last held the warehouse's lock (its file names it)."""
    found = re.match(r"run (\S+) ", holder(database))
    return found.group(1) if found else None


@dataclass
class Kill:
    point: str
    killed_run: str | None
    killed_after_s: float
    ended_before_the_kill: bool
    after_kill: State
    judgments_only: Done
    recovery: Done
    equal_to_scratch: bool
    after_recovery: State


def kill_and_recover(baseline: Baseline, folder: Path, point: str | None = None, after_s: float | None = None,
                     recover: Recover = bench_here) -> Kill:
    """A run on a copy of the baseline killed with SIGKILL at a pause point, or `after_s` seconds after it started;
    then `bench run --judgments-only` (which must refuse or be right), then the recovery run."""
    warehouse = baseline.copy(folder / "warehouse")
    database = warehouse / "bench.duckdb"
    first_report = tree_bytes(warehouse / "reports" / baseline.first_run)
    if point is not None:
        run = Paused(baseline.corpus, warehouse, folder, point)
        killed_after = run.paused_after
    else:
        run = Started(baseline.corpus, warehouse, folder, "killed")
        time.sleep(after_s)
        killed_after = time.monotonic() - run.started
    ended = run.process.poll() is not None
    run.kill()
    killed = _run_of(database)
    killed = None if killed == baseline.first_run else killed
    after_kill = state(baseline, warehouse, first_report, {baseline.first_run})
    judgments_only = bench_here(baseline.corpus, warehouse, "--judgments-only")
    acknowledged = {baseline.first_run} | ({judgments_only.report.parent.name} if judgments_only.report else set())
    expected = baseline.reference(warehouse, folder)
    recovery = recover(baseline.corpus, warehouse)
    if recovery.report is not None:
        acknowledged.add(recovery.report.parent.name)
    return Kill(point=point or f"after {killed_after:.1f} s", killed_run=killed, killed_after_s=killed_after,
                ended_before_the_kill=ended, after_kill=after_kill, judgments_only=judgments_only, recovery=recovery,
                equal_to_scratch=recovery.report is not None and report_texts(recovery.report.parent) == expected,
                after_recovery=state(baseline, warehouse, first_report, acknowledged))


def random_moments(count: int, longest_s: float, seed: int = 23) -> list[float]:
    draw = random.Random(seed)
    return sorted(draw.uniform(0.5, longest_s) for _ in range(count))


@dataclass
class FullDisk:
    point: str
    done: Done
    readable: str | None  # None when the warehouse checks whole, else why not
    after: State


def full_disk_at(baseline: Baseline, warehouse: Path, folder: Path, point: str,
                 first_report: dict[str, bytes]) -> FullDisk:
    """A run paused at `point`, the warehouse's file system filled, the run resumed; the filler then removed."""
    paused = Paused(baseline.corpus, warehouse, folder, point)
    filler = fill(warehouse)
    paused.resume()
    done = paused.finish()
    filler.unlink()
    try:
        check_warehouse(warehouse / "bench.duckdb")
        readable = None
    except ValueError as exc:
        readable = str(exc)
    return FullDisk(point, done, readable, state(baseline, warehouse, first_report, {baseline.first_run}))


@dataclass
class TwoRuns:
    first: Done
    second: Done
    first_run: str


def two_runs(baseline: Baseline, folder: Path, point: str, kill_first: bool) -> TwoRuns:
    """A run paused at `point`, a second run started on the same warehouse until it says it waits; then the first
    resumed (or killed) and both waited for."""
    warehouse = baseline.copy(folder / "warehouse")
    database = warehouse / "bench.duckdb"
    first = Paused(baseline.corpus, warehouse, folder, point)
    first_run = _run_of(database)
    second = Started(baseline.corpus, warehouse, folder, "second")
    waits = f"bench run: note: {database} is being written by run {first_run} "
    second.wait_for("the second run's note that it waits", lambda: waits in second.err)
    if kill_first:
        first.kill()
        done_first = Done(-9, "", first.err, time.monotonic() - first.started)
    else:
        first.resume()
        done_first = first.finish()
    return TwoRuns(first=done_first, second=second.finish(), first_run=first_run)


def waited_s(done: Done) -> float | None:
    note = done.note("waited")
    return float(re.search(r"waited ([0-9.]+) s", note).group(1)) if note else None


@dataclass
class SavesDuringRun:
    during: subprocess.CompletedProcess
    during_s: float
    after: subprocess.CompletedProcess
    acked: dict[str, list[str]]
    on_disk: dict[str, list[str]]
    in_next_inputs: dict[str, int]


def saves_during_run(site: Site, folder: Path, reviewers: tuple[str, ...] = ("rev-run1", "rev-run2"),
                     pace_s: float = 0.25) -> SavesDuringRun:
    """Reviewers saving relevance judgments every `pace_s` (under the pages' rate limit) from before a whole
    `bench run` starts until it ends; then `bench run --judgments-only`, the next run, reads them."""
    stop = threading.Event()
    acked: dict[str, list[str]] = {name: [] for name in reviewers}
    with ExitStack() as stack:
        _, base = serve(stack, site, folder / "review.log")
        signed_in = [Reviewer(site, base, name) for name in reviewers]
        _, _, queue = signed_in[0].request("GET", "/")
        items = item_ids(queue, "judge_relevance")[:3]

        def saves(reviewer: Reviewer) -> None:
            tokens = {item: reviewer.csrf(item) for item in items}
            n = 0
            while not stop.is_set():
                crid = f"{reviewer.name}-{n:04d}"
                status, _, _ = reviewer.request("POST", f"/item/{items[n % len(items)]}", {
                    "relevant": "yes" if n % 2 else "no", "reason": "grounds_claim" if n % 2 else "not_about_topic",
                    "client_request_id": crid, "csrf_token": tokens[items[n % len(items)]]})
                if status == 303:
                    acked[reviewer.name].append(crid)
                n += 1
                stop.wait(pace_s)

        threads = [threading.Thread(target=saves, args=(r,)) for r in signed_in]
        for thread in threads:
            thread.start()
        started = time.monotonic()
        during = _site_run(site)
        during_s = time.monotonic() - started
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
    after = _site_run(site, "--judgments-only")
    lines = [json.loads(line) for line in site.round_file().read_text().splitlines()]
    with duckdb.connect(str(site.warehouse / "bench.duckdb"), read_only=True) as conn:
        judged = dict(conn.execute("select reviewer, count(*) from relevance_judgments group by reviewer").fetchall())
    return SavesDuringRun(during=during, during_s=during_s, after=after, acked=acked,
                          on_disk={name: [line["client_request_id"] for line in lines if line["reviewer"] == name]
                                   for name in reviewers},
                          in_next_inputs={name: judged.get(name, 0) for name in reviewers})


def _site_run(site: Site, *extra: str) -> subprocess.CompletedProcess:
    """`bench run` on the review site, in the site's own instance (as `Site.bench_run` records its first run)."""
    return subprocess.run([*BENCH, "run", *site.run_args(), *extra], cwd=REPO, capture_output=True, text=True,
                          timeout=600, env={**os.environ, "DAGSTER_HOME": str(site.root / "dagster_home")})
