"""A full disk (issue 23, item 2): the warehouse on a small tmpfs, filled while a run is paused, first before a
step writes its tables (DuckDB's write-ahead log cannot grow), then in the middle of the report write. Each time
`bench run` ends with one line naming the file it could not write (exit 1); the warehouse stays readable with its
history as it was, the earlier report is intact, and no half-written report folder is left. With space again,
the next run completes with the report a run from scratch gives. Mounting needs root (CI runs as root).
"""

from __future__ import annotations

import pytest

from bench_pipeline.pause import REPORT_WRITE
from tests.faults.run_faults import (
    bench_here,
    mount_refusal,
    problems,
    report_texts,
    shared_baseline,
    small_disk,
    stop_started,
    tree_bytes,
)
from tests.faults.scenarios import State, full_disk_at

STOPPED = "; the run stopped, and what earlier runs wrote is intact"
NO_SPACE = "could not write: No space left on device"
# Room for the baseline's warehouse (~10 MB: DuckDB allocates 256 KB blocks) and a few runs' reports.
DISK_MB = 32


@pytest.fixture(scope="module")
def baseline(tmp_path_factory):
    return shared_baseline(tmp_path_factory.getbasetemp() / "faults-baseline")


@pytest.fixture(autouse=True)
def _no_run_left():
    yield
    stop_started()


@pytest.fixture
def disk(tmp_path):
    if (reason := mount_refusal()) is not None:
        pytest.skip(reason)
    with small_disk(tmp_path / "disk", DISK_MB) as mounted:
        yield mounted


def test_a_full_disk_stops_the_run_in_one_line_and_the_next_run_with_space_completes(baseline, disk, tmp_path):
    first = baseline.first_run
    warehouse = baseline.copy(disk / "warehouse")
    first_report = tree_bytes(warehouse / "reports" / first)
    wal = f"{warehouse / 'bench.duckdb'}.wal"

    for point in ("search_observations", REPORT_WRITE):
        full = full_disk_at(baseline, warehouse, tmp_path / point, point, first_report)

        assert full.done.code == 1 and full.done.report is None, full.done.err
        assert len(full.done.errors) == 1 and "Traceback" not in full.done.err, full.done.err
        line = full.done.errors[0]
        assert line.startswith("bench run: ") and line.endswith(f": {NO_SPACE}{STOPPED}"), line
        named = line.removeprefix("bench run: ").removesuffix(f": {NO_SPACE}{STOPPED}")
        if point == REPORT_WRITE:  # the report file being written, in its staging folder: never taken for a report
            assert named.startswith(f"{warehouse}/reports/.") and named.endswith(
                (".partial/report.html", ".partial/report.json")), named
        else:
            assert named == wal
        assert full.readable is None
        assert full.after == State(history={first}, folders={first}, leftovers=[], problems=[],
                                   first_report_intact=True)

    expected = baseline.reference(warehouse, tmp_path)
    done = bench_here(baseline.corpus, warehouse)

    assert done.code == 0, done.err
    assert report_texts(done.report.parent) == expected
    assert problems(warehouse, {first, done.report.parent.name}) == []
