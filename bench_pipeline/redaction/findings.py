"""What a detector reports: where a secret or personal datum sits, and what replaces it."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass

# The one marker for a removed secret; detectors never match it, so redaction is idempotent.
REDACTED = "[redacted]"
REDACTED_EMAIL = "redacted@example.test"
REDACTED_PHONE = "+52-000-000-0000"
# Markers other recorders leave where a secret was (`REDACTED`, VCR's `AUTHORIZATION-XXX`, `****`):
# already clean, so they are neither findings nor replaced.
_PLACEHOLDER = re.compile(r"(?i)[\[<(]?\s*(?:redacted|removed|filtered)\s*[\]>)]?|[A-Z0-9-]*-XXX|[x*]{3,}")


def is_placeholder(value: str) -> bool:
    return bool(_PLACEHOLDER.fullmatch(value.strip()))


@dataclass(frozen=True)
class Hit:
    """A detected fragment `[start, end)` of a string."""

    start: int
    end: int
    detector: str
    replacement: str


@dataclass(frozen=True)
class ScanFinding:
    """A secret or personal datum found in a file, named by file and JSON path, shown masked."""

    file: str
    json_path: str
    detector: str
    preview: str

    def line(self) -> str:
        return f"{self.file}: {self.json_path}: {self.detector} ({self.preview})"

    def as_row(self) -> dict:
        return asdict(self)


def mask(secret: str) -> str:
    """Enough to recognize the kind of thing (a key prefix), never enough to use it."""
    return f"{secret[:3]}…({len(secret)} chars)"


def apply_hits(text: str, hits: list[Hit]) -> str:
    """Replace hits left to right; where two overlap, the earlier (then longer) one wins."""
    out, cursor = [], 0
    for hit in sorted(hits, key=lambda h: (h.start, -h.end)):
        if hit.start < cursor:
            continue
        out.append(text[cursor:hit.start])
        out.append(hit.replacement)
        cursor = hit.end
    out.append(text[cursor:])
    return "".join(out)
