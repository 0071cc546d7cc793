"""A person's phone number, in Mexico or abroad, told apart from the other digit runs a page is full of.

A run of digits that could dial is judged by what it is, in this order:
1. a phone by its context: the place holds phones (a field named `phone`, a `wa.me` path), a word
   says so (`Tel.`, `cel`, WhatsApp, `llámame`, `al …`), or it is written as dialled (`+`, an area
   code in parentheses, a retired `01`/`044`/`045`/`+52 1` prefix);
2. not a phone when something says what else it is: a label (`SKU`, `Pedido #`, `Guía:`, `ISBN`,
   `Folio`, `Total`), money around it (`$`, `MXN`, `.00`), or it continues a longer code or date;
3. a phone when it is grouped as numbers are written (three groups or more: `55 1234 5678`);
4. otherwise a phone in prose, where a bare number is more often a phone than anything else and a
   wrongly kept one cannot be taken back, but not in a place that holds ids (a URL path, an `id` or
   `price` field), nor a foreign number found only through a country's name.

Numbers are found by `phonenumbers.PhoneNumberMatcher` (region MX, and any region a `+` names), plus
ten digits grouped in pairs, plus the numbers of any country named near a digit run (`Madrid,
España: 612 345 678`). The pre-2019 dialling prefixes the matcher no longer knows (`01` long
distance, `044`/`045` mobile, the `1` after `+52`) are blanked to spaces first, so the matcher reads
the ten digits after them and the hit still covers the prefix.

A phone is kept only when it is a business line by its type (toll-free, shared cost, UAN: `01 800 …`),
or when the words before it present it as a company's own line (`Conmutador:`, `ventas@… o llame al`)
and nothing near it speaks of a person: a person cue (`cel.`, WhatsApp, `particular`), an honorific
or a name (`Lic. Ruiz`, `con Juan Pérez`), a private sale (`vendo`, `trato directo`), or a free-mail
address. A switchboard kept once is kept at every extension in the same text.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

import phonenumbers
from babel import Locale
from phonenumbers import PhoneNumberType

from bench_pipeline.redaction.emails import EMAIL, is_free_mail
from bench_pipeline.redaction.findings import REDACTED_PHONE, Hit
from bench_pipeline.redaction.places import Place
from bench_pipeline.redaction.role_mailboxes import is_role_mailbox
from bench_pipeline.redaction.urls import url_spans

# Dialling prefixes retired in 2019: `01` (long distance), `044`/`045` (mobile), `+52 1` / `52 1`.
# A retired prefix counts only where ten digits follow it, written with spaces, dots or dashes, and
# never inside another number: "… 354 0449" holds no `044`, nor "Aviso 26-2500-0193" an `01`.
_LEGACY_PREFIX = re.compile(r"(?<![\w+])(?<!\d[.-])(?:0(?:1|44|45)|\+?52[ .-]*1)"
                            r"(?=[ .-]*\(?(?:\d{2}\)?(?:[ .-]?\d){8}|\d{3}\)?(?:[ .-]?\d){7})(?!\w))")
# Ten digits in pairs or other groupings the matcher does not read ("55 12 34 56 78").
_GROUPED_DIGITS = re.compile(r"(?<![\w+])(?<!\d[.-])(?:\d[ .-]?){9}\d(?!\w)")
_BUSINESS_LINES = frozenset({PhoneNumberType.TOLL_FREE, PhoneNumberType.SHARED_COST, PhoneNumberType.UAN})

# Words that say the number after them is a phone (Spanish and English), and links that dial.
PHONE_WORDS = (
    r"tel[eé]fonos?", r"telef[oó]nic[oa]s?", r"tels?", r"cel(?:ular)?(?:es)?", r"m[oó]vil(?:es)?", r"whats ?app",
    r"whats", r"fax", r"ll[aá]m\w*", r"m[aá]rc\w*", r"comun[ií]c\w*", r"contacto", r"informes", r"recados", r"lada",
    r"phone", r"telephone", r"cell", r"mobile", r"call", r"text", r"sms", r"dial", r"ph", r"mob", r"reach(?:ed)? at",
    r"(?:mi|su|tu|el) n[uú]mero(?: de contacto| telef[oó]nico| celular)?",
    r"n[uú]mero (?:de contacto|telef[oó]nico|celular)",
)
_PHONE_CUE = re.compile(r"(?i)(?:\b(?:" + "|".join(PHONE_WORDS) + r")\b\.?|\b(?:tel|callto|sms):|wa\.me/|phone=)"
                        r"[^\d\n]{0,24}$|\bal\s*$")
# A phone word further back, across a name and a city ("llame a Ana Ruiz en Londres: …"): enough to read an
# unexplained digit run as a number in some plan, though Mexico's does not know it.
_PHONE_WORD_BEFORE = re.compile(r"(?i)\b(?:" + "|".join(PHONE_WORDS) + r")\b[^\d\n]{0,56}$")
# A label that says what else the digits are: an order, a parcel's guide, an invoice, a product code,
# a record, an amount. Right before the number ("SKU 1000482913", "Folio: …"), or with a few words and
# a colon, `#` or `No.` between ("Número de guía DHL (devolución): …"); so a directory called
# "Guía Empresarial" is not one. Singular on purpose: "Pedidos al …" offers a line to order by.
NOT_A_PHONE_LABELS = (
    r"gu[ií]a", r"tracking", r"rastreo", r"pedido", r"orden", r"order", r"folio", r"factura", r"invoice",
    r"transacci[oó]n", r"transaction", r"ticket", r"referencia", r"reference", r"ref", r"sku", r"isbn", r"issn",
    r"ean(?:-13)?", r"upc", r"gtin", r"serie", r"serial", r"c[oó]digo", r"code", r"id", r"clave", r"modelo", r"model",
    r"parte", r"part", r"expediente", r"oficio", r"contrato", r"p[oó]liza", r"registro", r"licencia", r"matr[ií]cula",
    r"c[eé]dula", r"lote", r"licitaci[oó]n", r"convocatoria", r"acuerdo", r"certificado", r"cuenta",
    r"monto", r"importe", r"total", r"subtotal", r"precio", r"costo", r"pago", r"saldo", r"salario", r"sueldo",
    r"presupuesto", r"price", r"amount", r"cost", r"balance", r"payment",
)
# A carrier named between a parcel label and its number ("guía DHL 1234567890").
PARCEL_CARRIERS = (
    r"DHL", r"FedEx", r"UPS", r"USPS", r"Estafeta", r"Redpack", r"Paquetexpress", r"Sendex", r"Castores",
    r"99 ?minutos", r"Correos de M[eé]xico", r"Mercado Env[ií]os", r"Amazon", r"J&T", r"iVoy", r"Tres Guerras",
)
_NOT_A_PHONE = re.compile(r"(?i)\b(?:" + "|".join(NOT_A_PHONE_LABELS) + r")\b"
                          r"(?:[^\n\d:#]{0,24}(?:[:#]|\bn[oº°]\.?|\bn[uú]m(?:ero|\.)?)"
                          r"|\s+(?:" + "|".join(PARCEL_CARRIERS) + r")\b[:#]?)?\s*$")
_MONEY_BEFORE = re.compile(r"(?i)(?:[$€£¥]|\b(?:mxn|usd|eur|mxp)\b)\s*$")
_MONEY_AFTER = re.compile(r"(?i)^(?:[.,]\d{1,2}(?!\d)"
                          r"|\s*(?:mxn|usd|eur|pesos|d[oó]lares|euros|mdp|mdd|millones|mil)\b)")
_PHONE_WORD_ANYWHERE = re.compile(r"(?i)\b(?:" + "|".join(PHONE_WORDS) + r"|al)\b")
_THREE_GROUPS = re.compile(r"\d+[ .()-]{1,2}\d+[ .()-]{1,2}\d+")
_CONTINUED = re.compile(r"\d[./-]$")  # "oficio 500-05-2024-…", "978-607-…": the number goes on before it

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
# The company word labels the number: right before it, or followed by a colon or "tel." first.
_COMPANY_LABEL = re.compile(rf"(?i){_COMPANY_WORDS}(?:\s*(?:\([^)]{{0,20}}\))?\s*[:.\-]|\s+(?:tel\w*\.?|al|llame al|marque al|lada)\b)"
                            rf"[^:\n]{{0,12}}$|{_COMPANY_WORDS}\s*$")
CUE_WINDOW = 80
# The words that speak of a number stop at a line, a tag, a `;` or the end of a sentence.
_CUE_BREAK = re.compile(r"[\n;<>|]|(?<=[.!?])\s+(?=[A-ZÁÉÍÓÚÑ¿¡\d+(])")
_LABEL_REACH = 32  # a label speaks of a number only from this close ("Conmutador: ", "ventas@… o llame al ")
_FEWEST_DIGITS = 7  # no numbering plan this reads (Mexico's has ten digits) has shorter subscriber numbers
_DIGIT_RUN = re.compile(r"\d(?:[ .()-]{0,2}\d){5,13}")


def _country_regions() -> dict[str, str]:
    """Every country's name in Spanish and English (CLDR, through Babel), Mexico's left out: a
    country named beside a number says which numbering plan to read it in."""
    names = {"EE.UU.": "US", "EE. UU.": "US", "EUA": "US", "USA": "US"}
    for language in ("es", "en"):
        for region, name in Locale.parse(language).territories.items():
            if region in phonenumbers.SUPPORTED_REGIONS and region != "MX" and len(name) > 3:
                names[name] = region
    return names


_COUNTRY_REGION = _country_regions()
# Looked up by first word, so only capitalised words near an unexplained digit run are compared.
_COUNTRY_BY_FIRST_WORD: dict[str, list[str]] = {}
for _name in sorted(_COUNTRY_REGION, key=len, reverse=True):
    _COUNTRY_BY_FIRST_WORD.setdefault(_name.split()[0], []).append(_name)
_CAPITALISED = re.compile(r"(?<!\w)[A-ZÁÉÍÓÚÑ][\w.]*")


def _countries_named(text: str, start: int, end: int) -> set[str]:
    regions = set()
    for word in _CAPITALISED.finditer(text, start, end):
        first = word.group()
        for name in _COUNTRY_BY_FIRST_WORD.get(first) or _COUNTRY_BY_FIRST_WORD.get(first.rstrip("."), ()):
            if text.startswith(name, word.start()) and not text[word.start() + len(name):][:1].isalnum():
                regions.add(_COUNTRY_REGION[name])
                break
    return regions


class _Candidate(NamedTuple):
    start: int
    end: int
    number: phonenumbers.PhoneNumber
    by_country_name: bool = False


def phone_hits(text: str, place: Place = Place()) -> list[Hit]:
    """Personal phones in `text`, read as what its place holds (see `places.Place`)."""
    if sum(map(str.isdigit, text)) < _FEWEST_DIGITS:
        return []
    view = re.sub(r"[-_]", " ", text) if place.slug else text  # same length: offsets stay the text's
    if place.ids and not place.phones and not _could_be_a_phone_here(view, place.known_phones):
        return []
    # Same length again, prefixes blanked: the matcher's offsets are the text's offsets.
    prefixes = {m.end(): m.start() for m in _LEGACY_PREFIX.finditer(view)}
    readable = _LEGACY_PREFIX.sub(lambda m: " " * len(m.group(0)), view) if prefixes else view
    hits = []
    previous_end = 0
    company_numbers: set[int] = set()  # a switchboard seen once is the company's at every extension
    for candidate in _candidates(readable):
        start = _prefix_start(readable, candidate.start, prefixes)
        end, number = candidate.end, candidate.number
        lead_in = _lead_in(view, max(previous_end, start - CUE_WINDOW), start)
        after = _lead_out(view, end, min(len(view), end + CUE_WINDOW))
        previous_end = end
        dialled = start != candidate.start or _dialled(view[start:end])
        known = any(digits.endswith(str(number.national_number)) for digits in place.known_phones)
        if not _is_phone(view, start, end, lead_in, after, dialled=dialled, phone_place=place.phones or known,
                         lenient=not (place.ids or candidate.by_country_name)):
            continue
        if (phonenumbers.number_type(number) in _BUSINESS_LINES or number.national_number in company_numbers
                or _company_line(lead_in, after)):
            company_numbers.add(number.national_number)
            continue
        hits.append(Hit(start, end, "personal-phone", REDACTED_PHONE))
    return hits


def _could_be_a_phone_here(text: str, known_phones: frozenset[str]) -> bool:
    """Where ids sit, only a context makes a phone: a phone word, a dialled form, three digit groups,
    or a number the document gives as a phone. Without any, the matcher need not run."""
    digits = re.sub(r"\D", "", text)
    return bool("+" in text or "(" in text or _LEGACY_PREFIX.search(text) or _THREE_GROUPS.search(text)
                or _PHONE_WORD_ANYWHERE.search(text) or any(known[-10:] in digits for known in known_phones))


def _dialled(raw: str) -> bool:
    """Written the way a number is dialled: with its country (`+1 …`, `00 34 …`) or its area code in parentheses."""
    return raw.startswith(("+", "00")) or "(" in raw


def _is_phone(text: str, start: int, end: int, lead_in: str, after: str, *, dialled: bool, phone_place: bool,
              lenient: bool) -> bool:
    near = lead_in[-_LABEL_REACH:]
    if _PHONE_CUE.search(near):
        return True
    # A label right before the digits says what they are, even written as dialled ("guía FedEx 0137 …",
    # which reads as a retired `01` prefix) or in a field that holds phones.
    if (_NOT_A_PHONE.search(near) or _MONEY_BEFORE.search(near) or _MONEY_AFTER.match(after)
            or _CONTINUED.search(text[max(0, start - 2):start])):
        return False
    return phone_place or dialled or lenient or len(re.findall(r"\d+", text[start:end])) >= 3


def _candidates(text: str) -> list[_Candidate]:
    """The matcher's numbers (Mexican, or any country a `+` names), valid ten-digit groupings it passed
    over, the numbers of a country named near a digit run, and digit runs a phone word introduces
    (a number abroad written in its own plan); in text order."""
    found = [_Candidate(m.start, m.end, m.number) for m in phonenumbers.PhoneNumberMatcher(text, "MX")]
    for match in _GROUPED_DIGITS.finditer(text):
        if not _overlaps(found, match.start(), match.end()):
            number = phonenumbers.parse(re.sub(r"\D", "", match.group()), "MX")
            if phonenumbers.is_valid_number(number):
                found.append(_Candidate(match.start(), match.end(), number))
    for run in _DIGIT_RUN.finditer(text):
        if _overlaps(found, run.start(), run.end()):
            continue
        low, high = max(0, run.start() - CUE_WINDOW), min(len(text), run.end() + CUE_WINDOW)
        for region in _countries_named(text, low, high):
            for match in phonenumbers.PhoneNumberMatcher(text[low:high], region):
                start, end = low + match.start, low + match.end
                if start <= run.start() < end and not _overlaps(found, start, end):
                    found.append(_Candidate(start, end, match.number, by_country_name=True))
    for run in _DIGIT_RUN.finditer(text):
        digits = re.sub(r"\D", "", run.group())
        # Written with a `+`, a number is the matcher's to judge: invalid in its country, it is no phone.
        # Grouped as a number is written ("07700 900123"): a bare run after a word is more often a count or code.
        if (len(digits) >= _FEWEST_DIGITS and text[max(0, run.start() - 1):run.start()] != "+"
                and len(re.findall(r"\d+", run.group())) >= 2
                and not _overlaps(found, run.start(), run.end())
                and _PHONE_WORD_BEFORE.search(_lead_in(text, max(0, run.start() - CUE_WINDOW), run.start()))):
            # "(506) 657-…": the area code's bracket goes with it.
            start = run.start() - (text[max(0, run.start() - 1):run.start()] == "(")
            found.append(_Candidate(start, run.end(), phonenumbers.PhoneNumber(national_number=int(digits))))
    return sorted(found, key=lambda item: item.start)


def _overlaps(found: list[_Candidate], start: int, end: int) -> bool:
    return any(c.start < end and start < c.end for c in found)


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
    if _PERSON_CUE.search(near) or any(is_free_mail(m.group(2)) for m in EMAIL.finditer(near)):
        return False
    return (bool(_COMPANY_LABEL.search(lead_in[-_LABEL_REACH:]))
            or any(is_role_mailbox(m.group(1)) for m in EMAIL.finditer(lead_in)
                   if len(lead_in) - m.end() <= _LABEL_REACH)
            or any(is_role_mailbox(m.group(1)) for m in EMAIL.finditer(after) if m.start() <= _LABEL_REACH))


_URL_DIGITS = re.compile(r"(?<!\d)\d(?:[-_.]?\d){9,12}(?!\d)")


def phones_in_urls_named_elsewhere(document: Any) -> frozenset[str]:
    """The digit runs in a JSON document's URLs that its text, outside URLs, gives as a person's
    phone: a classified ad's slug repeats the number its title and snippet give."""
    strings = list(_strings(document))
    in_urls = {re.sub(r"\D", "", m.group())[-10:] for text in strings for start, end in url_spans(text)
               for m in _URL_DIGITS.finditer(text, start, end)}
    if not in_urls:
        return frozenset()
    known = set()
    for text in strings:
        if not any(run in re.sub(r"\D", "", text) for run in in_urls):
            continue
        for start, end in url_spans(text):
            text = text[:start] + " " * (end - start) + text[end:]
        if any(run in re.sub(r"\D", "", text) for run in in_urls):
            known |= {re.sub(r"\D", "", text[h.start:h.end]) for h in phone_hits(text)}
    return frozenset(digits for digits in known if digits[-10:] in in_urls)


def _strings(value: Any):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key)
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
