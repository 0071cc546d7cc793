"""Personal data of natural persons (SPEC §3, LFPDPPP): e-mails, Mexican phones, CURP, person RFC,
voter keys, CLABE bank accounts and card numbers.

Phones are found by `phonenumbers.PhoneNumberMatcher` (region MX) over every string. The pre-2019
dialling prefixes it no longer knows (`01` long distance, `044`/`045` mobile, the `1` after `+52`)
are blanked to spaces first, so the matcher reads the ten digits after them and the hit still
covers the prefix. A number is kept only when it is a business line by its type (toll-free,
shared cost, UAN: `01 800 …`), or when the words before it present it as a company's own line
(`Conmutador:`, `ventas@… o llame al`) and nothing near it speaks of a person: a person cue
(`cel.`, WhatsApp, `particular`), an honorific or a name (`Lic. Ruiz`, `con Juan Pérez`), a private
sale (`vendo`, `trato directo`), or a free-mail address. No cue at all counts as personal, because
a wrongly kept personal number cannot be taken back once committed.

A switchboard kept once is kept at every extension in the same text, and digits that a label
names as something else ("Número de guía: …", "Pedido #…") are not a phone.

E-mails go unless they are a company's role mailbox on the company's own domain: a free-mail
domain (gmail, hotmail, outlook, yahoo, prodigy, …) is personal whatever its local part says.
Kept on purpose: 12-character RFCs (they identify companies, public in SAT/DOF records) and SAT's
two generic RFCs. A 13-character RFC and a CURP (any case) embed a person's birth date, so they
go; so do the IMSS NSS, the INE CIC and OCR numbers when a label names them, and a CLABE written
in groups. Text with markup is read a second time without it, so a value split by `<b>`, `<wbr>`
or `&nbsp;` is found whole and its redaction covers the markup inside it.
"""

from __future__ import annotations

import re

import phonenumbers
from phonenumbers import PhoneNumberType
from stdnum import luhn
from stdnum.mx import curp, rfc

from bench_pipeline.redaction.findings import REDACTED, REDACTED_EMAIL, REDACTED_PHONE, Hit
from bench_pipeline.redaction.role_mailboxes import is_role_mailbox

_EMAIL = re.compile(r"(?<![\w.+-])([A-Za-z0-9._%+-]{1,64})@((?:[A-Za-z0-9-]+\.)+([A-Za-z]{2,24}))\b")
# `juan.perez arroba gmail punto com`: addresses written out so scrapers miss them.
_SPELLED_EMAIL = re.compile(r"(?i)\b[\w.+-]{2,64}\s*[\[(]?\s*(?:arroba|at)\s*[\])]?\s*[\w-]{2,63}\s*[\[(]?\s*(?:punto|dot)\s*[\])]?\s*(?:com|net|org|mx|es)\b(?:\s*[\[(]?\s*(?:punto|dot)\s*[\])]?\s*mx\b)?")
# `logo@2x.png` looks like an address; real top-level domains are not file extensions.
_FILE_SUFFIXES = frozenset({"png", "jpg", "jpeg", "gif", "svg", "webp", "avif", "css", "js", "ico"})
_KEEP_DOMAINS = frozenset({"example.test", "example.com", "example.org", "example.net"})
_FREE_MAIL = re.compile(
    r"(?:^|\.)(?:gmail|googlemail|hotmail|outlook|live|msn|yahoo|ymail|rocketmail|aol|icloud|me|mac|proton|protonmail|"
    r"gmx|mail|yandex|zoho|prodigy|infinitum|terra|latinmail|starmedia|tutanota|hushmail|fastmail)\.(?:[a-z]{2,3}\.)?[a-z]{2,3}$")
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
# SAT's generic RFCs for the general public and foreigners: nobody's birth date.
_GENERIC_RFCS = frozenset({"XAXX010101000", "XEXX010101000"})
_CARD = re.compile(r"(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])")
_CARD_CUE = re.compile(r"(?i)\b(?:tarjeta|card|visa|master ?card|amex|american express|d[eé]bito|cr[eé]dito|cuenta|n[uú]mero)\b")
# Dialling prefixes retired in 2019: `01` (long distance), `044`/`045` (mobile), `+52 1` / `52 1`.
# A retired prefix counts only where ten digits follow it, written with spaces, dots or dashes, and
# never inside another number: "… 354 0449" holds no `044`, nor "Aviso 26-2500-0193" an `01`.
_LEGACY_PREFIX = re.compile(r"(?<![\w+])(?<!\d[.-])(?:0(?:1|44|45)|\+?52[ .-]*1)"
                            r"(?=[ .-]*\(?(?:\d{2}\)?(?:[ .-]?\d){8}|\d{3}\)?(?:[ .-]?\d){7})(?!\w))")
