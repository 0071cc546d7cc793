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


def _pdf_string(text: str) -> str:
    return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def _raw_pdf(objects: list[bytes]) -> bytes:
    """A PDF of numbered `objects` (1 is the catalog), with a correct cross-reference table."""
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def optional_content_pdf(visible: str, layered: str, *, layer_on: bool) -> bytes:
    """One page: `visible` drawn plainly, `layered` inside an optional-content group (a layer) that
    the document's default configuration switches on or off."""
    content = (f"BT /F1 12 Tf 72 760 Td {_pdf_string(visible)} Tj ET\n"
               f"/OC /L1 BDC BT /F1 12 Tf 72 700 Td {_pdf_string(layered)} Tj ET EMC\n").encode("latin-1")
    state = "/ON [5 0 R]" if layer_on else "/OFF [5 0 R]"
    return _raw_pdf([
        f"<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [5 0 R] /D << {state} >> >> >>".encode(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
        b" /Resources << /Font << /F1 6 0 R >> /Properties << /L1 5 0 R >> >> >>",
        f"<< /Length {len(content)} >>\nstream\n".encode() + content + b"endstream",
        b"<< /Type /OCG /Name (Notas) >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ])


def annotated_pdf(visible: str, note: str, *, rect: tuple[float, float, float, float] = (72, 600, 92, 620),
                  free_text: bool = False) -> bytes:
    """One page of `visible` text with an annotation whose contents are `note`: a sticky note, or a
    free-text annotation drawn on the page, in `rect`."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    pdf.drawString(72, 760, visible)
    if free_text:
        pdf.freeTextAnnotation(note, DA="/Helv 10 Tf 0 g", Rect=rect, relative=0)
    else:
        pdf.textAnnotation(note, Rect=rect, relative=0)
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def form_pdf(visible: str, *, value: str = "", tooltip: str = "", size: tuple[float, float] = (300, 20)) -> bytes:
    """One page of `visible` text and a text field holding `value`, with `tooltip`, of `size` points."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    pdf.drawString(72, 760, visible)
    pdf.acroForm.textfield(name="campo", value=value, tooltip=tooltip or None, x=72, y=600,
                           width=size[0], height=size[1])
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def painted_over_pdf(text: str, *, cover: tuple[float, float, float] | None, alpha: float = 1.0) -> bytes:
    """One page: a heading, then `text`, then (when `cover` is a colour) a filled box painted over it."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    pdf.drawString(72, 760, "Informe anual 2025")
    pdf.drawString(72, 700, text)
    if cover is not None:
        pdf.setFillColorRGB(*cover)
        pdf.setFillAlpha(alpha)
        pdf.rect(60, 690, 520, 30, fill=1, stroke=0)
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()
