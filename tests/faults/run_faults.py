"""Faults injected into real `bench run` processes (docs/operations.md#faults-and-recovery): a run paused at a
named point (`BENCH_PAUSE_AT`) and killed with SIGKILL, a run whose disk fills up, a second run on the same
warehouse. Shared by the tests in this folder and `benchmarks/faults.py`, which times the same scenarios.

Every scenario starts from a `Baseline`: a small corpus (the five provider slugs of the repository's
providers.yaml, so a run in this process and one in a child process have the same partitions), one finished
run in a warehouse, then one fixture changed, so the run a fault interrupts has real work to do.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import duckdb

from bench_pipeline.cli import main
from bench_pipeline.defs.tables import REMEMBERED
from bench_pipeline.pause import PAUSE_AT, PAUSE_MARKER
from bench_pipeline.providers.registry import load_providers
from tests.corpus_builder import Corpus, build_corpus, rewrite_fixture

REPO = Path(__file__).resolve().parents[2]
# `bench` as the running interpreter has it, whichever environment that is (scripts/review_site.py does the same).
BENCH = [sys.executable, "-m", "bench_pipeline.cli"]
PROVIDERS = tuple(sorted(load_providers(REPO / "providers.yaml").providers))
REPORT_FILES = ("report.json", "report.md", "report.html")
# The fixture the baseline changes after its first run: exa's plant search now leads to an unjudged page.
CHANGED = "exa/search/gs-003.json"
# Long enough for a run on a loaded 2-core machine to reach its last step.
PAUSE_TIMEOUT_S = 300


@dataclass
class Done:
    code: int
    out: str
    err: str
    seconds: float

    @property
    def report(self) -> Path | None:
        lines = self.out.strip().splitlines()
        return Path(lines[-1]) if self.code == 0 and lines and lines[-1].endswith("report.json") else None

    @property
    def errors(self) -> list[str]:
        """stderr without the notes and warnings a run prints as it goes."""
        return [line for line in self.err.splitlines()
                if not line.startswith(("bench run: note: ", "bench run: warning: "))]

    def note(self, start: str) -> str | None:
        return next((line for line in self.err.splitlines() if line.startswith(f"bench run: note: {start}")), None)


def run_args(corpus: Corpus, warehouse: Path, *extra: str) -> list[str]:
    return ["run", "--fixtures", str(corpus.fixtures), "--golden", str(corpus.golden), "--warehouse", str(warehouse),
            "--providers", str(corpus.providers), "--invoices", str(corpus.invoices), *extra]


def bench_process(corpus: Corpus, warehouse: Path, *extra: str, timeout: float = 600, **env: str) -> Done:
    """`bench run` in a process of its own, as a user's shell runs it; DAGSTER_HOME is this process's."""
    started = time.monotonic()
    done = subprocess.run([*BENCH, *run_args(corpus, warehouse, *extra)], cwd=REPO, capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, **env})
    return Done(done.returncode, done.stdout, done.stderr, time.monotonic() - started)


def bench_here(corpus: Corpus, warehouse: Path, *extra: str) -> Done:
    """`bench run` in this process (no interpreter start-up: a few seconds less), its output captured and the
    environment it sets restored."""
    saved = dict(os.environ)
    out, err = io.StringIO(), io.StringIO()
    started = time.monotonic()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(run_args(corpus, warehouse, *extra))
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return Done(code, out.getvalue(), err.getvalue(), time.monotonic() - started)


# Every process started here, so a test that fails halfway still stops them (`stop_started`).
_started: list[Started] = []


def stop_started() -> None:
    """SIGKILL every `bench run` started here that is still going, by PID."""
    while _started:
        _started.pop().kill()


class Started:
    """A `bench run` process going on in the background, its output in files (no pipe to fill up)."""

    def __init__(self, corpus: Corpus, warehouse: Path, folder: Path, name: str, **env: str):
        folder.mkdir(parents=True, exist_ok=True)
        self.out_path, self.err_path = folder / f"{name}.out", folder / f"{name}.err"
        self.started = time.monotonic()
        with self.out_path.open("w") as out, self.err_path.open("w") as err:
            self.process = subprocess.Popen([*BENCH, *run_args(corpus, warehouse)], cwd=REPO, stdout=out, stderr=err,
                                            text=True, env={**os.environ, **env})
        _started.append(self)

    @property
    def err(self) -> str:
        return self.err_path.read_text()

    def wait_for(self, what: str, probe, timeout: float = PAUSE_TIMEOUT_S) -> None:
        deadline = time.monotonic() + timeout
        while not probe():
            if self.process.poll() is not None:
                raise AssertionError(f"bench run ended (exit {self.process.returncode}) before {what}:\n{self.err}")
            if time.monotonic() > deadline:
                self.kill()
                raise AssertionError(f"no {what} after {timeout} s:\n{self.err}")
            time.sleep(0.02)

    def finish(self, timeout: float = 600) -> Done:
        try:
            code = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"bench run did not end within {timeout} s:\n{self.err}") from None
        return Done(code, self.out_path.read_text(), self.err, time.monotonic() - self.started)

    def kill(self) -> None:
        """SIGKILL, by PID: no handler runs, nothing is flushed or closed."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=60)


