"""Every test runs with the network lock on: loopback only (docs/operations.md#network-lock)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from bench_pipeline.transport import netlock

os.environ.setdefault("DAGSTER_DISABLE_TELEMETRY", "1")
# Scratch space in memory where the machine has room for it. Dagster's SQLite history syncs every event to disk
# (about 3,400 fdatasync calls in one `bench run`, DuckDB 220 more): on a disk that honours them that is seconds
# per run, and what a test writes is never meant to outlive a crash of the machine. A full run of the suite
# leaves under 1 GB (720 MB measured), and pytest keeps the last three.
MEMORY_SCRATCH = Path("/dev/shm")
MEMORY_SCRATCH_NEEDED = 8 * 2**30


def pytest_configure(config):
    if "TMPDIR" in os.environ or not MEMORY_SCRATCH.is_dir() or not os.access(MEMORY_SCRATCH, os.W_OK):
        return
    if shutil.disk_usage(MEMORY_SCRATCH).free < MEMORY_SCRATCH_NEEDED:
        return
    # The test workers and every process a test starts inherit it; this process's tempfile reads it now.
    os.environ["TMPDIR"] = str(MEMORY_SCRATCH)
    tempfile.tempdir = None


@pytest.fixture(autouse=True, scope="session")
def _dagster_home(tmp_path_factory):
    """`bench run` records into DAGSTER_HOME, by default the repository's dagster_home/: the tests' runs go
    to an instance of their own, with the project's settings, never into the history a user's UI shows."""
    home = tmp_path_factory.mktemp("dagster_home")
    shutil.copy(Path(__file__).resolve().parents[1] / "dagster_home" / "dagster.yaml", home / "dagster.yaml")
    before = os.environ.get("DAGSTER_HOME")
    os.environ["DAGSTER_HOME"] = str(home)
    yield home
    if before is None:
        del os.environ["DAGSTER_HOME"]
    else:
        os.environ["DAGSTER_HOME"] = before


@pytest.fixture(autouse=True, scope="session")
def _network_lock():
    netlock.engage()
    yield
    netlock.release()


@pytest.fixture
def corpus(tmp_path):
    from tests.corpus_builder import build_corpus

    return build_corpus(tmp_path)


@pytest.fixture(scope="session")
def review_site_base(tmp_path_factory):
    """The bundled corpus run once with a few pool judgments taken out, for the live review tests to copy."""
    from scripts.review_site import prepare

    return prepare(tmp_path_factory.mktemp("review") / "site")
