"""Metric assets: one table per metric of the seed §4, per provider and category plus `all`
(precision and recall per case, so the report can bootstrap them)."""

from datetime import date
from pathlib import Path

import dagster as dg

from bench_pipeline.claims.origin_groups import canonical_url, origin_groups
from bench_pipeline.defs.assets.corpus import cases_from_table, golden_cases
from bench_pipeline.defs.assets.injection import injection_scan
from bench_pipeline.defs.assets.observations import case_outcomes, claim_observations, document_observations, search_observations
from bench_pipeline.defs.metadata import frame_of, md_table, table_metadata
from bench_pipeline.defs.resources import BenchConfig, Warehouse
from bench_pipeline.domain.golden import CATEGORIES, Judgment
from bench_pipeline.golden.review_queue import review_queue as build_review_queue
from bench_pipeline.metrics import outcomes as outcome_metrics
from bench_pipeline.metrics.aggregate import per_group
from bench_pipeline.metrics.freshness import freshness_row
from bench_pipeline.metrics.latency import latency_stat
from bench_pipeline.metrics.precision import precision_rows
from bench_pipeline.metrics.recall import recall_rows
from bench_pipeline.metrics.relevance import judgments_in_force, relevance_rows
from bench_pipeline.providers.registry import load_providers

METRICS = {"pool": "duckdb", "group_name": "metrics", "kinds": {"duckdb"}}


def provider_slugs(bench: BenchConfig) -> list[str]:
    """The providers this run compares: those configured in its providers file."""
    return sorted(load_providers(Path(bench.providers_file)).providers)


def _written(warehouse: Warehouse, table: str, rows: list[dict], **extra) -> dg.MaterializeResult:
    frame = frame_of(table, rows)
    warehouse.replace_table(table, frame)
    return dg.MaterializeResult(metadata={**table_metadata(table, frame), **extra})


def _grouped(warehouse: Warehouse, bench: BenchConfig, table: str, rows: list[dict], compute) -> dg.MaterializeResult:
    """A metric per provider and category plus `all`; the metadata previews the aggregate rows."""
    grouped = per_group(rows, provider_slugs(bench), list(CATEGORIES), compute)
    aggregate = frame_of(table, [r for r in grouped if r["category"] == "all"])
    return _written(warehouse, table, grouped, aggregate=md_table(aggregate))


