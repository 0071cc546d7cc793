"""Bodies over 512 KB are cut to the first relevant block plus 2 KB of context (docs/fixtures.md#truncation), so a
reviewer can still read the fixture.

The first relevant block is the first paragraph of the main content: for HTML, the first `</p>`
after the opening `<main>`, `<article>` or `<body>`; for other text, the first blank-line break.
Everything before it stays (an HTML head carries the publication dates redaction keeps), then 2 KB
more. Without such a block, the first 2 KB stay.
"""

from __future__ import annotations

import re
from typing import Any

LIMIT_BYTES = 512 * 1024
CONTEXT_CHARS = 2048
_MAIN_START = re.compile(r"<(?:main|article|body)\b", re.IGNORECASE)
_PARAGRAPH_END = re.compile(r"</p\s*>", re.IGNORECASE)
_BLANK_LINE = re.compile(r"\n[ \t\r]*\n")


def truncate_text(text: str) -> tuple[str, bool]:
    """The text, or its first relevant block plus context; and whether it was cut."""
    if len(text.encode("utf-8")) <= LIMIT_BYTES:
        return text, False
    end = first_block_end(text)
    keep = min(end + CONTEXT_CHARS, LIMIT_BYTES // 4)  # a character is at most 4 UTF-8 bytes
    return text[:keep], True


def first_block_end(text: str) -> int:
    main = _MAIN_START.search(text)
    if main:
        paragraph = _PARAGRAPH_END.search(text, main.end())
        if paragraph:
            return paragraph.end()
    blank = _BLANK_LINE.search(text)
    return blank.start() if blank else 0


def truncate_json(value: Any, size_bytes: int) -> tuple[Any, bool]:
    """A JSON body stays valid JSON: when it is over the limit, each long string in it is cut the same way."""
    if size_bytes <= LIMIT_BYTES:
        return value, False
    cut = False

    def walk(item: Any) -> Any:
        nonlocal cut
        if isinstance(item, dict):
            return {k: walk(v) for k, v in item.items()}
        if isinstance(item, list):
            return [walk(v) for v in item]
        if isinstance(item, str) and len(item) > 2 * CONTEXT_CHARS:
            keep = first_block_end(item) + CONTEXT_CHARS
            if keep < len(item):
                cut = True
                return item[:keep]
        return item

    return walk(value), cut
