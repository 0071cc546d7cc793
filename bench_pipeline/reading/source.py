"""A stored HTML artifact decoded once, parsed once and its visible text walked once, for every reader of it."""

from __future__ import annotations

from functools import cached_property

import lxml.html

from bench_pipeline.reading.decode import decode_html, parse_html_tree
from bench_pipeline.reading.textmap import TextMap, visible_text


class HtmlSource:
    def __init__(self, data: bytes):
        self.text = decode_html(data)

    @cached_property
    def visible(self) -> TextMap:
        return visible_text(self.text)

    @cached_property
    def tree(self) -> lxml.html.HtmlElement:
        """lxml's tree of the text, comments kept; raises lxml's `ParserError` or `ValueError` where there is
        none. Shared: a reader that changes a tree works on its own copy."""
        return parse_html_tree(self.text)
