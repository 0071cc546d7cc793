"""Personal data of natural persons goes; what a company publishes about itself stays."""

from __future__ import annotations

from bench_pipeline.redaction.findings import REDACTED, REDACTED_EMAIL, REDACTED_PHONE
from bench_pipeline.redaction.personal import personal_hits
from bench_pipeline.redaction.structure import redact_text


def _redact(text: str) -> tuple[str, set[str]]:
    found: list = []
    out = redact_text(text, "$", found)
    return out, {detector for _, detector, _ in found}


def test_personal_emails_go_role_mailboxes_stay():
    text = ("Contacto: ventas@acme.com.mx, atencion.clientes@acme.mx, Contacto@Acme.mx; "
            "director: juan.perez@acme.com.mx, particular jperez77@gmail.com; logo: logo@2x.png")
    out, detectors = _redact(text)
    assert "juan.perez" not in out and "jperez77" not in out
    assert out.count(REDACTED_EMAIL) == 2
    for kept in ("ventas@acme.com.mx", "atencion.clientes@acme.mx", "Contacto@Acme.mx", "logo@2x.png"):
        assert kept in out
    assert detectors == {"personal-email"}


def test_mexican_phones_go_in_every_written_form_but_toll_free_stays():
    text = ("Cel. +52 55 1234 5678, Ing. Ruiz (33) 3123-4567, 8112345678, antiguo 044 55 1234 5678, "
            "+52 1 55 1234 5678; sin costo 800 712 3456; fecha 2025-08-18 12:45:13, folio 1770825600")
    out, detectors = _redact(text)
    assert out.count(REDACTED_PHONE) == 5
    assert "800 712 3456" in out and "2025-08-18 12:45:13" in out and "1770825600" in out
    assert detectors == {"personal-phone"}


def test_a_number_the_page_presents_as_a_company_line_stays():
    text = ("<p>Escríbanos a ventas@acme.com.mx o llame al +52 461 618 2000.</p>"
            "<p>Conmutador: +52 442 215 8800</p><p>Oficina del director, celular 442 215 8801</p>")
    out, detectors = _redact(text)
    assert "+52 461 618 2000" in out and "+52 442 215 8800" in out
    assert "442 215 8801" not in out and detectors == {"personal-phone"}


def test_curp_and_person_rfc_go_company_rfc_stays():
    curp = "BOXW310820HNERXN09"  # python-stdnum's documented valid example, not a real person's
    person_rfc = "GODE561231GR8"
    company_rfc = "MAB9307148T4"
    out, detectors = _redact(f"CURP {curp}; RFC persona {person_rfc}; RFC empresa {company_rfc}.")
    assert curp not in out and person_rfc not in out
    assert company_rfc in out
    assert out.count(REDACTED) == 2
    assert detectors == {"curp", "person-rfc"}


def test_placeholders_are_not_personal_data():
    text = f"{REDACTED_EMAIL} {REDACTED_PHONE} {REDACTED}"
    assert _redact(text) == (text, set())


def test_ten_digits_inside_a_hex_digest_are_not_a_phone():
    # A manifest sha256 whose digits happen to spell a valid Mexican number, between hex letters.
    digest = "626d70f42acc29ab072e8771691065aecbdba86a0bb78302c3162191d1ead906"
    assert personal_hits(digest) == []
    assert [h.detector for h in personal_hits("llámame al 877 169 1065")] == ["personal-phone"]
