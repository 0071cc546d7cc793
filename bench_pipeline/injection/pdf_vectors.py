"""PDF text a reader never sees: render mode 3 (invisible), white fill, sub-point font sizes.

A scanned page (one with images) keeps its OCR layer in render mode 3 — that is the page's real
text, not hidden text, so mode-3 text counts as hidden only on pages without images.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pypdf.errors import PdfReadError

from bench_pipeline.injection.channels import Channel
from bench_pipeline.reading.pdf import has_images, open_pdf

_INVISIBLE_MODE = 3
_MIN_VISIBLE_SIZE = 1.0
# Operators that can hide text: render mode 3, a white fill, a sub-point font. Pages without any
# of them are read without the (twice as slow) per-operator visitor.
_HIDING_OPERATORS = re.compile(
    rb"(?<![\d.])3\s+Tr\b|(?<![\d.])1(?:\.0*)?\s+(?:1(?:\.0*)?\s+1(?:\.0*)?\s+(?:rg|sc|scn)|g)\b"
    rb"|(?<![\d.])0\s+0\s+0\s+0\s+k\b|\s0?\.\d+\s+Tf\b"
)


class _TextState:
    def __init__(self, page_has_images: bool) -> None:
        self.page_has_images = page_has_images
        self.render_mode = 0
        self.white_fill = False
        self.hidden: list[str] = []
        self.shown: list[str] = []

    def before(self, operator: bytes, operands: list, _cm, _tm) -> None:
        if operator == b"Tr" and operands:
            self.render_mode = int(operands[0])
        elif operator in (b"rg", b"g", b"sc", b"scn") and operands:
            self.white_fill = _is_white(operands)
        elif operator == b"k" and len(operands) == 4:
            self.white_fill = all(float(value) == 0 for value in operands)

    def text(self, text: str, _cm, tm, _font, size: float) -> None:
        if not text.strip():
            return
        scale = abs(float(tm[0])) if tm else 1.0
        invisible = self.render_mode == _INVISIBLE_MODE and not self.page_has_images
        tiny = 0 < size * (scale or 1.0) < _MIN_VISIBLE_SIZE
        (self.hidden if invisible or self.white_fill or tiny else self.shown).append(text)


def pdf_channels(data: bytes) -> Iterator[Channel]:
    """Hidden text per page as `pdf_hidden_text`, the document info as `meta_tag`, and the
    visible text as `system_imitation` candidates."""
    reader = open_pdf(data)
    for field in ("/Title", "/Subject", "/Keywords"):
        value = (reader.metadata or {}).get(field)
        if isinstance(value, str) and value.strip():
            yield Channel("meta_tag", value)
    for page in reader.pages:
        state = _TextState(has_images(page))
        try:
            if _HIDING_OPERATORS.search(_content_bytes(page)):
                page.extract_text(visitor_operand_before=state.before, visitor_text=state.text)
            else:
                state.shown.append(page.extract_text() or "")
        except (PdfReadError, ValueError, KeyError, TypeError):
            continue
        if state.hidden:
            yield Channel("pdf_hidden_text", " ".join(state.hidden))
        yield Channel("system_imitation", " ".join(state.shown))


def _content_bytes(page) -> bytes:
    contents = page.get_contents()
    return contents.get_data() if contents is not None else b""


def _is_white(operands: list) -> bool:
    try:
        values = [float(value) for value in operands]
    except (TypeError, ValueError):
        return False  # a named colour space or pattern: not a plain white fill
    return len(values) in (1, 3) and all(value >= 0.95 for value in values)