# Ten digits in pairs or other groupings the matcher does not read ("55 12 34 56 78").
_GROUPED_DIGITS = re.compile(r"(?<![\w+])(?<!\d[.-])(?:\d[ .-]?){9}\d(?!\w)")
_BUSINESS_LINES = frozenset({PhoneNumberType.TOLL_FREE, PhoneNumberType.SHARED_COST, PhoneNumberType.UAN})
_PERSON_CUE = re.compile(
    r"(?i)\b(?:cel(?:ular)?|m[oó]vil|whats ?app|wa\.me|personal|particular|casa|directo|recados|"
    r"vendo|se vende|rento|se renta|traspaso|urge|trato directo|due[nñ]o|propietari[oa]|interesados|"
    r"preguntar por|pregunte por|preg[uú]ntale a|atiende|contactar a|llamar a|comunicarse con|con (?:el|la) (?:se[nñ]or|se[nñ]ora))\b"
    r"|\b(?:Sr|Sra|Srta|Lic|Ing|Dr|Dra|Mtro|Mtra|Arq|C\.P)\.(?=\s*[A-ZÁÉÍÓÚÑ])"
    r"|\b(?:con|a|por|de|llame a|pregunte por)\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+\b")
_COMPANY_WORDS = (r"\b(?:conmutador|ventas|oficinas?|matriz|sucursal|planta|atenci[oó]n a clientes|atenci[oó]n al cliente|"
                  r"servicio al cliente|recepci[oó]n|corporativo|lada sin costo|call center|centro de atenci[oó]n|"
                  r"l[ií]nea (?:directa|general|de atenci[oó]n|de contacto|empresarial)|tel[eé]fono general|contact center|"
                  r"switchboard|sales|office|head office|customer service|main line)\b")
# A label that says what else the digits are ("Número de guía DHL: …", "Pedido #…"): a parcel's
# guide, an order, an invoice, a transaction. A label, so a directory called "Guía …" is not one.
_NOT_A_PHONE = re.compile(r"(?i)\b(?:gu[ií]a|tracking|rastreo|pedido|orden|order|folio|factura|invoice|transacci[oó]n|transaction|"
                          r"ticket|referencia|reference|sku|isbn|serie|serial|c[oó]digo|code|id)\b[^\n\d:#]{0,24}(?:[:#]|\bn[oº°]\.?)\s*$")
# The company word labels the number: right before it, or followed by a colon or "tel." first.
_COMPANY_LABEL = re.compile(rf"(?i){_COMPANY_WORDS}(?:\s*(?:\([^)]{{0,20}}\))?\s*[:.\-]|\s+(?:tel\w*\.?|al|llame al|marque al|lada)\b)"
                            rf"[^:\n]{{0,12}}$|{_COMPANY_WORDS}\s*$")
_CUE_WINDOW = 80
_MARKUP = re.compile(r"</?([A-Za-z][A-Za-z0-9]*)[^<>]{0,500}>|&(?:nbsp|#160|#xa0|#64|#x40|commat|period|#46|amp);", re.IGNORECASE)
# Inline markup joins what it splits; any other tag ends a line, as a browser would break it.
_INLINE_TAGS = frozenset("a abbr b bdi bdo cite code data dfn em font i kbd mark q s samp small span strong sub sup time u var wbr".split())
_ENTITIES = {"&nbsp;": " ", "&#160;": " ", "&#xa0;": " ", "&#64;": "@", "&#x40;": "@", "&commat;": "@",
             "&period;": ".", "&#46;": ".", "&amp;": "&"}
