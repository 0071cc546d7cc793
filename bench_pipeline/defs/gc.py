"""`bench gc`: drop the cache entries no recent run needed.

The verify, secret-scan, bootstrap and cascade caches gain an entry for every new file content, code version
and set of input values, and lose none. Every run records which entries it looked up (`cache_use`); an entry
is current when one of the last `keep_runs` runs that used its cache looked it up (the latest run looks up
an entry for every current input), and `bench gc` deletes the others. Losing an entry costs only the work
of computing it again: a report after `bench gc` is the report before it, byte for byte apart from run id
and time (tests/faults/test_gc.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import duckdb

from bench_pipeline.defs.tables import CACHES, columns, ddl
from bench_pipeline.domain.errors import InputError


@dataclass(frozen=True)
class Pruned:
    table: str
    entries: int  # before
    removed: int
    removed_bytes: int  # of keys and cached values
    runs_seen: int  # runs that recorded a use of this cache

    def line(self, keep_runs: int, dry_run: bool) -> str:
        if self.runs_seen == 0:
            return (f"{self.table}: {self.entries} entries, none removed: no run has recorded which it used yet "
                    "(a `bench run` records it)")
        verb = "would remove" if dry_run else "removed"
        return (f"{self.table}: {verb} {self.removed} of {self.entries} entries ({size_text(self.removed_bytes)}); "
                f"kept what the last {min(keep_runs, self.runs_seen)} of {self.runs_seen} runs used")


@dataclass(frozen=True)
class Collection:
    database: Path
    tables: list[Pruned]
    bytes_before: int
    bytes_after: int


def collect(database: Path, keep_runs: int, dry_run: bool = False) -> Collection:
    """Delete (or with `dry_run` only count) the entries of each cache no run among the last `keep_runs` used,
    and the use records of older runs; one transaction, then a checkpoint."""
    database = Path(database)
    if keep_runs < 1:
        raise InputError("--keep-runs", "(value)", f"{keep_runs}: must be at least 1 (the latest run's entries)")
    if not database.is_file():
        raise InputError(database, "(file)", "no warehouse here: nothing to collect (`bench run` makes one)")
    before = database.stat().st_size
    try:
        conn = duckdb.connect(str(database))
    except duckdb.IOException as exc:
        raise InputError(database, "(lock)", f"busy: another process holds the warehouse ({exc}); "
                                             "run `bench gc` when it has finished") from None
    try:
        conn.execute(ddl("cache_use"))
        conn.execute(ddl("cache_key_sets"))
        conn.execute("begin")
        pruned = [_prune(conn, table, keep_runs, dry_run) for table in CACHES]
        conn.execute("delete from cache_key_sets where sha256 not in (select keys_sha256 from cache_use)")
        conn.execute("rollback" if dry_run else "commit")
        if not dry_run:
            conn.execute("checkpoint")
    finally:
        conn.close()
    return Collection(database, pruned, before, database.stat().st_size)


def _prune(conn: duckdb.DuckDBPyConnection, table: str, keep_runs: int, dry_run: bool) -> Pruned:
    key, version, value = columns(table)
    conn.execute(ddl(table))
    uses = conn.execute("""select u.run_id, u.version, s.keys from cache_use u
                            join cache_key_sets s on s.sha256 = u.keys_sha256
                            where u."table" = ? order by u.used_at desc""", [table]).fetchall()
    runs = list(dict.fromkeys(run_id for run_id, _, _ in uses))
    entries = conn.execute(f'select count(*) from "{table}"').fetchone()[0]
    if not runs:
        return Pruned(table, entries, 0, 0, 0)
    kept_runs = runs[:keep_runs]
    live = {(v, k) for run_id, v, keys in uses if run_id in kept_runs for k in json.loads(keys)}
    conn.execute("create or replace temporary table gc_live (version varchar, key varchar)")
    conn.executemany("insert into gc_live values (?, ?)", sorted(live))
    dead = f'''from "{table}" t where not exists (
        select 1 from gc_live l where l.version = t."{version}" and l.key = t."{key}")'''
    removed, removed_bytes = conn.execute(
        f'select count(*), coalesce(sum(length(t."{key}") + length(t."{value}")), 0) {dead}').fetchone()
    if not dry_run:
        conn.execute(f"delete {dead}")
        conn.execute('delete from cache_use where "table" = ? and run_id not in (select unnest(?))', [table, kept_runs])
    return Pruned(table, entries, removed, int(removed_bytes), len(runs))


def size_text(count: int) -> str:
    for unit in ("bytes", "KB", "MB"):
        if count < 1024 or unit == "MB":
            return f"{count} {unit}" if unit == "bytes" else f"{count:.1f} {unit}"
        count /= 1024
    return f"{count} bytes"
