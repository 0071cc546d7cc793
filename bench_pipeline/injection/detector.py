"""The injection detector: one verdict per document, with the vectors used and the evidence.

A document of any type a provider returns (`documents`: HTML, PDF, JSON, markdown, feeds, office
files, e-mail, CSV) is read as channels: its visible text, and every place text can sit unseen
(comments, attributes, meta tags, JSON-LD, template/noscript, elements that leave no ink on screen,
PDF hidden layers, annotations and metadata, office hidden text and comments, invisible Unicode).
A channel is flagged when its text is instruction-like by `signals` — visible text at the visible
bar (an automated reader addressed, plus a directive or claim), a hidden channel at the lower
hidden bar — or when it is suspicious by its form alone (an invented "instructions" field,
tag-character smuggling). Hidden channels name their hiding vector; instruction-like visible text
is `system_imitation`. Hidden content that reads as data (menus, `sr-only` labels, an OCR layer) is
not flagged.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterable

from lxml.etree import ParserError
from pydantic import BaseModel, ConfigDict

from bench_pipeline.injection.channels import Channel
from bench_pipeline.injection.documents import document_channels, nested_channels, sniff_media
from bench_pipeline.injection.html_vectors import (
    block_text, code_blocks, embedded_documents, hidden_element_channels, out_of_band_channels, role_tag_channels,
)
from bench_pipeline.injection.signals import Bar, findings, findings_both, findings_many
from bench_pipeline.injection.unicode_vectors import strip_invisible, unicode_channels
from bench_pipeline.reading.decode import parse_html_tree
from bench_pipeline.reading.source import HtmlSource

__all__ = ["Evidence", "InjectionReport", "scan", "scan_html", "sniff_media"]
_BASE64_RUN = re.compile(r"[A-Za-z0-9+/]{22,}={0,2}")  # 16 bytes and up: "Reply in reverse."
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


def scan(data: bytes, media: str | None = None) -> InjectionReport:
    """The verdict on one document; `media` (one of `documents.Media`) when the caller knows it,
    sniffed from the bytes when not."""
    media = media or sniff_media(data)
    if media == "html":
        return scan_html(HtmlSource(data))
    return _verdict(_matched(document_channels(data, media)))


def scan_html(source: HtmlSource) -> InjectionReport:
    channels = role_tag_channels(source.text)
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
    channels += nested_channels(embedded_documents(root))
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
