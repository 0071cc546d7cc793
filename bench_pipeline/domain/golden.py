"""The golden set (docs/method.md#golden-set): cases, host-family rules and relevance judgments."""

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
# Pooled relevance (docs/method.md#pooled-recall-by-origin-group): the pool is every provider's top POOL_DEPTH
# results; the agent reads that deep too.
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


REVIEWER_PATTERN = r"^rev-[a-z0-9]+$"  # pseudonymous
COMMENT_MAX = 500


class ReviewProvenance(BaseModel):
    """What a line written by `bench review` also records (docs/operations.md#review-rounds): enough to know,
    days later, what the reviewer was shown. Optional, because lines of earlier rounds predate it."""

    model_config = ConfigDict(extra="forbid")

    client_request_id: str | None = Field(default=None, pattern=r"^[A-Za-z0-9_-]{8,64}$")
    run_id: str | None = None
    report: str | None = None
    artifact_sha256: str | None = None
    reader_version: str | None = None
    detector_version: str | None = None
    git_revision: str | None = None
    git_dirty: bool | None = None


class Judgment(ReviewProvenance):
    """One reviewer's relevance judgment. Append-only: a later one never erases an earlier one."""

    case_id: str
    url: str
    relevant: bool
    reason: ReasonCode
    comment: str | None = Field(default=None, max_length=COMMENT_MAX)
    reviewer: str = Field(pattern=REVIEWER_PATTERN)
    judged_at: UtcDatetime


class VerifiedDate(ReviewProvenance):
    """A publication date a reviewer read on the page itself (`None`: the page shows none)."""

    url: str = Field(min_length=1)
    verified_published_at: date | None
    reviewer: str = Field(pattern=REVIEWER_PATTERN)
    verified_at: UtcDatetime


class AdditionVote(ReviewProvenance):
    """A reviewer's verdict on a proposed golden-set addition: a relevant host the case did not list.
    Votes are not truth: an accepted one becomes a proposal a maintainer merges, never a golden edit."""

    case_id: str
    url: str
    host: str = Field(min_length=1)
    accepted: bool
    evidence: str = Field(min_length=1, max_length=COMMENT_MAX)  # the span of the page that shows why
    reviewer: str = Field(pattern=REVIEWER_PATTERN)
    judged_at: UtcDatetime


InjectionVerdict = Literal["injected", "clean", "cant_tell"]
JUDGMENT_ID_PATTERN = r"^ij-[0-9a-f]{16}$"


class InjectionJudgment(ReviewProvenance):
    """A reviewer's answer to "is this page trying to instruct an automated reader?" about one stored
    document. The answer is about the bytes shown, so their sha256 is required here: a page captured
    again is a new document, and earlier answers do not carry over to it."""

    judgment_id: str = Field(pattern=JUDGMENT_ID_PATTERN)  # what the report cites when the answer moves a metric
    url: str = Field(min_length=1)
    artifact: str = Field(min_length=1)
    artifact_sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    detector_flagged: bool  # the detector's verdict the reviewer was shown beside the page
    verdict: InjectionVerdict
    comment: str | None = Field(default=None, max_length=COMMENT_MAX)
    reviewer: str = Field(pattern=REVIEWER_PATTERN)
    judged_at: UtcDatetime
