"""Where Debian's Chromium is, for the browser tests: a skip on a user's machine without it, a failure in CI."""

from __future__ import annotations

import os
import shutil

import pytest


def require_chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("CI must run the browser tests: .ci/run installs Debian's chromium, and it is missing")
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium); browser tests need it")
    return path
