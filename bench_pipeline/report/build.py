"""Assemble report.json (docs/report.md) from the metric tables: metrics, gates, status, rank, confidence,
recommendation. Pure: the report asset reads the tables and hands their rows here."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from bench_pipeline.domain.golden import CATEGORIES
from bench_pipeline.domain.report import (
    Comparison,
    Conformance,
    CorpusInfo,
    Gate,
    InjectionReview,
    Interval,
    LatencyStat,
    MetricBlock,
    ProviderMetrics,
    ProviderReport,
    Recommendation,
    Report,
)
from bench_pipeline.metrics.aggregate import ALL, mean_with_n
from bench_pipeline.observations.outcomes import CASE_BUDGET_USD
from bench_pipeline.report.cascade import cascade_order, search_roles, success_rates
from bench_pipeline.report.cascades import CascadeMemo, cascades
from bench_pipeline.report.confidence import Resamples, tie_groups
from bench_pipeline.report.gates import evaluate_gates, status_of, with_counts
from bench_pipeline.report.ranking import rank_providers

DEMO_NOTICE = (
    "ILLUSTRATIVE ONLY: this run used the authored demo corpus (corpus_kind: demo). "
    "Its numbers exercise the pipeline; they are not a comparison of real providers."
)
PER_CASE = {"precision_at_5": "precision", "precision_at_10": "precision", "recall": "recall"}
# grouped table → (metric in the block, its n column)
GROUPED = {
    "citation_coverage": [("citation_coverage", "n")],
    "freshness": [("freshness_known", "n_known"), ("freshness_accuracy", "n_accuracy"), ("freshness_within", "n_within")],
    "cost_per_query": [("cost_per_query_usd", "n")],
    "cost_per_useful_answer": [("cost_per_useful_answer_usd", "n_useful")],
    "fallback_rate": [("fallback_rate", "n"), ("fallback_by_cause", "n")],
    "abstention": [("abstention", "n"), ("wasted_cost_usd", "n")],
    "injection_containment": [("injection_containment", "n")],
}


@dataclass
class ReportInputs:
    providers: list[str]
    precision: list[dict]
    recall: list[dict]
    grouped: dict[str, list[dict]]
    latency: list[dict]
    outcomes: list[dict]
    conformance: list[dict]
    honest_partial: dict[str, Gate]
    cost_divergence: dict[str, float | None]
    price_versions: dict[str, str]
    proposed_additions: list[dict] = field(default_factory=list)
    # per (provider, case): dated documents of the verified sample (`sampled`) and how many of them are dated right
    freshness_cases: list[dict] = field(default_factory=list)
    # provider → what its cost divergence compares, in words (invoices.reconciliation_counts)
    cost_reconciliation: dict[str, str] = field(default_factory=dict)
    review_agreement: list[dict] = field(default_factory=list)
    injection_review: InjectionReview | None = None

    def __post_init__(self) -> None:
        # Rows per (table, provider, category), indexed once: the report reads each slice many times.
        self._slices: dict[tuple[str, str, str], list[dict]] = defaultdict(list)
        for table in ("precision", "recall", "outcomes", "latency", "conformance", "freshness_cases"):
            for row in getattr(self, table):
                self._slices[(table, row["provider"], ALL)].append(row)
                if "category" in row:
                    self._slices[(table, row["provider"], row["category"])].append(row)
        for table, rows in self.grouped.items():
            for row in rows:
                self._slices[(table, row["provider"], row["category"])].append(row)

    def rows(self, table: str, provider: str, category: str = ALL) -> list[dict]:
        """Rows of one table (or grouped table) for a provider, in one category or all of them."""
        return self._slices.get((table, provider, category), [])


def _block(inputs: ReportInputs, provider: str, category: str) -> MetricBlock:
    values: dict = {}
    counts: dict[str, int] = {}
    for metric, table in PER_CASE.items():
        values[metric], counts[metric] = mean_with_n([r[metric] for r in inputs.rows(table, provider, category)])
    judged = [r["judged_at_10"] for r in inputs.rows("precision", provider, category)]
    values["judged_at_10"], counts["judged_at_10"] = (sum(judged) if judged else None), len(judged)
    for table, metrics in GROUPED.items():
        row = next(iter(inputs.rows(table, provider, category)), None)
        for metric, n_column in metrics:
            value = None if row is None else row[metric]
            values[metric] = json.loads(value) if metric == "fallback_by_cause" and value is not None else value
            if row is not None:
                counts[metric] = row[n_column]
    if category == ALL:
        values["latency_ms"] = {r["operation"]: LatencyStat(**{k: r[k] for k in LatencyStat.model_fields})
                                for r in inputs.rows("latency", provider)} or None
    return MetricBlock(**values, n=counts)


def _interval(found: Sequence[float] | None) -> Interval | None:
    return None if found is None else Interval(low=found[0], high=found[1])


def _intervals(inputs: ReportInputs, resamples: Resamples, provider: str, category: str) -> dict[str, Interval | None]:
    """Bootstrap over golden cases: per-case means, the fallback indicator, and cost per useful answer
    (a ratio of sums, resampled case by case)."""
    out = {metric: _interval(resamples.interval([r[metric] for r in inputs.rows(table, provider, category)]))
           for metric, table in PER_CASE.items()}
    cases = inputs.rows("outcomes", provider, category)
    answerable = [o for o in cases if o["web_role"] != "forbidden"]
    out["fallback_rate"] = _interval(resamples.interval([float(o["fallback_cause"] is not None) for o in answerable]))
    # Freshness accuracy is a ratio of sums too (right dates / sampled dates), resampled case by case.
    dated = inputs.rows("freshness_cases", provider, category)
    out["freshness_accuracy"] = _interval(resamples.ratio([r["accurate"] for r in dated], [r["sampled"] for r in dated]))
    out["cost_per_useful_answer_usd"] = None if any(o["cost_usd"] is None for o in cases) else _interval(
        resamples.ratio([o["cost_usd"] for o in cases], [bool(o["useful"]) for o in cases]))
    return out


def _comparisons(order: list[str], outcomes: list[dict], resamples: Resamples) -> tuple[list[Comparison], list[list[str]]]:
    """Paired bootstrap of cost per useful answer between each pair of neighbours, over the same cases."""
    by_provider: dict[str, dict[str, dict]] = {}
    for row in outcomes:
        by_provider.setdefault(row["provider"], {})[row["case_id"]] = row
    comparisons, distinguishable = [], {}
    for better, worse in zip(order, order[1:]):
        cases = sorted(set(by_provider.get(better, {})) & set(by_provider.get(worse, {})))
        rows = [[by_provider[provider][c] for c in cases] for provider in (better, worse)]
        known = len(cases) >= 2 and all(r["cost_usd"] is not None for side in rows for r in side)
        result = resamples.paired(*(values for side in rows for values in (
            [r["cost_usd"] for r in side], [bool(r["useful"]) for r in side]))) if known else \
            {"interval": None, "p_a_lower": None, "distinguishable": False}
        interval = result["interval"]
        comparisons.append(Comparison(better=better, worse=worse, p_better_lower=result["p_a_lower"],
                                      distinguishable=result["distinguishable"],
                                      difference_interval=None if interval is None else Interval(low=interval[0], high=interval[1])))
        distinguishable[(better, worse)] = result["distinguishable"]
    return comparisons, tie_groups(order, distinguishable)


def build_report(*, run_id: str, created_at: datetime, corpus: CorpusInfo, provenance: dict,
                 inputs: ReportInputs, resamples: Resamples | None = None, memo: CascadeMemo | None = None) -> Report:
    """`resamples` may hold bootstrap results of earlier runs (reused where the inputs are the same), `memo`
    the cascades of earlier runs."""
    resamples = resamples or Resamples()
    entries = []
    for provider in inputs.providers:
        aggregate = _block(inputs, provider, ALL)
        gates = evaluate_gates(
            citation_coverage=aggregate.citation_coverage, abstention=aggregate.abstention,
            injection_containment=aggregate.injection_containment,
            honest_partial=inputs.honest_partial.get(provider, Gate(value=None, threshold="= 0 false partial:false", passed=None)),
            cost_divergence=inputs.cost_divergence.get(provider))
        gates = with_counts(gates, aggregate, inputs.cost_reconciliation.get(provider))
        status, reasons = status_of(gates)
        conformance = {r["check"]: Conformance(passed=r["passed"], detail=r["detail"])
                       for r in inputs.rows("conformance", provider)}
        entries.append({"provider": provider, "status": status, "metrics": aggregate.model_dump(), "payload": dict(
            status_reasons=reasons, gates=gates, conformance=conformance, price_version=inputs.price_versions.get(provider),
            metrics=ProviderMetrics(aggregate=aggregate,
                                    by_category={c: _block(inputs, provider, c) for c in CATEGORIES}),
            confidence=_intervals(inputs, resamples, provider, ALL),
            confidence_by_category={c: _intervals(inputs, resamples, provider, c) for c in CATEGORIES})})
    ranked = rank_providers(entries)
    order = [e["provider"] for e in ranked if e["rank"] is not None]
    comparisons, ties = _comparisons(order, inputs.outcomes, resamples)
    eligible = [e["provider"] for e in ranked if e["status"] == "eligible"]
    default = eligible[0] if eligible else None
    statuses = {e["provider"]: e["status"] for e in ranked}
    cost = {e["provider"]: e["metrics"]["cost_per_useful_answer_usd"] for e in ranked}
    searching = [p for p in order if p in search_roles(statuses)[0]]
    rule = {c: [e["provider"] for e in entries]
            for c, entries in cascade_order(inputs.outcomes, searching, cost).items()}
    by_category, plan = cascades(inputs.outcomes, statuses, rule, default, inputs.latency, CASE_BUDGET_USD, memo)
    rates = success_rates(inputs.outcomes)
    recommendation = Recommendation(
        default_provider=default,
        reason=("lowest cost per useful answer among eligible providers" if eligible
                else "no provider passed every gate: none can be the default"),
        cascade_by_category={c: [{"provider": p, "success_rate": rates[(p, c)][0], "n": rates[(p, c)][1]}
                                 for p in found.recommended] for c, found in by_category.items() if found.recommended},
        cascade_plan=plan)
    return Report(
        run_id=run_id, created_at=created_at, corpus=corpus, provenance=provenance,
        notice=DEMO_NOTICE if corpus.kind == "demo" else None,
        providers=[ProviderReport(provider=e["provider"], rank=e["rank"], status=e["status"], **e["payload"]) for e in ranked],
        tie_groups=ties, comparisons=comparisons, recommendation=recommendation, cascades=by_category,
        proposed_golden_additions=inputs.proposed_additions, review_agreement=inputs.review_agreement,
        injection_review=inputs.injection_review)
