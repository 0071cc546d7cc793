"""A runtime guard for the resilience tests: any real `time.sleep` above 0.1 s fails the test."""

from __future__ import annotations

import time

import pytest

LIMIT_S = 0.1


@pytest.fixture(autouse=True)
def no_long_sleep(monkeypatch):
    real_sleep = time.sleep

    def guarded(seconds: float) -> None:
        if seconds > LIMIT_S:
            raise AssertionError(f"real sleep of {seconds} s in a test (limit {LIMIT_S} s)")
        real_sleep(seconds)

    monkeypatch.setattr(time, "sleep", guarded)
