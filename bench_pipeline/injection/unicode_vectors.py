"""Invisible characters that smuggle text past a human reader."""

from __future__ import annotations

import re
from collections.abc import Iterator

from bench_pipeline.injection.channels import Channel
from bench_pipeline.injection.signals import candidate_windows

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
# Every character `_INVISIBLE` can match, for a search the engine runs at C speed: most texts hold none.
_MAY_BE_INVISIBLE = re.compile("[\u200b-\u200f\u2060-\u2064\u202a-\u202e\u2066-\u2069\u180e\u3164\uffa0\ufeff]")


# Text spelt in bits by two zero-width characters (U+200B, U+200C; joiners and word joiners between
# them ignored): a byte every eight. Nothing legitimate writes it.
_BINARY_RUN = re.compile("[\u200b\u200c\u200d\u2060\ufeff]{16,}")
_BITS = ({"\u200b": "0", "\u200c": "1"}, {"\u200b": "1", "\u200c": "0"})


def unicode_channels(text: str) -> Iterator[Channel]:
    for run in _TAG_RUN.finditer(text):
        decoded = "".join(chr(ord(ch) - 0xE0000) for ch in run.group(0))
        if decoded not in _FLAG_TAGS:
            yield Channel("zero_width", decoded, suspicious=len(decoded) >= 8)
    for run in _BINARY_RUN.finditer(text):
        decoded = _binary_text(run.group(0))
        if decoded:
            yield Channel("zero_width", decoded, suspicious=True)
    if _may_hold_invisible(text) and len(_INVISIBLE.findall(text)) >= _HIDING_RUN:
        stripped = strip_invisible(text)
        # Only what the invisible characters were hiding: windows, any the detector would judge (over the
        # hidden bar, or one the verifier may lift), whose signals appear once they are gone.
        seen, revealed = candidate_windows([text, stripped])  # one pass: no window spans two texts
        before = {strip_invisible(window.text): set(window.signals) for window in seen}
        hidden = [window.text for window in revealed if not set(window.signals) <= before.get(window.text, set())]
        if hidden:
            yield Channel("zero_width", " … ".join(hidden))


def _binary_text(run: str) -> str | None:
    """The run read as bits either way round, when one reading is UTF-8 words."""
    for bits in _BITS:
        digits = "".join(bits[ch] for ch in run if ch in bits)
        data = bytes(int(digits[i:i + 8], 2) for i in range(0, len(digits) - 7, 8))
        words = data.decode("utf-8", errors="replace")
        if len(words) >= 8 and sum(ch.isprintable() for ch in words) / len(words) >= 0.9 and sum(ch.isalpha() for ch in words) >= 4:
            return words
    return None


def strip_invisible(text: str) -> str:
    return _INVISIBLE.sub("", text) if _may_hold_invisible(text) else text


def _may_hold_invisible(text: str) -> bool:
    return not text.isascii() and _MAY_BE_INVISIBLE.search(text) is not None
