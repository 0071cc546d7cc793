"""Origin groups: reprints of one source (four copies of a wire story) count once.

Two documents share a group when their canonical URLs are equal, or when their texts are near
duplicates: Jaccard similarity of word 3-shingles ≥ NEAR_DUPLICATE_JACCARD (0.5 — reprints
differ in headline, byline and a trimmed paragraph, unrelated stories on one topic stay far below).
Group ids are stable: derived from the group's smallest canonical URL, not from input order.
"""

from __future__ import annotations

import functools
import hashlib
import re
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from bench_pipeline.reading.textmap import fold

NEAR_DUPLICATE_JACCARD = 0.5
_SHINGLE = 3
_HOST_PREFIXES = ("www.", "m.", "amp.", "mobile.")
_TRACKING = re.compile(r"^(?:utm_\w+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|igshid|ref|ref_src|cmpid|outputtype|amp)$", re.IGNORECASE)
_AMP_PATH = re.compile(r"(?:/amp/?$|\.amp(?=\.html?$|$)|^/amp(?=/))", re.IGNORECASE)
_WORD = re.compile(r"\w+")
# A URL this matches is its own canonical form (https, lower-case host without a dropped prefix or a port,
# no query, fragment or trailing slash) when its path has no AMP part either. Most stored URLs are.
_ALREADY_CANONICAL = re.compile(r"https://(?!(?:www|m|amp|mobile)\.)[a-z0-9.-]+(?P<path>/[^?#\s]*[^?#\s/])?")


@functools.lru_cache(maxsize=1 << 16)  # providers return the same URLs: a pool repeats each many times
def canonical_url(url: str) -> str:
    """https, lower-case host without www/m/amp, no default port, no AMP path, no tracking
    parameters (the rest sorted), no fragment, no trailing slash."""
    short = _ALREADY_CANONICAL.fullmatch(url)
    if short and not _AMP_PATH.search(short["path"] or ""):
        return url
    return rebuilt_url(url)


def rebuilt_url(url: str) -> str:
    """`canonical_url` the long way: split, normalise each part, join."""
    parts = urlsplit(url.strip())
    host = (parts.hostname or "").lower()
    # Prefixes go one after another (`www.m.`), but never the last dot: `m.mx` is a domain, not a prefix.
    while (prefix := next((p for p in _HOST_PREFIXES if host.startswith(p)), None)) and "." in host[len(prefix):]:
        host = host[len(prefix) :]
    if parts.port and parts.port not in (80, 443):
        host = f"{host}:{parts.port}"
    path = parts.path.rstrip("/")
    while _AMP_PATH.search(path):  # `a.amp.html/amp` has two AMP parts; one removed uncovers the other
        path = _AMP_PATH.sub("", path).rstrip("/")
    query = urlencode(sorted((key, value) for key, value in parse_qsl(parts.query, keep_blank_values=True)
                             if not _TRACKING.match(key)))
    return urlunsplit(("https", host, path, query, ""))


def origin_groups(docs: list[tuple[str, str | None]]) -> dict[str, str]:
    """url → group id for every (url, text or None) document."""
    urls = [url for url, _ in docs]
    canonical = {url: canonical_url(url) for url in urls}
    parent = {url: url for url in urls}

    def root(url: str) -> str:
        while parent[url] != url:
            parent[url] = parent[parent[url]]
            url = parent[url]
        return url

    def join(first: str, second: str) -> None:
        parent[root(first)] = root(second)

    first_with = {}
    for url in urls:
        join(url, first_with.setdefault(canonical[url], url))
    shingled = [(url, _shingles(text)) for url, text in docs if text]
    for position, (url, shingles) in enumerate(shingled):
        for other, other_shingles in shingled[position + 1 :]:
            if shingles and other_shingles and _jaccard(shingles, other_shingles) >= NEAR_DUPLICATE_JACCARD:
                join(url, other)
    members: dict[str, list[str]] = {}
    for url in urls:
        members.setdefault(root(url), []).append(canonical[url])
    return {url: "og-" + hashlib.sha256(min(members[root(url)]).encode()).hexdigest()[:12] for url in urls}


def _shingles(text: str) -> set[tuple[str, ...]]:
    words = _WORD.findall(fold(text))
    return {tuple(words[i : i + _SHINGLE]) for i in range(max(0, len(words) - _SHINGLE + 1))}


def _jaccard(first: set, second: set) -> float:
    return len(first & second) / len(first | second)
