"""The detector's evidence as a reviewer is shown it, read from `artifact_injection.evidence`.

Each entry says where the text sat (its channel or hiding vector), what matched, and — when the
detector records them — the signals with their weights, the bar and the verifier's score. Entries
written by an older or newer detector carry fewer or more keys: what is known is laid out, anything
else is listed as it is, and nothing is dropped.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

KNOWN = ("channel", "vector", "match", "snippet", "signals", "bar", "score")


@dataclass(frozen=True)
class EvidenceView:
    channel: str | None
    match: str | None
    snippet: str | None
    signals: tuple[tuple[str, str], ...]  # (signal, weight as shown); weight "" when none recorded
    bar: str | None
    score: str | None
    other: tuple[tuple[str, str], ...]

    @property
    def text(self) -> str | None:
        """The span to look for in the read text."""
        return self.match or self.snippet


def _shown(value) -> str | None:
    if value is None:
        return None
    if isinstance(value, float):
        return f"{value:.3g}"
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _signals(value) -> tuple[tuple[str, str], ...]:
    if isinstance(value, dict):
        return tuple((str(name), _shown(weight) or "") for name, weight in value.items())
    if isinstance(value, list):
        return tuple((str(s.get("name", s)), _shown(s.get("weight")) or "") if isinstance(s, dict) else (str(s), "")
                     for s in value)
    return ()


def evidence_views(raw: str | None) -> list[EvidenceView]:
    """The stored JSON list (absent, null or empty: no evidence) as views, in the detector's order."""
    entries = json.loads(raw) if raw else []
    views = []
    for entry in entries if isinstance(entries, list) else [entries]:
        if not isinstance(entry, dict):
            entry = {"match": _shown(entry)}
        vector = entry.get("vector")
        channel = entry.get("channel") or vector
        other = {k: v for k, v in entry.items() if k not in KNOWN}
        if vector and entry.get("channel") and vector != entry["channel"]:
            other["vector"] = vector
        views.append(EvidenceView(channel=_shown(channel), match=_shown(entry.get("match")),
                                  snippet=_shown(entry.get("snippet")), signals=_signals(entry.get("signals")),
                                  bar=_shown(entry.get("bar")), score=_shown(entry.get("score")),
                                  other=tuple((k, _shown(v) or "null") for k, v in other.items())))
    return views
