"""The injection detector: one verdict per document, with the vectors used and the evidence.

A document is read as channels: its visible text, and every place text can sit unseen (comments,
attributes, meta tags, JSON-LD, template/noscript, elements hidden by their computed style, PDF
hidden layers and metadata, invisible Unicode). A channel is flagged when its text is
instruction-like by `signals` — visible text at the visible bar (an automated reader addressed,
plus a directive or claim), a hidden channel at the lower hidden bar — or when it is suspicious by
its form alone (an invented "instructions" field, tag-character smuggling). Hidden channels name
their hiding vector; instruction-like visible text is `system_imitation`. Hidden content that
reads as data (menus, `sr-only` labels, an OCR layer) is not flagged.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Iterable
from typing import Literal

from lxml.etree import ParserError
from pydantic import BaseModel, ConfigDict, ValidationError

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.injection.channels import Channel
from bench_pipeline.injection.html_vectors import (
    block_text, code_blocks, hidden_element_channels, json_channels, out_of_band_channels,
)
from bench_pipeline.injection.pdf_vectors import pdf_channels
from bench_pipeline.injection.signals import Bar, findings, findings_both, findings_many
from bench_pipeline.injection.unicode_vectors import strip_invisible, unicode_channels
from bench_pipeline.reading.decode import decode_html, parse_html_tree
from bench_pipeline.reading.source import HtmlSource

Media = Literal["html", "pdf", "json", "text"]
_BASE64_RUN = re.compile(r"[A-Za-z0-9+/]{22,}={0,2}")  # 16 bytes and up: "Reply in reverse."
_ROLE_TAG = re.compile(r"<\s*/?\s*(?:system|assistant|user_message|im_start|im_end)\s*>", re.IGNORECASE)
_FENCE = re.compile(r"^[ \t]*```[^\n]*\n(.*?)^[ \t]*```", re.MULTILINE | re.DOTALL)
_HTML_SNIFF = re.compile(rb"<(?:!doctype html|html|head|body|div|p|meta|title)[\s>]", re.IGNORECASE)
_SNIPPET = 160


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
        return _verdict(_matched(list(pdf_channels(data))))
    if media == "html":
        return scan_html(HtmlSource(data))
    text = decode_html(data)
    if media == "json":
        parsed = json.loads(text)
        fetched = _fetched_page(parsed)
        if fetched is not None:
            return scan(fetched)
        # A JSON-LD document is metadata through and through; other JSON carries page text in its values.
        linked_data = isinstance(parsed, dict) and ("@context" in parsed or "@type" in parsed or "@graph" in parsed)
        values = list(json_channels(parsed, "structured_metadata" if linked_data else "system_imitation"))
        return _verdict(_matched([*values, *unicode_channels("\n".join(value.text for value in values))]))
    prose = _FENCE.sub("\n", text)
    shown = [Channel("system_imitation", block.group(1), displayed_code=True) for block in _FENCE.finditer(text)]
    return _verdict(_matched([*unicode_channels(text), Channel("system_imitation", prose), *shown]))


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
    channels = [Channel("system_imitation", tag.group(0), suspicious=True) for tag in _ROLE_TAG.finditer(source.text)]
    try:
        root = parse_html_tree(source.text)
    except (ParserError, ValueError):
        # Nothing parseable: the reader's visible-text walk still reads the page.
        visible = Channel("system_imitation", source.visible.text)
        return _verdict(_matched([*channels, *unicode_channels(visible.text), visible]))
    visible = Channel("system_imitation", block_text(root))
    code = code_blocks(root)
    channels += unicode_channels("\n".join([visible.text, *code]))
    channels += out_of_band_channels(root)
    # The visible text's windows are judged at both bars from one pass. Hidden elements' text is part
    # of it (or of a code block), each starting its own line: when no window meets even the hidden
    # bar, no hidden element can, and the (costly) cascade is skipped.
    seen_windows, hidden_bar_windows = findings_both(visible.text)
    decoded = _decoded_matches(visible.text)
    if hidden_bar_windows or decoded or any(findings_many(code, "hidden")):
        hidden, seen = hidden_element_channels(root)
        if seen is not None:
            # Visible imitation is judged on what a person sees: hidden elements' text taken out.
            visible = Channel("system_imitation", seen)
            seen_windows, decoded, code = findings(seen, "visible"), _decoded_matches(seen), code_blocks(root)
        channels += hidden
    channels += [Channel("system_imitation", text, displayed_code=True) for text in code]
    return _verdict([*_matched(channels), (visible, [window.snippet for window in seen_windows] + decoded)])


def _matched(channels: list[Channel]) -> list[tuple[Channel, list[str]]]:
    """Each distinct channel matched once (pages repeat og:, twitter: and JSON-LD descriptions and
    alt texts), and all of a page's channels of one bar in a single pass."""
    distinct = list(dict.fromkeys(channels))
    found: dict[Channel, list[str]] = {channel: [] for channel in distinct}
    plain = [channel for channel in distinct if not channel.suspicious]
    for channel in distinct:
        if channel.suspicious:
            found[channel] = [channel.text[:_SNIPPET]]
    for bar in ("visible", "hidden", "specimen"):
        group = [channel for channel in plain if _bar(channel) == bar]
        # Invisible characters inside hidden channels are stripped first; in the visible text they
        # are the zero_width vector's business.
        texts = [strip_invisible(channel.text) if bar == "hidden" else channel.text for channel in group]
        for channel, windows, decoded in zip(group, findings_many(texts, bar), _decoded_matches_many(texts)):
            found[channel] = [window.snippet for window in windows] + decoded
    return [(channel, found[channel]) for channel in channels]


def _bar(channel: Channel) -> Bar:
    if channel.displayed_code:
        return "specimen"
    return "visible" if channel.vector == "system_imitation" else "hidden"


def _verdict(matched: Iterable[tuple[Channel, list[str]]]) -> InjectionReport:
    evidence = [Evidence(vector=channel.vector, match=match, snippet=_snippet(channel.text, match))
                for channel, matches in matched for match in matches]
    vectors = sorted({item.vector for item in evidence})
    return InjectionReport(flagged=bool(evidence), vectors=vectors, evidence=evidence)


def _decoded_matches(text: str) -> list[str]:
    """Instructions hidden as base64 runs, judged at the hidden bar: nobody reads base64."""
    return _decoded_matches_many([text])[0]


def _decoded_matches_many(texts: list[str]) -> list[list[str]]:
    """`_decoded_matches` of each text, every decoded run of them all judged in one pass."""
    runs = [_decoded_runs(text) for text in texts]
    judged = iter(findings_many([run for text_runs in runs for run in text_runs], "hidden"))
    return [[f"base64: {finding.snippet}" for _ in text_runs for finding in next(judged)] for text_runs in runs]


def _decoded_runs(text: str) -> list[str]:
    """Base64 runs that decode to text (UTF-8, so Spanish survives the round trip)."""
    decoded = []
    for run in _BASE64_RUN.findall(text):
        try:
            raw = base64.b64decode(run + "=" * (-len(run) % 4), validate=True)
        except (binascii.Error, ValueError):
            continue
        words = raw.decode("utf-8", errors="replace")
        if words and sum(ch.isprintable() or ch.isspace() for ch in words) / len(words) >= 0.9:
            decoded.append(words)
    return decoded


def _snippet(text: str, match: str) -> str:
    position = text.lower().find(match[:20].lower())
    start = max(0, position - 40) if position >= 0 else 0
    return " ".join(text[start : start + _SNIPPET].split())
