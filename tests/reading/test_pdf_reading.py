import io

import pytest
from pypdf import PdfReader, PdfWriter

from bench_pipeline.reading.pdf import FORMAT_TABLES_OCR, FormatTablesOcrError, UnreadablePdfError, read_pdf
from tests.pdfs import scanned_pdf, text_pdf


def test_pages_come_back_in_order_with_their_text():
    reading = read_pdf(text_pdf([["Página uno: acentos áéíóú ñ"], ["Página dos"]]))
    assert len(reading.pages) == 2
    assert "acentos áéíóú ñ" in reading.page_text(1)
    assert reading.page_text(2).strip() == "Página dos"
    assert reading.ocr_pages == []


def test_a_scanned_document_fails_as_format_tables_ocr_not_as_empty_text():
    with pytest.raises(FormatTablesOcrError) as failure:
        read_pdf(scanned_pdf(pages=2))
    assert failure.value.code == FORMAT_TABLES_OCR
    assert failure.value.pages == [1, 2]


def test_an_image_page_inside_a_text_document_fails_when_read():
    writer = PdfWriter()
    for source in (text_pdf([["Texto"]]), scanned_pdf()):
        writer.append(PdfReader(io.BytesIO(source)))
    buffer = io.BytesIO()
    writer.write(buffer)
    reading = read_pdf(buffer.getvalue())
    assert reading.ocr_pages == [2]
    with pytest.raises(FormatTablesOcrError):
        reading.page_text(2)


def test_bytes_that_are_not_a_pdf_are_an_error():
    with pytest.raises(UnreadablePdfError):
        read_pdf(b"<html>not a pdf</html>")
