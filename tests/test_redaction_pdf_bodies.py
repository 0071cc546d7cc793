"""Binary bodies are not exempt: a PDF body is read (text layer, metadata, links, form fields) and
refused with one line naming the file and what was found; other bytes are read as Latin-1, redacted
in place when they are text, refused otherwise. The fixture scan reads PDFs the same way. Personal
data here is invented."""

from __future__ import annotations

import base64
import io
from pathlib import Path

import pytest
from reportlab.pdfgen import canvas

from bench_pipeline.cli import main
from bench_pipeline.files import dump_json, write_atomic
from bench_pipeline.redaction.command import run_redact
from bench_pipeline.redaction.scan import scan_fixture_tree, scan_pdf

PHONE = "55 3890 1274"
EMAIL = "rocio.flores" + "@" + "gmail.com"


def _pdf(lines: list[str], *, author: str = "", subject: str = "", link: str = "", field: str = "") -> bytes:
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    pdf.setAuthor(author)
    pdf.setSubject(subject)
    for index, line in enumerate(lines):
        pdf.drawString(72, 760 - 16 * index, line)
    if link:
        pdf.linkURL(link, (72, 600, 300, 620))
    if field:
        pdf.acroForm.textfield(name="telefono", value=field, x=72, y=500, width=200, height=20)
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def _bench_redact(incoming: Path, fixtures: Path) -> int:
    """`bench redact`: a refused file is bad input (exit 2, one line naming it), like every command's."""
    return main(["redact", "--incoming", str(incoming), "--fixtures", str(fixtures)])


def _exchange(body: bytes, content_type: str) -> dict:
    return {"provider": "firecrawl", "operation": "fetch", "case_id": "gs-009", "captured_at": "2026-11-20T18:03:11Z",
            "request": {"method": "GET", "url": "https://www.acme.mx/informe-2025.pdf", "headers": {}},
            "response": {"status": 200, "headers": {"content-type": content_type},
                         "body_b64": base64.b64encode(body).decode("ascii")}}


CLEAN_LINES = ["Aceros Celaya, S.A. de C.V. Informe anual 2025.", "Conmutador: +52 461 618 2000",
               "Escríbanos a ventas@aceroscelaya.com.mx", "SKU 5538901274 · Total $1,250,000.00 MXN"]

# (where the personal datum sits, the PDF): each one refused.
CARRIERS = [
    ("text layer", _pdf([*CLEAN_LINES, f"Contacto del proveedor: Juan Pérez, cel. {PHONE}"])),
    ("document information", _pdf(CLEAN_LINES, author=EMAIL)),
    ("subject metadata", _pdf(CLEAN_LINES, subject="Expediente de Rocío Flores, CURP BOXW310820HNERXN09")),
    ("link annotation", _pdf(CLEAN_LINES, link="https://wa.me/5215538901274")),
    ("form field", _pdf(CLEAN_LINES, field=f"cel. {PHONE}")),
]


@pytest.mark.parametrize("where, pdf", CARRIERS, ids=[row[0] for row in CARRIERS])
def test_bench_redact_refuses_a_pdf_body_carrying_personal_data(where, pdf, tmp_path: Path, capsys):
    incoming = tmp_path / "incoming"
    write_atomic(incoming / "firecrawl/fetch/gs-009.json", dump_json(_exchange(pdf, "application/pdf")))
    assert _bench_redact(incoming, tmp_path / "fixtures") == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "gs-009.json: response.body_b64: the PDF body carries" in lines[0], (where, lines)
    assert not (tmp_path / "fixtures").exists()


def test_a_clean_pdf_body_passes_byte_for_byte(tmp_path: Path):
    pdf = _pdf(CLEAN_LINES, author="Aceros Celaya, S.A. de C.V.", link="https://www.aceroscelaya.com.mx/contacto")
    incoming, fixtures = tmp_path / "incoming", tmp_path / "fixtures"
    write_atomic(incoming / "firecrawl/fetch/gs-009.json", dump_json(_exchange(pdf, "application/pdf")))
    assert run_redact(incoming, fixtures) == 0
    stored = (fixtures / "firecrawl/fetch/gs-009.json").read_text(encoding="utf-8")
    assert base64.b64encode(pdf).decode("ascii") in stored
    assert scan_fixture_tree(fixtures) == []


def test_the_fixture_scan_reads_pdf_metadata_and_pdf_bodies(tmp_path: Path):
    fixtures = tmp_path / "fixtures"
    write_atomic(fixtures / "_shared/pdf/informe.pdf", _pdf(CLEAN_LINES, author=EMAIL))
    write_atomic(fixtures / "firecrawl/fetch/gs-009.json",
                 dump_json(_exchange(_pdf([f"WhatsApp {PHONE}"]), "application/pdf")))
    findings = {(f.file, f.detector) for f in scan_fixture_tree(fixtures)}
    assert ("_shared/pdf/informe.pdf", "personal-email") in findings
    assert ("firecrawl/fetch/gs-009.json", "unreadable-body") in findings
    assert scan_pdf(_pdf(CLEAN_LINES), "clean.pdf") == []


def test_a_page_in_another_charset_is_redacted_in_place(tmp_path: Path):
    page = f"<p>Teléfono celular de José: {PHONE}</p><p>Escríbanos a ventas@aceroscelaya.com.mx</p>".encode("cp1252")
    incoming, fixtures = tmp_path / "incoming", tmp_path / "fixtures"
    write_atomic(incoming / "firecrawl/fetch/gs-009.json", dump_json(_exchange(page, "text/html; charset=windows-1252")))
    assert run_redact(incoming, fixtures) == 0
    stored = (fixtures / "firecrawl/fetch/gs-009.json").read_text(encoding="utf-8")
    body = base64.b64decode(stored.split('"body_b64": "')[1].split('"')[0]).decode("cp1252")
    assert PHONE not in body and body.startswith("<p>Teléfono celular de José: ") and "ventas@aceroscelaya.com.mx" in body


def test_other_bytes_carrying_personal_data_are_refused(tmp_path: Path, capsys):
    image = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x19tEXtAuthor\x00" + EMAIL.encode() + b"\x00\xff\xfe"
    incoming = tmp_path / "incoming"
    write_atomic(incoming / "firecrawl/fetch/gs-009.json", dump_json(_exchange(image, "image/png")))
    assert _bench_redact(incoming, tmp_path / "fixtures") == 2
    assert "the binary body carries personal-email" in capsys.readouterr().err
