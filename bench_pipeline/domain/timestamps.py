"""ISO-8601 UTC timestamps: the only form `captured_at` may take."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from pydantic import AfterValidator


def _require_utc(value: datetime) -> datetime:
    if value.tzinfo is None or value.utcoffset() != UTC.utcoffset(None):
        raise ValueError("must be ISO-8601 in UTC (e.g. 2026-11-20T18:03:11Z)")
    return value.astimezone(UTC)


UtcDatetime = Annotated[datetime, AfterValidator(_require_utc)]


def iso_z(value: datetime) -> str:
    """Render a UTC datetime the way fixtures store it: seconds precision, `Z` suffix."""
    return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
