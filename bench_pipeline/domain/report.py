"""`report.json` (docs/report.md): a contract other tools read. Unknown is null, never 0."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict

ProviderStatus = Literal["eligible", "enrichment_only", "disqualified", "blocked_promotion"]

# Every metric key of the contract; a metric not computed yet is present as null.
METRIC_KEYS = (
    "precision_at_5",
    "precision_at_10",
    "recall",
    "citation_coverage",
    "freshness_known",
    "freshness_accuracy",
    "freshness_within",
    "latency_ms",
    "cost_per_query_usd",
    "cost_per_useful_answer_usd",
    "fallback_rate",
    "fallback_by_cause",
    "abstention",
    "wasted_cost_usd",
    "injection_containment",
)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LatencyStat(_Strict):
    p50: float | None
    p95: float | None
    n: int
    # A p95 over a handful of calls is not a p95: say so instead of implying precision.
    p95_reliable: bool
    # When the calls were captured: in replay the latency is the capture's, not today's.
    window_start: datetime | None = None
    window_end: datetime | None = None


class MetricBlock(_Strict):
    precision_at_5: float | None = None
    precision_at_10: float | None = None
    # How many of the top-10 results (summed over cases) had a relevance judgment: precision's coverage.
    judged_at_10: int | None = None
    recall: float | None = None
    citation_coverage: float | None = None
    freshness_known: float | None = None
    freshness_accuracy: float | None = None
    freshness_within: float | None = None
    latency_ms: dict[str, LatencyStat] | None = None
    cost_per_query_usd: float | None = None
    cost_per_useful_answer_usd: float | None = None
    fallback_rate: float | None = None
    fallback_by_cause: dict[str, float] | None = None
    abstention: float | None = None
    wasted_cost_usd: float | None = None
    injection_containment: float | None = None
    # Every rate carries its n: the denominator each value above was computed over.
    n: dict[str, int] = {}


class ProviderMetrics(_Strict):
    aggregate: MetricBlock
    by_category: dict[str, MetricBlock]


class Gate(_Strict):
    value: float | None
    threshold: str
    passed: bool | None  # null while pending (e.g. no invoice supplied)
    # What the value counts, in words with its numbers ("false `partial:false` responses: 1 of 1 partial fixtures").
    counts: str | None = None


class Conformance(_Strict):
    passed: bool | None
    detail: str


class Interval(_Strict):
    low: float
    high: float


class ProviderReport(_Strict):
    provider: str
    rank: int | None
    status: ProviderStatus
    # Why the status: the gate that failed or is pending, in words.
    status_reasons: list[str] = []
    gates: dict[str, Gate]
    metrics: ProviderMetrics
    # 95% bootstrap intervals over golden cases: metric → interval (aggregate) and per category.
    confidence: dict[str, Interval | None] = {}
    confidence_by_category: dict[str, dict[str, Interval | None]] = {}
    conformance: dict[str, Conformance]
    price_version: str | None = None


class Comparison(_Strict):
    """A paired bootstrap between neighbours in the ranking, on cost per useful answer."""

    better: str
    worse: str
    difference_interval: Interval | None
    p_better_lower: float | None
    distinguishable: bool


class CascadeComparison(_Strict):
    """A cascade against another order, paired: the same resampled golden cases for both."""

    against: list[str]
    # this − the other, over answerable cases; the interval excludes 0 when the data can tell them apart
    answered_rate_difference: float | None
    answered_rate_difference_interval: Interval | None
    answers_more: bool
    answers_fewer: bool
    # this − the other; null when either has no useful answer or an unknown cost
    cost_per_useful_answer_difference_usd: float | None
    cost_difference_interval: Interval | None
    cost_distinguishable: bool


class CascadeFigures(_Strict):
    """What a cascade does when replayed on the recorded outcomes, each figure with its n and 95% interval."""

    answered_rate: float | None
    answered: int
    cost_per_useful_answer_usd: float | None
    total_cost_usd: float | None
    mean_providers_tried: float | None
    # mean per answerable case of the recorded p50s of the steps it tried: an estimate, not a measurement
    latency_estimate_ms: float | None
    # how the cases ended: answered, honest_no_data, fallback:budget, fallback:exhausted → count
    endings: dict[str, int]
    n: dict[str, int]
    confidence: dict[str, Interval | None]


class CascadeStep(_Strict):
    provider: str
    reached: int  # answerable cases that got this far
    answers: int
    share_of_answers: float | None  # its answers / the cascade's answers (n = the cascade's answers)
    share_interval: Interval | None


class CascadeOrder(CascadeFigures):
    providers: list[str]
    # why it is compared: success_rate_rule, cost_optimal, default_alone, most_answers, best_single
    labels: list[str]
    steps: list[CascadeStep]
    vs_best_single: CascadeComparison | None
    vs_most_answers: CascadeComparison | None
    no_fewer_answers_than_most: bool
    tie_group: int
    recommended: bool


class CategoryCascades(_Strict):
    cases: int
    answerable: int
    candidates: list[str]        # providers that may enter the search cascade
    excluded: dict[str, str]     # provider → why it may not
    orders_considered: int       # every order of one to three candidates
    orders_walked: int           # after the exact pruning
    pruned: list[str]
    best_single: list[str] | None
    most_answers: list[str] | None
    recommended: list[str] | None
    reason: str
    orders: list[CascadeOrder]


class CascadePlan(CascadeFigures):
    """Every category's recommended cascade, replayed together over the golden set."""

    by_category: dict[str, list[str]]
    uncovered: list[str]  # categories with answerable cases and no recommended cascade (left out)
    vs_default_alone: CascadeComparison | None
    # against every category's most-answering order replayed together: what the per-category rule gave up
    vs_most_answers: CascadeComparison | None


