"""What the place a string sits in holds: it decides how a digit run or a random-looking word is read.

A bare ten-digit run is a phone in a sentence, an id in a URL path or in an `id` field, and a phone
again in a field named `phone`. Field and parameter names are read by their words (`phoneNumber`,
`phone_number` and `Phone-Number` are one name).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache


@dataclass(frozen=True)
class Place:
    token: bool = False  # one word where tokens sit (a header value, a one-word value): the entropy net reads it
    phones: bool = False  # a field or parameter named for a phone, a `wa.me` path
    ids: bool = False  # ids sit here (a URL path segment, one word in an `id` or `price` field)
    slug: bool = False  # a URL slug: `-` and `_` separate its words
    # Digits the same document gives elsewhere as a person's phone: that number is a phone here too.
    known_phones: frozenset[str] = frozenset()

    def but(self, **changes) -> Place:
        return replace(self, **changes)


PHONE_FIELD_WORDS = frozenset({
    "phone", "phones", "telephone", "tel", "tels", "telefono", "teléfono", "telefonos", "teléfonos", "celular",
    "cel", "movil", "móvil", "mobile", "whatsapp", "wa", "fax", "msisdn",
})
# A field named for an identifier, a code, an amount or a count.
ID_FIELD_WORDS = frozenset({
    "id", "ids", "cid", "uid", "uuid", "sku", "isbn", "ean", "gtin", "upc", "code", "codigo", "number", "numero",
    "num", "no", "order", "tracking", "folio", "invoice", "ref", "reference", "serial", "model", "modelo",
    "price", "precio", "amount", "monto", "total", "cost", "costo", "count", "position", "rank", "zip",
    "postal", "cp", "timestamp", "time", "date", "year", "size", "bytes", "tokens",
})
_NAME_WORDS = re.compile(r"[A-ZÁÉÍÓÚÑ]?[a-záéíóúñ]+|[A-ZÁÉÍÓÚÑ]+(?![a-záéíóúñ])|\d+")


def name_words(name: str) -> list[str]:
    """`phoneNumber`, `phone_number`, `Phone-Number` → ["phone", "number"]."""
    return [word.lower() for word in _NAME_WORDS.findall(name)]


def field_place(field: str, value: str, known_phones: frozenset[str] = frozenset()) -> Place:
    """The place of a JSON string under key `field`. One word in a field named for ids is an id; a
    sentence there is read as a sentence."""
    phones, ids_field = _field_kind(field)
    token = not any(c.isspace() for c in value)
    return Place(token=token, phones=phones, ids=token and ids_field, known_phones=known_phones)


@lru_cache(maxsize=4096)
def _field_kind(field: str) -> tuple[bool, bool]:
    """(holds phones, holds ids), by the words of the field's name."""
    words = name_words(field)
    phones = any(word in PHONE_FIELD_WORDS for word in words)
    return phones, not phones and any(word in ID_FIELD_WORDS for word in words)
