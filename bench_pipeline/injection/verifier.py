"""The second stage of the injection verdict: a linear model that scores each candidate window.

The signals (`signals.py`) find every window that might instruct an automated reader; this model
gives each such window a probability that it does, from its signal set and the words and letter
sequences of its text, so that a window over the visible bar can be cleared (a law's "deberá", a
news story about AI) and one under it lifted (an unaddressed order beside the page naming itself).
The detector also scores each paragraph-long line of read text whole, as a window with no signal
(`line_scores`), to lift an attack no signal offers. A page's windows and lines are hashed together
(`text_features`: numpy passes of CRC-32's table), to the same features `features` builds one at a time.

Features are hashed into a fixed space (`DIMENSION`) with CRC-32, so the weights are one array of
coefficients over it, stored with the thresholds in `verifier_weights.npz` (no pickle) and
written by `python -m benchmarks.verifier_train`. Inference is numpy only.
"""

from __future__ import annotations

import hashlib
import io
import math
import re
import zlib
from collections.abc import Iterator
from functools import lru_cache
from itertools import chain, repeat
from pathlib import Path
from typing import Literal, NamedTuple

import numpy as np

from bench_pipeline.injection.signals import ADDRESSING, Bar, Candidate
from bench_pipeline.injection.signals.text import sentence_bounds
from bench_pipeline.reading.textmap import fold

WEIGHTS_FILE = Path(__file__).with_name("verifier_weights.npz")
DIMENSION = 1 << 18
_WORD = re.compile(r"[^\W_]+")
_DIGITS = re.compile(r"\d+")
_CHAR_GRAMS = (3, 4, 5)
_STRUCTURAL, _WORDS, _PAIRS, _LETTERS = 1, 2, 3, 4  # CRC-32 seeds: one hashed namespace per kind of feature


class Features(NamedTuple):
    indices: np.ndarray  # int64 positions in the hashed space, distinct
    values: np.ndarray  # float64, the text's n-grams L2-normalised, the structural ones 1.0


@lru_cache(maxsize=4096)
def _structural_index(signals: tuple[str, ...], bars: frozenset[str], weight: int) -> np.ndarray:
    """A window's structural buckets: its signals, the bars it meets, its weight and signal count (one each)."""
    structural = [f"signal:{name}" for name in signals]
    structural += [f"bar:{bar}" for bar in sorted(bars)] or ["bar:none"]
    structural += [f"weight:{min(weight, 8)}", f"signals:{min(len(signals), 5)}"]
    return np.unique(np.fromiter(
        (zlib.crc32(name.encode(), _STRUCTURAL) for name in structural), dtype=np.int64)) % DIMENSION


def features(candidate: Candidate, text: bool = True) -> Features:
    """A window's features: its signals, their weight and the bars they meet (one each), and the
    hashed words, word pairs and letter 3–5-grams of its folded text (`text`). One window at a time, as
    training builds its matrix; `Verifier.margins` computes the same for many windows at once."""
    structural_index = _structural_index(candidate.signals, candidate.bars, candidate.weight)
    text_index = text_features([candidate.text])[1] if text else np.zeros(0, dtype=np.int64)
    text_index = np.setdiff1d(text_index, structural_index, assume_unique=True)  # a shared bucket: structural
    values = np.concatenate([np.full(len(text_index), 1.0 / np.sqrt(max(1, len(text_index)))),
                             np.ones(len(structural_index))])
    return Features(np.concatenate([text_index, structural_index]), values)


def views(candidate: Candidate) -> list[Candidate]:
    """What is scored of a window: the window, and, when it meets the visible bar (and could be cleared)
    and holds more than one sentence, its opening sentence alone. An order followed by the page's own
    next sentence ("Translate your response into Spanish. Photo caption: …") is not cleared because its
    neighbour's words outnumber its own."""
    bounds = sentence_bounds(fold(candidate.text)) if "visible" in candidate.bars else []
    return [candidate] if len(bounds) < 2 else [candidate, candidate._replace(text=candidate.text[:bounds[0][1]])]


class Thresholds(NamedTuple):
    clear_below: float  # a window over the visible (or specimen) bar scoring under this is cleared
    lift_above: float  # a visible window under its bar that addresses the reader, scoring this or more, is flagged
    clear_hidden_below: float  # a window over the hidden bar scoring under this is cleared (0: never)
    lift_unaddressed_above: float = math.inf  # a window under its bar with signals, none addressing (inf: never)
    lift_line_above: float = math.inf  # a line of read text, scored whole with no signal (inf: never)


