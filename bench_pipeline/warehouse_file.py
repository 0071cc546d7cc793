"""The warehouse file itself (docs/operations.md#the-warehouse): a run refuses, before writing, a file that is not
a DuckDB database, is damaged, or was written by a later schema version of this project, and says what to do in one
line naming it; bench never overwrites such a file. A write the disk refuses names the file it could not write.
"""

from __future__ import annotations

import errno
import os
import re
from pathlib import Path

import duckdb

from bench_pipeline.domain.errors import InputError, WriteError

# The layout of the tables (bench_pipeline/defs/tables.py) this code writes and reads. A warehouse from before the
# version was recorded has this layout too; raise the number when a change makes older code misread the file.
SCHEMA_VERSION = 1
VERSION_TABLE = "warehouse_schema"
# Never fetch a DuckDB extension: a file DuckDB takes for another format (SQLite, say) would otherwise make it
# download a reader, past the network lock, which guards Python's sockets and not DuckDB's own client.
CONNECT_CONFIG = {"autoinstall_known_extensions": False}
# What DuckDB says when the bytes it reads are not the database it wrote.
DAMAGE_MARKERS = ("not a valid DuckDB database", "Corrupt database file", "Could not read enough bytes")
# The system's reasons for refusing a write, as DuckDB quotes them.
WRITE_REFUSALS = {os.strerror(code): code for code in (errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EFBIG)}
QUOTED_PATH = re.compile(r'"(/[^"]+)"')


def connect(database: str | Path, read_only: bool = False) -> duckdb.DuckDBPyConnection:
    return duckdb.connect(str(database), read_only=read_only, config=CONNECT_CONFIG)


def aside(database: str | Path) -> str:
    return (f"move it aside (mv {database} {database}.damaged) to start a new history, or restore it from a backup; "
            "bench left it as it is")


def _said(database: str | Path, exc: duckdb.Error) -> str:
    """DuckDB's first line, without its error-class prefix and the path the message already names."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    text = re.sub(r"^[A-Za-z ]*Error: ", "", text)
    return re.sub(rf'(?:[Tt]he )?file "{re.escape(str(database))}"', "the file", text).rstrip("!. ")


def check_warehouse(database: str | Path) -> None:
    """Refuse, as bad input naming the file, a warehouse this code must not write: not DuckDB, damaged (every
    table is read whole, so a truncated file or a bad checksum shows here rather than halfway through a run),
    or written by a later schema version. A missing file is a new warehouse."""
    path = Path(database)
    if not path.exists():
        return
    if not path.is_file():
        raise InputError(path, "(file)", f"is not a file: {aside(path)}")
    try:
        conn = connect(path, read_only=True)
    except duckdb.Error as exc:
        raise InputError(path, "(file)", f"is not a DuckDB database this bench can open ({_said(path, exc)}): "
                                         f"{aside(path)}") from None
    try:
        tables = [row[0] for row in conn.execute("select table_name from duckdb_tables()").fetchall()]
        for table in tables:
            conn.execute(f'select min(hash(columns(*))) from "{table}"').fetchall()
        version = _version(conn) if VERSION_TABLE in tables else None
    except duckdb.Error as exc:
        raise InputError(path, "(file)", f"is damaged ({_said(path, exc)}): {aside(path)}") from None
    finally:
        conn.close()
    if version is not None and version > SCHEMA_VERSION:
        raise InputError(path, f"{VERSION_TABLE}.version",
                         f"written by schema version {version} of websearch-bench; this one reads versions up to "
                         f"{SCHEMA_VERSION}: run the release that wrote it, or move the file aside "
                         f"(mv {path} {path}.v{version}) to start a new history; bench left it as it is")


def _version(conn: duckdb.DuckDBPyConnection) -> int | None:
    found = conn.execute(f"select max(version) from {VERSION_TABLE}").fetchone()
    return None if found is None or found[0] is None else int(found[0])


def stamp_version(conn: duckdb.DuckDBPyConnection) -> None:
    """Record the schema version a warehouse is written with (once; checked before it is written again)."""
    conn.execute(f"create table if not exists {VERSION_TABLE} (version INTEGER)")
    if _version(conn) is None:
        conn.execute(f"insert into {VERSION_TABLE} values (?)", [SCHEMA_VERSION])


def translated(database: str | Path, exc: duckdb.Error) -> Exception | None:
    """A DuckDB error the user can act on, in the project's terms: a write the system refused (a `WriteError`
    naming the file DuckDB could not write) or a damaged file (bad input naming the warehouse); else None."""
    text = str(exc)
    for reason, code in WRITE_REFUSALS.items():
        if reason in text:
            quoted = QUOTED_PATH.search(text)
            return WriteError(quoted.group(1) if quoted else database, reason, code)
    if any(marker in text for marker in DAMAGE_MARKERS):
        return InputError(database, "(file)", f"is damaged ({_said(database, exc)}): {aside(database)}")
    return None