class Paused(Started):
    """A `bench run` that waits at `point` (bench_pipeline/pause.py) until resumed or killed."""

    def __init__(self, corpus: Corpus, warehouse: Path, folder: Path, point: str):
        self.point = point
        self.marker = folder / f"paused-at-{point}"
        self.marker.unlink(missing_ok=True)
        super().__init__(corpus, warehouse, folder, f"paused-{point}",
                         **{PAUSE_AT: point, PAUSE_MARKER: str(self.marker)})
        self.wait_for(f"pause at {point}", self.marker.is_file)
        self.paused_after = time.monotonic() - self.started

    def resume(self) -> None:
        self.marker.unlink()


@dataclass
class Baseline:
    """A corpus and a warehouse holding one finished run on its first inputs; the inputs have changed since."""

    corpus: Corpus
    warehouse: Path
    first_run: str
    references: dict[tuple, dict[str, str]] = field(default_factory=dict)

    def copy(self, to: Path) -> Path:
        shutil.copytree(self.warehouse, to)
        return to

    def reference(self, warehouse: Path, scratch: Path) -> dict[str, str]:
        """The report a run computing everything anew gives after the history `warehouse` holds: a copy of it
        with the remembered tables dropped (bench_pipeline/defs/tables.py), run once per history."""
        key = tuple(sorted(history_runs(warehouse)))
        if key not in self.references:
            copy = scratch / f"reference-{len(self.references)}"
            shutil.copytree(warehouse, copy)
            with duckdb.connect(str(copy / "bench.duckdb")) as conn:
                for table in REMEMBERED:
                    conn.execute(f'drop table if exists "{table}"')
            done = bench_here(self.corpus, copy)
            assert done.code == 0, done.err
            self.references[key] = report_texts(done.report.parent)
        return self.references[key]


_BASELINES: dict[Path, Baseline] = {}


def shared_baseline(root: Path) -> Baseline:
    """One baseline (and its from-scratch references) for every test module of a session."""
    if root not in _BASELINES:
        _BASELINES[root] = make_baseline(root)
    return _BASELINES[root]


def make_baseline(root: Path) -> Baseline:
    corpus = build_corpus(root, providers=PROVIDERS)
    warehouse = root / "baseline-warehouse"
    first = bench_here(corpus, warehouse)
    assert first.code == 0, first.err
    rewrite_fixture(corpus, CHANGED, (corpus.fixtures / CHANGED).read_bytes().replace(
        b"https://acerosbajio.example.mx/plantas", b"https://acerosbajio.example.mx/otra-planta"))
    return Baseline(corpus, warehouse, first.report.parent.name)


