"""Two runs at once (issue 23, item 4): two `bench run`s on one warehouse, and a `bench run` while reviewers save
judgments. The second run waits for the first to end (bench_pipeline/run_lock.py) and says for whom and for how
long, instead of interleaving its steps with the first's; neither corrupts the other; every acknowledged review
save is in the next run's inputs. `python -m benchmarks.faults` times the wait.
"""

from __future__ import annotations

import json

import pytest

from tests.faults.run_faults import history_runs, problems, report_texts, shared_baseline, stop_started
from tests.faults.scenarios import saves_during_run, two_runs, waited_s


@pytest.fixture(scope="module")
def baseline(tmp_path_factory):
    return shared_baseline(tmp_path_factory.getbasetemp() / "faults-baseline")


@pytest.fixture(autouse=True)
def _no_run_left():
    yield
    stop_started()


def test_a_second_run_waits_for_the_first_and_both_reports_are_whole(baseline, tmp_path):
    runs = two_runs(baseline, tmp_path, "observation_metrics", kill_first=False)

    assert runs.first.code == 0 and runs.second.code == 0, runs.first.err + runs.second.err
    assert waited_s(runs.second) > 0
    warehouse = tmp_path / "warehouse"
    done = {baseline.first_run, runs.first.report.parent.name, runs.second.report.parent.name}
    assert history_runs(warehouse) == done and problems(warehouse, done) == []
    # The first run's report is the one a run alone computes; the second, on the same inputs, finds nothing moved.
    assert report_texts(runs.first.report.parent) == baseline.reference(baseline.warehouse, tmp_path)
    diff = json.loads(runs.second.report.read_text())["diff_vs_previous"]
    assert diff["previous_run_id"] == runs.first_run and diff["changes"] == []
    assert diff["inputs_changed"] == {"manifest": False, "golden": False}


def test_the_run_waited_for_is_killed_and_the_waiting_run_completes_from_scratch(baseline, tmp_path):
    """The observation kind of kill (tests/faults/test_kill.py has the others): the waiting run takes over the
    warehouse, frees the killed run's pool slot and gives the report a run from scratch gives."""
    runs = two_runs(baseline, tmp_path, "claim_observations", kill_first=True)

    assert runs.second.code == 0, runs.second.err
    assert runs.second.note(f"run {runs.first_run} was abandoned")
    assert report_texts(runs.second.report.parent) == baseline.reference(baseline.warehouse, tmp_path)
    warehouse = tmp_path / "warehouse"
    done = {baseline.first_run, runs.second.report.parent.name}
    assert history_runs(warehouse) == done and problems(warehouse, done) == []


def test_every_review_save_made_during_a_run_is_in_the_next_runs_inputs(review_site_base, tmp_path):
    saves = saves_during_run(review_site_base.copy(tmp_path / "site"), tmp_path)

    assert saves.during.returncode == 0, saves.during.stderr
    assert saves.after.returncode == 0, saves.after.stderr
    for name, acked in saves.acked.items():
        on_disk = saves.on_disk[name]
        assert set(acked) <= set(on_disk) and len(on_disk) == len(set(on_disk))
        assert saves.in_next_inputs[name] == len(on_disk)
    assert sum(map(len, saves.acked.values())) > 20  # saves kept coming for the whole run
