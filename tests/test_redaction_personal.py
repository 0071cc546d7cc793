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


def _redact_json(value):
    from bench_pipeline.redaction.structure import redact_json

    return redact_json(value, "$", [])


def test_personal_data_goes_wherever_a_response_carries_it():
    # Built from parts: a wa.me path, a percent-encoded tel: link, a dict key, markup splitting a value.
    mobile = "55" + "3890" + "1274"
    body = {
        "links": [f"https://wa.me/521{mobile}?text=Hola", "tel:+52%2033%201772%200466"],
        "images": {f"Llámame {mobile[:2]} {mobile[2:6]} {mobile[6:]}": "https://i.ibb.co/x.png"},
        "raw_content": "<p>Tel. <b>33</b> 3615 2290</p><p>Correo: lucia.ibarra.r<wbr>@outlook.com</p>",
        "url": f"https://www.segundamano.mx/anuncios/tsuru-2015-tel-614-228-7745-7790125",
    }
    out = str(_redact_json(body))
    for gone in (mobile, "1772", "3615 2290", "lucia.ibarra.r", "614-228-7745"):
        assert gone not in out, gone
    assert "https://wa.me/" in out and "segundamano.mx/anuncios/tsuru-2015-tel-" in out


def test_identity_numbers_by_their_label_and_check_digit():
    nss = "1203854471" + "9"  # Luhn-valid
    text = (f"NSS: {nss}; CIC 231456789; OCR 1523087654321; CLABE 0121 8001 5473 8291 06; "
            f"curp en la URL gosr850312hdfmlm08; pedido 98765432109; RFC público en general XAXX010101000")
    out, detectors = _redact(text)
    for gone in (nss + ";", "231456789", "1523087654321", "0121 8001", "gosr850312hdfmlm08"):
        assert gone not in out, gone
    assert "pedido 98765432109" in out and "XAXX010101000" in out
    assert {"identity-number", "clabe", "curp"} <= detectors


def test_company_lines_and_role_mailboxes_stay_by_structure_not_by_list():
    text = ("## Servicios escolares\n(81) 8328 4000 ext. 4135 · servicios.escolares@urn.edu.mx\n"
            "Conmutador: (81) 8328 4000 ext. 4120. Escríbanos a pedidos@casaybazar.com.mx, reclutamiento@logistica.mx, "
            "arco@seguros.mx. Línea Directa: (55) 5140 9900. Número de guía DHL (devolución): 4427185560. "
            "Guía Empresarial 01-871-871-7248, vendedor juan.perez@casaybazar.com.mx, pedidos.ruiz@gmail.com")
    out, _ = _redact(text)
    for kept in ("(81) 8328 4000 ext. 4135", "(81) 8328 4000 ext. 4120", "servicios.escolares@urn.edu.mx",
                 "pedidos@casaybazar.com.mx", "reclutamiento@logistica.mx", "arco@seguros.mx", "(55) 5140 9900", "4427185560"):
        assert kept in out, kept
    for gone in ("871-871-7248", "juan.perez", "pedidos.ruiz"):
        assert gone not in out, gone


def test_a_home_address_goes_and_a_company_address_stays():
    text = ("Domicilio: Calle Río Pánuco 214, Col. Roma, C.P. 64700, Monterrey, N.L.\n"
            "Se entrega en Av. Chapultepec 1480 int. 3, Col. Americana, 44160 Guadalajara, Jal. Llamar al vendedor.\n"
            "Seguros Altavista S.A. de C.V., con domicilio en Av. Insurgentes Sur 1602, piso 9, Col. Crédito Constructor, C.P. 03940\n"
            "Oficinas: Blvd. Díaz Ordaz 130, Col. Santa María, 64650 Monterrey, N.L.")
    out, detectors = _redact(text)
    assert "Río Pánuco 214" not in out and "Chapultepec 1480" not in out
    assert "Av. Insurgentes Sur 1602" in out and "Blvd. Díaz Ordaz 130" in out
    assert detectors == {"home-address"}
