"""The second stage of the injection verdict: a linear model that scores each candidate window.

The signals (`signals.py`) find every window that might instruct an automated reader; this model
gives each such window a probability that it does, from its signal set and the words and letter
sequences of its text, so that a window over the visible bar can be cleared (a law's "deberá", a
news story about AI) and one under it lifted (an unaddressed order beside the page naming itself).

Features are hashed into a fixed space (`DIMENSION`) with CRC-32, so the weights are one array of
coefficients over it, stored with the thresholds in `verifier_weights.npz` (no pickle) and
written by `python -m benchmarks.verifier_train`. Inference is numpy only.
"""

from __future__ import annotations

import re
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Literal, NamedTuple

import numpy as np

from bench_pipeline.injection.signals import ADDRESSING, Bar, Candidate
from bench_pipeline.reading.textmap import fold

WEIGHTS_FILE = Path(__file__).with_name("verifier_weights.npz")
DIMENSION = 1 << 18
_WORD = re.compile(r"[^\W_]+")
_DIGITS = re.compile(r"\d+")
_CHAR_GRAMS = (3, 4, 5)


class Features(NamedTuple):
    indices: np.ndarray  # int64 positions in the hashed space, distinct
    values: np.ndarray  # float64, the text's n-grams L2-normalised, the structural ones 1.0


def features(candidate: Candidate) -> Features:
    """A window's features: its signals, their weight and the bars they meet (one each), and the
    hashed word unigrams and bigrams and letter 3–5-grams of its folded text."""
    structural = [f"signal:{name}" for name in candidate.signals]
    structural += [f"bar:{bar}" for bar in sorted(candidate.bars)] or ["bar:none"]
    structural += [f"weight:{min(candidate.weight, 8)}", f"signals:{min(len(candidate.signals), 5)}"]
    words = _WORD.findall(_DIGITS.sub("0", fold(candidate.text)))
    grams = {f"w:{word}" for word in words}
    grams.update(f"b:{first} {second}" for first, second in zip(words, words[1:]))
    for word in words:
        padded = f" {word} "
        grams.update(f"c:{padded[start:start + size]}" for size in _CHAR_GRAMS for start in range(len(padded) - size + 1))
    text_index = _hashed(grams)
    structural_index = _hashed(structural)
    text_values = np.full(len(text_index), 1.0 / np.sqrt(max(1, len(text_index))))
    # A bucket two features share keeps the larger value, the structural one.
    merged = dict(zip(text_index.tolist(), text_values.tolist()))
    merged.update(dict.fromkeys(structural_index.tolist(), 1.0))
    return Features(np.fromiter(merged.keys(), dtype=np.int64, count=len(merged)),
                    np.fromiter(merged.values(), dtype=np.float64, count=len(merged)))


def _hashed(names) -> np.ndarray:
    return np.unique(np.fromiter((zlib.crc32(name.encode()) % DIMENSION for name in names), dtype=np.int64))


class Thresholds(NamedTuple):
    clear_below: float  # a window over the visible bar scoring under this is cleared
    lift_above: float  # a window under the bar, with an order or an addressee, scoring over this is flagged


class Verifier(NamedTuple):
    coefficients: np.ndarray  # DIMENSION float32
    intercept: float
    thresholds: Thresholds

    def scores(self, candidates: list[Candidate]) -> list[float]:
        """Each window's probability of instructing an automated reader."""
        result = []
        for candidate in candidates:
            indices, values = features(candidate)
            margin = float(self.coefficients[indices] @ values) + self.intercept
            result.append(1.0 / (1.0 + np.exp(-margin)))
        return result

    def save(self, path: Path = WEIGHTS_FILE) -> None:
        """Only the non-zero coefficients, by index: the space is mostly buckets no window filled."""
        nonzero = np.flatnonzero(self.coefficients)
        with path.open("wb") as handle:
            np.savez_compressed(handle, dimension=np.int64(len(self.coefficients)), index=nonzero.astype(np.int32),
                                value=self.coefficients[nonzero].astype(np.float32),
                                intercept=np.float64(self.intercept),
                                thresholds=np.array(self.thresholds, dtype=np.float64))


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
# A window the verifier may lift gives an order or names the reader; a mention of AI, the page
# naming itself or an authority claim alone never is one.
_LIFTABLE = ADDRESSING | {"directive", "steering"}


def decide(window: Candidate, bar: Bar, score: float, thresholds: Thresholds) -> Decision:
    """The verdict on one window judged at `bar`. Hidden channels are judged by their bar alone:
    text nobody is meant to see has no reason to give orders, and the hidden bar already asks for one."""
    if bar == "hidden":
        return "flagged" if bar in window.bars else "below"
    if bar in window.bars:
        return "flagged" if score >= thresholds.clear_below else "cleared"
    return "lifted" if _LIFTABLE.intersection(window.signals) and score >= thresholds.lift_above else "below"


def signals_only() -> Verifier:
    """The first stage alone: every window scores 0.5, none is cleared and none lifted."""
    return Verifier(np.zeros(DIMENSION, dtype=np.float32), 0.0, Thresholds(0.0, 1.0))
