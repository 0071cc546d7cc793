"""kill -9 during `bench run`, at a step of each kind and in the middle of the report write (issue 23, item 1).

After each kill: the earlier run's report is untouched, the killed run has no report folder unless a whole one,
history has no row of it, and `--judgments-only` refuses in one line (the tables are part the killed run's).
Then the next `bench run` on the same warehouse completes with the report a run computing everything anew gives,
ids and times aside: nothing the killed run remembered (cache rows, computed-from keys, bootstrap results)
changes a number. The observation kind is killed in tests/faults/test_two_runs.py, while a second run waits;
`python -m benchmarks.faults` kills at every step in turn and at random moments, and times each recovery.
"""

from __future__ import annotations

import pytest

from bench_pipeline.pause import HISTORY_APPEND, REPORT_WRITE
from tests.faults.run_faults import shared_baseline, stop_started
from tests.faults.scenarios import State, kill_and_recover

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
    first = baseline.first_run
    database = tmp_path / "warehouse" / "bench.duckdb"

    kill = kill_and_recover(baseline, tmp_path, point)

    killed = kill.killed_run
    # A stop between the whole report and its commit leaves that report, which no history row names.
    uncommitted = {killed} if point == HISTORY_APPEND else set()
    assert killed is not None
    assert kill.after_kill == State(history={first}, folders={first} | uncommitted,
                                    leftovers=[f".{killed}.partial"] if point == REPORT_WRITE else [],
                                    problems=[], first_report_intact=True)
    assert kill.judgments_only.note(f"run {killed} was abandoned")  # its pool slot freed: no later run waits for it
    assert kill.judgments_only.code == 2 and kill.judgments_only.errors == [
        f"bench run: {database}: fixture_corpus: the last whole run ({killed}) verified the fixtures but did not "
        "finish, so the tables it left are not one run's: run the whole benchmark first"]
    assert kill.recovery.code == 0, kill.recovery.err
    assert kill.equal_to_scratch
    recovered = kill.recovery.report.parent.name
    assert kill.after_recovery == State(history={first, recovered}, folders={first, recovered} | uncommitted,
                                        leftovers=[], problems=[], first_report_intact=True)
