"""Identity and address cues as families: verbs of residing, a date of birth, an age or a sex tied
to a person go; a publication date, a company's address and years, a role mailbox stay. One row per
signal, both sides. Every person and address here is invented."""

from __future__ import annotations

import pytest

from bench_pipeline.redaction.structure import redact_json, redact_text

ADDRESS = "Calle Río Pánuco 214, Col. Roma, C.P. 64700, Monterrey, N.L."


def _redact(text: str) -> tuple[str, set[str]]:
    found: list = []
    return redact_text(text, "$", found), {detector for _, detector, _ in found}


# (cue, text, value that must go, detector)
MUST_GO = [
    ("vive en", f"Daniel Treviño vive en {ADDRESS}", "Río Pánuco 214", "home-address"),
    ("reside en", f"La quejosa reside en {ADDRESS}", "Río Pánuco 214", "home-address"),
    ("radica en", f"El vendedor radica en {ADDRESS}", "Río Pánuco 214", "home-address"),
    ("con domicilio en, a person", f"Juan Pérez López, con domicilio en {ADDRESS}", "Río Pánuco 214", "home-address"),
    ("domiciliado en", f"Rocío Flores, domiciliada en {ADDRESS}", "Río Pánuco 214", "home-address"),
    ("lives at", f"My aunt lives at {ADDRESS}", "Río Pánuco 214", "home-address"),
    ("habita en, no street word", "Ximena Ruiz habita en Río Lerma 120, Col. Centro, Monterrey.", "Río Lerma 120",
     "home-address"),
    ("tiene su domicilio en, no street word",
     "Rodrigo Pérez tiene su domicilio en Río Lerma 120, Col. Centro, León.", "Río Lerma 120", "home-address"),
    ("nació el", "Itzel Ramírez nació el 12 de marzo de 1991 en Puebla.", "12 de marzo de 1991", "birth-date"),
    ("fecha de nacimiento", "Nombre: Luis García\nFecha de nacimiento: 03/07/1988", "03/07/1988", "birth-date"),
    ("born on", "Fernando Ruiz was born on March 12, 1985.", "March 12, 1985", "birth-date"),
    ("birthDate in JSON-LD", '{"@type": "Person", "name": "Rocío Torres", "birthDate": "1990-04-21"}', "1990-04-21",
     "birth-date"),
    ("DOB label", "Patient: Alejandro Sánchez, DOB 21/04/1990", "21/04/1990", "birth-date"),
    ("birth label naming the person", "F. Nac. de Araceli Villaseñor Sánchez: May 11, 1982.", "May 11, 1982",
     "birth-date"),
    ("English age in apposition", "Brenda Ramírez Cetina, a 61-year-old engineer, was promoted.", "61-year-old",
     "age"),
    ("age after a name", "Verónica Hernández, de 34 años, vecina de Tlalpan", "34 años", "age"),
    ("age in parentheses", "Luis Flores (52 años) fue visto por última vez", "52 años", "age"),
    ("age label", "Edad: 41", "41", "age"),
    ("age, tiene", "Guadalupe Martínez tiene 67 años y vive sola", "67 años", "age"),
    ("sex label", "Sexo: Femenino", "Femenino", "sex"),
    ("gender in JSON-LD", '"gender": "Male"', "Male", "sex"),
]


@pytest.mark.parametrize("cue, text, gone, detector", MUST_GO, ids=[row[0] for row in MUST_GO])
def test_a_persons_address_birth_date_age_or_sex_goes(cue, text, gone, detector):
    out, detectors = _redact(text)
    assert gone not in out, (cue, out)
    assert detector in detectors


# (look-alike, text): company addresses, publication dates, a company's years, thresholds.
MUST_STAY = [
    ("company domicile", f"Aceros Celaya, S.A. de C.V., con domicilio en {ADDRESS}"),
    ("company located", f"La planta se ubica en {ADDRESS}"),
    ("company offices", f"Oficinas: {ADDRESS}"),
    ("publication date", "Publicado el 12 de marzo de 2024 por la redacción"),
    ("company founding", "La empresa nació en 1985 en Celaya y fue fundada el 12 de marzo de 1985."),
    ("company birth verb", "Grupo Acerero nació el 1 de junio de 1990 como taller familiar."),
    ("years of experience", "Luis García, con 30 años de experiencia en aceros"),
    ("a company's years", "Aceros Celaya, de 40 años de trayectoria"),
    ("age threshold", "Las personas mayores de 18 años de edad pueden registrarse."),
    ("place before years", "Nuevo León, 20 años después del huracán"),
    ("place before a span of years", "Nuevo León, a 20 años de su fundación"),
    ("a company's years in apposition", "Grupo Bimbo, a 78-year-old company"),
    ("company domicile, no street word", "La empresa tiene su domicilio en Río Lerma 120, Col. Centro, León."),
    ("page age", '"age": "3 hours ago"'),
    ("genre", "Género: Novela histórica"),
    ("date of a law", "Última reforma publicada DOF 20-05-2021"),
]


@pytest.mark.parametrize("look_alike, text", MUST_STAY, ids=[row[0] for row in MUST_STAY])
def test_what_is_not_a_persons_stays(look_alike, text):
    out, detectors = _redact(text)
    assert out == text, (look_alike, detectors)


# Role mailboxes inside page text (markdown, HTML, prose), not only in contact fields.
ROLE_MAILBOXES = [
    ("markdown link", "[Escríbenos](mailto:contacto@aceroscelaya.com.mx) para cotizar"),
    ("HTML paragraph", "<p>Ventas corporativas: <a href='mailto:ventas@aceroscelaya.com.mx'>ventas@aceroscelaya.com.mx</a></p>"),
    ("prose", "Las facturas se piden a facturacion@aceroscelaya.com.mx antes del día 25."),
    ("spelled out", "Escríbenos a ventas arroba aceroscelaya punto com punto mx"),
]


@pytest.mark.parametrize("form, text", ROLE_MAILBOXES, ids=[row[0] for row in ROLE_MAILBOXES])
def test_a_role_mailbox_in_page_text_stays(form, text):
    out = redact_json({"results": [{"content": text, "raw_content": f"# Contacto\n\n{text}"}]}, "$", [])
    assert out["results"][0]["content"] == text, form


def test_a_spelled_out_personal_address_goes_beside_a_kept_role_mailbox():
    out, _ = _redact("ventas arroba aceroscelaya punto com o jperez77 arroba gmail punto com")
    assert out.startswith("ventas arroba aceroscelaya punto com") and "jperez77" not in out
