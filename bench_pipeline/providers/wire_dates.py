"""Dates as providers put them on the wire. A date we cannot read honestly is None, never a guess."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from email.utils import parsedate_to_datetime


def from_http_date(text: str | None) -> date | None:
    """RFC 1123 (`Mon, 05 May 2025 21:00:53 GMT`), as Tavily's news results carry it."""
    if not text:
        return None
    try:
        return parsedate_to_datetime(text).date()
    except (TypeError, ValueError, OverflowError):
        return None


def from_iso(text: str | None) -> date | None:
    """ISO-8601 date or datetime (`2023-11-16T01:36:32.547Z`, `2026-09-01`)."""
    if not text:
        return None
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00")).date()
    except ValueError:
        return None


_MONTHS = {
    # English (Serper/Brave `age`) and Spanish (Serper with `hl: es`), full and abbreviated.
    "jan": 1, "january": 1, "ene": 1, "enero": 1,
    "feb": 2, "february": 2, "febrero": 2,
    "mar": 3, "march": 3, "marzo": 3,
    "apr": 4, "april": 4, "abr": 4, "abril": 4,
    "may": 5, "mayo": 5,
    "jun": 6, "june": 6, "junio": 6,
    "jul": 7, "july": 7, "julio": 7,
    "aug": 8, "august": 8, "ago": 8, "agosto": 8,
    "sep": 9, "sept": 9, "september": 9, "septiembre": 9, "set": 9, "setiembre": 9,
    "oct": 10, "october": 10, "octubre": 10,
    "nov": 11, "november": 11, "noviembre": 11,
    "dec": 12, "december": 12, "dic": 12, "diciembre": 12,
}
_UNITS = {
    "minute": 0, "minutes": 0, "minuto": 0, "minutos": 0, "hour": 0, "hours": 0, "hora": 0, "horas": 0,
    "day": 1, "days": 1, "día": 1, "días": 1, "dia": 1, "dias": 1,
    "week": 7, "weeks": 7, "semana": 7, "semanas": 7,
}
_RELATIVE_EN = re.compile(r"(\d+|an?|one)\s+(\w+)\s+ago")
_RELATIVE_ES = re.compile(r"hace\s+(\d+|un|una)\s+(\w+)")
_MONTH_FIRST = re.compile(r"([a-záéíóú]+)\.?\s+(\d{1,2}),?\s+(\d{4})")
_DAY_FIRST = re.compile(r"(\d{1,2})\s+(?:de\s+)?([a-záéíóú]+)\.?\s+(?:de\s+)?(\d{4})")


def from_relative(text: str | None, now: datetime) -> date | None:
    """`2 days ago`, `3 hours ago`, `hace 3 días`, resolved against when the response was captured.

    Months and years ago are too coarse to be a date, so they stay unknown.
    """
    if not text:
        return None
    lowered = text.strip().lower()
    match = _RELATIVE_EN.fullmatch(lowered) or _RELATIVE_ES.fullmatch(lowered)
    if not match:
        return None
    count_text, unit = match.groups()
    count = int(count_text) if count_text.isdigit() else 1
    days_per_unit = _UNITS.get(unit)
    if days_per_unit is None:
        return None
    hours = count if unit.startswith(("hour", "hora")) else 0
    try:
        return (now - timedelta(days=count * days_per_unit, hours=hours)).date()
    except OverflowError:  # "99999999 days ago" is before any date there is
        return None


def from_free_text(text: str | None, now: datetime) -> date | None:
    """Search-engine display dates: relative ones, `Mar 10, 2022`, `September 1, 2026`,
    `12 sept 2026`, `10 de marzo de 2022`. Anything else is unknown (None), never guessed."""
    if not text:
        return None
    relative = from_relative(text, now)
    if relative is not None:
        return relative
    lowered = text.strip().lower()
    if match := _MONTH_FIRST.fullmatch(lowered):
        month_name, day, year = match.groups()
    elif match := _DAY_FIRST.fullmatch(lowered):
        day, month_name, year = match.groups()
    else:
        return None
    month = _MONTHS.get(month_name)
    if month is None:
        return None
    try:
        return date(int(year), month, int(day))
    except ValueError:
        return None
