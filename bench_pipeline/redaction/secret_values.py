"""Secrets recognized by their value, wherever they sit: provider key formats, JWTs, bearer tokens,
keys assigned in text, and an entropy net for random-looking tokens in places that hold tokens.

Well-known scanners miss most search-provider formats (research/security.md §A.5), hence the
project's own list. Every pattern needs enough characters that the marker `[redacted]` never matches.
"""

from __future__ import annotations

import math
import re
from collections import Counter

from bench_pipeline.redaction.findings import REDACTED, Hit

_KEY_FORMATS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("tavily-key", re.compile(r"\btvly-(?:dev-|prod-)?[A-Za-z0-9_-]{16,}")),
    ("firecrawl-key", re.compile(r"\bfc-[a-f0-9]{32}\b")),
    ("jina-key", re.compile(r"\bjina_[A-Za-z0-9_-]{16,}")),
    ("perplexity-key", re.compile(r"\bpplx-[A-Za-z0-9_-]{32,}")),
    ("sk-key", re.compile(r"\bsk-(?:ant-|proj-|svcacct-|admin-|or-v1-)?[A-Za-z0-9_-]{20,}")),
    ("brave-key", re.compile(r"\bBSA[A-Za-z0-9_-]{20,}")),
    ("google-key", re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b")),
    ("jwt", re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}")),
)
# `Bearer <token>` in any text; the token needs a digit or punctuation so prose ("bearer bonds") passes.
_BEARER = re.compile(r"(?i)\bbearer\s+(?=[A-Za-z0-9._~+/=-]*[0-9._~+/-])([A-Za-z0-9._~+/-]{16,}=*)")
# A key assigned in text (`api_key=…`, `"x-api-key": "…"`): catches UUID-shaped keys (Exa) that have
# no format of their own. The value must not start with `[` so the redaction marker is left alone.
_ASSIGNED = re.compile(
    r"(?i)\b(?:x-api-key|api[_-]?key|apikey|access[_-]?token|auth[_-]?token|client[_-]?secret"
    r"|x-subscription-token|password|passwd|secret[_-]?key)\b[\"']?\s*[:=]\s*[\"']?([^\s\"'&,;\[\]{}<>]{8,})"
)
_TOKEN = re.compile(r"[A-Za-z0-9_+/=.~-]{24,}")
_HEX_OR_UUID = re.compile(r"[0-9a-fA-F-]+")
ENTROPY_BITS = 4.0


def secret_hits(text: str) -> list[Hit]:
    """Provider keys, JWTs, bearer tokens and assigned keys anywhere in `text`."""
    hits = [Hit(m.start(), m.end(), name, REDACTED) for name, pattern in _KEY_FORMATS for m in pattern.finditer(text)]
    hits += [Hit(m.start(1), m.end(1), "bearer-token", REDACTED) for m in _BEARER.finditer(text)]
    hits += [Hit(m.start(1), m.end(1), "assigned-key", REDACTED) for m in _ASSIGNED.finditer(text)]
    return hits


def entropy_hits(text: str) -> list[Hit]:
    """Random-looking tokens. Only for places that hold tokens (header values, query values, one-word
    JSON strings): prose and URLs are full of long words. Hex and UUIDs are request ids and hashes,
    which the providers' docs say are safe to keep; hex also tops out at 4 bits per character."""
    return [Hit(m.start(), m.end(), "high-entropy", REDACTED) for m in _TOKEN.finditer(text) if looks_random(m.group())]


def looks_random(token: str) -> bool:
    if _HEX_OR_UUID.fullmatch(token):
        return False
    if not (re.search(r"[a-z]", token) and re.search(r"[A-Z]", token) and re.search(r"[0-9]", token)):
        return False
    return shannon_bits(token) >= ENTROPY_BITS


def shannon_bits(text: str) -> float:
    counts = Counter(text)
    total = len(text)
    return -sum(n / total * math.log2(n / total) for n in counts.values())
