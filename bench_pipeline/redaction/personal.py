"""Personal data of natural persons (LFPDPPP; docs/fixtures.md#what-is-removed): e-mails (`emails.py`),
phones (`phones.py`), a date of birth, age or sex tied to a person (`person_facts.py`), CURP, person RFC, voter keys,
identity numbers, CLABE bank accounts, card numbers and home addresses.

Kept on purpose: 12-character RFCs (they identify companies, public in SAT/DOF records) and SAT's
two generic RFCs. A 13-character RFC and a CURP (any case) embed a person's birth date, so they
go; so do the IMSS NSS, the INE CIC and OCR numbers when a label names them, and a CLABE written
in groups. A street address goes when the words before it say it is where a person lives or
receives things (`Domicilio:`, `vive en`, `reside en`, `se entrega en`, `lives at`) and no company
word does. Text with markup is read a second time without it, so a value split by `<b>`, `<wbr>`
or `&nbsp;` is found whole and its redaction covers the markup inside it.
"""

from __future__ import annotations

import re

from stdnum import luhn
from stdnum.mx import curp, rfc

from bench_pipeline.redaction.emails import email_hits
from bench_pipeline.redaction.findings import REDACTED, Hit
from bench_pipeline.redaction.person_facts import person_fact_hits
from bench_pipeline.redaction.phones import CUE_WINDOW, phone_hits
from bench_pipeline.redaction.places import Place

_CURP = re.compile(r"(?i)\b[A-Z]{4}\d{6}[HMX][A-Z]{5}[0-9A-Z]\d\b")  # lower case too: query strings fold it
_PERSON_RFC = re.compile(r"(?<![A-Z0-9&Ñ])[A-ZÑ&]{4}\d{6}[A-Z0-9]{3}(?![A-Z0-9])")
_VOTER_KEY = re.compile(r"\b[A-Z]{6}\d{8}[HM]\d{3}\b")  # INE clave de elector
_CLABE = re.compile(r"(?<![\d-])\d(?:[ -]?\d){17}(?![\d-])")  # bare or in groups ("0121 8001 5473 …")
_CLABE_CUE = re.compile(r"(?i)\b(?:clabe|cuenta|transferencia|dep[oó]sito|banco|interbancaria)\b")
# Identity numbers that are only digits, recognised by the label right before them: the IMSS social
# security number (11 digits, Luhn), the INE credential's CIC (9) and OCR (13) numbers.
_LABELLED_ID = re.compile(r"(?i)\b(?:nss|n[uú]m(?:ero)?\.? de seguridad social|seguro social|imss|afiliaci[oó]n|(?P<cic>cic)|(?P<ocr>ocr))\b"
                          r"[^\d\n]{0,24}(?P<digits>(?:\d[ -]?){8,12}\d)(?![\d-])")
_LABELLED_LENGTHS = {"nss": 11, "cic": 9, "ocr": 13}
_FEWEST_ID_DIGITS = 6  # a CURP's or RFC's birth date; phones, cards, CLABEs and NSS have more
# SAT's generic RFCs for the general public and foreigners: nobody's birth date.
_GENERIC_RFCS = frozenset({"XAXX010101000", "XEXX010101000"})
_CARD = re.compile(r"(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])")
_CARD_CUE = re.compile(r"(?i)\b(?:tarjeta|card|visa|master ?card|amex|american express|d[eé]bito|cr[eé]dito|cuenta|n[uú]mero)\b")
_MARKUP = re.compile(r"</?([A-Za-z][A-Za-z0-9]*)[^<>]{0,500}>|&(?:nbsp|#160|#xa0|#64|#x40|commat|period|#46|amp);", re.IGNORECASE)
# Inline markup joins what it splits; any other tag ends a line, as a browser would break it.
_INLINE_TAGS = frozenset("a abbr b bdi bdo cite code data dfn em font i kbd mark q s samp small span strong sub sup time u var wbr".split())
_ENTITIES = {"&nbsp;": " ", "&#160;": " ", "&#xa0;": " ", "&#64;": "@", "&#x40;": "@", "&commat;": "@",
             "&period;": ".", "&#46;": ".", "&amp;": "&"}
