"""`_shared/expected/<case>.json`: what a careful reader finds in the stored artifacts for a case.

Each observation is a span of a stored artifact plus the text that span must return; if
redaction moves the text, the pipeline detects span drift and the file is re-captured
(docs/fixtures.md#span-drift).
"""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel, ConfigDict, Field


class ExpectedObservation(BaseModel):
    model_config = ConfigDict(extra="forbid")

    artifact: str = Field(description="path under the fixtures root, e.g. _shared/html/acme-about.html")
    span: str = Field(description="offset:S-E | selector:CSS | page:N[#offset:S-E]")
    text: str = Field(min_length=1)
    claim_type: str
    value: str
    published_at: date | None = None


class ExpectedCase(BaseModel):
    model_config = ConfigDict(extra="forbid")

    case_id: str
    entity: str
    observations: list[ExpectedObservation]