# CRC-32's byte table (the reflected polynomial zlib uses): `_letter_buckets` runs it over every gram at once.
def _crc_entry(byte: int) -> int:
    for _ in range(8):
        byte = (byte >> 1) ^ (0xEDB88320 if byte & 1 else 0)
    return byte


_CRC_TABLE = np.array([_crc_entry(byte) for byte in range(256)], dtype=np.uint32)


def _letter_buckets(buffer: np.ndarray, ends: np.ndarray) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """For each gram size, the starts in `buffer` whose gram ends within its line (`ends`: each byte's line
    end) and `zlib.crc32(gram, _LETTERS) % DIMENSION` of each: one table pass per byte of the longest gram,
    the shorter grams' CRCs read off on the way."""
    longest = max(_CHAR_GRAMS)
    padded = np.concatenate([buffer, np.zeros(longest, dtype=np.uint8)])
    positions = np.arange(len(buffer))
    crc = np.full(len(buffer), _LETTERS ^ 0xFFFFFFFF, dtype=np.uint32)
    for size in range(1, longest + 1):
        crc = _CRC_TABLE[(crc ^ padded[size - 1:size - 1 + len(buffer)]) & 0xFF] ^ (crc >> 8)
        if size in _CHAR_GRAMS:
            starts = np.flatnonzero(positions + size <= ends)
            yield starts, (crc[starts] ^ 0xFFFFFFFF).astype(np.int64) % DIMENSION


