"""Where the shared real third-party data lives, and a skip when it is absent."""

from __future__ import annotations

from pathlib import Path

import pytest

REALDATA = Path(__file__).resolve().parents[1].parent / "shared" / "realdata"


def require_realdata(*parts: str) -> Path:
    path = REALDATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"realdata not available: {path} is absent (it lives beside the repository in ../shared/realdata)")
    return path
