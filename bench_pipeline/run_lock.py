"""One run writes a warehouse at a time (docs/operations.md#the-warehouse).

A run holds an exclusive `flock` on `<database>.lock` from before its first step until its end, so a second
run, whichever instance or executor launched it, waits for the first to finish instead of interleaving its
steps with the first's (each step would be consistent, the two reports not: one run's report could be made
of tables the other wrote). The kernel releases the lock when its process ends, however it ends (kill -9
included): a dead run never keeps it. The file names its holder; it is created once and never deleted, since
deleting a lock file lets a second holder in. Readers (the review pages) take it shared, without waiting.
"""

from __future__ import annotations

import fcntl
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from bench_pipeline.domain.errors import WriteError


class WarehouseInUse(Exception):
    """A run holds the warehouse for writing."""


@dataclass
class _Held:
    handle: IO[str]
    depth: int


# Held locks of this process by file, so the run's own steps (in the same process as `bench run`) re-enter
# the lock `bench run` took instead of waiting for themselves.
_held: dict[str, _Held] = {}
_guard = threading.Lock()


def lock_path(database: str | Path) -> Path:
    return Path(f"{database}.lock")


def describe(what: str) -> str:
    """The holder's line in the lock file: what, which process on which host, since when."""
    since = datetime.now(UTC).isoformat(timespec="seconds")
    return f"{what} (pid {os.getpid()} on {socket.gethostname()}, since {since})"


def holder(database: str | Path) -> str:
    try:
        return lock_path(database).read_text(encoding="utf-8").strip() or "another process"
    except OSError:
        return "another process"


@contextmanager
def writing(database: str | Path, who: str, waiting: Callable[[str], None] = lambda _: None) -> Iterator[float]:
    """Hold the warehouse for writing for the block; yields the seconds spent waiting for another run.
    `waiting` hears, once, who holds it when this call has to wait."""
    path = lock_path(database)
    key = os.path.realpath(path)
    with _guard:
        held = _held.get(key)
        if held is not None:
            held.depth += 1
    if held is not None:
        _name(held.handle, who)
        try:
            yield 0.0
        finally:
            with _guard:
                held.depth -= 1
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = path.open("a+", encoding="utf-8")
    except OSError as exc:
        raise WriteError(path, exc.strerror or str(exc), exc.errno) from exc
    try:
        waited = 0.0
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            waiting(f"{database} is being written by {holder(database)}; this run waits until it ends")
            started = time.monotonic()
            fcntl.flock(handle, fcntl.LOCK_EX)
            waited = time.monotonic() - started
        _name(handle, who)
        with _guard:
            _held[key] = _Held(handle, 1)
        try:
            yield waited
        finally:
            with _guard:
                del _held[key]
    finally:
        handle.close()


def _name(handle: IO[str], who: str) -> None:
    # Only informative: a disk too full for one line keeps the lock, the line says less.
    try:
        handle.seek(0)
        handle.truncate()
        handle.write(who + "\n")
        handle.flush()
    except OSError:
        pass


@contextmanager
def reading(database: str | Path) -> Iterator[None]:
    """Hold the warehouse shared for the block, or raise `WarehouseInUse` at once when a run is writing it."""
    path = lock_path(database)
    if not path.is_file():
        yield  # no run has written this warehouse since runs took the lock
        return
    with path.open("r", encoding="utf-8") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            raise WarehouseInUse(f"{database} is being written by {holder(database)}") from None
        yield
