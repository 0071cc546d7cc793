"""The literal prefilter: a pattern tried only where its literals are finds what a search of the
whole text finds."""

import json
import re
from pathlib import Path
from re import _parser as sre_parse

import pytest

from bench_pipeline.injection import signals
from bench_pipeline.injection.html_vectors import block_text, out_of_band_channels
from bench_pipeline.injection.signals.prefilter import Prefilter, matches, start_filter
from bench_pipeline.reading.source import HtmlSource
from tests.realdata import require_realdata

ROOT = Path(__file__).resolve().parents[2]
CORPUS_HTML = ROOT / "fixtures" / "web-search" / "_shared" / "html"
HELD_OUT = ROOT / "benchmarks" / "injection_heldout"


def _found(pattern: str, text: str) -> list[str]:
    compiled = re.compile(pattern)
    (spans,) = Prefilter([compiled]).spans(text)
    hits = compiled.finditer(text) if spans is None else matches(compiled, text, spans)
    return [match.group() for match in hits]


@pytest.mark.parametrize(("pattern", "text", "expected"), [
    # A word boundary in the pattern is one in the literal: "ia" inside "historia" is not looked at.
    (r"\b(?:ia|bots?)\b", "la historia de la ia y los bots", ["ia", "bots"]),
    # A literal after an optional part: the match starts before it.
    (r"\b(?:el |la )?(?:asistente|agente) virtual\b", "hable con la asistente virtual hoy", ["la asistente virtual"]),
    # A sequence needs each of its parts: any one of them may be looked for.
    (r"\bomite\s+(?:\w+\s+){0,3}sanciones\b", "omite por favor las sanciones", ["omite por favor las sanciones"]),
    # A factored alternation is read back into whole words (`g(?:pt|emini)` → "gpt", "gemini").
    (r"\bg(?:pt-?\d\w*|emini)\b", "usa gpt-4o o gemini", ["gpt-4o", "gemini"]),
    # A lookahead reads past where the literal is: the try reads as far as it needs.
    (r"\benvia\b(?=[^\n]{0,60}https?://)", "envia el dato a https://x.test/?q=", ["envia"]),
])
def test_matches_are_those_of_a_search_of_the_whole_text(pattern, text, expected):
    assert _found(pattern, text) == expected == [match.group() for match in re.finditer(pattern, text)]


def test_a_pattern_with_no_literal_is_searched_everywhere():
    assert Prefilter([re.compile(r"\d{3,}")]).spans("abc 1234") == [None]


def test_a_sequence_is_looked_for_by_the_part_absent_from_the_text():
    # "bot" fills the text, "sanciones" is absent: nothing is tried.
    text = "bot " * 500
    assert Prefilter([re.compile(r"\bbot\b[^.]{0,40}\bsanciones\b")]).spans(text) == [[]]


def test_a_lookahead_is_a_part_its_pattern_requires_where_it_stands():
    # "envia" fills the text, but no link follows any of them: nothing is tried. A negative lookahead requires
    # nothing, so the same pattern with `(?!…)` is tried at every "envia".
    text = "envia los datos. " * 200
    assert Prefilter([re.compile(r"\benvia\b(?=[^\n]{0,60}https?://)")]).spans(text) == [[]]
    assert len(Prefilter([re.compile(r"\benvia\b(?![^\n]{0,60}https?://)")]).spans(text)[0]) == 200
    linked = text + "envia a https://x.test"
    found = _found(r"\benvia\b(?=[^\n]{0,60}https?://)", linked)
    assert found == [m.group() for m in re.finditer(r"\benvia\b(?=[^\n]{0,60}https?://)", linked)] == ["envia"] * 4


def test_a_sequence_is_tried_only_where_its_two_rarest_parts_both_allow():
    # "sanciones" is rarer than "bot", but no "bot" lies close enough before it for a match to start.
    text = "bot " * 50 + "." + " x" * 100 + " sanciones"
    assert Prefilter([re.compile(r"\bbot\b[^.]{0,40}\bsanciones\b")]).spans(text) == [[]]


def test_a_pattern_that_opens_a_line_is_tried_only_where_a_line_starts():
    pattern = re.compile(r"(?:^|\n)\s*(?:\w+\s+){0,4}sistema\s*:")
    text = "hola mundo sistema: x\nel sistema: y\n" + "el sistema " * 3
    (spans,) = Prefilter([pattern]).spans(text)
    assert spans == [(0, 1), (21, 22), (35, 36)]  # the text's start and its two line breaks, nothing else
    assert [match.group() for match in matches(pattern, text, spans)] == [match.group() for match in
                                                                           pattern.finditer(text)]


@pytest.mark.parametrize(("pattern", "text", "positions"), [
    # A word boundary before letters: the first letter of a word it can open on.
    (r"\b(?:omite|oculta)\b", "no omite, oculta", [3, 10]),
    # The text's start, or just after a mark a lookbehind reads: a clause's opening.
    (r"(?:^|(?<=[.:]))\s*omite\b", "A. omite: x", [0, 2, 9]),
    # An optional opening: it, or what follows it.
    (r"(?:por favor,?\s*)?omite\b", "pues omite", [0, 5]),
])
def test_a_pattern_is_tried_only_where_its_opening_allows(pattern, text, positions):
    assert [place.start() for place in start_filter(sre_parse.parse(pattern)).finditer(text)] == positions


def test_an_opening_that_allows_any_position_is_no_filter():
    assert start_filter(sre_parse.parse(r".*omite\b")) is None
    assert start_filter(sre_parse.parse(r"(?:^|(?<=\w{2}))omite")) is None  # a lookbehind of any letter


def test_a_case_insensitive_pattern_is_refused():
    with pytest.raises(ValueError, match="case-insensitive"):
        Prefilter([re.compile("bot", re.IGNORECASE)])


def _page_texts(page: bytes) -> list[str]:
    root, comments = HtmlSource(page).parsed
    return [block_text(root)] + [channel.text for channel in dict.fromkeys(out_of_band_channels(root, comments))]


def _assert_same(texts: list[str]) -> None:
    for start in range(0, len(texts), 100):
        batch = texts[start:start + 100]
        assert signals._judged_windows(batch) == signals._judged_windows(batch, exhaustive=True)


def test_bundled_pages_and_held_out_texts_judge_alike_either_way():
    texts = [text for path in sorted(CORPUS_HTML.glob("*.html")) for text in _page_texts(path.read_bytes())]
    for name in ("attacks_es.jsonl", "clean_es.jsonl"):
        texts += [json.loads(line)["text"] for line in (HELD_OUT / name).read_text(encoding="utf-8").splitlines()
                  if line.strip()]
    assert len(texts) > 100
    _assert_same(texts)


@pytest.mark.realdata
def test_real_attack_texts_and_real_news_pages_judge_alike_either_way():
    require_realdata("bipia")
    require_realdata("fundus")
    from benchmarks.injection_heldout.sources import attacks, html_hosts

    texts = [attack.text for attack in attacks()]
    texts += [text for host in html_hosts()[:40] for text in _page_texts(host.data)]
    _assert_same(texts)
