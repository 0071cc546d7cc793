"""PDF artifacts to page text with pypdf. A page that is only images is a scan: it fails loudly."""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache

from pydantic import BaseModel, ConfigDict
from pypdf import PdfReader
from pypdf.errors import PdfReadError

FORMAT_TABLES_OCR = "format_tables_ocr"


class FormatTablesOcrError(ValueError):
    """The PDF (or the page asked for) carries its text only as images: it needs OCR we do not run."""

    code = FORMAT_TABLES_OCR

    def __init__(self, pages: list[int]):
        self.pages = pages
        shown = ", ".join(map(str, pages[:10])) + (" …" if len(pages) > 10 else "")
        super().__init__(f"{FORMAT_TABLES_OCR}: page(s) {shown} have images and no text layer")


class UnreadablePdfError(ValueError):
    """The bytes are not a PDF pypdf can open."""


class PdfReading(BaseModel):
    model_config = ConfigDict(frozen=True)

    pages: list[str]
    ocr_pages: list[int]  # 1-based pages with images and no text

    @property
    def text(self) -> str:
        return "\n".join(self.pages)

    def page_text(self, number: int) -> str:
        if number in self.ocr_pages:
            raise FormatTablesOcrError([number])
        return self.pages[number - 1]


def open_pdf(data: bytes) -> PdfReader:
    # pypdf logs every recoverable oddity of real-world PDFs as a warning; they are not ours to show.
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    with _damage_is_unreadable(lambda: "the file"):
        return PdfReader(io.BytesIO(data))


# The same stored PDF is read for every provider that cites it, by observations and citability alike.
@lru_cache(maxsize=32)
def read_pdf(data: bytes) -> PdfReading:
    """Every page's `extract_text()`. A document whose only content is images raises
    FormatTablesOcrError rather than returning empty text that would look like an answer; one pypdf
    cannot walk (a damaged stream, a page tree that loops) raises UnreadablePdfError."""
    reader = open_pdf(data)
    pages: list[str] = []
    ocr_pages: list[int] = []
    with _damage_is_unreadable(lambda: f"page {len(pages) + 1}"):
        for number, page in enumerate(reader.pages, start=1):
            text = page.extract_text() or ""
            pages.append(text)
            if _needs_ocr(page, text):
                ocr_pages.append(number)
    if ocr_pages and not any(text.strip() for text in pages):
        raise FormatTablesOcrError(ocr_pages)
    return PdfReading(pages=pages, ocr_pages=ocr_pages)


def extract_page(page, number: int) -> str:
    """One page's text; a page that is only images raises FormatTablesOcrError."""
    with _damage_is_unreadable(lambda: f"page {number}"):
        text = page.extract_text() or ""
    if _needs_ocr(page, text):
        raise FormatTablesOcrError([number])
    return text


@contextmanager
def _damage_is_unreadable(where: Callable[[], str]) -> Iterator[None]:
    """What pypdf raises on damaged bytes is not a closed set (PdfReadError, ValueError from a filter,
    KeyError or TypeError from a malformed dictionary, RecursionError from a loop): all of it, inside these
    pypdf calls, means the stored PDF cannot be read, which is a read failure, not a crash."""
    try:
        yield
    except FormatTablesOcrError:
        raise
    except Exception as exc:
        raise UnreadablePdfError(f"not a readable PDF: {where()}: {type(exc).__name__}: {exc}") from None


def _needs_ocr(page, text: str) -> bool:
    return not text.strip() and has_images(page)


def has_images(page) -> bool:
    """Whether the page draws an image XObject (directly or through a form), without decoding it."""
    try:
        return _draws_image(page.get("/Resources"), depth=0)
    except (PdfReadError, ValueError, KeyError, AttributeError):
        # Resources we cannot walk are treated as images: the page is then not read as text.
        return True


def _draws_image(resources, depth: int) -> bool:
    if resources is None or depth > 3:
        return False
    xobjects = resources.get_object().get("/XObject")
    if xobjects is None:
        return False
    for reference in xobjects.get_object().values():
        xobject = reference.get_object()
        subtype = xobject.get("/Subtype")
        if subtype == "/Image" or (subtype == "/Form" and _draws_image(xobject.get("/Resources"), depth + 1)):
            return True
    return False
