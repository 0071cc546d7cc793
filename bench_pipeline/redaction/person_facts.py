"""A date of birth, an age or a sex tied to a person: personal data under the LFPDPPP, whoever's name
stands beside them. A publication date, a company's founding year and its years in business are not.

- a date of birth: a date after a birth cue, a label (`Fecha de nacimiento:`, `DOB`, `birthDate`) or a
  verb (`nació el`, `born on`) whose subject is not a company (`La empresa nació en 1985` stays);
- an age: after a label (`Edad: 34`), or `N años` right after a person's name (`Juan Pérez, de 34
  años`, `… tiene 34 años`), never years of experience or a threshold (`mayores de 18 años`);
- a sex: the value of a `Sexo:` / `Género:` / `gender` label when it names one.
Only the value goes; the name and the label stay.
"""

from __future__ import annotations

import re

from babel import Locale

from bench_pipeline.redaction.findings import REDACTED, Hit


def _month_names() -> str:
    names = set()
    for language in ("es", "en"):
        months = Locale.parse(language).months["format"]
        names |= {name.lower() for width in ("wide", "abbreviated") for name in months[width].values()}
    return "|".join(sorted(names, key=len, reverse=True))


_MONTH = _month_names()
_DATE = (rf"\d{{1,2}}\s*(?:de\s+)?(?:{_MONTH})\.?,?\s*(?:de(?:l)?\s+)?\d{{4}}"  # 12 de marzo de 1985, 12 Mar 1985
         rf"|(?:{_MONTH})\.?\s+\d{{1,2}},?\s+\d{{4}}"  # March 12, 1985
         r"|\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})(?!\d)|\d{4}-\d{2}-\d{2}(?!\d)")
# Labels always speak of a person's birth; verbs may have a company for subject.
BIRTH_LABELS = (r"fecha de nacimiento", r"f\.\s*(?:de\s+)?nac\.?", r"fecha nac\.?", r"nacimiento", r"date of birth",
                r"birth\s*date", r"birthdate", r"d\.?o\.?b\.?", r"birthday", r"cumplea[nñ]os")
BIRTH_VERBS = (r"naci[óo]", r"nacid[oa]", r"born")
_NAME = r"[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+(?:\s+(?:de(?:l| la)?\s+)?[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+){1,3}"
_BIRTH = re.compile(rf"(?i)\b(?:(?P<label>{'|'.join(BIRTH_LABELS)})|(?P<verb>{'|'.join(BIRTH_VERBS)}))\b"
                    # the person may be named between label and date ("F. Nac. de Ana Ruiz Pérez: …")
                    rf"(?:\.?\s+de\s+{_NAME}\s*[:,]?\s*|[^\d\n]{{0,16}}?)"
                    rf"\b(?:el\s+|on\s+)?(?P<date>{_DATE}|(?<=\ben\s)\d{{4}}|(?<=\bin\s)\d{{4}})\b")
_COMPANY_SUBJECT = re.compile(r"(?i)\b(?:empresa|compa[nñ][ií]a|firma|marca|grupo|negocio|proyecto|despacho|tienda|"
                              r"company|firm|brand|business|startup|s\.\s?a\.|s\. de r\.\s?l\.|inc\.|corp\.?|ltd\.?)")
_AGE_LABEL = re.compile(r"(?i)\b(?:edad|age)\b[\"']?\s*[:：]\s*[\"']?(?P<age>\d{1,3}(?:\s*a[ñn]os)?)(?![\d\w])"
                        # a page's age ("age": "3 hours ago") is not a person's
                        r"(?!\s*(?:hours?|days?|minutes?|weeks?|months?|years? ago|horas?|d[ií]as|minutos|semanas"
                        r"|meses))")
_AGE = re.compile(r"(?i)\b(?P<age>\d{1,3}\s*(?:a[ñn]os|years?(?:[ -]old)?))(?:\s+de\s+edad|\s+old)?\b")
# The age follows the name through a connector ("Juan Pérez, de 34 años", "… (34 años)", "… tiene 34
# años"), not a bare comma: "Nuevo León, 20 años después" names a place.
_NAME_BEFORE_AGE = re.compile(rf"(?P<name>{_NAME})(?:,?\s+(?:de|quien tiene|tiene|aged)|\s*\()\s*$")
# English puts the age after the name's apposition: "Ann Lee, a 34-year-old engineer".
_NAMED_YEAR_OLD = re.compile(rf"(?P<name>{_NAME}),\s+an?\s+(?P<age>\d{{1,3}}[ -]years?[ -]old)\b")
# Years a business has, not a person's age.
_BUSINESS_YEARS = re.compile(r"(?i)^\s*(?:de\s+)?(?:experiencia|trayectoria|servicio|antig[uü]edad|historia"
                             r"|operaci[oó]n|en el mercado|experience|in business)")
_SEX = re.compile(r"(?i)\b(?:sexo|g[eé]nero|sex|gender)\b[\"']?\s*[:：]\s*[\"']?"
                  r"(?P<sex>masculino|femenino|hombre|mujer|no binari[oa]|male|female|non-binary|[HMF])\b")
_REACH = 60
_DIGIT = re.compile(r"\d")


def person_fact_hits(text: str) -> list[Hit]:
    hits = [Hit(m.start("sex"), m.end("sex"), "sex", REDACTED) for m in _SEX.finditer(text)]
    if not _DIGIT.search(text):
        return hits
    for match in _BIRTH.finditer(text):
        subject = text[max(0, text.rfind("\n", 0, match.start()) + 1, match.start() - _REACH):match.start()]
        if match.group("label") or not _COMPANY_SUBJECT.search(subject):
            hits.append(Hit(match.start("date"), match.end("date"), "birth-date", REDACTED))
    hits += [Hit(m.start("age"), m.end("age"), "age", REDACTED) for m in _AGE_LABEL.finditer(text)]
    for match in _AGE.finditer(text):
        before = text[max(0, match.start() - _REACH):match.start()]
        named = _NAME_BEFORE_AGE.search(before)
        if named and not _COMPANY_SUBJECT.search(named.group("name")) and not _BUSINESS_YEARS.match(text[match.end():]):
            hits.append(Hit(match.start("age"), match.end("age"), "age", REDACTED))
    hits += [Hit(m.start("age"), m.end("age"), "age", REDACTED) for m in _NAMED_YEAR_OLD.finditer(text)
             if not _COMPANY_SUBJECT.search(m.group("name"))]
    return hits
