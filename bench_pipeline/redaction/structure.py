"""Redaction of the pieces an exchange is made of — text, URLs, headers, JSON at any depth.

Every function takes a `found` list and appends `(json_path, detector, masked fragment)` for each
thing it removes; the scan runs the very same functions and reads that list, so what redaction
removes and what the committed-fixture check looks for can never drift apart.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote

from bench_pipeline.redaction import secret_values, urls
from bench_pipeline.redaction.findings import REDACTED, Hit, apply_hits, is_placeholder, mask
from bench_pipeline.redaction.memory import ShortStringMemory
from bench_pipeline.redaction.personal import personal_hits
from bench_pipeline.redaction.phones import phones_in_urls_named_elsewhere
from bench_pipeline.redaction.places import Place, field_place
from bench_pipeline.redaction.positions import is_secret_name
from bench_pipeline.redaction.secret_values import entropy_hits, secret_hits
from bench_pipeline.redaction.urls import is_url, url_spans

Found = list[tuple[str, str, str]]
# Kept as they came: every date header (docs/fixtures.md#what-is-kept), and the entity tag, a hash of the public body
# that the entropy net would otherwise take for a key. None of them can carry a credential.
_KEPT_HEADERS = frozenset({"date", "last-modified", "expires", "age", "retry-after", "if-modified-since", "etag"})


def redact_text(text: str, path: str, found: Found, place: Place = Place()) -> str:
    """`text` with every secret and personal datum gone, read as what its place holds. URLs in it are
    redacted by part (their hosts and paths stay), knowing the phones the text gives around them; in
    a place that holds tokens (a header) their query values are read as tokens too."""
    engine = secret_values.engine()
    cleaned, noted = _JUDGED.answer(text, (engine, text, place), lambda: _judged(text, place))
    found.extend((path + below, detector, preview) for below, detector, preview in noted)
    return cleaned


# A judgement is a function of the text, its place and the secret engine: the bundled corpus's 80,000 strings are
# 5,000 distinct ones. What it found is kept relative to the path, which every finding's path extends (`path`,
# `path?`, `path#`, `path@`).
_JUDGED = ShortStringMemory()


def _judged(text: str, place: Place) -> tuple[str, tuple[tuple[str, str, str], ...]]:
    noted: Found = []
    return _redact_text(text, "", noted, place), tuple(noted)


def _redact_text(text: str, path: str, found: Found, place: Place) -> str:
    hits: list[Hit] = secret_hits(text) + personal_hits(text, place)
    if place.token:
        hits += entropy_hits(text)
    spans = url_spans(text)
    if spans:
        hits = [h for h in hits if not any(h.start < end and start < h.end for start, end in spans)]
    found.extend((path, h.detector, mask(text[h.start:h.end])) for h in hits)
    if spans:
        phones = {re.sub(r"\D", "", text[h.start:h.end]) for h in hits if h.detector == "personal-phone"}
        known = place.known_phones | phones
        for start, end in spans:
            cleaned = redact_url(text[start:end], path, found, entropy=place.token, known_phones=known)
            if cleaned != text[start:end]:
                hits.append(Hit(start, end, "url", cleaned))
    return apply_hits(text, hits) if hits else text


def redact_url(url: str, path: str, found: Found, *, entropy: bool = False,
               known_phones: frozenset[str] = frozenset()) -> str:
    """Host and path stay (docs/fixtures.md#what-is-kept) but for a segment carrying a secret or a person's
    data; userinfo, credential query values and secret or personal data in any value go. See `urls.redact_url`."""
    return urls.redact_url(url, path, found, redact_text, entropy=entropy, known_phones=known_phones)


def redact_headers(headers: dict[str, str], path: str, found: Found) -> dict[str, str]:
    out = {}
    for name, value in headers.items():
        where = f"{path}.{name}"
        if name.lower() in _KEPT_HEADERS:
            out[name] = value
        elif is_secret_name(name):
            if value and not is_placeholder(value):
                found.append((where, "secret-header", mask(value)))
                value = REDACTED
            out[name] = value
        else:
            out[name] = redact_text(value, where, found, Place(token=True))
    return out


def redact_json(value: Any, path: str, found: Found) -> Any:
    """JSON keys that name a credential lose their value at any depth; every string is checked by
    value, in the place its key names (a list's items in their list's). A key is redacted as a value
    would be, so a URL used as a key still matches its twin among the values. A number the document
    gives as a person's phone is a phone in its URLs too (`…/lic-ruiz-6641234567-55102`)."""
    return _walk(value, path, found, "", phones_in_urls_named_elsewhere(value))


def _walk(value: Any, path: str, found: Found, field: str, known: frozenset[str]) -> Any:
    if isinstance(value, dict):
        out = {}
        key_place = Place(known_phones=known)
        for key, item in value.items():
            where = f"{path}.{key}"
            # Keys carry data too (a links summary keyed by anchor text "Llámame 55 …").
            kept = redact_string(key, f"{path}.<key>", found, key_place) if isinstance(key, str) else key
            out[kept] = _blank(item, where, found) if is_secret_name(key) else _walk(item, where, found, key, known)
        return out
    if isinstance(value, list):
        return [_walk(item, f"{path}[{i}]", found, field, known) for i, item in enumerate(value)]
    if isinstance(value, str):
        return redact_string(value, path, found, field_place(field, value, known))
    return value


def redact_string(value: str, path: str, found: Found, place: Place = Place()) -> str:
    if is_url(value):
        return redact_url(value, path, found, known_phones=place.known_phones)
    if place.token and "%" in value:
        # `tel:+52%2033%20…`, `mailto:ana%40gmail.com`: read percent-decoded; written back decoded only if something went.
        readable = unquote(value)
        if readable != value:
            cleaned = redact_text(readable, path, found, place)
            if cleaned != readable:
                return cleaned
    return redact_text(value, path, found, place)


def _blank(value: Any, path: str, found: Found) -> Any:
    """Every non-empty string under a credential key goes; numbers (counts, limits) stay."""
    if isinstance(value, str):
        if value and not is_placeholder(value):
            found.append((path, "secret-key", mask(value)))
            return REDACTED
        return value
    if isinstance(value, dict):
        return {k: _blank(v, f"{path}.{k}", found) for k, v in value.items()}
    if isinstance(value, list):
        return [_blank(v, f"{path}[{i}]", found) for i, v in enumerate(value)]
    return value