# The words that speak of a number stop at a line, a tag, a `;` or the end of a sentence.
_CUE_BREAK = re.compile(r"[\n;<>|]|(?<=[.!?])\s+(?=[A-ZÁÉÍÓÚÑ¿¡\d+(])")
_LABEL_REACH = 32  # a company word labels a number only from this close ("Conmutador: ", "ventas@… o llame al ")


# A Mexican street address: a street word, a name, a number (interior, lot, block), then the colonia,
# postal code or city after commas. It is a person's when the words before it say so on the same
# line ("Domicilio:", "Se entrega en", "Dirección para enviar") and no company word does.
_STREET = re.compile(
    r"(?i)\b(?:calle|c\.|av\.?|avenida|privada|priv\.|blvd\.?|boulevard|calzada|calz\.|andador|cerrada|cda\.|prolongaci[oó]n|prol\.|"
    r"retorno|circuito|paseo|camino)\s+[^\n,;:]{1,40}?\s+(?:n[oú]m?\.?\s*)?\d{1,5}[a-z]?\b"
    r"(?:\s*(?:int\.?|interior|depto\.?|mz\.?|lt\.?|lote|manzana)\s*\w{1,5})*"
    r"(?=(?:,\s*[^\n,;]{2,40}){0,3}?,\s*(?:col\.|colonia|fracc\.|fraccionamiento|regi[oó]n|barrio|c\.\s?p\.|\d{5}\b))"
    # A full stop ends the address where a sentence starts after it ("…, Jal. Llamar al …").
    r"(?:,\s*(?:[^\n,;.]|\.(?!\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñ]{3,}\b(?!,))){2,40}){1,5}")
_HOME_CUE = re.compile(
    r"(?i)(?:\bdomicilio(?!\s+(?:fiscal|social|comercial|legal|de (?:la|nuestra) (?:empresa|compa[nñ][ií]a|oficina)))|\bvivo en|\bmi casa|"
    r"\bparticular\b|\bse entrega en|\bentrego en|\brecoger en|\bpara enviar|\bhome address|\bresidencia)[^\n]{0,30}$")
_COMPANY_PLACE = re.compile(r"(?i)\b(?:oficinas?|matriz|sucursal|planta|corporativo|bodega|almac[eé]n|tienda|domicilio fiscal)\b"
                            r"|\bs\.\s?a\.|\bs\. de r\.\s?l\.|\bs\.\s?c\.|\ba\.\s?c\.")


def personal_hits(text: str) -> list[Hit]:
    hits = _hits(text)
    if "<" in text and ">" in text or "&" in text:
        # Markup splits a value a reader sees whole ("<b>33</b> 3615 2290", "ana<wbr>@gmail.com"): the
        # text is read again without it, and a hit there covers the markup it spans.
        view, origin = _markup_free(text)
        if view != text:
            hits += [Hit(origin[hit.start], origin[hit.end - 1] + 1, hit.detector, hit.replacement) for hit in _hits(view)]
    return hits


def _hits(text: str) -> list[Hit]:
    return _email_hits(text) + _phone_hits(text) + _identity_hits(text) + _address_hits(text)


def _address_hits(text: str) -> list[Hit]:
    hits = []
    for match in _STREET.finditer(text):
        line_start = text.rfind("\n", 0, match.start()) + 1
        lead_in = text[max(line_start, match.start() - _CUE_WINDOW):match.start()]
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


def _email_hits(text: str) -> list[Hit]:
    hits = [Hit(m.start(), m.end(), "personal-email", REDACTED_EMAIL) for m in _SPELLED_EMAIL.finditer(text)
            if "@" not in m.group(0)]
    for match in _EMAIL.finditer(text):
        local, domain, tld = match.group(1), match.group(2).lower(), match.group(3).lower()
        if tld in _FILE_SUFFIXES or domain in _KEEP_DOMAINS:
            continue
        if is_role_mailbox(local) and not _FREE_MAIL.search(domain):
            continue
        hits.append(Hit(match.start(), match.end(), "personal-email", REDACTED_EMAIL))
    return hits


