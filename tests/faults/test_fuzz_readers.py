"""The HTML and PDF readers (bench_pipeline/reading/) on mutated pages: the bundled corpus's stored pages always,
real third-party pages and PDFs when they are beside the clone.

A stored page is data, not configuration: a page the reader cannot read is a measured failure of the read
(`unreadable_pdf`, `format_tables_ocr`, `needs_rendering`; an empty read becomes `empty_read` downstream),
never an exception, and never past the time limit. What the reader does return must hold: every span it
gives re-applies to exactly its block's text, and every PDF page it read reads the same through `page:N`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench_pipeline.observations.artifacts import local_read
from bench_pipeline.reading.apply import apply_span
from bench_pipeline.reading.html import read_html
from bench_pipeline.reading.pdf import FormatTablesOcrError, UnreadablePdfError, read_pdf
from tests.faults.fuzz_inputs import fuzz_settings, mutated_bytes, time_limit
from tests.realdata import require_realdata
from tests.recorded import CORPUS

READ_FAILURES = {"html": {None, "needs_rendering"}, "pdf": {None, "format_tables_ocr", "unreadable_pdf"}}
BUNDLED_HTML = sorted((CORPUS / "_shared" / "html").glob("*.html"))
BUNDLED_PDF = sorted((CORPUS / "_shared" / "pdf").glob("*.pdf"))
# Markup that has tripped HTML readers: unclosed and nested constructs, odd entities, a declared charset.
HTML_PIECES = [b"<script>", b"</script>", b"<!--", b"-->", b"<p>", b"</p>", b"<br>", b"<table><tr><td>", b"<title>",
               b"&#0;", b"&#x10FFFF;", b"&#xD800;", b"&#99999999;", b"&amp", b"\x00", b"\r", b"<![CDATA[",
               b'<meta charset="utf-16">', b'<meta charset="x-unknown">', b"<?xml version='1.0' encoding='latin-1'?>",
               b"<div>" * 3000, b"<b><i>" * 500, b"\xff\xfe", b"<svg>", b"<style>p{display:none}</style>"]
# In a PDF: the numbers that size and link its objects, and the references between them.
_PDF_NUMBER = re.compile(rb"(?<=[\s\[/])\d+(?=[\s\]>/])")
_PDF_REFERENCE = re.compile(rb"\d+ 0 R")


@st.composite
def mutated_html(draw, pages: list[Path]) -> bytes:
    data = draw(st.sampled_from(pages)).read_bytes()
    if draw(st.booleans()):
        return draw(mutated_bytes(data))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.sampled_from(HTML_PIECES)) + data[at:]
    return data


@st.composite
def mutated_pdf(draw, files: list[Path]) -> bytes:
    """Bytes flipped, cut or inserted, or the PDF's own structure bent: a size or count replaced by an
    extreme number, a reference pointed at another object (loops included)."""
    data = draw(st.sampled_from(files)).read_bytes()
    kind = draw(st.sampled_from(["bytes", "number", "reference"]))
    if kind == "bytes":
        return draw(mutated_bytes(data))
    pattern = _PDF_NUMBER if kind == "number" else _PDF_REFERENCE
    found = list(pattern.finditer(data))
    for _ in range(draw(st.integers(1, 3))):
        match = draw(st.sampled_from(found))
        if kind == "number":
            new = str(draw(st.sampled_from([0, 1, 2, 7, 255, 65535, 2 ** 31, 10 ** 12]))).encode()
        else:
            new = draw(st.sampled_from([m.group() for m in found]))
        data = data[:match.start()] + new + data[match.end():]
        found = list(pattern.finditer(data))
    return data


def check_html(data: bytes, renders_javascript: bool) -> None:
    with time_limit():
        text, failure = local_read(data, "html", renders_javascript)
        reading = read_html(data, renders_javascript)
    assert isinstance(text, str) and failure in READ_FAILURES["html"], failure
    for block in reading.blocks:
        if block.span:
            assert apply_span(block.span, data, "html") == block.text, block.span


def check_pdf(data: bytes) -> None:
    with time_limit():
        text, failure = local_read(data, "pdf", False)
        try:
            reading = read_pdf(data)
        except (FormatTablesOcrError, UnreadablePdfError):
            reading = None
    assert isinstance(text, str) and failure in READ_FAILURES["pdf"], failure
    if reading is None:
        return
    # Three pages are enough to hold `page:N` to the reading: each one opens the whole file again.
    read = [n for n in range(1, len(reading.pages) + 1) if n not in reading.ocr_pages]
    for number in sorted({*read[:2], *read[-1:]}):
        try:
            again = apply_span(f"page:{number}", data, "pdf")
        except UnreadablePdfError:
            raise AssertionError(f"page {number} read whole, then not through page:{number}") from None
        assert again == reading.pages[number - 1], f"page {number} reads otherwise"


@fuzz_settings(60)
@given(mutated_html(BUNDLED_HTML), st.booleans())
def test_html_reader_on_mutated_bundled_pages(data, renders_javascript):
    check_html(data, renders_javascript)


@fuzz_settings(40)
@given(mutated_pdf(BUNDLED_PDF))
def test_pdf_reader_on_mutated_bundled_pdfs(data):
    check_pdf(data)


def real_pages() -> list[Path]:
    pages = sorted(require_realdata("trafilatura", "files", "tests", "eval").glob("*.html"))
    return pages + sorted(require_realdata("mozilla-readability", "files", "test", "test-pages").glob("*/source.html"))


def real_pdfs() -> list[Path]:
    # The two shortest of the real PDFs (2 and 13 pages): the long ones take seconds a read, mutated or not.
    folder = require_realdata("tezca-mx", "files", "data", "raw", "pdfs")
    return [folder / "19.pdf", folder / "105.pdf"]


@pytest.mark.realdata
@fuzz_settings(40)
@given(st.deferred(lambda: mutated_html(real_pages())), st.booleans())  # skips at the first draw when absent
def test_html_reader_on_mutated_real_pages(data, renders_javascript):
    check_html(data, renders_javascript)


@pytest.mark.realdata
@fuzz_settings(10)
@given(st.deferred(lambda: mutated_pdf(real_pdfs())))
def test_pdf_reader_on_mutated_real_pdfs(data):
    check_pdf(data)
