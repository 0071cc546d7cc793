"""A real PDF carrying planted values in its text layer and its document information, and the reading
of both back out of a redacted PDF with pypdf (the judge reads PDFs on its own, not with the redactor's reader)."""

from __future__ import annotations

import functools
import io
import logging

from pypdf import PdfReader
from pypdf.errors import PdfReadError
from reportlab.pdfgen import canvas

LINES_PER_PAGE = 44
# The judge tries every base64 run; one that decodes to part of a PDF is dropped without pypdf's warnings.
logging.getLogger("pypdf").setLevel(logging.ERROR)


def build(lines: list[str], info: dict[str, str]) -> bytes:
    """`info` keys: author, title, subject, keywords, creator (reportlab's document information)."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, invariant=1)  # no creation time or random id: a seed gives the same bytes
    pdf.setAuthor(info["author"])
    pdf.setTitle(info["title"])
    pdf.setSubject(info["subject"])
    pdf.setKeywords(info["keywords"])
    pdf.setCreator(info["creator"])
    for start in range(0, len(lines), LINES_PER_PAGE):
        y = 780
        for line in lines[start:start + LINES_PER_PAGE]:
            pdf.setFont("Helvetica", 7)
            pdf.drawString(24, y, line)
            y -= 17
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


@functools.lru_cache(maxsize=32)  # the same recorded PDF rides along in every case planted beside it
def read(data: bytes) -> tuple[str, ...] | None:
    """The text of every page and every document-information value; None when `data` is not a readable PDF."""
    try:
        reader = PdfReader(io.BytesIO(data))
        texts = [page.extract_text() or "" for page in reader.pages]
        texts += [str(value) for value in (reader.metadata or {}).values()]
    except (PdfReadError, ValueError, KeyError, TypeError):
        return None
    return tuple(texts)
