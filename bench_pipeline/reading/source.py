"""A stored HTML artifact decoded once, its visible text walked once and its tree parsed once, for every reader
of it (the main-text reader, the injection scan)."""

from __future__ import annotations

from functools import cached_property

from bench_pipeline.reading.decode import ParsedHtml, decoded_html, parse_html
from bench_pipeline.reading.textmap import TextMap, visible_text


class HtmlSource:
    def __init__(self, data: bytes):
        self.data = data
        self.text, self.codec = decoded_html(data)

    @cached_property
    def visible(self) -> TextMap:
        return visible_text(self.text)

    @cached_property
    def parsed(self) -> ParsedHtml:
        """Raises lxml's `ParserError` (or `ValueError`) when the text is no HTML it can parse."""
        return parse_html(self.text)
