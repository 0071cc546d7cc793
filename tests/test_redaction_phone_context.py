"""A digit run is a phone by what it is, not by its digit count: one table per signal, each row on
its own. Every number here is invented (valid by the numbering plans, nobody's)."""

from __future__ import annotations

import pytest

from bench_pipeline.redaction.findings import REDACTED_PHONE
from bench_pipeline.redaction.structure import redact_json, redact_text

NUMBER = "55" + "3890" + "1274"  # written in other forms below


def _gone(text: str, value: str) -> bool:
    found: list = []
    out = redact_text(text, "$", found)
    return value not in out and any(detector == "personal-phone" for _, detector, _ in found)


# (signal, text, the digits that must go)
PHONES = [
    ("tel: link", f"[Llamar](tel:+52{NUMBER})", NUMBER),
    ("wa.me link in prose", f"Escríbeme: https://wa.me/521{NUMBER}", NUMBER),
    ("phone label", f"Tel. {NUMBER}", NUMBER),
    ("mobile label", f"Cel: {NUMBER}", NUMBER),
    ("WhatsApp word", f"WhatsApp {NUMBER} solo mensajes", NUMBER),
    ("verb of calling", f"llámame al {NUMBER}", NUMBER),
    ("'al' before the number", f"Pedidos al {NUMBER} (solo WhatsApp)", NUMBER),
    ("grouping", "Informes 55 3890 1274 por las tardes", "55 3890 1274"),
    ("plus and country code", "Su número es +52 (55) 2871-4490.", "2871-4490"),
    ("area code in parentheses", "Dudas (222) 318-4570", "318-4570"),
    ("retired mobile prefix", "Pedidos: 044 81 1239 8845", "1239 8845"),
    ("bare number in prose", f"Vendo bicicleta rodada 26, {NUMBER}, Zapopan", NUMBER),
    ("a person abroad, with +", "Mi hija vive en Houston, su cel +1 713 555 0142", "555 0142"),
    ("a person abroad, by the country's name", "Vive en Madrid, España; teléfono 612 345 678", "612 345 678"),
    ("a person abroad, international prefix", "Llámale al 00 34 612 345 678", "612 345 678"),
    ("a person abroad in the national form, by a phone word across a name and a city",
     "Si no contesta, llame a Ana Ruiz Torres en Londres: 07700 900123.", "07700 900123"),
    ("a person abroad, reached at", "Our rep Ana Ruiz (Toronto) can be reached at (416) 555-0142.", "555-0142"),
]


@pytest.mark.parametrize("signal, text, digits", PHONES, ids=[row[0] for row in PHONES])
def test_a_number_with_a_phone_context_goes(signal, text, digits):
    assert _gone(text, digits), signal


# (look-alike, text): digits that could dial and are something else.
NOT_PHONES = [
    ("SKU", f"SKU {NUMBER}"),
    ("SKU with colon", f"SKU: {NUMBER}"),
    ("order number", f"Detalle del pedido #{NUMBER}"),
    ("tracking guide", "Número de guía DHL (devolución): 4427185560"),
    ("order number after núm.", f"Pedido núm. {NUMBER}; entrega el lunes"),
    ("tracking guide with its carrier", "guía DHL 4427185560 en tránsito"),
    ("tracking guide that reads as a retired prefix", "guía FedEx 0137 1859 6801"),
    ("a label in a field that holds phones", "SKU 4427185560"),
    ("folio", "Folio 4427185560 de la aclaración"),
    ("amount with sign", "Monto estimado $5,538,901,274.00"),
    ("amount with currency after", f"Total {NUMBER} MXN"),
    ("amount label", f"Importe: {NUMBER}"),
    ("amount decimals", f"pagó {NUMBER}.50 en total"),
    ("ISBN", "ISBN 978-607-07-9912-9"),
    ("ISBN without label", "La ciudad de los volcanes, 978-607-07-9912-9, 312 págs."),
    ("postal code", "Col. Roma, C.P. 06700, Ciudad de México"),
    ("DOF code", "DOF 15/03/2024, código 5712345"),
    ("official letter number", "oficio 500-05-2024-12345"),
    ("model", f"Modelo {NUMBER}"),
    ("timestamp", "fecha 2025-08-18 12:45:13"),
    ("URL path id", f"Fuente: https://www.eluniversal.com.mx/nacion/articulo/{NUMBER}"),
    ("country name without phone context", "Exportó 612345678 toneladas a España"),
]


@pytest.mark.parametrize("look_alike, text", NOT_PHONES, ids=[row[0] for row in NOT_PHONES])
def test_digits_that_are_something_else_stay(look_alike, text):
    found: list = []
    assert redact_text(text, "$", found) == text, look_alike
    assert found == []


# (field, value, goes): the position a value sits in says what it holds.
POSITIONS = [
    ("phone", NUMBER, True),
    ("phoneNumber", NUMBER, True),
    ("telefono", NUMBER, True),
    ("whatsapp_number", NUMBER, True),
    ("id", NUMBER, False),
    ("productId", NUMBER, False),
    ("sku", NUMBER, False),
    ("price", NUMBER, False),
    ("cid", NUMBER, False),
    ("trackingNumber", NUMBER, False),
    ("id", f"tel:+52{NUMBER}", True),  # an id field holding a dial link holds a phone
    ("snippet", f"cita previa {NUMBER}", True),
]



@pytest.mark.parametrize("field, value, goes", POSITIONS, ids=[f"{row[0]}={row[1]}" for row in POSITIONS])
def test_a_field_named_for_phones_holds_phones_and_one_named_for_ids_holds_ids(field, value, goes):
    out = redact_json({field: value}, "$", [])[field]
    assert (out != value) is goes
    if goes:
        assert REDACTED_PHONE in out


def test_a_company_line_abroad_stays_like_one_at_home():
    text = "Oficinas (Houston): +1 713 555 0199. Lada sin costo +1 800 555 0100"
    assert redact_text(text, "$", []) == text
