"""A stored HTML artifact decoded once, its visible text walked once, for every reader of it."""

from __future__ import annotations

from functools import cached_property

from bench_pipeline.reading.decode import decode_html
from bench_pipeline.reading.textmap import TextMap, visible_text


class HtmlSource:
    def __init__(self, data: bytes):
        self.text = decode_html(data)

    @cached_property
    def visible(self) -> TextMap:
        return visible_text(self.text)
