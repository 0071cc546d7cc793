"""kill -9 during `bench run`, at a step of each kind and in the middle of the report write (issue 23, item 1).

After each kill: the earlier run's report is untouched, no report folder of the killed run exists unless it
is whole, history has no row of it, and `--judgments-only` refuses in one line (the tables are part the killed
run's). Then the next `bench run` on the same warehouse completes with the report a run computing everything
anew gives, ids and times aside: nothing the killed run remembered (cache rows, computed-from keys, bootstrap
results) changes a number. The observation kind is killed in tests/faults/test_two_runs.py, while a second run
waits; `python -m benchmarks.faults` kills at every step in turn and times each recovery.
"""

from __future__ import annotations

import re

import pytest

from bench_pipeline.pause import HISTORY_APPEND, REPORT_WRITE
from bench_pipeline.run_lock import holder
from tests.faults.run_faults import (
    Paused,
    bench_here,
    history_runs,
    leftovers,
    problems,
    report_folders,
    report_texts,
    shared_baseline,
    stop_started,
    tree_bytes,
)

# A step of each kind, by the step key BENCH_PAUSE_AT names it with, and the two points inside the report step.
KILL_POINTS = {
    "golden_judgments": "loading: verification and the secret scan done, the golden set half loaded",
    "observation_metrics": "metrics: every observation and the relevance metrics of the killed run written",
    REPORT_WRITE: "report write: report.md written, report.html and report.json not",
    HISTORY_APPEND: "history append: the report folder whole, history rows inserted, not committed",
}


@pytest.fixture(scope="module")
def baseline(tmp_path_factory):
    return shared_baseline(tmp_path_factory.getbasetemp() / "faults-baseline")


@pytest.fixture(autouse=True)
def _no_run_left():
    yield
    stop_started()


@pytest.mark.parametrize("point", list(KILL_POINTS))
def test_a_killed_run_loses_nothing_and_the_next_run_gives_the_report_from_scratch(baseline, tmp_path, point):
    corpus, first = baseline.corpus, baseline.first_run
    warehouse = baseline.copy(tmp_path / "warehouse")
    database = warehouse / "bench.duckdb"
    first_report = tree_bytes(warehouse / "reports" / first)

    Paused(corpus, warehouse, tmp_path, point).kill()
    killed = re.match(r"run (\S+) ", holder(database)).group(1)

    assert problems(warehouse, {first}) == []
    assert tree_bytes(warehouse / "reports" / first) == first_report
    assert history_runs(warehouse) == {first}
    whole = {first, killed} if point == HISTORY_APPEND else {first}
    assert set(report_folders(warehouse)) == whole
    assert leftovers(warehouse) == ([f".{killed}.partial"] if point == REPORT_WRITE else [])

    refused = bench_here(corpus, warehouse, "--judgments-only")
    assert refused.note(f"run {killed} was abandoned")  # its pool slot freed: the next run does not wait for it
    assert refused.code == 2 and refused.errors == [
        f"bench run: {database}: fixture_corpus: the last whole run ({killed}) verified the fixtures but did not "
        "finish, so the tables it left are not one run's: run the whole benchmark first"]

    expected = baseline.reference(warehouse, tmp_path)
    recovery = bench_here(corpus, warehouse)

    assert recovery.code == 0, recovery.err
    assert report_texts(recovery.report.parent) == expected
    assert problems(warehouse, {first, recovery.report.parent.name}) == []
    assert history_runs(warehouse) == {first, recovery.report.parent.name}
    assert leftovers(warehouse) == []
    assert tree_bytes(warehouse / "reports" / first) == first_report
