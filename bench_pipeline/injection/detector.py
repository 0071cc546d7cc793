"""The injection detector: one verdict per document, with the vectors used and the evidence.

A document is flagged when some channel carries instruction-like text (`phrases`) or is
suspicious by its form alone. Hidden channels name their hiding vector; instruction-like text in
the visible body is `system_imitation`. Hidden content that reads as data (menus, `sr-only`
labels, an OCR layer) is not flagged.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Iterable
from typing import Literal

import lxml.html
from lxml.etree import ParserError
from pydantic import BaseModel, ConfigDict, ValidationError

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.injection.channels import Channel
from bench_pipeline.injection.html_vectors import hidden_element_channels, json_channels, out_of_band_channels
from bench_pipeline.injection.pdf_vectors import pdf_channels
from bench_pipeline.injection.phrases import instruction_matches
from bench_pipeline.injection.unicode_vectors import strip_invisible, unicode_channels
from bench_pipeline.reading.decode import decode_html
from bench_pipeline.reading.source import HtmlSource

Media = Literal["html", "pdf", "json", "text"]
_BASE64_RUN = re.compile(r"[A-Za-z0-9+/]{40,}={0,2}")
_ROLE_TAG = re.compile(r"<\s*/?\s*(?:system|assistant|user_message|im_start|im_end)\s*>", re.IGNORECASE)
_HTML_SNIFF = re.compile(rb"<(?:!doctype html|html|head|body|div|p|meta|title)[\s>]", re.IGNORECASE)
_SNIPPET = 160
_SHORTEST_INSTRUCTION = 10  # "system: x"; shorter channels (icons, "Inicio") cannot instruct


class Evidence(BaseModel):
    model_config = ConfigDict(frozen=True)

    vector: str
    match: str
    snippet: str


class InjectionReport(BaseModel):
    model_config = ConfigDict(frozen=True)

    flagged: bool
    vectors: list[str]
    evidence: list[Evidence]


def sniff_media(data: bytes) -> Media:
    head = data[:2048].lstrip()
    if head.startswith(b"%PDF"):
        return "pdf"
    if head[:1] in (b"{", b"["):
        try:
            json.loads(data)
            return "json"
        except ValueError:
            pass
    return "html" if _HTML_SNIFF.search(head) else "text"


def scan(data: bytes, media: Media | None = None) -> InjectionReport:
    media = media or sniff_media(data)
    if media == "pdf":
        return _verdict(list(pdf_channels(data)))
    if media == "html":
        return scan_html(HtmlSource(data))
    text = decode_html(data)
    if media == "json":
        parsed = json.loads(text)
        fetched = _fetched_page(parsed)
        if fetched is not None:
            return scan(fetched)
        values = list(json_channels(parsed, "system_imitation"))
        return _verdict([*values, *unicode_channels("\n".join(value.text for value in values))])
    return _verdict([*unicode_channels(text), Channel("system_imitation", text)])


def _fetched_page(parsed) -> bytes | None:
    """The page inside a recorded fetch exchange (`body_text`/`body_b64`), scanned as what it is."""
    if not (isinstance(parsed, dict) and "operation" in parsed and isinstance(parsed.get("response"), dict)):
        return None
    try:
        exchange = Exchange.model_validate(parsed)
    except ValidationError:
        return None
    response = exchange.response
    if response is None or (response.body_text is None and response.body_b64 is None):
        return None
    return response.raw_bytes()


def scan_html(source: HtmlSource) -> InjectionReport:
    visible = Channel("system_imitation", source.visible.text)
    channels = [*unicode_channels(visible.text)]
    channels += [Channel("system_imitation", tag.group(0), suspicious=True) for tag in _ROLE_TAG.finditer(source.text)]
    try:
        root = lxml.html.document_fromstring(source.text)
    except (ParserError, ValueError):
        return _verdict([*channels, visible])  # nothing parseable: the visible-text walk still reads the page
    channels += out_of_band_channels(root)
    # Hidden elements' text is part of the visible text: when that text carries no instruction,
    # neither do they, and the (costly) CSS work is skipped. Otherwise they name the vector.
    if _channel_matches(visible):
        channels += hidden_element_channels(root)
    return _verdict([*channels, visible])


def _verdict(channels: Iterable[Channel]) -> InjectionReport:
    evidence: list[Evidence] = []
    hidden_matches: set[str] = set()
    # Visible text also contains hidden elements' text; a match already explained by a hiding
    # vector is not counted again as visible system imitation.
    ordered = sorted(channels, key=lambda channel: channel.vector == "system_imitation")
    for channel in ordered:
        for match in _channel_matches(channel):
            if channel.vector == "system_imitation" and match in hidden_matches:
                continue
            if channel.vector != "system_imitation":
                hidden_matches.add(match)
            evidence.append(Evidence(vector=channel.vector, match=match, snippet=_snippet(channel.text, match)))
    vectors = sorted({item.vector for item in evidence})
    return InjectionReport(flagged=bool(evidence), vectors=vectors, evidence=evidence)


def _channel_matches(channel: Channel) -> list[str]:
    if channel.suspicious:
        return [channel.text[:_SNIPPET]]
    if len(channel.text) < _SHORTEST_INSTRUCTION:
        return []
    # Invisible characters inside hidden channels are stripped first; in the visible text they are
    # the zero_width vector's business.
    text = channel.text if channel.vector == "system_imitation" else strip_invisible(channel.text)
    found = [snippet for _, snippet in instruction_matches(text)]
    for decoded in _decoded_runs(text):
        found += [f"base64: {snippet}" for _, snippet in instruction_matches(decoded)]
    return found


def _decoded_runs(text: str) -> list[str]:
    decoded = []
    for run in _BASE64_RUN.findall(text):
        try:
            raw = base64.b64decode(run + "=" * (-len(run) % 4), validate=True)
        except (binascii.Error, ValueError):
            continue
        printable = sum(32 <= byte < 127 for byte in raw)
        if raw and printable / len(raw) >= 0.7:
            decoded.append(raw.decode("ascii", errors="ignore"))
    return decoded


def _snippet(text: str, match: str) -> str:
    position = text.lower().find(match[:20].lower())
    start = max(0, position - 40) if position >= 0 else 0
    return " ".join(text[start : start + _SNIPPET].split())
