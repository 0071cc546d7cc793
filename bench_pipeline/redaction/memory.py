"""Answers of a pure function remembered for short strings, bounded by the characters remembered."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

T = TypeVar("T")
REMEMBERED_CHARS = 256
BUDGET_CHARS = 32_000_000
_MISSING = object()


class ShortStringMemory:
    """Short strings (JSON keys, titles, URLs) repeat across an exchange and a corpus; long ones (bodies) seldom
    do and are judged each time. The memory is bounded by the characters it holds, not by a count of entries: a
    corpus visits its strings in a cycle, and a count-bounded LRU smaller than the cycle evicts every string just
    before it comes back (a 40,000-fixture corpus scanned at twice the time per file of a 20,000 one). When the
    budget is spent the memory starts again."""

    def __init__(self) -> None:
        self.budget_chars = BUDGET_CHARS
        self.chars = 0
        self._answers: dict[Hashable, object] = {}

    def answer(self, text: str, key: Hashable, compute: Callable[[], T]) -> T:
        """`compute()`, remembered under `key` when `text`, what `key` is about, is short."""
        if len(text) > REMEMBERED_CHARS:
            return compute()
        found = self._answers.get(key, _MISSING)
        if found is _MISSING:
            if self.chars + len(text) > self.budget_chars:
                self._answers.clear()
                self.chars = 0
            found = self._answers[key] = compute()
            self.chars += len(text)
        return found  # type: ignore[return-value]
