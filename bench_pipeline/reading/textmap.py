"""Visible text of HTML source with, for every character, where it came from in the source.

This is the one definition of "the text an `offset:S-E` span returns": tags removed (block tags
count as a space, inline tags as nothing), comments and non-rendered elements dropped, entities
unescaped, whitespace collapsed to single spaces. Applying a span runs the same walk over the
slice, so locating text and re-applying its span agree by construction.
"""

from __future__ import annotations

import html
import re
import unicodedata
from array import array
from bisect import bisect_left, bisect_right

_SKIPPED = "script|style|template|noscript|head|title|svg|iframe|object"
# A non-rendered element whole (group 1 its name), a comment, a tag (group 2 its name), or
# another `<` construct (`<!DOCTYPE`, `<?xml`, `</>`). A non-rendered element ends at its first
# closing tag; its body is matched a run of non-`<` text at a time (a lazy `.*?` tries the closing
# tag at every character of a script: 4x slower), possessively, since no shorter body can end
# at a closing tag (an unclosed `<script>` fails at once instead of backtracking).
_TOKEN = re.compile(
    rf"<({_SKIPPED})\b[^>]*>[^<]*+(?:<(?!/\1\s*>)[^<]*+)*+</\1\s*>"
    r"|<!--.*?(?:-->|\Z)|<(?:/\s*)?([a-zA-Z][a-zA-Z0-9]*)[^>]*>|<[/!?][^>]*>",
    re.IGNORECASE | re.DOTALL,
)
BLOCK_TAGS = frozenset(
    "address article aside blockquote br dd details dialog div dl dt fieldset figcaption figure footer "
    "form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead "
    "tr ul option caption center".split()
)
_ENTITY = re.compile(r"&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});?")
# Whitespace that collapsing changes: runs of two or more, or any single character but " ".
_BREAK = re.compile(r"\s{2,}|[^\S ]")
_SPACE = re.compile(r"\s+")
_COMBINING_MARKS = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")


class TextMap:
    """`text` and, for every character, the source range it came from, kept as runs: a run of
    characters copied one for one from the source, or a run that all stands for one source range
    (a collapsed space, an entity). The source starts of the characters never decrease."""

    def __init__(self, text: str, runs: _Runs) -> None:
        self.text = text
        self._runs = runs

    def source_range(self, begin: int, end: int) -> tuple[int, int]:
        """Source offsets covering visible characters [begin, end)."""
        return self._runs.start_of(begin), self._runs.end_of(end - 1)

    def index_at_or_after(self, source_offset: int) -> int:
        """First visible character that comes from `source_offset` or later."""
        runs = self._runs
        run = bisect_left(runs.last_start, source_offset)
        if run == len(runs.first):
            return len(self.text)
        if runs.end[run] < 0:  # copied: one character a source position
            return runs.first[run] + max(0, source_offset - runs.start[run])
        return runs.first[run]


class _Runs:
    """Parallel arrays, one entry a run: its first visible character, its first character's source
    start, its last character's source start, and its source end (-1 for a copied run, whose
    characters end one past their start)."""

    def __init__(self) -> None:
        # Machine-int arrays, not lists of int objects: a page has thousands of runs.
        self.first, self.start, self.last_start, self.end = array("q"), array("q"), array("q"), array("q")

    def add(self, first: int, start: int, last_start: int, end: int) -> None:
        self.first.append(first)
        self.start.append(start)
        self.last_start.append(last_start)
        self.end.append(end)

    def start_of(self, index: int) -> int:
        run = bisect_right(self.first, index) - 1
        return self.start[run] + (index - self.first[run]) if self.end[run] < 0 else self.start[run]

    def end_of(self, index: int) -> int:
        run = bisect_right(self.first, index) - 1
        return self.start[run] + (index - self.first[run]) + 1 if self.end[run] < 0 else self.end[run]


def collapse_ws(text: str) -> str:
    """Whitespace runs (including no-break spaces) to one space, ends trimmed."""
    return _SPACE.sub(" ", text).strip()


def fold(text: str) -> str:
    """Lower case without accents or compatibility forms, so `Julio`/`julio`, `día`/`dia`, `ﬁ`/`fi` match."""
    if text.isascii():
        return text.lower()
    return _COMBINING_MARKS.sub("", unicodedata.normalize("NFKD", text.lower()))


def visible_text(source: str) -> TextMap:
    builder = _Builder()
    position = 0
    for token in _TOKEN.finditer(source):
        start, end = token.span()
        if start > position:
            builder.add_text(source, position, start)
        name = token.group(2)
        if name and name.lower() in BLOCK_TAGS:
            builder.add_space(start, end)
        position = end
    if position < len(source):
        builder.add_text(source, position, len(source))
    return builder.finish()


def plain_text_map(text: str) -> TextMap:
    """Whitespace-collapsed plain text (a PDF page, a provider's text) with offsets into the original."""
    builder = _Builder()
    builder.add_plain(text, 0, len(text))
    return builder.finish()


def slice_text(source: str, start: int, end: int) -> str:
    """What an `offset:start-end` span over this source returns."""
    return visible_text(source[start:end]).text


class _Builder:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.length = 0
        self.runs = _Runs()
        self.after_space = True

    def add_space(self, start: int, end: int) -> None:
        if not self.after_space:
            self._add_standing(" ", start, end)
            self.after_space = True

    def add_text(self, source: str, start: int, end: int) -> None:
        segment = source[start:end]
        # Most text between tags is indentation, and most text has no entity: both skip the scans.
        if segment.isspace():
            self.add_space(start, end)
            return
        if "&" not in segment:
            self.add_plain(source, start, end)
            return
        position = start
        for entity in _ENTITY.finditer(source, start, end):
            if entity.start() > position:
                self.add_plain(source, position, entity.start())
            char = html.unescape(entity.group(0))
            if char == entity.group(0):
                self.add_plain(source, entity.start(), entity.end())
            elif char.isspace():
                self.add_space(entity.start(), entity.end())
            else:
                self._add_standing(char, entity.start(), entity.end())
                self.after_space = False
            position = entity.end()
        if position < end:
            self.add_plain(source, position, end)

    def add_plain(self, source: str, start: int, end: int) -> None:
        # Between breaks the text is already collapsed, so whole runs map one for one.
        position = start
        for brk in _BREAK.finditer(source, start, end):
            self._add_run(source, position, brk.start())
            self.add_space(brk.start(), brk.end())
            position = brk.end()
        self._add_run(source, position, end)

    def _add_standing(self, text: str, start: int, end: int) -> None:
        """`text`, every character of it standing for source[start:end]."""
        self.parts.append(text)
        self.runs.add(self.length, start, start, end)
        self.length += len(text)

    def _add_run(self, source: str, start: int, end: int) -> None:
        if start < end and self.after_space and source[start] == " ":
            start += 1
        if start >= end:
            return
        self.parts.append(source[start:end])
        self.runs.add(self.length, start, end - 1, -1)
        self.length += end - start
        self.after_space = source[end - 1] == " "

    def finish(self) -> TextMap:
        text = "".join(self.parts)
        if text.endswith(" "):  # a trailing space: its run loses its last character, or goes
            text = text[:-1]
            runs = self.runs
            if runs.first[-1] == len(text):
                for column in (runs.first, runs.start, runs.last_start, runs.end):
                    column.pop()
            elif runs.end[-1] < 0:
                runs.last_start[-1] -= 1
        return TextMap(text, self.runs)
