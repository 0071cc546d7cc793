"""Where the shared real third-party captures live, and a skip when they are absent."""

from __future__ import annotations

from pathlib import Path

import pytest

REALDATA = Path(__file__).resolve().parents[1].parent / "shared" / "realdata"


def require_realdata(*parts: str) -> Path:
    path = REALDATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"real captured data not available at {path}")
    return path
