"""E-mail addresses of persons. A company's role mailbox on its own domain stays, written plainly or
spelled out (`ventas arroba acme punto mx`); a free-mail domain (gmail, hotmail, outlook, yahoo,
prodigy, …) is personal whatever its local part says."""

from __future__ import annotations

import re

from tld import is_tld

from bench_pipeline.redaction.findings import REDACTED_EMAIL, Hit
from bench_pipeline.redaction.role_mailboxes import is_role_mailbox

EMAIL = re.compile(r"(?<![\w.+-])([A-Za-z0-9._%+-]{1,64})@((?:[A-Za-z0-9-]+\.)+([A-Za-z]{2,24}))\b")
# `juan.perez arroba gmail punto com`: addresses written out so scrapers miss them.
_SPELLED_EMAIL = re.compile(
    r"(?i)\b(?P<local>[\w.+-]{2,64})\s*[\[(]?\s*(?:arroba|at)\s*[\])]?\s*(?P<domain>[\w-]{2,63})"
    r"\s*[\[(]?\s*(?:punto|dot)"
    r"\s*[\])]?\s*(?P<tld>com|net|org|mx|es)\b(?:\s*[\[(]?\s*(?:punto|dot)\s*[\])]?\s*(?P<cc>mx)\b)?")
_SPELLED_AT = re.compile(r"(?i)arroba|\bat\b")
_KEEP_DOMAINS = frozenset({"example.test", "example.com", "example.org", "example.net"})
FREE_MAIL = re.compile(
    r"(?:^|\.)(?:gmail|googlemail|hotmail|outlook|live|msn|yahoo|ymail|rocketmail|aol|icloud|me|mac|proton|protonmail|"
    r"gmx|mail|yandex|zoho|prodigy|infinitum|terra|latinmail|starmedia|tutanota|hushmail|fastmail)\.(?:[a-z]{2,3}\.)?[a-z]{2,3}$")


def email_hits(text: str) -> list[Hit]:
    hits = []
    for match in _SPELLED_EMAIL.finditer(text) if _SPELLED_AT.search(text) else ():
        domain = ".".join(filter(None, (match["domain"], match["tld"], match["cc"]))).lower()
        if "@" not in match.group(0) and not _company_role(match["local"], domain):
            hits.append(Hit(match.start(), match.end(), "personal-email", REDACTED_EMAIL))
    for match in EMAIL.finditer(text):
        local, domain, tld = match.group(1), match.group(2).lower(), match.group(3).lower()
        # `logo@2x.png`, `@agent.tool` in code: an address ends in a real top-level domain (the public
        # suffix list, through `tld`), never in a file extension or an attribute.
        if not is_tld(tld) or domain in _KEEP_DOMAINS or _company_role(local, domain):
            continue
        hits.append(Hit(match.start(), match.end(), "personal-email", REDACTED_EMAIL))
    return hits


def is_free_mail(domain: str) -> bool:
    return bool(FREE_MAIL.search(domain.lower()))


def _company_role(local: str, domain: str) -> bool:
    return is_role_mailbox(local) and not is_free_mail(domain)