# A Mexican street address: a street word, a name, a number (interior, lot, block), then the colonia,
# postal code or city after commas. It is a person's when the words before it say so on the same
# line ("Domicilio:", "Se entrega en", "Dirección para enviar") and no company word does.
_STREET_WORD = (r"(?i)\b(?:calle|c\.|av\.?|avenida|privada|priv\.|blvd\.?|boulevard|calzada|calz\.|andador|"
                r"cerrada|cda\.|prolongaci[oó]n|prol\.|retorno|circuito|paseo|camino)\s+")
# Right after a home cue ("vive en Río Lerma 123, Col. …") a street needs no street word: a capitalised name.
_STREET_NAME = r"(?i)(?<![\w.])(?-i:(?=[A-ZÁÉÍÓÚÑ]))"
_STREET_REST = (
    r"[^\n,;:]{1,40}?\s+(?:n[oú]m?\.?\s*)?\d{1,5}[a-z]?\b"
    r"(?:\s*(?:int\.?|interior|depto\.?|mz\.?|lt\.?|lote|manzana)\s*\w{1,5})*"
    r"(?=(?:,\s*[^\n,;]{2,40}){0,3}?,\s*(?:col\.|colonia|fracc\.|fraccionamiento|regi[oó]n|barrio|c\.\s?p\.|\d{5}\b))"
    # A full stop ends the address where a sentence starts after it ("…, Jal. Llamar al …").
    r"(?:,\s*(?:[^\n,;.]|\.(?!\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñ]{3,}\b(?!,))){2,40}){1,5}")
_STREET = re.compile(_STREET_WORD + _STREET_REST)
_NAMED_STREET = re.compile(_STREET_NAME + _STREET_REST)
# Verbs of residing, in the forms a page uses for a person ("vive en", "reside en", "radica en",
# "domiciliado en", "lives at"); a company is said to be located ("se ubica en"), which is not one.
RESIDING_VERBS = (
    r"viv(?:e|o|en|imos|[ií]a|[ií]an|i[oó]|iendo)", r"resid(?:e|o|en|imos|[ií]a|[ií]an|i[oó]|iendo|ente)",
    r"radic(?:a|o|an|amos|aba|aban|ado|ada)", r"habit(?:a|o|an|aba)", r"domiciliad[oa]s?",
    r"lives?", r"living", r"resides?", r"residing",
)
_HOME_WORDS = (
    r"(?i)(?:\bdomicilio(?!\s+(?:fiscal|social|comercial|legal|de (?:la|nuestra) (?:empresa|compa[nñ][ií]a|oficina)))"
    r"|\bmi casa|\bparticular\b|\bse entrega en|\bentrego en|\brecoger en|\bpara enviar|\bhome address|\bresidencia"
    rf"|\b(?:{'|'.join(RESIDING_VERBS)})\s+(?:en|at|in|on)\b)")
_HOME_CUE = re.compile(_HOME_WORDS + r"[^\n]{0,30}$")
# The cue and what may stand between it and the street ("tiene su domicilio en ").
_HOME_CUE_AT = re.compile(_HOME_WORDS + r"(?:\s+(?:en|at|in))?\s*:?\s*")
_COMPANY_PLACE = re.compile(r"(?i)\b(?:empresa|compa[nñ][ií]a|"
                            r"oficinas?|matriz|sucursal|planta|corporativo|bodega|almac[eé]n|tienda|"
                            r"domicilio fiscal)\b"
                            r"|\bs\.\s?a\.|\bs\. de r\.\s?l\.|\bs\.\s?c\.|\ba\.\s?c\.")


def personal_hits(text: str, place: Place = Place()) -> list[Hit]:
    """Personal data in `text`, read as what its place holds (`places.Place`)."""
    hits = _hits(text, place)
    if "<" in text and ">" in text or "&" in text:
        # Markup splits a value a reader sees whole ("<b>33</b> 3615 2290", "ana<wbr>@gmail.com"): the
        # text is read again without it, and a hit there covers the markup it spans.
        view, origin = _markup_free(text)
        if view != text:
            hits += [Hit(origin[hit.start], origin[hit.end - 1] + 1, hit.detector, hit.replacement)
                     for hit in _hits(view, place)]
    return hits


