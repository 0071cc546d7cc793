"""Artifact spans (docs/fixtures.md#spans): where in a stored artifact a piece of text came from.

    offset:START-END            characters [START, END) of the artifact's decoded text
    selector:CSS                an HTML element, by CSS selector
    page:N                      page N (1-based) of a PDF
    page:N#offset:START-END     characters of page N's text
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict

_OFFSET = re.compile(r"offset:(\d+)-(\d+)")
_PAGE = re.compile(r"page:(\d+)(?:#offset:(\d+)-(\d+))?")


class SpanError(ValueError):
    """A span string that is not one of the accepted forms, or does not fit its artifact."""


class ArtifactSpan(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["offset", "selector", "page"]
    start: int | None = None
    end: int | None = None
    selector: str | None = None
    page: int | None = None

    def __str__(self) -> str:
        if self.kind == "offset":
            return f"offset:{self.start}-{self.end}"
        if self.kind == "selector":
            return f"selector:{self.selector}"
        inner = f"#offset:{self.start}-{self.end}" if self.start is not None else ""
        return f"page:{self.page}{inner}"


def parse_artifact_span(text: str) -> ArtifactSpan:
    """Validate a span string; anything but the three forms raises SpanError saying what is accepted."""
    if not isinstance(text, str) or not text:
        raise SpanError("empty span; expected offset:S-E, selector:CSS or page:N[#offset:S-E]")
    if match := _OFFSET.fullmatch(text):
        start, end = int(match[1]), int(match[2])
        _check_range(text, start, end)
        return ArtifactSpan(kind="offset", start=start, end=end)
    if text.startswith("selector:"):
        selector = text.removeprefix("selector:").strip()
        if not selector:
            raise SpanError(f"{text!r}: empty CSS selector")
        return ArtifactSpan(kind="selector", selector=selector)
    if match := _PAGE.fullmatch(text):
        page = int(match[1])
        if page < 1:
            raise SpanError(f"{text!r}: pages are numbered from 1")
        if match[2] is None:
            return ArtifactSpan(kind="page", page=page)
        start, end = int(match[2]), int(match[3])
        _check_range(text, start, end)
        return ArtifactSpan(kind="page", page=page, start=start, end=end)
    raise SpanError(f"{text!r}: expected offset:S-E, selector:CSS or page:N[#offset:S-E]")


def _check_range(text: str, start: int, end: int) -> None:
    if end <= start:
        raise SpanError(f"{text!r}: END must be greater than START")
