"""Dates as providers put them on the wire. A date we cannot read honestly is None, never a guess."""

from __future__ import annotations

from datetime import date, datetime
from email.utils import parsedate_to_datetime


def from_http_date(text: str | None) -> date | None:
    """RFC 1123 (`Mon, 05 May 2025 21:00:53 GMT`), as Tavily's news results carry it."""
    if not text:
        return None
    try:
        return parsedate_to_datetime(text).date()
    except (TypeError, ValueError):
        return None


def from_iso(text: str | None) -> date | None:
    """ISO-8601 date or datetime (`2023-11-16T01:36:32.547Z`, `2026-09-01`)."""
    if not text:
        return None
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00")).date()
    except ValueError:
        return None
