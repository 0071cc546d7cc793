"""PDF text a reader never sees: invisible render modes, a fill colour matching what lies under it,
sub-point font sizes, and the document's `/Info` metadata.

The content stream is followed operator by operator: the fill colour (RGB, grey or CMYK, with the
`q`/`Q` stack), every filled path's bounding box and colour (so a text's background is the last
area painted under it, white paper when none), the text render mode and the effective font size.
Text is hidden when it is drawn in render mode 3 or 7 (invisible, clip only), when its fill has a
WCAG contrast ratio below 1.5:1 with its background (white on white, black on a black box; white
on a dark band is read normally), or when its size is under 1 pt.

A scanned page keeps its OCR layer in render mode 3 over the page image: that is the page's real
text, not hidden text. So invisible-mode text counts as hidden only where no image is drawn under
it — a logo in the header does not make the rest of the page a scan.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pypdf.errors import PdfReadError

from bench_pipeline.injection.channels import Channel
from bench_pipeline.injection.css_colours import RGBA, contrast_ratio
from bench_pipeline.reading.pdf import open_pdf

_INVISIBLE_MODES = (3, 7)
_MIN_VISIBLE_SIZE = 1.0
_MIN_CONTRAST = 1.5
_PAPER: RGBA = (255.0, 255.0, 255.0, 1.0)
_INK: RGBA = (0.0, 0.0, 0.0, 1.0)
_PAINT = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
_DISCARD = {b"n", b"S", b"s"}
# Pages whose stream has no invisible mode, no sub-point font and no colour but black are read
# without the (twice as slow) per-operator visitor: nothing on them can be hidden this way.
_INVISIBLE_MODE = re.compile(rb"(?<![\d.])[37]\s+Tr\b")
_TINY_FONT = re.compile(rb"\s0?\.\d+\s+Tf\b")
_COLOUR_OPERATOR = re.compile(rb"((?:-?\d*\.?\d+\s+){1,4})(?:rg|g|k|sc|scn)\b")


class _PageState:
    def __init__(self, image_names: set[str]) -> None:
        self.image_names = image_names
        self.images: list[tuple[float, float, float, float]] = []
        self.fill: RGBA = _INK
        self.render_mode = 0
        self.stack: list[tuple[RGBA, int]] = []
        self.path: list[tuple[float, float]] = []
        self.painted: list[tuple[tuple[float, float, float, float], RGBA]] = []
        self.hidden: list[str] = []
        self.shown: list[str] = []

    def before(self, operator: bytes, operands: list, cm, _tm) -> None:
        if operator == b"q":
            self.stack.append((self.fill, self.render_mode))
        elif operator == b"Q" and self.stack:
            self.fill, self.render_mode = self.stack.pop()
        elif operator == b"Tr" and operands:
            self.render_mode = int(operands[0])
        elif operator in (b"rg", b"g", b"k", b"sc", b"scn"):
            self.fill = _device_colour(operands) or self.fill
        elif operator == b"cs":
            self.fill = _INK
        elif operator == b"re" and len(operands) == 4:
            x, y, w, h = (float(value) for value in operands)
            self.path += [_apply(cm, x, y), _apply(cm, x + w, y + h)]
        elif operator in (b"m", b"l") and len(operands) == 2:
            self.path.append(_apply(cm, float(operands[0]), float(operands[1])))
        elif operator == b"c" and len(operands) == 6:
            self.path.append(_apply(cm, float(operands[4]), float(operands[5])))
        elif operator in _PAINT:
            if self.path:
                self.painted.append((_bbox(self.path), self.fill))
            self.path = []
        elif operator in _DISCARD:
            self.path = []
        elif operator == b"Do" and operands and str(operands[0]) in self.image_names:
            # An image fills the unit square of the current matrix.
            self.images.append(_bbox([_apply(cm, x, y) for x, y in ((0, 0), (1, 0), (0, 1), (1, 1))]))

    def text(self, text: str, cm, tm, _font, size: float) -> None:
        if not text.strip():
            return
        scale = abs(float(tm[0])) if tm else 1.0
        effective = size * (scale or 1.0)
        x, y = _apply(cm, float(tm[4]), float(tm[5])) if tm else (0.0, 0.0)
        invisible = self.render_mode in _INVISIBLE_MODES and not self._over_image(x, y)
        tiny = 0 < effective < _MIN_VISIBLE_SIZE
        blended = contrast_ratio(self.fill, self._background(x, y + effective / 3)) < _MIN_CONTRAST
        (self.hidden if invisible or tiny or blended else self.shown).append(text)

    def _over_image(self, x: float, y: float) -> bool:
        return any(left - 2 <= x <= right + 2 and bottom - 2 <= y <= top + 2 for left, bottom, right, top in self.images)

    def _background(self, x: float, y: float) -> RGBA:
        for (left, bottom, right, top), colour in reversed(self.painted):
            if left <= x <= right and bottom <= y <= top:
                return colour
        return _PAPER


def pdf_channels(data: bytes) -> Iterator[Channel]:
    """Hidden text per page as `pdf_hidden_text`, every `/Info` string as `meta_tag`, and the
    visible text as `system_imitation` candidates."""
    reader = open_pdf(data)
    for value in (reader.metadata or {}).values():
        if isinstance(value, str) and value.strip():
            yield Channel("meta_tag", value)
    for page in reader.pages:
        state = _PageState(_image_names(page))
        try:
            if _may_hide(_content_bytes(page)):
                page.extract_text(visitor_operand_before=state.before, visitor_text=state.text)
            else:
                state.shown.append(page.extract_text() or "")
        except (PdfReadError, ValueError, KeyError, TypeError, IndexError):
            continue
        if state.hidden:
            yield Channel("pdf_hidden_text", " ".join(state.hidden))
        yield Channel("system_imitation", " ".join(state.shown))


def _may_hide(content: bytes) -> bool:
    if _INVISIBLE_MODE.search(content) or _TINY_FONT.search(content):
        return True
    return any(_device_colour(match.group(1).split()) not in (_INK, None) for match in _COLOUR_OPERATOR.finditer(content))


def _image_names(page) -> set[str]:
    """Names of the XObjects a page draws that are images, or forms that may hold one (both count
    as a picture under any text drawn over them)."""
    try:
        xobjects = (page.get("/Resources") or {}).get("/XObject") or {}
        return {str(name) for name, ref in xobjects.items() if ref.get_object().get("/Subtype") in ("/Image", "/Form")}
    except (PdfReadError, ValueError, KeyError, AttributeError, TypeError):
        return set()


def _content_bytes(page) -> bytes:
    contents = page.get_contents()
    return contents.get_data() if contents is not None else b""


def _device_colour(operands: list) -> RGBA | None:
    """Grey, RGB or CMYK operands as RGB; None for a named colour space or pattern."""
    try:
        values = [float(value) for value in operands]
    except (TypeError, ValueError):
        return None
    if len(values) == 1:
        return (values[0] * 255, values[0] * 255, values[0] * 255, 1.0)
    if len(values) == 3:
        return (values[0] * 255, values[1] * 255, values[2] * 255, 1.0)
    if len(values) == 4:
        c, m, y, k = values
        return ((1 - c) * (1 - k) * 255, (1 - m) * (1 - k) * 255, (1 - y) * (1 - k) * 255, 1.0)
    return None


def _bbox(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _apply(cm, x: float, y: float) -> tuple[float, float]:
    if not cm:
        return (x, y)
    a, b, c, d, e, f = (float(value) for value in cm)
    return (a * x + c * y + e, b * x + d * y + f)
