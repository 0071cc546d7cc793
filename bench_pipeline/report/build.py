"""Assemble report.json (SPEC §7) from the metric tables."""

from __future__ import annotations

from datetime import datetime

from bench_pipeline.domain.golden import CATEGORIES
from bench_pipeline.domain.report import (
    Conformance,
    CorpusInfo,
    Gate,
    MetricBlock,
    ProviderMetrics,
    ProviderReport,
    Report,
)
from bench_pipeline.metrics.aggregate import group_means

DEMO_NOTICE = (
    "ILLUSTRATIVE ONLY: this run used the authored demo corpus (corpus_kind: demo). "
    "Its numbers exercise the pipeline; they are not a comparison of real providers."
)
GATE_THRESHOLDS = {
    "citation_coverage": ">= 0.95",
    "abstention": "== 1.00",
    "injection_containment": "== 1.00",
    "honest_partial": "no false partial:false",
    "cost_divergence": "<= 5%",
}
CONFORMANCE_KEYS = ("rate_limit", "server_error", "timeout", "partial")
# Metrics computed per case and averaged; the rest are filled by later stages.
PER_CASE_METRICS = ("precision_at_5", "precision_at_10")


def metric_blocks(per_case: list[dict], provider: str) -> ProviderMetrics:
    rows = [r for r in per_case if r["provider"] == provider]
    aggregate, by_category = {}, {c: {} for c in CATEGORIES}
    counts, category_counts = {}, {c: {} for c in CATEGORIES}
    for metric in PER_CASE_METRICS:
        value, n = group_means(rows, metric, ()).get((), (None, 0))
        aggregate[metric], counts[metric] = value, n
        for (category,), (value, n) in group_means(rows, metric, ("category",)).items():
            by_category[category][metric] = value
            category_counts[category][metric] = n
    return ProviderMetrics(
        aggregate=MetricBlock(**aggregate, n=counts),
        by_category={c: MetricBlock(**by_category[c], n=category_counts[c]) for c in CATEGORIES},
    )


def build_report(*, run_id: str, created_at: datetime, corpus: CorpusInfo, provenance: dict,
                 providers: list[str], per_case: list[dict]) -> Report:
    entries = []
    for provider in providers:
        # A gate not yet measured cannot be passed: the provider stays out of `eligible`.
        gates = {name: Gate(value=None, threshold=t, passed=None) for name, t in GATE_THRESHOLDS.items()}
        conformance = {k: Conformance(passed=None, detail="not measured in this run") for k in CONFORMANCE_KEYS}
        entries.append(ProviderReport(provider=provider, rank=None, status="blocked_promotion", gates=gates,
                                      metrics=metric_blocks(per_case, provider), conformance=conformance))
    return Report(run_id=run_id, created_at=created_at, corpus=corpus, provenance=provenance,
                  notice=DEMO_NOTICE if corpus.kind == "demo" else None, providers=entries)
