"""Citability, checked mechanically (docs/method.md#claims-and-citability): a claim is citable when its span parses and
applying it to the stored artifact returns the text the claim came from."""

from __future__ import annotations

from functools import cached_property

from bench_pipeline.reading.apply import MediaType, apply_span
from bench_pipeline.reading.decode import decode_html
from bench_pipeline.reading.pdf import FormatTablesOcrError, UnreadablePdfError, read_pdf
from bench_pipeline.reading.spans import SpanError
from bench_pipeline.reading.textmap import TextMap, collapse_ws, plain_text_map, visible_text


class StoredArtifact:
    """One stored artifact, read once, in which quotes are located and spans re-applied."""

    def __init__(self, data: bytes, media_type: MediaType):
        self.data = data
        self.media_type = media_type

    @cached_property
    def _maps(self) -> list[TextMap]:
        if self.media_type == "html":
            return [visible_text(decode_html(self.data))]
        if self.media_type == "pdf":
            try:
                return [plain_text_map(page) for page in read_pdf(self.data).pages]
            except (FormatTablesOcrError, UnreadablePdfError):
                return []
        return [plain_text_map(self.data.decode("utf-8", errors="replace"))]

    def locate(self, quote: str) -> str | None:
        """The span of the quote in this artifact (whitespace-normalised exact match), or None."""
        wanted = collapse_ws(quote)
        if not wanted:
            return None
        for number, text_map in enumerate(self._maps, start=1):
            found = text_map.text.find(wanted)
            if found < 0:
                continue
            start, end = text_map.source_range(found, found + len(wanted))
            return f"page:{number}#offset:{start}-{end}" if self.media_type == "pdf" else f"offset:{start}-{end}"
        return None

    def cites(self, span: str | None, quote: str) -> bool:
        """True when the span parses and applying it returns the quote (whitespace-normalised)."""
        if not span:
            return False
        try:
            applied = apply_span(span, self.data, self.media_type)
        except (SpanError, FormatTablesOcrError, UnreadablePdfError):
            return False
        return collapse_ws(applied) == collapse_ws(quote)
