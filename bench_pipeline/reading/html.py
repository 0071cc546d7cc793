"""HTML artifacts to main text with trafilatura, each block carrying an `offset:` span into the artifact.

trafilatura gives text but no offsets, so each extracted block is searched in the artifact's
visible text (`textmap`), starting near the source line lxml recorded for it (without that hint
a heading first matches the `<title>`). A block that cannot be found gets no span, and is counted.
"""

from __future__ import annotations

import re
from datetime import date
from functools import cached_property

from lxml.etree import ParserError
from lxml.html import HtmlElement
from pydantic import BaseModel, ConfigDict
from trafilatura import bare_extraction
from trafilatura.utils import load_html

from bench_pipeline.reading.dates import published_in_prose, trusted_metadata_date
from bench_pipeline.reading.html_metadata import title_and_date
from bench_pipeline.reading.source import HtmlSource
from bench_pipeline.reading.textmap import TextMap, collapse_ws

_BLOCK_TAGS = frozenset({"p", "head", "item", "quote", "cell", "code"})
_NO_DATE_GUESSING = {"extensive_search": False, "original_date": True}
_APP_ROOT = re.compile(r"""<(?:div|main|body)[^>]+id=["'](?:root|app|__next|__nuxt)["']""", re.IGNORECASE)
_ENABLE_JS = re.compile(r"(enable|activa|habilita)\w*\s+(javascript|js)\b", re.IGNORECASE)
_MIN_READABLE_CHARS = 250
# What trafilatura's loader checks or repairs before it parses (`trafilatura.utils.load_html`), read where it reads.
_HEAD_CHARS = 4096
# A whole document to lxml (`<html>` or a doctype first). A doctype holding a "/" may be cut off first (a libxml2
# bug's repair), so `<html>` must follow it.
_WHOLE_DOCUMENT = re.compile(r"\s*(?:<!doctype[^>/]*>|(?:<!doctype[^>]*>\s*)?<html\b)", re.IGNORECASE)
_SELF_CLOSED_HTML = re.compile(r"<html[^\n]*/>[ \t]*(?:\r?\n|$)", re.IGNORECASE)
_CONTROL_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_CONTROL_BYTES = bytes([*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20)])
_BYTE_FOR_BYTE_CONTROLS = frozenset({"utf-8", "utf-8-sig", "cp1252"})


class Block(BaseModel):
    model_config = ConfigDict(frozen=True)

    text: str
    span: str | None  # `offset:S-E` into the decoded artifact; None when the block could not be located


class HtmlReading:
    """The main text as located blocks, and whether the page needs a browser. The page's own title
    and publication date are worked out on first use: they cost a metadata pass (htmldate, JSON-LD)
    that the benchmark's reads never need, since freshness judges the dates providers report."""

    def __init__(self, blocks: list[Block], needs_rendering: bool, source: HtmlSource, extracted: bool):
        self.blocks = blocks
        self.needs_rendering = needs_rendering
        self._source = source
        self._extracted = extracted

    @property
    def text(self) -> str:
        return "\n".join(block.text for block in self.blocks)

    @property
    def spans(self) -> list[str]:
        return [block.span for block in self.blocks if block.span]

    @cached_property
    def _title_and_date(self) -> tuple[str | None, str | None]:
        # The tree trafilatura built is its own (it cleans it as it extracts): the metadata steps read
        # a fresh parse, the one its own `with_metadata=True` would read.
        tree = load_html(self._source.text) if self._extracted else None
        return title_and_date(tree, _NO_DATE_GUESSING) if tree is not None else (None, None)

    @property
    def title(self) -> str | None:
        return self._title_and_date[0]

    @cached_property
    def published_at(self) -> date | None:
        found = trusted_metadata_date(self._title_and_date[1], self._source.text)
        return found or published_in_prose(self._source.visible.text[:5000])


