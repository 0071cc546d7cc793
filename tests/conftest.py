"""Every test runs with the network lock on: loopback only (docs/operations.md#network-lock)."""

from __future__ import annotations

import os

import pytest

from bench_pipeline.transport import netlock

os.environ.setdefault("DAGSTER_DISABLE_TELEMETRY", "1")


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
