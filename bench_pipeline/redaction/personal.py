"""Personal data of natural persons (SPEC §3, LFPDPPP): e-mails, Mexican phones, CURP, person RFC.

Kept on purpose: role mailboxes a company publishes, toll-free numbers, numbers the text itself
presents as a company line (`Conmutador:`, `ventas@… o llame al`), and 12-character
RFCs (they identify companies, public in SAT/DOF records). A 13-character RFC and a CURP embed a
person's birth date, so they go.
"""

from __future__ import annotations

import re

import phonenumbers
from phonenumbers import PhoneNumberType
from stdnum.mx import curp, rfc

from bench_pipeline.redaction.findings import REDACTED, REDACTED_EMAIL, REDACTED_PHONE, Hit
from bench_pipeline.redaction.role_mailboxes import is_role_mailbox

_EMAIL = re.compile(r"(?<![\w.+-])([A-Za-z0-9._%+-]{1,64})@((?:[A-Za-z0-9-]+\.)+([A-Za-z]{2,24}))\b")
# `logo@2x.png` looks like an address; real top-level domains are not file extensions.
_FILE_SUFFIXES = frozenset({"png", "jpg", "jpeg", "gif", "svg", "webp", "avif", "css", "js", "ico"})
_KEEP_DOMAINS = frozenset({"example.test", "example.com", "example.org", "example.net"})
_CURP = re.compile(r"\b[A-Z]{4}\d{6}[HMX][A-Z]{5}[0-9A-Z]\d\b")
_PERSON_RFC = re.compile(r"(?<![A-Z0-9&Ñ])[A-ZÑ&]{4}\d{6}[A-Z0-9]{3}(?![A-Z0-9])")
# Pre-2019 mobile forms phonenumbers no longer accepts: +52 1 …, 044/045 … (research §A.7).
_LEGACY_MOBILE = re.compile(r"(?:\+52[\s.-]?1|\b04[45])[\s.-]?\(?\d{2,3}\)?(?:[\s.-]?\d){7,8}\b")
_BUSINESS_LINES = frozenset({PhoneNumberType.TOLL_FREE, PhoneNumberType.SHARED_COST, PhoneNumberType.UAN})
# What the words just before a number say about whose it is. A person cue wins; no cue at all counts
# as personal, because a wrongly kept personal number cannot be taken back once committed.
_PERSON_CUE = re.compile(r"(?i)\b(?:cel(?:ular)?|m[oó]vil|whats ?app|personal|particular|casa|directo)\b")
_COMPANY_CUE = re.compile(r"(?i)\b(?:conmutador|ventas|oficinas?|matriz|sucursal|planta|atenci[oó]n|servicio|"
                          r"recepci[oó]n|corporativo|informes|contacto|lada|switchboard|sales|office)\b")
_CUE_WINDOW = 60
_CUE_BREAK = re.compile(r"[\n;<>|]")


def personal_hits(text: str) -> list[Hit]:
    return _email_hits(text) + _phone_hits(text) + _identity_hits(text)


def _email_hits(text: str) -> list[Hit]:
    hits = []
    for match in _EMAIL.finditer(text):
        local, domain, tld = match.group(1), match.group(2).lower(), match.group(3).lower()
        if tld in _FILE_SUFFIXES or domain in _KEEP_DOMAINS or is_role_mailbox(local):
            continue
        hits.append(Hit(match.start(), match.end(), "personal-email", REDACTED_EMAIL))
    return hits


def _phone_hits(text: str) -> list[Hit]:
    if not any(c.isdigit() for c in text):
        return []
    hits = [Hit(m.start(), m.end(), "personal-phone", REDACTED_PHONE) for m in _LEGACY_MOBILE.finditer(text)]
    previous_end = 0
    for match in phonenumbers.PhoneNumberMatcher(text, "MX"):
        number = match.number
        lead_in = _lead_in(text, max(previous_end, match.start - _CUE_WINDOW), match.start)
        previous_end = match.end
        if phonenumbers.region_code_for_number(number) != "MX":
            continue
        if phonenumbers.number_type(number) in _BUSINESS_LINES or _company_line(lead_in):
            continue
        hits.append(Hit(match.start, match.end, "personal-phone", REDACTED_PHONE))
    return hits


def _lead_in(text: str, start: int, end: int) -> str:
    """The words before a number, back to the previous number, line or tag."""
    window = text[start:end]
    breaks = list(_CUE_BREAK.finditer(window))
    return window[breaks[-1].end():] if breaks else window


def _company_line(lead_in: str) -> bool:
    """A company word, or a role mailbox, just before the number, and nothing that says a person."""
    if _PERSON_CUE.search(lead_in):
        return False
    return bool(_COMPANY_CUE.search(lead_in)) or any(is_role_mailbox(m.group(1)) for m in _EMAIL.finditer(lead_in))


def _identity_hits(text: str) -> list[Hit]:
    hits = [Hit(m.start(), m.end(), "curp", REDACTED) for m in _CURP.finditer(text) if curp.is_valid(m.group())]
    for match in _PERSON_RFC.finditer(text):
        if rfc.is_valid(match.group()):
            hits.append(Hit(match.start(), match.end(), "person-rfc", REDACTED))
    return hits
