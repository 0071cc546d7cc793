"""`manifest.json`: every fixture file, its hash, when it was captured and what it is
(docs/fixtures.md#manifestjson)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from bench_pipeline.domain.timestamps import UtcDatetime

# The nine classes every provider must bring (docs/fixtures.md#fixture-classes), numbered as there, plus `expected`.
FIXTURE_CLASSES: dict[str, int] = {
    "results": 1,
    "html": 2,
    "pdf": 3,
    "429": 4,
    "5xx": 5,
    "timeout": 6,
    "partial": 7,
    "prompt-injection": 8,
    "contradictory": 9,
}
FixtureClass = Literal[
    "results", "html", "pdf", "429", "5xx", "timeout", "partial", "prompt-injection", "contradictory",
    "expected",
]
# Synthetic fixtures are allowed only where capturing the real thing is impractical or irresponsible.
SYNTHETIC_ALLOWED = frozenset(c for c, n in FIXTURE_CLASSES.items() if 4 <= n <= 8)


class ManifestEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    path: str
    provider: str | None
    fixture_class: FixtureClass = Field(alias="class")
    case_id: str | None = None
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    sha256_original: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")
    captured_at: UtcDatetime
    synthetic: bool = False
    truncated: bool = False
    bytes: int = Field(ge=0)


class Manifest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: Literal[1]
    corpus_kind: Literal["demo", "captured"]
    entries: list[ManifestEntry]
