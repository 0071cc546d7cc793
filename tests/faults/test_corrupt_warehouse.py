"""A corrupt or foreign warehouse (issue 23, item 3): a truncated `bench.duckdb`, a file that is not DuckDB, a SQLite
file, and a warehouse written by a later schema version each end `bench run` with one line naming the file and
saying what to do, exit 2, no traceback; the file is left byte for byte as it was, and nothing is written beside it.
"""

from __future__ import annotations

import shutil

import duckdb
import pytest

from bench_pipeline.warehouse_file import SCHEMA_VERSION, VERSION_TABLE
from tests.faults.run_faults import bench_here, bench_process, shared_baseline

ASIDE = ("move it aside (mv {db} {db}.damaged) to start a new history, or restore it from a backup; "
         "bench left it as it is")


@pytest.fixture(scope="module")
def baseline(tmp_path_factory):
    return shared_baseline(tmp_path_factory.getbasetemp() / "faults-baseline")


def _truncated(database, good: bytes) -> None:
    database.write_bytes(good[:len(good) // 2])


def _text(database, good: bytes) -> None:
    database.write_text("run_id,provider\n1,exa\n")


def _sqlite(database, good: bytes) -> None:
    database.write_bytes(b"SQLite format 3\x00" + bytes(4080))


CASES = {
    "truncated": (_truncated, "is damaged (Could not read enough bytes from the file: attempted to read"),
    "not-duckdb": (_text, "is not a DuckDB database this bench can open (the file exists, but it is not a valid "
                          "DuckDB database file)"),
    "sqlite": (_sqlite, "is not a DuckDB database this bench can open (Extension"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_damaged_warehouse_is_refused_in_one_line_and_left_as_it_is(baseline, tmp_path, case):
    damage, says = CASES[case]
    warehouse = baseline.copy(tmp_path / "warehouse")
    database = warehouse / "bench.duckdb"
    damage(database, (baseline.warehouse / "bench.duckdb").read_bytes())
    before, files = database.read_bytes(), sorted(p.name for p in warehouse.iterdir())

    done = bench_here(baseline.corpus, warehouse)

    assert done.code == 2 and done.out == ""
    assert done.errors == [done.err.splitlines()[-1]] and "Traceback" not in done.err
    assert done.errors[0].startswith(f"bench run: {database}: (file): {says}"), done.errors
    assert done.errors[0].endswith(": " + ASIDE.format(db=database))
    assert database.read_bytes() == before and sorted(p.name for p in warehouse.iterdir()) == files


def test_a_warehouse_from_a_later_schema_version_is_refused_as_a_user_sees_it(baseline, tmp_path):
    warehouse = baseline.copy(tmp_path / "warehouse")
    database = warehouse / "bench.duckdb"
    with duckdb.connect(str(database)) as conn:
        conn.execute(f"update {VERSION_TABLE} set version = ?", [SCHEMA_VERSION + 1])
    before = database.read_bytes()

    done = bench_process(baseline.corpus, warehouse)

    later = SCHEMA_VERSION + 1
    assert done.code == 2 and done.out == "" and "Traceback" not in done.err
    assert done.errors == [
        f"bench run: {database}: {VERSION_TABLE}.version: written by schema version {later} of websearch-bench; this "
        f"one reads versions up to {SCHEMA_VERSION}: run the release that wrote it, or move the file aside "
        f"(mv {database} {database}.v{later}) to start a new history; bench left it as it is"]
    assert database.read_bytes() == before


def test_moved_aside_the_next_run_starts_a_new_history(baseline, tmp_path):
    warehouse = baseline.copy(tmp_path / "warehouse")
    database = warehouse / "bench.duckdb"
    _text(database, b"")
    shutil.move(database, f"{database}.damaged")

    done = bench_here(baseline.corpus, warehouse)

    assert done.code == 0, done.err
    with duckdb.connect(str(database), read_only=True) as conn:
        assert conn.execute(f"select version from {VERSION_TABLE}").fetchall() == [(SCHEMA_VERSION,)]
        assert conn.execute("select count(distinct run_id) from report_history").fetchone() == (1,)