def _phone_hits(text: str) -> list[Hit]:
    if not any(c.isdigit() for c in text):
        return []
    # Same length, prefixes blanked: the matcher's offsets are the text's offsets.
    prefixes = {m.end(): m.start() for m in _LEGACY_PREFIX.finditer(text)}
    readable = _LEGACY_PREFIX.sub(lambda m: " " * len(m.group(0)), text) if prefixes else text
    hits = []
    previous_end = 0
    company_numbers: set[int] = set()  # a switchboard seen once is the company's at every extension
    for start, end, number in _candidates(readable):
        start = _prefix_start(readable, start, prefixes)
        lead_in = _lead_in(text, max(previous_end, start - _CUE_WINDOW), start)
        after = _lead_out(text, end, min(len(text), end + _CUE_WINDOW))
        previous_end = end
        if phonenumbers.region_code_for_number(number) != "MX" or _NOT_A_PHONE.search(lead_in[-_LABEL_REACH:]):
            continue
        if (phonenumbers.number_type(number) in _BUSINESS_LINES or number.national_number in company_numbers
                or _company_line(lead_in, after)):
            company_numbers.add(number.national_number)
            continue
        hits.append(Hit(start, end, "personal-phone", REDACTED_PHONE))
    return hits


def _candidates(text: str) -> list[tuple[int, int, phonenumbers.PhoneNumber]]:
    """The matcher's numbers, then valid ten-digit groupings it passed over, in text order."""
    found = [(m.start, m.end, m.number) for m in phonenumbers.PhoneNumberMatcher(text, "MX")]
    for match in _GROUPED_DIGITS.finditer(text):
        if any(start < match.end() and match.start() < end for start, end, _ in found):
            continue
        number = phonenumbers.parse(re.sub(r"\D", "", match.group()), "MX")
        if phonenumbers.is_valid_number(number):
            found.append((match.start(), match.end(), number))
    return sorted(found, key=lambda item: item[0])


def _prefix_start(readable: str, start: int, prefixes: dict[int, int]) -> int:
    """Where the number starts once its retired prefix (blanked just before `start`) is counted in."""
    for end, begin in prefixes.items():
        if end <= start and not readable[end:start].strip(" .-("):
            return begin
    return start


def _lead_in(text: str, start: int, end: int) -> str:
    """The words before a number, back to the previous number, line or tag."""
    window = text[start:end]
    breaks = list(_CUE_BREAK.finditer(window))
    return window[breaks[-1].end():] if breaks else window


def _lead_out(text: str, start: int, end: int) -> str:
    """The words after a number, up to the next line or tag."""
    window = text[start:end]
    stop = _CUE_BREAK.search(window)
    return window[: stop.start()] if stop else window


def _company_line(lead_in: str, after: str) -> bool:
    """A company word or a role mailbox just before the number (or the mailbox right after it, as in
    "(81) 8328 4000 · admisiones@…"), and nothing near it that says a person."""
    near = f"{lead_in} {after}"
    if _PERSON_CUE.search(near) or any(_FREE_MAIL.search(m.group(2).lower()) for m in _EMAIL.finditer(near)):
        return False
    return (bool(_COMPANY_LABEL.search(lead_in[-_LABEL_REACH:]))
            or any(is_role_mailbox(m.group(1)) for m in _EMAIL.finditer(lead_in) if len(lead_in) - m.end() <= _LABEL_REACH)
            or any(is_role_mailbox(m.group(1)) for m in _EMAIL.finditer(after) if m.start() <= _LABEL_REACH))


def _identity_hits(text: str) -> list[Hit]:
    hits = [Hit(m.start(), m.end(), "curp", REDACTED) for m in _CURP.finditer(text) if curp.is_valid(m.group().upper())]
    hits += [Hit(m.start(), m.end(), "voter-key", REDACTED) for m in _VOTER_KEY.finditer(text)]
    hits += [Hit(m.start(), m.end(), "clabe", REDACTED) for m in _CLABE.finditer(text)
             if _clabe_valid(re.sub(r"\D", "", m.group())) and _CLABE_CUE.search(text[max(0, m.start() - _CUE_WINDOW):m.start()])]
    hits += [Hit(m.start("digits"), m.end("digits"), "identity-number", REDACTED) for m in _LABELLED_ID.finditer(text) if _labelled_id(m)]
    for match in _CARD.finditer(text):
        digits = re.sub(r"\D", "", match.group())
        lead_in = text[max(0, match.start() - _CUE_WINDOW):match.start()]
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
