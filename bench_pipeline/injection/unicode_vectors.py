"""Invisible characters that smuggle text past a human reader (security.md B.2 item 14)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from bench_pipeline.injection.channels import Channel
from bench_pipeline.injection.signals import findings

# Tag characters spell ASCII one-for-one ("ASCII smuggling"); the cancel tag U+E007F and the
# letters of the three subdivision flags (England, Scotland, Wales) are legitimate emoji.
_TAG_RUN = re.compile("[\U000E0020-\U000E007E]+")
_FLAG_TAGS = {"gbeng", "gbsct", "gbwls"}
# A stray zero-width space or two (CMS text has them) hides nothing; this many can.
_HIDING_RUN = 3
# Zero-width and bidi controls, and the byte-order mark inside text. U+200D (ZWJ) counts only beside
# a letter: emoji sequences join pictographs with it everywhere.
_INVISIBLE = re.compile("[\u200b\u200c\u200e\u200f\u2060-\u2064\u202a-\u202e\u2066-\u2069\u180e\u3164\uffa0\ufeff]"
                        "|(?<=[^\\W\\d_])\u200d|\u200d(?=[^\\W\\d_])")


def unicode_channels(text: str) -> Iterator[Channel]:
    for run in _TAG_RUN.finditer(text):
        decoded = "".join(chr(ord(ch) - 0xE0000) for ch in run.group(0))
        if decoded not in _FLAG_TAGS:
            yield Channel("zero_width", decoded, suspicious=len(decoded) >= 8)
    if len(_INVISIBLE.findall(text)) >= _HIDING_RUN:
        stripped = strip_invisible(text)
        # Only what the invisible characters were hiding: windows that read as instructions once
        # they are gone.
        before = {strip_invisible(finding.snippet) for finding in findings(text, "hidden")}
        hidden = [finding.snippet for finding in findings(stripped, "hidden") if finding.snippet not in before]
        if hidden:
            yield Channel("zero_width", " … ".join(hidden))


def strip_invisible(text: str) -> str:
    return _INVISIBLE.sub("", text)
