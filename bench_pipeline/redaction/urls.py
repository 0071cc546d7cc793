"""URLs redacted by part: scheme and host always stay, and the path stays byte for byte but for the
segment that carries a secret or a person's data; the family and origin of a result are read from
them. Userinfo goes; each query value goes when its name says credential, and otherwise it is judged
the way text is, read percent-decoded and, when it is base64 of text, base64-decoded, so an e-mail
hidden as `%40` or as base64url is found. A part is rewritten only when something in it went.

Parts are judged by the caller's text judge (`judge`), which itself finds URLs in text, so a URL
nested in a query value (a redirect) is redacted by part in turn.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable
from urllib.parse import quote, unquote, unquote_plus

from bench_pipeline.redaction.findings import REDACTED, Hit, apply_hits, is_placeholder, mask
from bench_pipeline.redaction.places import Place, field_place
from bench_pipeline.redaction.positions import is_secret_name
from bench_pipeline.redaction.secret_values import secret_hits

Found = list[tuple[str, str, str]]
# judge(text, where, found, place) -> the text with what must go gone.
Judge = Callable[[str, str, Found, Place], str]

_URL = re.compile(r"(?i)(?<![\w.+-])[a-z][a-z0-9+.-]{1,15}://[^\s<>\"'`{}|\\^]+")
# Sentence punctuation and markdown emphasis after a URL in prose are not part of it.
_TRAILING = ".,;:!?*_'"
_CLOSERS = {")": "(", "]": "["}
# Hosts whose path or `phone=` value is a phone number by construction.
_PHONE_HOSTS = frozenset({"wa.me", "api.whatsapp.com", "web.whatsapp.com", "whatsapp.com", "www.whatsapp.com"})
_BASE64 = re.compile(r"[A-Za-z0-9+/_-]{8,}={0,2}")
# The marker without its brackets: `[…]` before the host reads as an IPv6 literal to URL parsers.
_USERINFO_MARKER = REDACTED.strip("[]")
_SHORTEST_FINDING = 13  # an RFC; CURPs, keys and tokens are longer
_PATH_SAFE = "/@+:-._~!$&'()*,;=%"
_QUERY_SAFE = "@[]:/,"


def url_spans(text: str) -> list[tuple[int, int]]:
    """Where URLs stand in `text`, without the punctuation that closes the sentence around them."""
    spans = []
    if "://" not in text:
        return spans
    for match in _URL.finditer(text):
        end = match.end()
        while end > match.start():
            last = text[end - 1]
            opener = _CLOSERS.get(last)
            unbalanced = opener and text.count(opener, match.start(), end) < text.count(last, match.start(), end)
            if last not in _TRAILING and not unbalanced:
                break
            end -= 1
        spans.append((match.start(), end))
    return spans


def is_url(value: str) -> bool:
    spans = url_spans(value)
    return len(spans) == 1 and spans[0] == (0, len(value))


def redact_url(url: str, path: str, found: Found, judge: Judge, *, entropy: bool = False,
               known_phones: frozenset[str] = frozenset()) -> str:
    """`url` with its userinfo, credential query values and any secret or personal part gone; every
    other byte as it came. `entropy` judges query values as tokens (the request URL's own query);
    `known_phones` are numbers the document around the URL gives as a person's phone."""
    url = _secrets_in_whole(url, path, found)
    scheme, _, rest = url.partition("://")
    netloc_end = _netloc_end(url) - len(scheme) - 3
    netloc, after = rest[:netloc_end], rest[netloc_end:]
    before_fragment, hash_mark, fragment = after.partition("#")
    url_path, question, query = before_fragment.partition("?")
    phone_host = netloc.rpartition("@")[2].split(":")[0].lower() in _PHONE_HOSTS
    netloc = _userinfo(netloc, path, found)
    segment_place = Place(phones=phone_host, ids=True, slug=True, known_phones=known_phones)
    url_path = "/".join(_segment(s, path, found, judge, segment_place) for s in url_path.split("/"))
    value_place = Place(token=entropy, known_phones=known_phones)
    if query:
        query = "&".join(_param(p, f"{path}?", found, judge, value_place, phone_host) for p in query.split("&"))
    if fragment and "=" in fragment:
        fragment = "&".join(_param(p, f"{path}#", found, judge, value_place, False) for p in fragment.split("&"))
    elif fragment:
        fragment = _segment(fragment, f"{path}#", found, judge, segment_place.but(phones=False))
    return f"{scheme}://{netloc}{url_path}{question}{query}{hash_mark}{fragment}"


def _secrets_in_whole(url: str, path: str, found: Found) -> str:
    """Secret formats read from the path (a chat webhook's token is known by the segments before it)
    are matched on the whole URL; what they cover is cut back to after the host, which stays. A
    secret inside the query or fragment is left to that part's judge, which names it by its parameter."""
    hits = secret_hits(url)
    if not hits:
        return url
    path_start = _netloc_end(url)
    query_start = next((i for i in range(path_start, len(url)) if url[i] in "?#"), len(url))
    kept = []
    for hit in hits:
        if hit.start >= query_start:
            continue
        start = max(hit.start, path_start + url.startswith("/", path_start))
        if start < hit.end:
            kept.append(Hit(start, hit.end, hit.detector, REDACTED))
            found.append((path, hit.detector, mask(url[start:hit.end])))
    return apply_hits(url, kept)


def _netloc_end(url: str) -> int:
    start = url.find("://") + 3
    return next((i for i in range(start, len(url)) if url[i] in "/?#"), len(url))


def _userinfo(netloc: str, path: str, found: Found) -> str:
    userinfo, at, host = netloc.rpartition("@")
    if not at or all(is_placeholder(unquote(part)) for part in userinfo.split(":") if part):
        return netloc
    found.append((f"{path}@", "url-userinfo", mask(userinfo)))
    return f"{_USERINFO_MARKER}@{host}"


def _segment(segment: str, path: str, found: Found, judge: Judge, place: Place) -> str:
    """A path segment, judged percent-decoded, as a slug that holds ids: a number in it is a phone
    only when the segment says so, the host is a phone link or the document gives it as one."""
    readable = _percent_decoded(segment, plus=False)
    if _too_short_to_hold_anything(readable):
        return segment
    cleaned = judge(readable, path, found, place)
    if cleaned == readable:
        cleaned = _base64_layer(readable, path, found, judge, place.but(ids=False, slug=False))
    return segment if cleaned == readable else quote(cleaned, safe=_PATH_SAFE)


def _param(piece: str, where: str, found: Found, judge: Judge, place: Place, phone_host: bool) -> str:
    name, sep, raw = piece.partition("=")
    # A query written in HTML separates its parameters with `&amp;`: the name follows the `amp;`.
    readable_name = unquote_plus(name.removeprefix("amp;"))
    value = _percent_decoded(raw, plus=True)
    if not sep or not value:
        return piece
    where = f"{where}{readable_name}"
    if is_secret_name(readable_name):
        if is_placeholder(value):
            return piece
        found.append((where, "secret-param", mask(value)))
        return f"{name}={REDACTED}"
    if _too_short_to_hold_anything(value):
        return piece
    named = field_place(readable_name, value)  # `phone=` holds phones, `id=` ids
    place = place.but(phones=named.phones or (phone_host and readable_name.lower() == "phone"), ids=named.ids)
    cleaned = judge(value, where, found, place)
    if cleaned == value:
        cleaned = _base64_layer(value, where, found, judge, place)
    return piece if cleaned == value else f"{name}={quote(cleaned, safe=_QUERY_SAFE)}"


def _too_short_to_hold_anything(part: str) -> bool:
    """`v1`, `noticias`, `2024`, `es-MX`: shorter than a key, a CURP or an RFC, fewer digits than a
    phone, no `@`, and not base64 of text. Most parts are; judging them all would double the cost."""
    return (len(part) < _SHORTEST_FINDING and sum(map(str.isdigit, part)) < 7 and "@" not in part
            and base64_text(part) is None)


def _percent_decoded(raw: str, *, plus: bool) -> str:
    """Percent-decoded until it no longer changes: `%2540` hides an `@` under two layers."""
    value = unquote_plus(raw) if plus else unquote(raw)
    for _ in range(2):
        if "%" not in value or unquote(value) == value:
            break
        value = unquote(value)
    return value


def _base64_layer(value: str, where: str, found: Found, judge: Judge, place: Place) -> str:
    """A value that is base64 (or base64url) of text is judged decoded and, when something in it
    went, written back encoded the same way."""
    decoded = base64_text(value)
    if decoded is None:
        return value
    cleaned = judge(decoded, where, found, place)
    if cleaned == decoded:
        return value
    urlsafe = "-" in value or "_" in value
    encoded = (base64.urlsafe_b64encode if urlsafe else base64.b64encode)(cleaned.encode("utf-8")).decode("ascii")
    return encoded if value.endswith("=") else encoded.rstrip("=")


def base64_text(value: str) -> str | None:
    """The text `value` is the base64 or base64url encoding of, or None when it is not one
    (random ids decode to bytes that are not printable UTF-8 text)."""
    if not _BASE64.fullmatch(value):
        return None
    body = value.rstrip("=")
    if len(body) % 4 == 1:
        return None
    padded = body + "=" * (-len(body) % 4)
    try:
        raw = base64.b64decode(padded.replace("-", "+").replace("_", "/"), validate=True)
        text = raw.decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return None
    if len(text) < 6 or not all(c.isprintable() or c in "\n\r\t" for c in text):
        return None
    return text
