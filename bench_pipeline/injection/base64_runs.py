"""Base64 runs inside a text that decode to words: an instruction hidden from people in base64."""

from __future__ import annotations

import base64
import binascii
import re
from functools import lru_cache

_BASE64_CHARS = 22  # 16 bytes and up: "Reply in reverse."
_BASE64_RUN = re.compile(r"[A-Za-z0-9+/]{%d,}={0,2}" % _BASE64_CHARS)
# What prose is not made of: random bytes are half symbols and control characters, words are not.
_NOT_PROSE = re.compile(r"[^\w\s.,;:!?\u00a1\u00bf'\"()\-]")


def decoded_runs(text: str) -> list[str]:
    """Base64 runs that decode to words. Identifiers and hashes that happen to be base64 decode to bytes
    that read as no text."""
    if len(text) < _BASE64_CHARS:  # most attribute values: too short to hold a run, not worth a search
        return []
    return [words for run in _BASE64_RUN.findall(text) if (words := _words(run))]


@lru_cache(maxsize=4096)
def _words(run: str) -> str:
    """What a run decodes to when that reads as text, else "". Kept: a page repeats its identifiers, in its
    JSON values and again in the texts they make, and each is read once."""
    try:
        raw = base64.b64decode(run + "=" * (-len(run) % 4), validate=True)
    except (binascii.Error, ValueError):
        return ""
    try:
        words = raw.decode("utf-8")  # so Spanish survives the round trip
    except UnicodeDecodeError:
        words = raw.decode("cp1252", errors="replace")  # a Windows editor's Spanish
    return words if words and len(_NOT_PROSE.findall(words)) <= 0.1 * len(words) else ""
