"""The injection detector: one verdict per document, with the vectors used and the evidence.

A document of any type a provider returns (`documents`: HTML, PDF, JSON, markdown, feeds, office
files, e-mail, CSV) is read as channels: its visible text, and every place text can sit unseen
(comments, attributes, meta tags, JSON-LD, template/noscript/iframe fallback, elements that leave no
ink on screen, PDF hidden layers, annotations and metadata, office hidden text and comments, invisible
Unicode).
A channel is flagged when its text is instruction-like by `signals` — visible text at the visible
bar (an automated reader addressed, plus a directive or claim), a hidden channel at the lower
hidden bar — or when it is suspicious by its form alone (an invented "instructions" field,
tag-character smuggling). Hidden channels name their hiding vector; instruction-like visible text
is `system_imitation`. Hidden content that reads as data (menus, `sr-only` labels, an OCR layer) is
not flagged.

Every window with any signal is a candidate, and the verifier (`verifier.py`) scores it: a window over
its bar is cleared when the score is low (out of sight only when it is very low), and one under it that
addresses the reader or gives an order is lifted when the score is high, in sight and out of sight alike
(`verifier.decide`): hiding a text never makes it pass. Every line of read text long enough to be a paragraph
is also scored whole, with no signal, and lifted at the verifier's `lift_line_above` (`unit` "line").
Each window judged is in the report's `windows`, with its signals, their weights, the bar, the score, the
channel and the decision; `evidence` is the windows and lines that flag the document.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Literal

from lxml.etree import ParserError
from pydantic import BaseModel, ConfigDict

from bench_pipeline.injection.base64_runs import decoded_runs
from bench_pipeline.injection.channels import Channel
from bench_pipeline.injection.documents import document_channels, nested_channels, sniff_media
from bench_pipeline.injection.html_vectors import (
    block_text, code_blocks, embedded_documents, hidden_element_channels, out_of_band_channels, role_tag_channels,
)
from bench_pipeline.injection.signals import WEIGHTS, Bar, Candidate, candidate_windows
from bench_pipeline.injection.unicode_vectors import strip_invisible, unicode_channels
from bench_pipeline.injection.verifier import Decision, Verifier, committed, decide
from bench_pipeline.reading.source import HtmlSource

__all__ = ["Evidence", "InjectionReport", "judged_by", "scan", "scan_html", "sniff_media"]
_SNIPPET = 160
LINE_WORDS = 16  # shorter: a title, a query, a caption; too few words for their grams to be evidence
_FLAGGING: frozenset[Decision] = frozenset({"flagged", "lifted", "form"})
_VERIFIER: ContextVar[Verifier | None] = ContextVar("verifier", default=None)


class Evidence(BaseModel):
    """One judged window of a document, and why it was judged so."""

    model_config = ConfigDict(frozen=True)

    vector: str
    match: str  # the window's text (a form-suspicious channel's opening)
    snippet: str  # the window in its channel's text
    channel: str  # where the text sat: "visible text", "displayed code", a hidden vector, "base64 in …"
    bar: Bar | None = None  # the bar it was judged at; None: suspicious by its form alone
    meets: list[Bar] = []  # the bars its signals meet
    signals: dict[str, int] = {}  # each signal and its weight
    weight: int = 0
    score: float | None = None  # the verifier's probability that the window instructs a reader
    decision: Decision = "flagged"
    unit: Literal["window", "line"] = "window"  # line: a whole line of read text, scored with no signal


class InjectionReport(BaseModel):
    model_config = ConfigDict(frozen=True)

    flagged: bool
    vectors: list[str]
    evidence: list[Evidence]  # the windows that flag the document
    windows: list[Evidence] = []  # every window judged, cleared and under the bar too

    def explained(self) -> list[Evidence]:
        """What a reader of the verdict needs: the windows that flag it and those the verifier cleared."""
        return [window for window in self.windows if window.decision != "below"]


@contextmanager
def judged_by(verifier: Verifier) -> Iterator[None]:
    """Scans inside score windows with `verifier` instead of the committed one (training, comparisons)."""
    token = _VERIFIER.set(verifier)
    try:
        yield
    finally:
        _VERIFIER.reset(token)


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
        root, comments = source.parsed
    except (ParserError, ValueError):
        # Nothing parseable: the reader's visible-text walk still reads the page.
        visible = Channel("system_imitation", source.visible.text)
        return _verdict(_matched([*channels, *unicode_channels(visible.text), visible]))
    visible = Channel("system_imitation", block_text(root))
    code = _displayed(code_blocks(root))
    channels += unicode_channels("\n".join(channel.text for channel in [visible, *code]))
    channels += out_of_band_channels(root, comments)
    channels += nested_channels(embedded_documents(root))
    # Every channel is judged in one pass. Hidden elements' text is part of the visible text (or of a
    # code block), each starting its own line: when no window there meets even the hidden bar and the
    # verifier lifts none, no hidden element can flag, and the (costly) cascade is skipped.
    judged = dict(_matched([*channels, *code, visible]))
    if any("hidden" in item.meets or item.decision in _FLAGGING for item in judged[visible]) or any(
            "hidden" in item.meets for channel in code for item in judged[channel]):
        hidden, seen = hidden_element_channels(root)
        if seen is not None:
            # Visible imitation is judged on what a person sees: hidden elements' text taken out.
            visible, code = Channel("system_imitation", seen), _displayed(code_blocks(root))
            channels += hidden
            judged.update(_matched([*hidden, *code, visible], read=hidden))
    return _verdict([(channel, judged[channel]) for channel in [*channels, *code, visible]])


def _displayed(blocks: list[str]) -> list[Channel]:
    return [Channel("system_imitation", text, displayed_code=True) for text in blocks]


def _matched(channels: list[Channel], read: Iterable[Channel] = ()) -> list[tuple[Channel, list[Evidence]]]:
    """Each distinct channel judged once (pages repeat og:, twitter: and JSON-LD descriptions and
    alt texts), all of them matched in a single pass and all their windows scored in one call. In the
    visible text and in the `read` channels (the page's hidden elements: text laid out to be read, then
    hidden) an order alone is a candidate; in attributes and metadata only beside another signal."""
    distinct = list(dict.fromkeys(channels))
    found: dict[Channel, list[Evidence]] = {channel: [] for channel in distinct}
    pending: list[tuple[Channel, str, Bar, Candidate, bool]] = []  # (…, the text, …, decoded from base64)
    for channel in distinct:
        if channel.suspicious:
            found[channel] = [Evidence(vector=channel.vector, match=channel.text[:_SNIPPET],
                                       snippet=_snippet(channel.text, channel.text), channel=_route(channel),
                                       decision="form")]
    plain = [channel for channel in distinct if not channel.suspicious]
    bars = [_bar(channel) for channel in plain]
    # Invisible characters inside hidden channels are stripped first; in the visible text they are
    # the zero_width vector's business.
    texts = [strip_invisible(channel.text) if bar == "hidden" else channel.text for channel, bar in zip(plain, bars)]
    reading = set(read)
    read_here = frozenset(index for index, (channel, bar) in enumerate(zip(plain, bars))
                          if bar == "visible" or channel in reading)
    for channel, bar, text, windows, decoded in zip(plain, bars, texts, candidate_windows(texts, read_here),
                                                     _decoded_windows(texts)):
        pending += [(channel, text, bar, window, False) for window in windows]
        # Instructions hidden as base64 runs are judged at the hidden bar: nobody reads base64.
        pending += [(channel, run, "hidden", window, True) for run, window in decoded]
    verifier = _VERIFIER.get() or committed()
    _lifted_lines([(plain[index], texts[index], bars[index]) for index in sorted(read_here)], verifier, found)
    for (channel, text, bar, window, base64), score in zip(pending, verifier.scores([item[3] for item in pending])):
        found[channel].append(Evidence(
            vector=channel.vector, match=("base64: " if base64 else "") + window.text,
            snippet=_snippet(text, window.text), channel=("base64 in " if base64 else "") + _route(channel), bar=bar,
            meets=sorted(window.bars), signals={name: WEIGHTS[name] for name in window.signals}, weight=window.weight,
            score=round(score, 4), decision=decide(window, bar, score, verifier.thresholds)))
    return [(channel, found[channel]) for channel in channels]


def _lifted_lines(read: list[tuple[Channel, str, Bar]], verifier: Verifier,
                  found: dict[Channel, list[Evidence]]) -> None:
    """Each line of read text (a paragraph, a hidden element's text) of `LINE_WORDS` words or more is also
    scored whole, with no signal, and lifted at `lift_line_above`: an attack the signals offer no window of
    is still a paragraph that reads like one. Real pages' lines stay under it, which is what the threshold
    is chosen for (`benchmarks/verifier_train`)."""
    if verifier.thresholds.lift_line_above == math.inf:
        return
    lines = [(channel, text, bar, line) for channel, text, bar in read
             for line in (" ".join(piece.split()) for piece in text.split("\n")) if line.count(" ") + 1 >= LINE_WORDS]
    for (channel, text, bar, line), score in zip(lines, verifier.line_scores([item[3] for item in lines])):
        if score >= verifier.thresholds.lift_line_above:
            found[channel].append(Evidence(
                vector=channel.vector, match=line, snippet=_snippet(text, line), channel=_route(channel), bar=bar,
                score=round(float(score), 4), decision="lifted", unit="line"))


def _route(channel: Channel) -> str:
    if channel.displayed_code:
        return "displayed code"
    return "visible text" if channel.vector == "system_imitation" else channel.vector


def _bar(channel: Channel) -> Bar:
    if channel.displayed_code:
        return "specimen"
    return "visible" if channel.vector == "system_imitation" else "hidden"


def _verdict(matched: Iterable[tuple[Channel, list[Evidence]]]) -> InjectionReport:
    windows = [item for _, judged in matched for item in judged]
    evidence = [item for item in windows if item.decision in _FLAGGING]
    vectors = sorted({item.vector for item in evidence})
    return InjectionReport(flagged=bool(evidence), vectors=vectors, evidence=evidence, windows=windows)


def _decoded_windows(texts: list[str]) -> list[list[tuple[str, Candidate]]]:
    """Each text's decoded base64 runs' candidate windows, with the run they are in; every run of
    them all matched in one pass."""
    runs = [decoded_runs(text) for text in texts]
    found = iter(candidate_windows([run for text_runs in runs for run in text_runs]))
    return [[(run, window) for run in text_runs for window in next(found)] for text_runs in runs]


def _snippet(text: str, match: str) -> str:
    position = text.lower().find(match[:20].lower())
    start = max(0, position - 40) if position >= 0 else 0
    return " ".join(text[start : start + _SNIPPET].split())
