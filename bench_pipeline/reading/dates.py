"""Honest dates: a date we cannot read exactly is None, never a guess.

trafilatura (htmldate) turns a bare year in "© 2024" into 2024-01-01 and does not read Spanish
prose ("Publicado el 7 de julio de 2023"); search APIs (Brave, Serper) send relative ages
("3 days ago", "hace 2 horas") that only mean something against the capture time.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from bench_pipeline.providers.wire_dates import from_iso
from bench_pipeline.reading.textmap import fold

_ES_MONTHS = {
    "enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7,
    "agosto": 8, "septiembre": 9, "setiembre": 9, "octubre": 10, "noviembre": 11, "diciembre": 12,
}
_EN_MONTHS = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
}
_EN_ABBR = {name[:3]: number for name, number in _EN_MONTHS.items()} | {"sept": 9}
_ES_ABBR = {name[:3]: number for name, number in _ES_MONTHS.items()}

_ES_PROSE = re.compile(r"\b(\d{1,2})(?:°|o\.?)?\s+de\s+([a-z]+)\s+(?:de|del)\s+(\d{4})\b")
_ES_SHORT = re.compile(r"\b(\d{1,2})[\s./-]+([a-z]{3,10})\.?[\s./-]+(\d{4})\b")
_EN_PROSE = re.compile(r"\b([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})\b")
_DMY_NUMERIC = re.compile(r"\b(\d{1,2})/(\d{1,2})/(\d{4})\b")
_RELATIVE_EN = re.compile(r"^(\d+|an?|one)\s+(minute|hour|day|week|month|year)s?\s+ago$")
_RELATIVE_ES = re.compile(r"^hace\s+(\d+|un|una)\s+(minuto|hora|dia|semana|mes|ano)(?:s|es)?$")
_UNITS = {"minute": "minutes", "minuto": "minutes", "hour": "hours", "hora": "hours",
          "day": "days", "dia": "days", "week": "weeks", "semana": "weeks"}
_PUBLISHED_CUE = re.compile(r"\b(publicad[oa]|fecha|actualizad[oa]|published|posted)\b[^.\n]{0,25}$")


def parse_spanish_date(text: str) -> date | None:
    """The first full date in Spanish writing: `7 de julio de 2023`, `15-mar-2024`, `07/07/2023` (d/m/y)."""
    folded = fold(text)
    for pattern, months in ((_ES_PROSE, _ES_MONTHS), (_ES_SHORT, _ES_ABBR | _ES_MONTHS)):
        for match in pattern.finditer(folded):
            found = _make(int(match[3]), months.get(match[2]), int(match[1]))
            if found:
                return found
    match = _DMY_NUMERIC.search(folded)
    return _make(int(match[3]), int(match[2]), int(match[1])) if match else None


def parse_english_date(text: str) -> date | None:
    """`January 5, 2024`, `Jan 5, 2024`."""
    for match in _EN_PROSE.finditer(fold(text)):
        month = _EN_MONTHS.get(match[1]) or _EN_ABBR.get(match[1])
        found = _make(int(match[3]), month, int(match[2]))
        if found:
            return found
    return None


def parse_wire_date(text: str | None, captured_at: datetime) -> date | None:
    """A date field as a search API sends it: ISO, prose (English or Spanish) or a relative age.

    Ages in months or years are None: "3 months ago" does not say which day.
    """
    if not text or not text.strip():
        return None
    cleaned = fold(text.strip())
    absolute = from_iso(text.strip())
    if absolute:
        return absolute
    for pattern in (_RELATIVE_EN, _RELATIVE_ES):
        match = pattern.match(cleaned)
        if match:
            unit = _UNITS.get(match[2])
            if unit is None:
                return None
            amount = int(match[1]) if match[1].isdigit() else 1
            return (captured_at - timedelta(**{unit: amount})).date()
    return parse_english_date(cleaned) or parse_spanish_date(cleaned)


def trusted_metadata_date(found: str | None, source: str) -> date | None:
    """A date trafilatura found in metadata, unless it is a January 1st the page never wrote out:
    that is htmldate's bare-year guess (from "© 2024"), and no date beats a wrong one."""
    parsed = from_iso(found)
    if parsed is None:
        return None
    if (parsed.month, parsed.day) == (1, 1) and parsed.isoformat() not in source:
        return None
    return parsed


def published_in_prose(visible: str) -> date | None:
    """A Spanish or English date the page introduces as its publication date ("Publicado el …")."""
    folded = fold(visible)
    for pattern in (_ES_PROSE, _ES_SHORT, _EN_PROSE, _DMY_NUMERIC):
        for match in pattern.finditer(folded):
            if _PUBLISHED_CUE.search(folded[max(0, match.start() - 40) : match.start()]):
                found = parse_spanish_date(match[0]) or parse_english_date(match[0])
                if found:
                    return found
    return None


def _make(year: int, month: int | None, day: int) -> date | None:
    if month is None:
        return None
    try:
        return date(year, month, day)
    except ValueError:
        return None