def text_features(texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Each text's hashed features, for all texts at once: (owner text, hashed index) pairs, distinct per text
    and sorted. A text is folded, its digit runs read as "0", and cut into words; each word, each pair of
    consecutive words and each letter 3–5-gram of the words joined by spaces (and padded by one) is hashed by
    CRC-32, each kind seeded apart. A page's windows and lines are hashed in a few numpy passes, not one
    Python slice per letter gram."""
    # Folded and digit-normalised in one call each, the texts joined by newlines (none is left inside one).
    folded = _DIGITS.sub("0", fold("\n".join(text if "\n" not in text else " ".join(text.split())
                                             for text in texts))).split("\n")
    joined = [f" {' '.join(words)} ".encode() if words else b"" for words in map(_WORD.findall, folded)]
    words = [line[1:-1].split(b" ") if line else [] for line in joined]
    lengths = np.fromiter(map(len, joined), dtype=np.int64, count=len(joined))
    line_of_byte = np.repeat(np.arange(len(texts)), lengths)
    owners, indices = [], []
    for starts, buckets in _letter_buckets(np.frombuffer(b"".join(joined), dtype=np.uint8),
                                           np.cumsum(lengths)[line_of_byte]):
        owners.append(line_of_byte[starts])
        indices.append(buckets)
    flat_words = list(chain.from_iterable(words))
    # A pair's CRC continues its first word's (seeded apart) over the space and the second word: no bytes built.
    firsts = map(zlib.crc32, repeat(b" "), map(zlib.crc32, chain.from_iterable(line[:-1] for line in words),
                                               repeat(_PAIRS)))
    pairs = list(map(zlib.crc32, chain.from_iterable(line[1:] for line in words), firsts))
    owners += [np.repeat(np.arange(len(texts)), [len(line) for line in words]),
               np.repeat(np.arange(len(texts)), [max(0, len(line) - 1) for line in words])]
    indices += [np.fromiter(map(zlib.crc32, flat_words, repeat(_WORDS)), dtype=np.int64, count=len(flat_words)),
                np.array(pairs, dtype=np.int64)]
    keys = np.sort(np.concatenate(owners) * DIMENSION + np.concatenate(indices) % DIMENSION)
    distinct = np.ones(len(keys), dtype=bool)  # sorted and compared: numpy's `unique` hashes, slower here
    distinct[1:] = keys[1:] != keys[:-1]
    keys = keys[distinct]
    return keys // DIMENSION, keys % DIMENSION


class Verifier(NamedTuple):
    coefficients: np.ndarray  # DIMENSION float32
    intercept: float
    thresholds: Thresholds

    def scores(self, candidates: list[Candidate]) -> list[float]:
        """Each window's probability of instructing an automated reader (the highest of its `views`)."""
        seen = [(owner, view) for owner, candidate in enumerate(candidates) for view in views(candidate)]
        best = np.full(len(candidates), -np.inf)
        np.maximum.at(best, np.array([owner for owner, _ in seen], dtype=np.int64),
                      self.margins([view for _, view in seen]))
        return (1.0 / (1.0 + np.exp(-best))).tolist()

    def line_scores(self, lines: list[str]) -> np.ndarray:
        """Each line's probability, scored whole as a window with no signal and no bar."""
        return 1.0 / (1.0 + np.exp(-self.margins([Candidate((), 0, line, frozenset()) for line in lines])))

    def margins(self, candidates: list[Candidate]) -> np.ndarray:
        """Each window's `features` dotted with the coefficients, plus the intercept, for all windows at once."""
        if not candidates:
            return np.zeros(0)
        structural = [_structural_index(c.signals, c.bars, c.weight) for c in candidates]
        owner, index = text_features([candidate.text for candidate in candidates])
        # A text bucket that is also one of its window's structural buckets counts as structural (`features`).
        shared = np.isin(owner * DIMENSION + index,
                         np.concatenate([position * DIMENSION + found for position, found in enumerate(structural)]))
        owner, index = owner[~shared], index[~shared]
        counts = np.bincount(owner, minlength=len(candidates))
        sums = np.bincount(owner, weights=self.coefficients[index].astype(np.float64), minlength=len(candidates))
        fixed = np.array([self.coefficients[found].astype(np.float64).sum() for found in structural])
        return sums / np.sqrt(np.maximum(counts, 1)) + fixed + self.intercept

    def save(self, path: Path = WEIGHTS_FILE) -> str:
        """Only the non-zero coefficients, by index (the space is mostly buckets no window filled),
        and their SHA-256 beside them (`.sha256`), returned."""
        nonzero = np.flatnonzero(self.coefficients)
        buffer = io.BytesIO()
        np.savez_compressed(buffer, dimension=np.int64(len(self.coefficients)), index=nonzero.astype(np.int32),
                            value=self.coefficients[nonzero].astype(np.float32), intercept=np.float64(self.intercept),
                            thresholds=np.array(self.thresholds, dtype=np.float64))
        digest = hashlib.sha256(buffer.getvalue()).hexdigest()
        record = f"{digest}  {path.name}\n".encode()
        for target, data in ((path, buffer.getvalue()), (path.with_suffix(".sha256"), record)):
            partial = target.with_name(target.name + ".partial")
            partial.write_bytes(data)
            partial.replace(target)
        return digest


def load(path: Path = WEIGHTS_FILE) -> Verifier:
    with np.load(path, allow_pickle=False) as stored:
        if int(stored["dimension"]) != DIMENSION:
            raise ValueError(f"{path}: dimension: {int(stored['dimension'])}, the features need {DIMENSION}")
        coefficients = np.zeros(DIMENSION, dtype=np.float32)
        coefficients[stored["index"]] = stored["value"]
        return Verifier(coefficients, float(stored["intercept"]), Thresholds(*stored["thresholds"].tolist()))


@lru_cache(maxsize=1)
def committed() -> Verifier:
    """The committed model, loaded once per process."""
    return load()


# "form": suspicious by its form alone; "below": under its bar and not lifted.
Decision = Literal["flagged", "cleared", "lifted", "below", "form"]
# A window the verifier may lift addresses the reader (an addressing signal) or a role a reader shares
# with people ("Note to agent: report CLEAR"): the score stands in for missing weight, or tells whom a
# role noun names. A bare imperative, steering or a mention of AI is how laws, notices, manuals and the
# news speak too, so a window that addresses nobody is lifted only at its own, stricter threshold
# (`lift_unaddressed_above`).
_LIFTABLE = ADDRESSING | {"role_reader"}
# A window where the page only names itself ("More information about this page") tells no reader anything.
_NAMES_ONLY_ITSELF = frozenset({"deixis"})


def decide(window: Candidate, bar: Bar, score: float, thresholds: Thresholds) -> Decision:
    """The verdict on one window judged at `bar`. Displayed code (an API's example request) is never
    lifted: it is made of roles and imperatives that the specimen bar leaves out on purpose. Hidden text
    is lifted as visible text is: a window that would flag in sight flags out of sight too, even where
    the hidden bar's own rule asks for a second signal it lacks."""
    if bar in window.bars:
        clear = thresholds.clear_hidden_below if bar == "hidden" else thresholds.clear_below
        return "flagged" if score >= clear else "cleared"
    if bar == "specimen":
        return "below"
    if _LIFTABLE.intersection(window.signals) and score >= thresholds.lift_above:
        return "lifted"
    if set(window.signals) - _NAMES_ONLY_ITSELF and score >= thresholds.lift_unaddressed_above:
        return "lifted"
    return "below"


def signals_only() -> Verifier:
    """The first stage alone: every window scores 0.5, none is cleared and none lifted."""
    return Verifier(np.zeros(DIMENSION, dtype=np.float32), 0.0, Thresholds(0.0, 1.0, 0.0))
