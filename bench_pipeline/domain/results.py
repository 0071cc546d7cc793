"""What adapters return: provider wire formats normalized to one shape."""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel, ConfigDict, Field


class SearchResult(BaseModel):
    """One ranked hit. The snippet is a candidate, never evidence (docs/method.md#claims-and-citability)."""

    model_config = ConfigDict(extra="forbid")

    rank: int = Field(ge=1)
    url: str
    title: str | None = None
    snippet: str | None = None
    published_at: date | None = None
    # What the provider actually said about the date, kept for audit ("2 days ago", "Mar 10, 2022").
    published_raw: str | None = None
    score: float | None = None


class SearchPage(BaseModel):
    """A parsed search response."""

    model_config = ConfigDict(extra="forbid")

    results: list[SearchResult]
    cost_usd: float | None
    request_id: str | None = None


class ExtractedDocument(BaseModel):
    """One page or PDF as the provider read it (or as our local extractor read it)."""

    model_config = ConfigDict(extra="forbid")

    url: str
    text: str
    published_at: date | None = None
    published_raw: str | None = None


class ExtractPage(BaseModel):
    """A parsed extract/fetch response. `provider_says_partial` is the provider's own claim, kept
    apart from the truth (requested vs returned) so a dishonest `partial: false` can be caught."""

    model_config = ConfigDict(extra="forbid")

    documents: list[ExtractedDocument]
    failed_urls: list[str] = []
    provider_says_partial: bool | None = None
    cost_usd: float | None
    request_id: str | None = None
