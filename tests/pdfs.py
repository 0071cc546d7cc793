"""Small PDFs built at test time with reportlab: text pages, a scanned page, hidden text layers."""

from __future__ import annotations

import io

from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas


def _image() -> ImageReader:
    buffer = io.BytesIO()
    Image.new("RGB", (60, 40), (90, 90, 90)).save(buffer, format="PNG")
    buffer.seek(0)
    return ImageReader(buffer)


def text_pdf(pages: list[list[str]]) -> bytes:
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    for lines in pages:
        y = 760
        for line in lines:
            pdf.drawString(72, y, line)
            y -= 16
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def scanned_pdf(pages: int = 1) -> bytes:
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    for _ in range(pages):
        pdf.drawImage(_image(), 72, 400, width=400, height=300)
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def layered_pdf(visible: str, hidden: str, *, render_mode: int = 3, white: bool = False, with_image: bool = False) -> bytes:
    """One page: `visible` drawn normally, `hidden` drawn invisibly (render mode 3 or white fill),
    optionally over an image, as an OCR'd scan carries its text layer."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    if with_image:  # under the hidden line, as a scan's page image lies under its OCR layer
        pdf.drawImage(_image(), 60, 560, width=460, height=200)
    pdf.drawString(72, 760, visible)
    text = pdf.beginText(72, 700)
    if white:
        text.setFillColorRGB(1, 1, 1)
    else:
        text.setTextRenderMode(render_mode)
    text.textLine(hidden)
    pdf.drawText(text)
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def banded_pdf(text: str, *, band: tuple[float, float, float], ink: tuple[float, float, float]) -> bytes:
    """One page: a visible heading, then `text` in colour `ink` on a filled box of colour `band`."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    pdf.drawString(72, 760, "Informe anual 2025")
    pdf.setFillColorRGB(*band)
    pdf.rect(50, 690, 500, 30, fill=1, stroke=0)
    pdf.setFillColorRGB(*ink)
    pdf.drawString(72, 700, text)
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def logo_pdf(hidden: str) -> bytes:
    """A letterhead logo at the top, visible body text, and `hidden` in render mode 3 at the foot."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    pdf.drawImage(_image(), 72, 740, width=60, height=40)
    pdf.drawString(72, 700, "Ley de Ingresos de la Federación")
    text = pdf.beginText(72, 60)
    text.setTextRenderMode(3)
    text.textLine(hidden)
    pdf.drawText(text)
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()
