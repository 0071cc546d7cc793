"""Running a costly pattern only where it can match: near a word every one of its matches holds.

A signal pattern of many alternatives, several opening on a lookbehind, is tried at every character
of a page; most pages hold no word it needs. An `Anchored` pattern names those words (whole words,
or word beginnings for inflected stems), and how far before such a word a match may start (its
`reach`) and after it it may end (its `tail`). Searching only the stretches `reach` characters
before each anchor gives the matches a search of the whole text gives: the engine reads the text
before a stretch as it stands, lookbehinds and word boundaries included, and `tail` characters after
it for what a match reads ahead.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import NamedTuple

_TOKEN = re.compile(r"[a-z0-9]+")
_MEMO_WORDS = 200_000


class Anchored(NamedTuple):
    name: str
    pattern: re.Pattern[str]
    words: frozenset[str]
    prefixes: tuple[str, ...]
    reach: int  # how far before an anchor word a match may start
    tail: int  # how far after it a match may read, lookaheads included


class AnchorIndex:
    """Finds where each pattern's anchor words start in a folded text (lower case, no accents)."""

    def __init__(self, patterns: Iterable[Anchored]) -> None:
        self.patterns = tuple(patterns)
        # Token → the patterns it anchors; a page's vocabulary repeats, so each word is judged once.
        self._anchoring: dict[str, tuple[int, ...]] = {}

    def positions(self, folded: str) -> list[list[int]]:
        """Per pattern, in order, the offsets of its anchor words."""
        found: list[list[int]] = [[] for _ in self.patterns]
        anchoring = self._anchoring
        for token in _TOKEN.finditer(folded):
            word = token.group()
            indexes = anchoring.get(word)
            if indexes is None:
                indexes = tuple(index for index, pattern in enumerate(self.patterns)
                                if word in pattern.words or word.startswith(pattern.prefixes))
                if len(anchoring) < _MEMO_WORDS:
                    anchoring[word] = indexes
            for index in indexes:
                found[index].append(token.start())
        return found


def stretches(positions: Iterable[int], reach: int, tail: int) -> list[tuple[int, int]]:
    """Where a match may start: `[p - reach, p + 1)` around each position, merged when the gap
    between two is under `tail` (the text there is read anyway)."""
    merged: list[list[int]] = []
    for position in sorted(positions):
        start, end = max(0, position - reach), position + 1
        if merged and start <= merged[-1][1] + tail:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [(start, end) for start, end in merged]


def matches_within(pattern: re.Pattern[str], text: str, spans: Iterable[tuple[int, int]], tail: int) -> Iterator[re.Match[str]]:
    """The matches of `pattern` in `text` that start inside one of `spans`, reading at most `tail`
    characters past a span's end."""
    for start, end in spans:
        for match in pattern.finditer(text, start, min(len(text), end + tail)):
            if match.start() >= end:
                break
            yield match
