"""Resources: where the corpus and the warehouse are, and the replay transport that holds the network lock."""

import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

import dagster as dg
import duckdb
import pandas as pd

from bench_pipeline.defs.digests import WHOLE, frame_digest, partition_digests
from bench_pipeline.defs.tables import SCHEMAS, columns, ddl
from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.fixtures.exchanges import load_exchange
from bench_pipeline.transport import netlock


class BenchConfig(dg.ConfigurableResource):
    """Input folders (the CLI's defaults, relative to the working directory) and where reports go."""

    fixtures_dir: str = "fixtures/web-search"
    golden_dir: str = "golden"
    providers_file: str = "providers.yaml"
    reports_dir: str = "warehouse/reports"
    invoices_dir: str = "invoices"

    @property
    def fixtures(self) -> Path:
        return Path(self.fixtures_dir)

    @property
    def golden(self) -> Path:
        return Path(self.golden_dir)


# The connection a `Warehouse.session()` block holds, per database file.
_SESSION: ContextVar[dict[str, duckdb.DuckDBPyConnection]] = ContextVar("warehouse_session", default={})


class Warehouse(dg.ConfigurableResource):
    """The DuckDB file. One writer process at a time; a connection never outlives its block,
    even when the block raises (dagster-duckdb's resource leaves that to the garbage collector)."""

    database: str = "warehouse/bench.duckdb"

    @contextmanager
    def connection(self) -> Iterator[duckdb.DuckDBPyConnection]:
        held = _SESSION.get().get(self.database)
        if held is not None:
            yield held
            return
        Path(self.database).parent.mkdir(parents=True, exist_ok=True)
        conn = duckdb.connect(self.database)
        try:
            yield conn
        finally:
            conn.close()

    @contextmanager
    def session(self) -> Iterator[None]:
        """One connection for every call in the block (opening one costs ~10 ms): for a step that
        reads and writes many partitions. Closed when the block ends, as always."""
        with self.connection() as conn:
            token = _SESSION.set({**_SESSION.get(), self.database: conn})
            try:
                yield
            finally:
                _SESSION.reset(token)

    def _insert(self, conn: duckdb.DuckDBPyConnection, table: str, frame: pd.DataFrame) -> None:
        if len(frame):
            conn.register("incoming_frame", frame[columns(table)])
            conn.execute(f'insert into "{table}" by name select * from incoming_frame')
            conn.unregister("incoming_frame")

    def _stamp(self, conn: duckdb.DuckDBPyConnection, table: str, digests: dict[str, str]) -> None:
        """Record what was written: a content digest per provider partition (WHOLE for a whole table)."""
        conn.execute(ddl("table_digests"))
        conn.execute('delete from table_digests where "table" = ? and provider in (select unnest(?))', [table, list(digests)])
        conn.executemany("insert into table_digests values (?, ?, ?)", [[table, p, d] for p, d in digests.items()])

    def replace_table(self, table: str, frame: pd.DataFrame) -> int:
        with self.connection() as conn:
            conn.execute("begin")
            conn.execute(f'drop table if exists "{table}"')
            conn.execute(ddl(table))
            self._insert(conn, table, frame)
            self._stamp(conn, table, {WHOLE: frame_digest(frame[columns(table)])})
            conn.execute("commit")
        return len(frame)

    def replace_partitions(self, table: str, frame: pd.DataFrame, providers: list[str],
                           computed_from: dict[str, str] | None = None) -> int:
        """Replace only these providers' rows: one provider's re-run leaves the others' rows alone.
        `computed_from` (provider → key of the inputs) is recorded in the same transaction, so a
        partition and the key it was computed from never disagree."""
        with self.connection() as conn:
            conn.execute(ddl(table))
            conn.execute("begin")
            conn.execute(f'delete from "{table}" where provider in (select unnest(?))', [providers])
            self._insert(conn, table, frame)
            self._stamp(conn, table, partition_digests(frame[columns(table)], providers))
            if computed_from is not None:
                conn.execute(ddl("computed_from"))
                conn.execute('delete from computed_from where "table" = ? and provider in (select unnest(?))', [table, providers])
                conn.executemany("insert into computed_from values (?, ?, ?)",
                                 [[table, p, key] for p, key in computed_from.items()])
            conn.execute("commit")
        return len(frame)

    def _create_or_widen(self, conn: duckdb.DuckDBPyConnection, table: str) -> None:
        """An append-only table outlives schema changes: a column added later is null in older rows."""
        conn.execute(ddl(table))
        for column, kind in SCHEMAS[table].items():
            conn.execute(f'alter table "{table}" add column if not exists "{column}" {kind}')

    def digests(self, tables: list[str]) -> dict[tuple[str, str], str]:
        """(table, provider or WHOLE) → the digest of what was last written there."""
        self.ensure_table("table_digests")
        return {(r["table"], r["provider"]): r["digest"] for r in self.records(
            'select * from table_digests where "table" in (select unnest(?))', [tables])}

    def ensure_table(self, table: str) -> None:
        """Create an append-only table on first use, so reading it before any run finds it empty."""
        with self.connection() as conn:
            self._create_or_widen(conn, table)

    def append_rows(self, table: str, frame: pd.DataFrame) -> int:
        """Append-only history: rows are added, never replaced."""
        with self.connection() as conn:
            self._create_or_widen(conn, table)
            self._insert(conn, table, frame)
        return len(frame)

    def records(self, sql: str, params: list | None = None) -> list[dict]:
        """Rows as dicts of Python values (NULL is None, dates are dates) for the domain to consume."""
        with self.connection() as conn:
            cursor = conn.execute(sql, params or [])
            names = [d[0] for d in cursor.description]
            return [dict(zip(names, row)) for row in cursor.fetchall()]

    def read_table(self, table: str) -> pd.DataFrame:
        return self.query(f'select * from "{table}"')

    def query(self, sql: str, params: list | None = None) -> pd.DataFrame:
        with self.connection() as conn:
            return conn.execute(sql, params or []).df()


class ReplayTransport(dg.ConfigurableResource):
    """Replays recorded exchanges. While it is active the network lock is on: any non-loopback
    connection or DNS lookup in the step raises `NetworkLockedError` naming the host."""

    def setup_for_execution(self, context: dg.InitResourceContext) -> None:
        netlock.engage()

    def teardown_after_execution(self, context: dg.InitResourceContext) -> None:
        netlock.release()

    def exchange(self, fixtures_root: Path, relative: str) -> Exchange:
        return load_exchange(fixtures_root, relative)


def default_resources() -> dict:
    """Resources for `dagster dev` and the schedule; paths can be moved with environment variables."""
    warehouse = os.environ.get("BENCH_WAREHOUSE", "warehouse")
    return {
        "bench": BenchConfig(
            fixtures_dir=os.environ.get("BENCH_FIXTURES", "fixtures/web-search"),
            golden_dir=os.environ.get("BENCH_GOLDEN", "golden"),
            providers_file=os.environ.get("BENCH_PROVIDERS", "providers.yaml"),
            reports_dir=os.path.join(warehouse, "reports"),
            invoices_dir=os.environ.get("BENCH_INVOICES", "invoices"),
        ),
        "warehouse": Warehouse(database=os.path.join(warehouse, "bench.duckdb")),
        "replay": ReplayTransport(),
    }
