"""Instruction-likeness from signals, not from a list of known attack sentences.

Web text aimed at a reader that is a model has a structure ordinary text lacks: it names that reader
(or the reader's own output), it claims an authority over it, and it tells it what to do with its
answer. Each of those is a *signal*, found by small grammatical patterns on folded text, in Spanish
and English; a window of sentences is instruction-like when its signals weigh enough and one of
them addresses the reader. `docs/injection-signals.md` has the table of signals and the reasoning.

Where things are:

- `lexicon`: the words (readers, verbs, obligations, output nouns, authority words…), one list each;
- `grammar`: pattern pieces several signals share, built from the lexicon;
- one module per signal (`explicit`, `addressed_model`, `addressee`, `output_context`,
  `authority_label`, `role_field`, `precedence`, `steering`, `directive`, `authority_claim`,
  `deixis`, `automation`, `data_sink`, `work_product`, `verdict`), its docstring saying what it looks for;
- `text`: folding, sentences, reported quotations; `prefilter`: where a pattern can match at all;
- `search`: each sentence's signals; `rule`: weights, bars, windows, the decision.
"""

from __future__ import annotations

from typing import NamedTuple

from bench_pipeline.injection.signals.rule import ADDRESSING, HIDDEN_BAR, VISIBLE_BAR, WEIGHTS, Bar, windows
from bench_pipeline.injection.signals.search import first_word, signal_matches, signals_per_sentence
from bench_pipeline.injection.signals.text import JOIN, folded_many, piece_at, sentence_bounds, words_apart_many

__all__ = ["ADDRESSING", "HIDDEN_BAR", "VISIBLE_BAR", "WEIGHTS", "Bar", "Candidate", "Finding", "candidate_windows",
           "findings", "findings_many", "signals_found"]


class Finding(NamedTuple):
    signals: tuple[str, ...]
    weight: int
    snippet: str


def findings(text: str, bar: Bar) -> list[Finding]:
    """The windows of `text` that read as instructions to an automated reader at `bar`."""
    return findings_many([text], bar)[0]


def findings_many(texts: list[str], bar: Bar) -> list[list[Finding]]:
    """`findings` of each text, matched in one pass over them all: a page's hundreds of attribute
    and meta texts cost one search per signal, not one each. No window spans two texts."""
    return [[w for w, bars in judged if bar in bars] for judged in _judged_windows(texts)]


class Candidate(NamedTuple):
    signals: tuple[str, ...]
    weight: int
    text: str  # the whole window, whitespace collapsed
    bars: frozenset[Bar]  # empty when the window meets none


def candidate_windows(texts: list[str], read: frozenset[int] = frozenset()) -> list[list[Candidate]]:
    """Every window of each text that holds any signal, over a bar or not, with the bars it meets:
    what a second stage scores, to clear a window over a bar or lift one under it. In the texts whose
    indices are in `read` (what a person reads: a page's visible text) an order is a candidate on its own;
    elsewhere (attributes, metadata that repeats the page) only beside another signal."""
    results: list[list[Candidate]] = [[] for _ in texts]
    sentences = _sentences(texts, read=read)
    if sentences is None:
        return results
    for index, start, end, signals, bars in windows(sentences.bounds, sentences.owner, sentences.found,
                                                   sentences.folded, every=True):
        text = " ".join(sentences.quoted[start:end].split())
        candidate = Candidate(tuple(sorted(signals)), sum(WEIGHTS[s] for s in signals), text, bars)
        results[sentences.kept[sentences.owner[index]]].append(candidate)
    return results


def signals_found(text: str) -> set[str]:
    """Every signal `text` holds, in any of its sentences, whether or not a window meets a bar, read as
    a page's visible text is."""
    sentences = _sentences([text], read=frozenset({0}))
    return set().union(*sentences.found) if sentences else set()


class _Sentences(NamedTuple):
    kept: list[int]  # the texts long enough to judge, by index
    bounds: list[tuple[int, int]]  # each sentence in `folded`
    owner: list[int]  # each sentence's text, by position in `kept`
    found: list[set[str]]  # each sentence's signals
    folded: str
    quoted: str  # what a snippet quotes


def _sentences(texts: list[str], exhaustive: bool = False, read: frozenset[int] = frozenset()) -> _Sentences | None:
    """The texts folded, joined by `JOIN`, and each sentence's signals; only the texts a signal
    matched in, and those in `read` (where an order alone is a candidate), are cut into sentences
    (`exhaustive`: all of them), since no window starts elsewhere."""
    kept = [index for index, text in enumerate(texts) if text and len(text) >= 10]
    if not kept:
        return None
    read_kept = {position for position, index in enumerate(kept) if index in read}
    pieces = words_apart_many([texts[index] for index in kept])
    folded_pieces = folded_many(pieces)
    folded_text = JOIN.join(folded_pieces)
    starts, offset = [], 0  # where each text starts in `folded_text`
    for piece in folded_pieces:
        starts.append(offset)
        offset += len(piece) + len(JOIN)
    matched = signal_matches(pieces, folded_pieces, folded_text, starts, frozenset(read_kept), exhaustive)
    if not matched and not exhaustive and not read_kept:
        # No sentence holds a signal, so none is beside one for the directive to be looked for: no window.
        return None
    judged = range(len(pieces)) if exhaustive else sorted(
        {piece_at(starts, first_word(at, text)) for _, at, text in matched} | read_kept)
    bounds, owner = [], []
    for position in judged:
        for start, end in sentence_bounds(folded_pieces[position]):
            bounds.append((starts[position] + start, starts[position] + end))
            owner.append(position)
    ranges = [(starts[position], starts[position] + len(folded_pieces[position])) for position in judged]
    found = signals_per_sentence(matched, folded_text, bounds, owner, ranges, exhaustive)
    # Folding keeps offsets except for compatibility forms (`ﬁ`): a text holding one is quoted folded.
    quoted = JOIN.join(piece if len(piece) == len(folded_piece) else folded_piece
                       for piece, folded_piece in zip(pieces, folded_pieces))
    return _Sentences(kept, bounds, owner, found, folded_text, quoted)


def _judged_windows(texts: list[str], exhaustive: bool = False) -> list[list[tuple[Finding, frozenset[Bar]]]]:
    """Every window that meets a bar, and the bars it meets; `exhaustive` as in `signals_per_sentence`."""
    results: list[list[tuple[Finding, frozenset[Bar]]]] = [[] for _ in texts]
    sentences = _sentences(texts, exhaustive)
    if sentences is None:
        return results
    for index, start, end, signals, bars in windows(sentences.bounds, sentences.owner, sentences.found,
                                                   sentences.folded):
        snippet = " ".join(sentences.quoted[start:end].split())[:240]
        finding = Finding(tuple(sorted(signals)), sum(WEIGHTS[s] for s in signals), snippet)
        results[sentences.kept[sentences.owner[index]]].append((finding, bars))
    return results
