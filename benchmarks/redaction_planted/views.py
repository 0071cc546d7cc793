"""What a redacted output still says, in every form a reader could decode: the raw JSON, every key and
string value, and each of those HTML-unescaped, percent-decoded, parsed as JSON, base64- and
base64url-decoded (a gzip body inflated, a PDF read for its text layer and document information).
A value that must go survives if it is in any view; a value that must stay must be in one, byte for byte."""

from __future__ import annotations

import base64
import binascii
import gzip
import json
import re
from html import unescape
from typing import NamedTuple
from urllib.parse import unquote, unquote_plus

from benchmarks.redaction_planted import pdfs
from benchmarks.redaction_planted.families import Plant

_BASE64_RUN = re.compile(r"[A-Za-z0-9+/_-]{16,}={0,2}")
_DIGIT_RUN = re.compile(r"\d[\d\s().+/-]*\d")
_MAX_DEPTH = 3


class View(NamedTuple):
    where: str  # the JSON path, then each decoding applied
    text: str


def _strings(value, path: str = ""):
    if isinstance(value, dict):
        for key, item in value.items():
            yield f"{path}.<key>", str(key)
            yield from _strings(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, f"{path}[{index}]")
    elif isinstance(value, str):
        yield path, value


def _decoded_bytes(run: str) -> list[bytes]:
    found = []
    for piece in {run, *re.split(r"[/+.]", run)}:
        stripped = piece.rstrip("=")
        if len(stripped) < 16:
            continue
        padded = stripped + "=" * (-len(stripped) % 4)
        for decode in (base64.b64decode, base64.urlsafe_b64decode):
            try:
                found.append(decode(padded))
            except (binascii.Error, ValueError):
                continue
    return found


def _from_bytes(data: bytes, where: str, depth: int) -> list[View]:
    if data.startswith(b"%PDF"):
        return [view for text in pdfs.read(data) or [] for view in expand(text, f"{where} (pdf)", depth + 1)]
    if data.startswith(b"\x1f\x8b"):
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError):
            return []
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return []
    if sum(ch.isprintable() or ch in "\n\r\t" for ch in text) < 0.9 * len(text):
        return []
    return expand(text, where, depth + 1)


def expand(text: str, where: str, depth: int = 0) -> list[View]:
    views = [View(where, text)]
    if depth >= _MAX_DEPTH:
        return views
    for kind, decode, marker in (("html-unescaped", unescape, "&"), ("percent-decoded", unquote, "%"),
                                 ("form-decoded", unquote_plus, "%")):
        decoded = decode(text) if marker in text else text
        if decoded != text:
            views += expand(decoded, f"{where} ({kind})", depth + 1)
    if text.lstrip()[:1] in ("{", "["):
        try:
            views += [View(f"{where} (json){path}", s) for path, s in _strings(json.loads(text))]
        except ValueError:
            pass
    for match in _BASE64_RUN.finditer(text):
        for data in _decoded_bytes(match.group()):
            views += _from_bytes(data, f"{where} (base64)", depth)
    return views


def of_json(data) -> list[View]:
    views = []
    for path, text in _strings(data):
        views += expand(text, path or "(root)")
    raw = [View("(raw json)", json.dumps(data, ensure_ascii=False)), View("(raw json, ascii)", json.dumps(data))]
    return views + raw


def of_file(data: bytes, name: str) -> list[View]:
    return _from_bytes(data, name, -1)


def _digit_runs(text: str) -> list[str]:
    return [re.sub(r"\D", "", run) for run in _DIGIT_RUN.findall(text)]


def found_in(plant: Plant, views: list[View]) -> View | None:
    """The first view holding any of a value-that-must-go's needles (case-insensitive)."""
    for view in views:
        if plant.digits:
            runs = _digit_runs(view.text)
            if any(needle in run for needle in plant.needles for run in runs):
                return view
        else:
            folded = view.text.casefold()
            if any(needle.casefold() in folded for needle in plant.needles):
                return view
    return None


def kept_in(plant: Plant, views: list[View]) -> bool:
    """Every needle of a value-that-must-stay, byte for byte, in some view."""
    return all(any(needle in view.text for view in views) for needle in plant.needles)


def context(plant: Plant, view: View, width: int = 50) -> str:
    """Where a surviving value was found, with a short window around it and the value itself shortened."""
    text, folded = view.text, view.text.casefold()
    span = None
    for needle in plant.needles:
        if plant.digits:
            span = next((m.span() for m in _DIGIT_RUN.finditer(text) if needle in re.sub(r"\D", "", m.group())), None)
        elif needle.casefold() in folded:
            at = folded.index(needle.casefold())
            span = (at, at + len(needle))
        if span:
            break
    if span is None:
        return f"{view.where}: …{text[:2 * width]}…"
    value = text[span[0]:span[1]]
    shown = value if len(value) <= 12 else value[:8] + "…"
    before, after = text[max(0, span[0] - width):span[0]], text[span[1]:span[1] + width]
    return f"{view.where}: …{before}[{shown}]{after}…".replace("\n", "⏎")
