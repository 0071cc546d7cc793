"""Two runs at once (issue 23, item 4): two `bench run`s on one warehouse, and a `bench run` while reviewers save
judgments. The second run waits for the first to end (bench_pipeline/run_lock.py) and says for whom, instead of
interleaving its steps with the first's; neither corrupts the other; every acknowledged review save is in the
next run's inputs. `python -m benchmarks.faults` times the wait.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import threading
from contextlib import ExitStack

import duckdb
import pytest

from bench_pipeline.run_lock import holder
from scripts.review_site import BENCH, REPO, Reviewer, Site, item_ids, serve
from tests.faults.run_faults import (
    Done,
    Paused,
    Started,
    history_runs,
    problems,
    report_texts,
    shared_baseline,
    stop_started,
)

WAITS = "bench run: note: {database} is being written by run {run} "


@pytest.fixture(scope="module")
def baseline(tmp_path_factory):
    return shared_baseline(tmp_path_factory.getbasetemp() / "faults-baseline")


@pytest.fixture(autouse=True)
def _no_run_left():
    yield
    stop_started()


def _waiting(second: Started, database, first_run: str):
    return lambda: WAITS.format(database=database, run=first_run) in second.err


def _waited_s(done: Done) -> float:
    return float(re.search(r"waited ([0-9.]+) s", done.note("waited")).group(1))


def test_a_second_run_waits_for_the_first_and_both_reports_are_whole(baseline, tmp_path):
    corpus, warehouse = baseline.corpus, baseline.copy(tmp_path / "warehouse")
    database = warehouse / "bench.duckdb"
    first = Paused(corpus, warehouse, tmp_path, "observation_metrics")
    first_run = re.match(r"run (\S+) ", holder(database)).group(1)
    second = Started(corpus, warehouse, tmp_path, "second")
    second.wait_for("the second run's note that it waits", _waiting(second, database, first_run))

    first.resume()
    done_first, done_second = first.finish(), second.finish()

    assert done_first.code == 0 and done_second.code == 0, done_first.err + done_second.err
    runs = {baseline.first_run, done_first.report.parent.name, done_second.report.parent.name}
    assert history_runs(warehouse) == runs and problems(warehouse, runs) == []
    # The first run's report is the one a run alone computes; the second, on the same inputs, finds nothing moved.
    assert report_texts(done_first.report.parent) == baseline.reference(baseline.warehouse, tmp_path)
    diff = json.loads(done_second.report.read_text())["diff_vs_previous"]
    assert diff["previous_run_id"] == first_run and diff["changes"] == []
    assert diff["inputs_changed"] == {"manifest": False, "golden": False}
    assert _waited_s(done_second) > 0


def test_the_run_waited_for_is_killed_and_the_waiting_run_completes_from_scratch(baseline, tmp_path):
    """The observation kind of kill (tests/faults/test_kill.py has the others): the waiting run takes over the
    warehouse, frees the killed run's pool slot and gives the report a run from scratch gives."""
    corpus, warehouse = baseline.corpus, baseline.copy(tmp_path / "warehouse")
    database = warehouse / "bench.duckdb"
    first = Paused(corpus, warehouse, tmp_path, "claim_observations")
    killed = re.match(r"run (\S+) ", holder(database)).group(1)
    second = Started(corpus, warehouse, tmp_path, "second")
    second.wait_for("the second run's note that it waits", _waiting(second, database, killed))

    first.kill()
    done = second.finish()

    assert done.code == 0, done.err
    assert done.note(f"run {killed} was abandoned")
    assert report_texts(done.report.parent) == baseline.reference(baseline.warehouse, tmp_path)
    runs = {baseline.first_run, done.report.parent.name}
    assert history_runs(warehouse) == runs and problems(warehouse, runs) == []


def test_every_review_save_made_during_a_run_is_in_the_next_runs_inputs(review_site_base, tmp_path):
    site = review_site_base.copy(tmp_path / "site")
    stop = threading.Event()
    acked: dict[str, list[str]] = {}
    with ExitStack() as stack:
        _, base = serve(stack, site, tmp_path / "review.log")
        reviewers = [Reviewer(site, base, name) for name in ("rev-run1", "rev-run2")]
        _, _, queue = reviewers[0].request("GET", "/")
        items = item_ids(queue, "judge_relevance")[:3]

        def saves(reviewer: Reviewer) -> None:
            tokens = {item: reviewer.csrf(item) for item in items}
            n = 0
            while not stop.is_set():
                item = items[n % len(items)]
                status, _, _ = reviewer.request("POST", f"/item/{item}", {
                    "relevant": "yes" if n % 2 else "no", "reason": "grounds_claim" if n % 2 else "not_about_topic",
                    "client_request_id": f"{reviewer.name}-{n:04d}", "csrf_token": tokens[item]})
                if status == 303:
                    acked.setdefault(reviewer.name, []).append(f"{reviewer.name}-{n:04d}")
                n += 1
                stop.wait(0.25)  # under the review pages' save rate limit for the length of a run

        threads = [threading.Thread(target=saves, args=(r,)) for r in reviewers]
        for thread in threads:
            thread.start()
        during = _bench(site)
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
    assert during.returncode == 0, during.stderr
    after = _bench(site, "--judgments-only")
    assert after.returncode == 0, after.stderr

    lines = [json.loads(line) for line in site.round_file().read_text().splitlines()]
    with duckdb.connect(str(site.warehouse / "bench.duckdb"), read_only=True) as conn:
        judged = dict(conn.execute("""select reviewer, count(*) from relevance_judgments
                                      where reviewer like 'rev-run%' group by reviewer""").fetchall())
    for name, ids in acked.items():
        on_disk = [line["client_request_id"] for line in lines if line["reviewer"] == name]
        assert set(ids) <= set(on_disk) and len(on_disk) == len(set(on_disk))
        assert judged[name] == len(on_disk)
    assert sum(map(len, acked.values())) > 20  # saves kept coming for the whole run


def _bench(site: Site, *extra: str) -> subprocess.CompletedProcess:
    """`bench run` on the review site, in the site's own instance (as `Site.bench_run` records its first run)."""
    return subprocess.run([*BENCH, "run", *site.run_args(), *extra], cwd=REPO, capture_output=True, text=True,
                          timeout=600, env={**os.environ, "DAGSTER_HOME": str(site.root / "dagster_home")})