class Recommendation(_Strict):
    default_provider: str | None
    reason: str
    # category → the recommended cascade: [{provider, success_rate, n}] (its own success rate in the category)
    cascade_by_category: dict[str, list[dict]]
    cascade_plan: CascadePlan | None = None


class CorpusInfo(_Strict):
    kind: Literal["demo", "captured"]
    manifest_sha256: str
    golden_sha256: str


class ProviderFlagEffect(_Strict):
    """What injection flags did to one provider's useful answers. A case counts as removed when it
    ended `fallback:low_confidence` though it had a citable, uncontradicted claim from a flagged
    document: but for the flag it would have been answered."""

    provider: str
    useful_answers_removed: int
    removed_cases: list[str]
    # The distinct flagged documents behind those cases, and how many of them a reviewer majority called injected.
    flags_behind: int
    flags_confirmed: int
    # Cases answered only because a reviewer majority lifted a flag (each override's own list says which).
    useful_answers_restored: int
    restored_cases: list[str]


class FlagReview(_Strict):
    """A document whose injection verdict reviewers decided: a lifted flag (an override of the metrics)
    or a detector miss. `judgment_ids` are the deciding judgments (golden/injection_judgments/)."""

    artifact: str
    sha256: str
    urls: list[str]
    judgment_ids: list[str]
    votes: dict[str, int]
    # provider → the cases this override turned into useful answers (empty for a miss).
    restored: dict[str, list[str]] = {}


class InjectionReview(_Strict):
    rule: str
    documents_judged: int
    by_provider: list[ProviderFlagEffect]
    overrides: list[FlagReview]
    detector_misses: list[FlagReview]


class Report(_Strict):
    run_id: str
    created_at: datetime
    corpus: CorpusInfo
    provenance: dict
    notice: str | None = None
    providers: list[ProviderReport]
    tie_groups: list[list[str]] = []
    comparisons: list[Comparison] = []
    recommendation: Recommendation | None = None
    # category → the cascades replayed on the recorded outcomes (docs/method.md#cascades-replayed-on-the-golden-set)
    cascades: dict[str, CategoryCascades] = {}
    proposed_golden_additions: list[dict] = []
    diff_vs_previous: dict | None = None
    # Inter-assessor agreement per review round (Krippendorff's alpha, nominal), each with its n.
    review_agreement: list[dict] = []
    # Injection flags against useful answers, and what reviewers decided about them.
    injection_review: InjectionReview | None = None