@dg.asset(deps=[search_observations, document_observations, golden_cases], **METRICS)
def result_relevance(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """Every result of an answerable case with its judged relevance and origin group (reprints of one
    source are one group: canonical URL rules plus near-duplicate text of what was read)."""
    results = warehouse.records("select * from search_results order by provider, case_id, rank")
    texts = {canonical_url(r["url"]): r["text"] for r in warehouse.records(
        "select url, any_value(text) as text from document_reads where failure is null group by url")}
    urls = sorted({r["url"] for r in results})
    groups = origin_groups([(url, texts.get(canonical_url(url))) for url in urls])
    judgments = judgments_in_force(Judgment.model_validate(r)
                                   for r in warehouse.records("select * exclude (round) from relevance_judgments"))
    rows = relevance_rows(results, cases_from_table(warehouse.read_table("golden_cases")), judgments, groups)
    proposed = frame_of("result_relevance", [r for r in rows if r["proposed_addition"]])
    frame = frame_of("result_relevance", rows)
    warehouse.replace_table("result_relevance", frame)
    return dg.MaterializeResult(metadata={
        **table_metadata("result_relevance", frame),
        "origin_groups": dg.MetadataValue.int(len(set(groups.values()))),
        "proposed_golden_additions": md_table(proposed[["case_id", "provider", "url", "family"]]),
    })


@dg.asset(deps=[result_relevance], **METRICS)
def review_queue(warehouse: Warehouse) -> dg.MaterializeResult:
    """What needs a person: unjudged pooled results, proposed golden-set additions, and dated
    documents outside the hand-verified date sample (human-evaluation pilot §9)."""
    dated = {r["url"] for r in warehouse.records("select distinct url from search_results where published_at is not null")}
    verified = {r["url"] for r in warehouse.records("select url from verified_dates")}
    frame = frame_of("review_queue", build_review_queue(warehouse.records("select * from result_relevance"), dated, verified))
    warehouse.replace_table("review_queue", frame)
    counts = frame.groupby("kind").size().reset_index(name="items") if len(frame) else frame
    return dg.MaterializeResult(metadata={**table_metadata("review_queue", frame), "by_kind": md_table(counts)})


@dg.asset(deps=[result_relevance], **METRICS)
def precision_at_k(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """precision@5 and @10 per provider and answerable case (seed §4.1); forbidden cases excluded."""
    cases = cases_from_table(warehouse.read_table("golden_cases"))
    rows = precision_rows(warehouse.records("select * from result_relevance"), cases, provider_slugs(bench))
    return _written(warehouse, "precision_at_k", rows)


@dg.asset(deps=[result_relevance], **METRICS)
def recall_by_origin_group(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """Pooled recall per provider and answerable case, counted in origin groups (seed §4.2)."""
    cases = cases_from_table(warehouse.read_table("golden_cases"))
    return _written(warehouse, "recall", recall_rows(warehouse.records("select * from result_relevance"), cases,
                                                     provider_slugs(bench)))


@dg.asset(deps=[claim_observations], **METRICS)
def citation_coverage(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """Claims with a citable observation / claims produced (seed §4.3). Hard gate ≥ 0.95."""
    return _grouped(warehouse, bench, "citation_coverage", warehouse.records("select * from claims"),
                    outcome_metrics.citation_coverage)


def freshness_documents(warehouse: Warehouse) -> tuple[list[dict], dict[str, date | None]]:
    """The top-10 result documents of answerable cases, and url → hand-verified published date."""
    docs = warehouse.records("""
        select r.provider, r.case_id, r.category, r.url, r.published_at,
               cast(c.captured_at as date) as captured_on, g.freshness_days
        from search_results r
        join search_calls c using (provider, case_id)
        join golden_cases g on g.id = r.case_id
        where r.rank <= 10 and g.web_role <> 'forbidden'""")
    return docs, {r["url"]: r["verified_published_at"] for r in warehouse.records("select * from verified_dates")}


@dg.asset(deps=[search_observations, golden_cases], **METRICS)
def freshness(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """freshness_known, freshness_accuracy (against the hand-verified sample) and freshness_within,
    over the top-10 results of answerable cases (seed §4.4)."""
    docs, verified = freshness_documents(warehouse)
    return _grouped(warehouse, bench, "freshness", docs, lambda rows: freshness_row(rows, verified))


@dg.asset(deps=[search_observations, document_observations], **METRICS)
def latency(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """p50/p95 per operation, end to end from the adapter, with n and the capture window (seed §4.5).
    In replay these are the recorded latencies of the capture, not today's."""
    calls = warehouse.records("""
        select provider, operation, elapsed_ms, captured_at from search_calls where fixture is not null
        union all select provider, operation, elapsed_ms, captured_at from document_reads""")
    rows = []
    for provider in provider_slugs(bench):
        for operation in ("search", "extract", "fetch"):
            mine = [c for c in calls if c["provider"] == provider and c["operation"] == operation]
            if mine:
                times = [c["captured_at"] for c in mine]
                rows.append({"provider": provider, "operation": operation, **latency_stat([c["elapsed_ms"] for c in mine]),
                             "window_start": min(times), "window_end": max(times)})
    return _written(warehouse, "latency", rows)


@dg.asset(deps=[search_observations], **METRICS)
def cost_per_query(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """The adapter's reported cost per search call (seed §4.6)."""
    return _grouped(warehouse, bench, "cost_per_query", warehouse.records("select * from search_calls"),
                    outcome_metrics.cost_per_query)


@dg.asset(deps=[case_outcomes], **METRICS)
def cost_per_useful_answer(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """Σ cost of every call of the cases / cases with ≥1 citable, non-contradicted claim (seed §4.7):
    the deciding metric."""
    return _grouped(warehouse, bench, "cost_per_useful_answer", warehouse.records("select * from case_outcomes"),
                    outcome_metrics.cost_per_useful_answer)


@dg.asset(deps=[case_outcomes], **METRICS)
def fallback_rate(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """Cases that escalated to the next tier / answerable cases, by cause (seed §4.8)."""
    return _grouped(warehouse, bench, "fallback_rate", warehouse.records("select * from case_outcomes"),
                    outcome_metrics.fallback)


@dg.asset(deps=[case_outcomes], **METRICS)
def abstention(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """Forbidden cases ending in honest_no_data with no claim / forbidden cases, and the cost wasted
    on them (seed §4.9). Hard gate = 1.00."""
    return _grouped(warehouse, bench, "abstention", warehouse.records("select * from case_outcomes"),
                    outcome_metrics.abstention)


@dg.asset(deps=[document_observations, claim_observations, injection_scan], **METRICS)
def injection_containment(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """Injection documents each provider read that were flagged and kept from the model / injection
    documents it read (seed §4.10). Hard gate = 1.00, never averaged with anything."""
    docs = warehouse.records("""
        select d.provider, d.artifact, i.has_injection, i.flagged,
               exists (select 1 from claims c where c.provider = d.provider and c.artifact = d.artifact
                       and c.citable and not c.from_flagged_document) as reached_model
        from document_reads d join artifact_injection i using (artifact)""")
    rows = [{"provider": p, "category": "all", **outcome_metrics.injection_containment([d for d in docs if d["provider"] == p])}
            for p in provider_slugs(bench)]
    return _written(warehouse, "injection_containment", rows,
                    missed=dg.MetadataValue.json(sorted({d["artifact"] for d in docs if d["has_injection"] and not d["flagged"]})))


METRIC_ASSETS = [result_relevance, review_queue, precision_at_k, recall_by_origin_group, citation_coverage, freshness, latency,
                 cost_per_query, cost_per_useful_answer, fallback_rate, abstention, injection_containment]