def report_texts(folder: Path) -> dict[str, str]:
    """report.json, .md and .html with the run's id and creation time blanked (.md and .html give the time to
    the second)."""
    run_id = folder.name
    created = json.loads((folder / "report.json").read_text())["created_at"]
    created_iso = created.replace("Z", "+00:00")
    to_the_second = datetime.fromisoformat(created_iso).isoformat(timespec="seconds")
    return {name: (folder / name).read_text().replace(run_id, "<run>").replace(created, "<created>")
            .replace(created_iso, "<created>").replace(to_the_second, "<created>") for name in REPORT_FILES}


def history_rows(warehouse: Path) -> list[tuple[str, str]]:
    """(run_id, provider) of every report_history row, read-only."""
    with duckdb.connect(str(warehouse / "bench.duckdb"), read_only=True) as conn:
        return [tuple(row) for row in conn.execute("select run_id, provider from report_history").fetchall()]


def history_runs(warehouse: Path) -> set[str]:
    return {run_id for run_id, _ in history_rows(warehouse)}


def report_folders(warehouse: Path) -> dict[str, Path]:
    reports = warehouse / "reports"
    return {p.name: p for p in reports.iterdir() if not p.name.startswith(".")} if reports.is_dir() else {}


def leftovers(warehouse: Path) -> list[str]:
    reports = warehouse / "reports"
    return sorted(p.name for p in reports.iterdir() if p.name.startswith(".")) if reports.is_dir() else []


def problems(warehouse: Path, acknowledged: set[str]) -> list[str]:
    """What would break the promise after a fault, as sentences (none is good): a report folder that is not a
    whole report, a history row twice, history naming a report that is not there, an acknowledged run (one
    that printed its report path) missing from history."""
    found = []
    folders = report_folders(warehouse)
    for run_id, folder in folders.items():
        missing = [name for name in REPORT_FILES if not (folder / name).is_file()]
        if missing:
            found.append(f"report folder {run_id} lacks {', '.join(missing)}")
        elif json.loads((folder / "report.json").read_text())["run_id"] != run_id:
            found.append(f"report folder {run_id} holds another run's report")
    rows = history_rows(warehouse)
    found += [f"history row {row} appears {rows.count(row)} times" for row in sorted(set(rows)) if rows.count(row) > 1]
    found += [f"history names run {run_id}, which has no report folder"
              for run_id in sorted({r for r, _ in rows} - set(folders))]
    found += [f"acknowledged run {run_id} has {[r for r, _ in rows].count(run_id)} history rows, not {len(PROVIDERS)}"
              for run_id in sorted(acknowledged) if [r for r, _ in rows].count(run_id) != len(PROVIDERS)]
    return found


def tree_bytes(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# A full disk needs a file system of its own: a tmpfs, which only root may mount.
def mount_refusal() -> str | None:
    """Why a small tmpfs cannot be mounted here, or None."""
    if os.geteuid() != 0:
        return "a full disk needs a small tmpfs, and mounting one needs root (CI runs as root)"
    if shutil.which("mount") is None or shutil.which("umount") is None:
        return "mount/umount are not installed"
    return None


@contextlib.contextmanager
def small_disk(folder: Path, megabytes: int) -> Iterator[Path]:
    """A tmpfs of `megabytes` MB mounted at `folder` for the block, unmounted after (lazily, should a killed
    process's file still be open)."""
    folder.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={megabytes}m,mode=0755", "tmpfs", str(folder)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        raise OSError(f"mount -t tmpfs at {folder}: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def fill(disk: Path) -> Path:
    """Fill the file system `disk` is on, to the last byte it takes; the filler file is returned."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    try:
        for size in (1 << 20, 1 << 12, 1):
            with contextlib.suppress(OSError):
                while os.write(fd, b"\0" * size):
                    pass
    finally:
        os.close(fd)
    return filler
