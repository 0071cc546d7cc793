"""Personal data of natural persons (SPEC §3, LFPDPPP): e-mails, Mexican phones, CURP, person RFC.

Kept on purpose: role mailboxes a company publishes, toll-free business numbers, and 12-character
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
    for match in phonenumbers.PhoneNumberMatcher(text, "MX"):
        number = match.number
        if phonenumbers.region_code_for_number(number) != "MX":
            continue
        if phonenumbers.number_type(number) in _BUSINESS_LINES:
            continue
        hits.append(Hit(match.start, match.end, "personal-phone", REDACTED_PHONE))
    return hits


def _identity_hits(text: str) -> list[Hit]:
    hits = [Hit(m.start(), m.end(), "curp", REDACTED) for m in _CURP.finditer(text) if curp.is_valid(m.group())]
    for match in _PERSON_RFC.finditer(text):
        if rfc.is_valid(match.group()):
            hits.append(Hit(match.start(), match.end(), "person-rfc", REDACTED))
    return hits
