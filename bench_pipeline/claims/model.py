"""A claim: one fact, read from one stored artifact, with the span that cites it."""

from __future__ import annotations

import hashlib
from datetime import date

from pydantic import BaseModel, ConfigDict, Field


class Claim(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    claim_id: str
    case_id: str
    provider: str
    entity: str
    claim_type: str
    value: str
    artifact: str = Field(description="path under the fixtures root of the stored artifact read")
    quote: str = Field(description="the sentence (or table line) of the read text that carries the value")
    span: str | None = Field(description="where the quote sits in the artifact; None when it cannot be located")
    citable: bool
    published_at: date | None = None
    from_flagged_document: bool = False
    contradicts_claim_ids: list[str] = []


def claim_id(case_id: str, provider: str, artifact: str, claim_type: str, value: str, quote: str) -> str:
    """Stable across runs: the same read of the same document gives the same id."""
    key = "\x1f".join((case_id, provider, artifact, claim_type, value, quote))
    return "cl-" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]
