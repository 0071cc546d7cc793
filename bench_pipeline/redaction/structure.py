"""Redaction of the pieces an exchange is made of — text, URLs, headers, JSON at any depth.

Every function takes a `found` list and appends `(json_path, detector, masked fragment)` for each
thing it removes; the scan runs the very same functions and reads that list, so what redaction
removes and what the committed-fixture check looks for can never drift apart.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, unquote, unquote_plus, urlsplit, urlunsplit

from bench_pipeline.redaction.findings import REDACTED, Hit, apply_hits, is_placeholder, mask
from bench_pipeline.redaction.personal import personal_hits
from bench_pipeline.redaction.positions import is_secret_name
from bench_pipeline.redaction.secret_values import entropy_hits, secret_hits

Found = list[tuple[str, str, str]]
# Kept as they came: every date header (SPEC §3), and the entity tag, a hash of the public body
# that the entropy net would otherwise take for a key. None of them can carry a credential.
_KEPT_HEADERS = frozenset({"date", "last-modified", "expires", "age", "retry-after", "if-modified-since", "etag"})


def redact_text(text: str, path: str, found: Found, *, token_place: bool = False) -> str:
    hits: list[Hit] = secret_hits(text) + personal_hits(text)
    if token_place:
        hits += entropy_hits(text)
    found.extend((path, h.detector, mask(text[h.start:h.end])) for h in hits)
    return apply_hits(text, hits) if hits else text


def redact_url(url: str, path: str, found: Found, *, entropy: bool = False) -> str:
    """Host and path stay (SPEC §3) but for a person's data written in the path; credentials in
    userinfo and query values go, and personal data in query values. The URL is rebuilt
    only when something changed, so an untouched URL keeps its exact bytes."""
    parts = urlsplit(url)
    netloc = parts.netloc
    if parts.password and not is_placeholder(parts.password):
        found.append((path, "url-password", mask(parts.password)))
        netloc = netloc.replace(f":{parts.password}@", f":{REDACTED}@", 1)
    url_path = _personal_in_path(_secrets_in_path(parts.path, path, found), path, found)
    query = "&".join(_redact_param(p, path, found, entropy) for p in parts.query.split("&")) if parts.query else ""
    changed = (netloc, url_path, query) != (parts.netloc, parts.path, parts.query)
    return urlunsplit((parts.scheme, netloc, url_path, query, parts.fragment)) if changed else url


def _redact_param(piece: str, path: str, found: Found, entropy: bool) -> str:
    name, sep, raw = piece.partition("=")
    value = unquote_plus(raw)
    where = f"{path}?{unquote_plus(name)}"
    if is_secret_name(unquote_plus(name)) and value and not is_placeholder(value):
        found.append((where, "secret-param", mask(value)))
        return f"{name}={REDACTED}"
    cleaned = redact_text(value, where, found, token_place=entropy)
    return f"{name}{sep}{quote(cleaned, safe='@+[]:/')}" if cleaned != value else piece


def _secrets_in_path(text: str, path: str, found: Found) -> str:
    """A key in a URL path goes; nothing else in the path is touched (family and origin read it)."""
    hits = secret_hits(text)
    found.extend((path, h.detector, mask(text[h.start:h.end])) for h in hits)
    return apply_hits(text, hits) if hits else text


def _personal_in_path(text: str, path: str, found: Found) -> str:
    """A person's phone or address in a path (`wa.me/521…`, an ad's slug) goes, read percent-decoded;
    a path with none stays byte for byte."""
    readable = unquote(text)
    hits = personal_hits(readable)
    found.extend((path, h.detector, mask(readable[h.start:h.end])) for h in hits)
    return quote(apply_hits(readable, hits), safe="/@+:-._~!$&'()*,;=%") if hits else text


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
            out[name] = redact_text(value, where, found, token_place=True)
    return out


def redact_json(value: Any, path: str, found: Found) -> Any:
    """JSON keys that name a credential lose their value at any depth; every string is checked by value."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            where = f"{path}.{key}"
            # Keys carry data too (a links summary keyed by anchor text "Llámame 55 …").
            kept_key = redact_text(key, f"{path}.<key>", found) if isinstance(key, str) else key
            out[kept_key] = _blank(item, where, found) if is_secret_name(key) else redact_json(item, where, found)
        return out
    if isinstance(value, list):
        return [redact_json(item, f"{path}[{i}]", found) for i, item in enumerate(value)]
    if isinstance(value, str):
        return redact_string(value, path, found)
    return value


def redact_string(value: str, path: str, found: Found) -> str:
    if value.startswith(("http://", "https://")):
        return redact_url(value, path, found)
    token_place = not any(c.isspace() for c in value)
    if token_place and "%" in value:
        # `tel:+52%2033%20…`, `mailto:ana%40gmail.com`: read percent-decoded; written back decoded only if something went.
        readable = unquote(value)
        if readable != value:
            cleaned = redact_text(readable, path, found, token_place=True)
            if cleaned != readable:
                return cleaned
    return redact_text(value, path, found, token_place=token_place)


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
