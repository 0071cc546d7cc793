"""The golden set (SPEC §4): cases, host-family rules and relevance judgments."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bench_pipeline.domain.timestamps import UtcDatetime

CATEGORIES = (
    "corporate_identity",
    "contact_channels",
    "facilities",
    "investment_news",
    "regulatory_permits",
    "official_gazette",
    "public_procurement",
    "financial_reports",
    "certifications_trade",
)
Category = Literal[
    "corporate_identity", "contact_channels", "facilities", "investment_news", "regulatory_permits",
    "official_gazette", "public_procurement", "financial_reports", "certifications_trade",
]
FAMILIES = ("gov", "corporate", "news", "directory", "association", "social", "other")
Family = Literal["gov", "corporate", "news", "directory", "association", "social", "other"]
WebRole = Literal["primary", "enrichment", "forbidden"]
# Pooled relevance (seed §4.2): the pool is every provider's top POOL_DEPTH results; the agent reads that deep too.
POOL_DEPTH = 10


class Expect(BaseModel):
    model_config = ConfigDict(extra="forbid")

    families: list[Family] = []
    hosts: list[str] = []


class GoldenCase(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=r"^gs-\d{3,}$")
    query: str = Field(min_length=1)
    entity: str = Field(min_length=1)
    category: Category
    claim_type: str = Field(min_length=1)
    web_role: WebRole
    expect: Expect
    freshness_days: int | None = Field(default=None, gt=0)

    @model_validator(mode="after")
    def _answerable_cases_expect_something(self):
        if self.web_role != "forbidden" and not self.expect.families:
            raise ValueError("a case the web may answer must list expect.families")
        return self


class GoldenSet(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: Literal[1]
    cases: list[GoldenCase]

    @model_validator(mode="after")
    def _unique_ids(self):
        seen: set[str] = set()
        for case in self.cases:
            if case.id in seen:
                raise ValueError(f"duplicate case id {case.id}")
            seen.add(case.id)
        return self


class FamilyRule(BaseModel):
    """A host belongs to `family` when it equals or ends with `.`+ one of `suffixes`."""

    model_config = ConfigDict(extra="forbid")

    family: Family
    suffixes: list[str]


class HostFamilies(BaseModel):
    """Versioned rules file: first matching rule wins; no match is `other`."""

    model_config = ConfigDict(extra="forbid")

    version: str
    rules: list[FamilyRule]


ReasonCode = Literal[
    "grounds_claim",          # the document states the fact the case asks for
    "mentions_entity_only",   # about the entity, but not the fact
    "wrong_entity",
    "outdated",
    "unreadable",
    "not_about_topic",
]


class Judgment(BaseModel):
    """One reviewer's relevance judgment. Append-only: a later one never erases an earlier one."""

    model_config = ConfigDict(extra="forbid")

    case_id: str
    url: str
    relevant: bool
    reason: ReasonCode
    reviewer: str = Field(pattern=r"^rev-[a-z0-9]+$")  # pseudonymous
    judged_at: UtcDatetime


class VerifiedDate(BaseModel):
    """A publication date a reviewer read on the page itself (`None`: the page shows none)."""

    model_config = ConfigDict(extra="forbid")

    url: str = Field(min_length=1)
    verified_published_at: date | None
    reviewer: str = Field(pattern=r"^rev-[a-z0-9]+$")
    verified_at: UtcDatetime