def _hits(text: str, place: Place) -> list[Hit]:
    hits = email_hits(text) + person_fact_hits(text)
    digits = sum(map(str.isdigit, text))  # every other kind holds digits: a text without enough holds none of it
    if digits:
        hits += _address_hits(text)
    if digits >= _FEWEST_ID_DIGITS:
        hits += phone_hits(text, place) + _identity_hits(text)
    return hits


def _address_hits(text: str) -> list[Hit]:
    hits = []
    streets = list(_STREET.finditer(text))
    for cue in _HOME_CUE_AT.finditer(text):
        named = _NAMED_STREET.match(text, cue.end())
        if named and not any(m.start() < named.end() and named.start() < m.end() for m in streets):
            streets.append(named)
    for match in streets:
        line_start = text.rfind("\n", 0, match.start()) + 1
        lead_in = text[max(line_start, match.start() - CUE_WINDOW):match.start()]
        if _HOME_CUE.search(lead_in) and not _COMPANY_PLACE.search(lead_in):
            hits.append(Hit(match.start(), match.end(), "home-address", REDACTED))
    return hits


def _markup_free(text: str) -> tuple[str, list[int]]:
    """`text` without tags and with the entities that hide a character decoded, and where each of
    its characters came from."""
    view: list[str] = []
    origin: list[int] = []
    position = 0
    for match in _MARKUP.finditer(text):
        view.append(text[position:match.start()])
        origin.extend(range(position, match.start()))
        tag = match.group(1)
        replacement = ("" if tag.lower() in _INLINE_TAGS else "\n") if tag else _ENTITIES[match.group().lower()]
        view.append(replacement)
        origin.extend([match.start()] * len(replacement))
        position = match.end()
    view.append(text[position:])
    origin.extend(range(position, len(text)))
    return "".join(view), origin


def _identity_hits(text: str) -> list[Hit]:
    hits = [Hit(m.start(), m.end(), "curp", REDACTED) for m in _CURP.finditer(text) if curp.is_valid(m.group().upper())]
    hits += [Hit(m.start(), m.end(), "voter-key", REDACTED) for m in _VOTER_KEY.finditer(text)]
    hits += [Hit(m.start(), m.end(), "clabe", REDACTED) for m in _CLABE.finditer(text)
             if _clabe_valid(re.sub(r"\D", "", m.group()))
             and _CLABE_CUE.search(text[max(0, m.start() - CUE_WINDOW):m.start()])]
    hits += [Hit(m.start("digits"), m.end("digits"), "identity-number", REDACTED) for m in _LABELLED_ID.finditer(text) if _labelled_id(m)]
    for match in _CARD.finditer(text):
        digits = re.sub(r"\D", "", match.group())
        lead_in = text[max(0, match.start() - CUE_WINDOW):match.start()]
        if 13 <= len(digits) <= 19 and digits[0] in "3456" and luhn.is_valid(digits) and _CARD_CUE.search(lead_in):
            hits.append(Hit(match.start(), match.end(), "card-number", REDACTED))
    for match in _PERSON_RFC.finditer(text):
        if rfc.is_valid(match.group()) and match.group() not in _GENERIC_RFCS:
            hits.append(Hit(match.start(), match.end(), "person-rfc", REDACTED))
    return hits


def _labelled_id(match: re.Match[str]) -> bool:
    digits = re.sub(r"\D", "", match.group("digits"))
    kind = "cic" if match.group("cic") else "ocr" if match.group("ocr") else "nss"
    return len(digits) == _LABELLED_LENGTHS[kind] and (kind != "nss" or luhn.is_valid(digits))


def _clabe_valid(digits: str) -> bool:
    """The CLABE control digit: weights 3, 7, 1 over the first 17 digits (Banxico)."""
    total = sum(int(d) * w % 10 for d, w in zip(digits[:17], [3, 7, 1] * 6))
    return (10 - total % 10) % 10 == int(digits[17])
