"""Resources: where the corpus and the warehouse are, and the replay transport that holds the network lock."""

import os
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from contextvars import ContextVar
from pathlib import Path

import dagster as dg
import duckdb
import pandas as pd
from pydantic import PrivateAttr

from bench_pipeline import run_lock
from bench_pipeline.defs.digests import WHOLE, frame_digest, partition_digests
from bench_pipeline.defs.tables import SCHEMAS, columns, ddl
from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.fixtures.exchanges import load_exchange
from bench_pipeline.pause import pause_point, pausing
from bench_pipeline.transport import netlock
from bench_pipeline.warehouse_file import check_warehouse, connect, stamp_version, translated


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
# The database files with a `Warehouse.transaction()` block open: writes inside it join that transaction.
_TRANSACTION: ContextVar[frozenset[str]] = ContextVar("warehouse_transaction", default=frozenset())


def _step() -> str:
    """The step running now, for `BENCH_PAUSE_AT` (bench_pipeline/pause.py); empty outside a step."""
    try:
        return str(dg.OpExecutionContext.get().op_handle)
    except dg.DagsterInvariantViolationError:
        return ""


class Warehouse(dg.ConfigurableResource):
    """The DuckDB file. One run writes it at a time (`run_lock`), checked before it is written
    (`warehouse_file`); a connection never outlives its block, even when the block raises
    (dagster-duckdb's resource leaves that to the garbage collector)."""

    database: str = "warehouse/bench.duckdb"
    _hold: ExitStack = PrivateAttr(default_factory=ExitStack)

    def setup_for_execution(self, context: dg.InitResourceContext) -> None:
        """Once per run in process (once per step under the multiprocess executor): take the warehouse's lock,
        waiting for a run that holds it, refuse a file that is not a warehouse this code may write, and
        record the schema version it is written with."""
        def waiting(line: str) -> None:
            if context.log is not None:
                context.log.warning(line)

        try:
            run = f"run {context.run.run_id}" if context.run is not None else "a Dagster run"
            self._hold.enter_context(run_lock.writing(self.database, run_lock.describe(run), waiting))
            check_warehouse(self.database)
            with self.connection() as conn:
                stamp_version(conn)
        except BaseException:
            self._hold.close()
            raise

    def teardown_after_execution(self, context: dg.InitResourceContext) -> None:
        self._hold.close()

    @contextmanager
    def connection(self) -> Iterator[duckdb.DuckDBPyConnection]:
        held = _SESSION.get().get(self.database)
        if held is not None:
            yield held
            return
        if pausing():
            pause_point(_step())
        try:
            Path(self.database).parent.mkdir(parents=True, exist_ok=True)
            conn = connect(self.database)
            try:
                yield conn
            finally:
                conn.close()
        except duckdb.Error as exc:
            better = translated(self.database, exc)
            if better is None:
                raise
            raise better from exc

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

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Every write in the block commits together or not at all: a kill, a full disk or an error between
        two tables leaves neither written. Blocks nest: an inner one joins the outer transaction."""
        if self.database in _TRANSACTION.get():
            yield
            return
        with self.session(), self.connection() as conn:
            conn.execute("begin")
            token = _TRANSACTION.set(_TRANSACTION.get() | {self.database})
            try:
                yield
            except BaseException:
                _TRANSACTION.reset(token)
                # A connection DuckDB invalidated refuses even this; closing it discards the transaction anyway.
                with suppress(duckdb.Error):
                    conn.execute("rollback")
                raise
            _TRANSACTION.reset(token)
            conn.execute("commit")

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
        with self.transaction(), self.connection() as conn:
            conn.execute(f'drop table if exists "{table}"')
            conn.execute(ddl(table))
            self._insert(conn, table, frame)
            self._stamp(conn, table, {WHOLE: frame_digest(frame[columns(table)])})
        return len(frame)

    def replace_partitions(self, table: str, frame: pd.DataFrame, providers: list[str],
                           computed_from: dict[str, str] | None = None) -> int:
        """Replace only these providers' rows: one provider's re-run leaves the others' rows alone.
        `computed_from` (provider → key of the inputs) is recorded in the same transaction, so a
        partition and the key it was computed from never disagree."""
        with self.transaction(), self.connection() as conn:
            conn.execute(ddl(table))
            conn.execute(f'delete from "{table}" where provider in (select unnest(?))', [providers])
            self._insert(conn, table, frame)
            self._stamp(conn, table, partition_digests(frame[columns(table)], providers))
            if computed_from is not None:
                conn.execute(ddl("computed_from"))
                conn.execute('delete from computed_from where "table" = ? and provider in (select unnest(?))', [table, providers])
                conn.executemany("insert into computed_from values (?, ?, ?)",
                                 [[table, p, key] for p, key in computed_from.items()])
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
        with self.transaction(), self.connection() as conn:
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