def read_html(artifact: bytes | HtmlSource, renders_javascript: bool = False) -> HtmlReading:
    """`renders_javascript`: the artifact is a DOM the provider already rendered, so an almost
    empty shell is an answer, not a page that needs a browser."""
    html_source = artifact if isinstance(artifact, HtmlSource) else HtmlSource(artifact)
    source, visible = html_source.text, html_source.visible
    # Without trafilatura's fallback extractors (readability, jusText): as good on pages with a ground truth,
    # in about two thirds of the time (`benchmarks/reading_quality.py`).
    document = bare_extraction(_extraction_input(html_source), include_comments=False, fast=True)
    blocks = _locate_blocks(document.body, source, visible) if document is not None else []
    readable = sum(len(block.text) for block in blocks)
    return HtmlReading(blocks=blocks, needs_rendering=not renders_javascript and _looks_script_only(source, readable),
                       source=html_source, extracted=document is not None)


def _extraction_input(source: HtmlSource) -> HtmlElement | str:
    """The source's own tree, where trafilatura would build the same one from the text: a whole document ("html"
    in its first 50 characters), nothing its loader repairs (control characters, a self-closed `<html/>`), parsed.
    trafilatura copies a tree it is given, so the tree stays the scan's. Elsewhere, the text."""
    text = source.text
    head = text[:_HEAD_CHARS]
    if (not _WHOLE_DOCUMENT.match(head) or "html" not in head[:50].lower() or _SELF_CLOSED_HTML.search(head)
            or _holds_control_characters(source)):
        return text
    try:
        root = source.parsed.root
    except (ParserError, ValueError):
        return text
    return root if len(root) else text


def _holds_control_characters(source: HtmlSource) -> bool:
    """Whether the text holds a character trafilatura's loader deletes (`_CONTROL_CHARS`). Where the codec writes
    each control character as its own byte, the bytes are read, in one pass at C speed: a search of the text cost
    half a millisecond a page."""
    if "\ufffe" in source.text or "\uffff" in source.text:
        return True
    if source.codec not in _BYTE_FOR_BYTE_CONTROLS:
        return bool(_CONTROL_CHARS.search(source.text))
    return len(source.data.translate(None, _CONTROL_BYTES)) != len(source.data)


def locate(visible: TextMap, text: str, hint: int = 0) -> tuple[int, int] | None:
    """Visible-character range of `text`, searching from `hint` first, then from the start."""
    found = visible.text.find(text, hint)
    if found < 0 and hint:
        found = visible.text.find(text)
    return (found, found + len(text)) if found >= 0 else None


def _locate_blocks(body, source: str, visible: TextMap) -> list[Block]:
    line_starts = [0] + [match.end() for match in re.finditer("\n", source)]
    blocks: list[Block] = []
    cursor = 0
    for element in body.iter(*_BLOCK_TAGS):
        if any(True for _ in element.iterdescendants(*_BLOCK_TAGS)):
            continue
        text = _element_text(element)
        if not text:
            continue
        hint = cursor
        if element.sourceline and element.sourceline <= len(line_starts):
            hint = max(cursor, visible.index_at_or_after(line_starts[element.sourceline - 1]))
        found = locate(visible, text, hint) or locate(visible, text, cursor)
        span = None
        if found:
            start, end = visible.source_range(*found)
            span = f"offset:{start}-{end}"
            cursor = found[1]
        blocks.append(Block(text=text, span=span))
    return blocks


def _element_text(element) -> str:
    parts: list[str] = []
    _collect_text(element, parts)
    return collapse_ws("".join(parts))


def _collect_text(element, parts: list[str]) -> None:
    # trafilatura turns <br> into <lb/>; the visible-text walk counts it as a space.
    parts.append(" " if element.tag == "lb" else element.text or "")
    for child in element:
        _collect_text(child, parts)
        parts.append(child.tail or "")


def _looks_script_only(source: str, readable_chars: int) -> bool:
    if readable_chars >= _MIN_READABLE_CHARS or "<script" not in source.lower():
        return False
    return bool(_APP_ROOT.search(source) or _ENABLE_JS.search(source)) or readable_chars == 0
