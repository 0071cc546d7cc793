"""Metric assets: one table per metric (docs/method.md), per provider and category plus `all`
(precision and recall per case, so the report can bootstrap them)."""

import inspect
from collections import defaultdict
from collections.abc import Callable
from datetime import date
from pathlib import Path

import dagster as dg

from bench_pipeline.claims.origin_groups import canonical_url, origin_groups
from bench_pipeline.defs.assets.corpus import cases_from_table, golden_cases, golden_judgments
from bench_pipeline.defs.assets.injection import injection_scan
from bench_pipeline.defs.assets.observations import case_outcomes, claim_observations, document_observations, search_observations
from bench_pipeline.defs.digests import source_digest
from bench_pipeline.defs.incremental import input_keys, pooled_digest, record_key, refresh, refreshed_metadata, stored_key
from bench_pipeline.defs.metadata import frame_of, md_table, table_metadata
from bench_pipeline.defs.resources import BenchConfig, Warehouse
from bench_pipeline.domain.golden import CATEGORIES, POOL_DEPTH, Judgment
from bench_pipeline.golden.review_queue import injection_queue, review_queue as build_review_queue
from bench_pipeline.metrics import outcomes as outcome_metrics
from bench_pipeline.metrics.aggregate import per_group
from bench_pipeline.metrics.freshness import freshness_row
from bench_pipeline.metrics.latency import latency_stat
from bench_pipeline.metrics.precision import precision_rows
from bench_pipeline.metrics.recall import recall_rows, relevant_pool
from bench_pipeline.metrics.relevance import judgments_in_force, relevance_rows
from bench_pipeline.providers.registry import load_providers

METRICS = {"pool": "duckdb", "group_name": "metrics", "kinds": {"duckdb"}}


def provider_slugs(bench: BenchConfig) -> list[str]:
    """The providers this run compares: those configured in its providers file."""
    return sorted(load_providers(Path(bench.providers_file)).providers)


def _per_provider(warehouse: Warehouse, bench: BenchConfig, table: str, inputs: list[str], compute: Callable[[str], list[dict]],
                  whole: list[str] = (), pooled: dict[str, str] | str | None = None, preview_where: str = "true",
                  **extra) -> dg.MaterializeResult:
    """A per-provider metric table whose providers are recomputed only when their inputs changed."""
    keys = input_keys(warehouse, provider_slugs(bench), inputs, list(whole), pooled)
    stale = refresh(warehouse, table, keys, compute)
    return dg.MaterializeResult(metadata={**refreshed_metadata(warehouse, table, keys, stale, preview_where), **extra})


def _grouped(warehouse: Warehouse, bench: BenchConfig, table: str, inputs: list[str], sql: str, compute,
             whole: list[str] = ()) -> dg.MaterializeResult:
    """A metric per provider and category plus `all`, from `sql` (one provider's rows, `?` = provider);
    the metadata previews the aggregate rows."""
    return _per_provider(warehouse, bench, table, inputs,
                         lambda p: per_group(warehouse.records(sql, [p]), [p], list(CATEGORIES), compute),
                         whole=whole, preview_where="category = 'all'")


def _origin_groups(warehouse: Warehouse) -> dict[str, str]:
    """url → origin group over every provider's results (pooled), recomputed only when some
    provider's results or reads changed; kept in `origin_groups`."""
    key = pooled_digest([source_digest(), sorted(warehouse.digests(["search_results", "document_reads"]).items())])
    if stored_key(warehouse, "origin_groups") == key:
        return {r["url"]: r["origin_group"] for r in warehouse.records("select * from origin_groups")}
    texts = {canonical_url(r["url"]): r["text"] for r in warehouse.records(
        "select url, min(text) as text from document_reads where failure is null group by url")}
    urls = [r["url"] for r in warehouse.records("select distinct url from search_results order by url")]
    groups = origin_groups([(url, texts.get(canonical_url(url))) for url in urls])
    with warehouse.transaction():
        warehouse.replace_table("origin_groups", frame_of("origin_groups", [{"url": u, "origin_group": g}
                                                                             for u, g in groups.items()]))
        record_key(warehouse, "origin_groups", key)
    return groups


@dg.asset(deps=[search_observations, document_observations, golden_cases, golden_judgments], **METRICS)
def result_relevance(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """Every result of an answerable case with its judged relevance and origin group (reprints of one
    source are one group: canonical URL rules plus near-duplicate text of what was read)."""
    with warehouse.session():
        groups = _origin_groups(warehouse)
        mapped = {r["provider"]: r["digest"] for r in warehouse.records("""
            select provider, md5(string_agg(url || ' ' || origin_group, ' ' order by url)) as digest
            from (select distinct provider, url from search_results) join origin_groups using (url) group by provider""")}
        cases = cases_from_table(warehouse.read_table("golden_cases"))
        judgments = judgments_in_force(Judgment.model_validate(r) for r in warehouse.records(
            "select * exclude (round) from relevance_judgments"))

        def rows(provider: str) -> list[dict]:
            results = warehouse.records("""select provider, case_id, rank, url, host, family from search_results
                                           where provider = ? order by case_id, rank""", [provider])
            return relevance_rows(results, cases, judgments, groups)

        result = _per_provider(warehouse, bench, "result_relevance", ["search_results"], rows,
                               whole=["golden_cases", "relevance_judgments"], pooled=mapped,
                               origin_groups=dg.MetadataValue.int(len(set(groups.values()))))
        proposed = warehouse.query("""select case_id, provider, url, family from result_relevance
                                      where proposed_addition order by all""")
    return dg.MaterializeResult(metadata={**result.metadata, "proposed_golden_additions": md_table(proposed)})


@dg.asset(deps=[result_relevance, golden_judgments, document_observations, injection_scan], **METRICS)
def review_queue(warehouse: Warehouse) -> dg.MaterializeResult:
    """What needs a person: unjudged pooled results, proposed golden-set additions, dated documents
    outside the hand-verified date sample (docs/operations.md#review-rounds), and the documents providers'
    results led to that the injection detector flagged, with a seeded sample of those it passed."""
    with warehouse.session():
        dated = {r["url"] for r in warehouse.records("select distinct url from search_results where published_at is not null")}
        verified = {r["url"] for r in warehouse.records("select url from verified_dates")}
        # Only pooled rows a person must see: the rest of the relevance table cannot enter the queue.
        pooled = warehouse.records("""select provider, case_id, url, rank, judged, proposed_addition from result_relevance
                                      where rank <= ? and (not judged or proposed_addition)""", [POOL_DEPTH])
        injection = injection_queue(
            warehouse.records("select provider, case_id, rank, url from search_results where rank <= ?", [POOL_DEPTH]),
            warehouse.records("select distinct provider, url, artifact from document_reads where artifact is not null"),
            warehouse.records("select artifact, flagged, vectors from artifact_injection"))
    frame = frame_of("review_queue", build_review_queue(pooled, dated, verified, injection))
    warehouse.replace_table("review_queue", frame)
    counts = frame.groupby("kind").size().reset_index(name="items") if len(frame) else frame
    return dg.MaterializeResult(metadata={**table_metadata("review_queue", frame), "by_kind": md_table(counts)})


@dg.asset(deps=[result_relevance], **METRICS)
def precision_at_k(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """precision@5 and @10 per provider and answerable case (docs/method.md#precisionk); forbidden cases excluded."""
    with warehouse.session():
        cases = cases_from_table(warehouse.read_table("golden_cases"))
        return _per_provider(warehouse, bench, "precision_at_k", ["result_relevance"], lambda p: precision_rows(
            warehouse.records("select provider, case_id, rank, relevant, judged from result_relevance where provider = ?",
                              [p]), cases, [p]), whole=["golden_cases"])


@dg.asset(deps=[result_relevance], **METRICS)
def recall_by_origin_group(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """Pooled recall per provider and answerable case, counted in origin groups
    (docs/method.md#pooled-recall-by-origin-group). The pool is read from every provider's stored relevance
    rows; when it moves, every provider is recomputed."""
    with warehouse.session():
        cases = cases_from_table(warehouse.read_table("golden_cases"))
        found = warehouse.records("""select distinct provider, case_id, rank, origin_group, relevant from result_relevance
                                     where relevant and rank <= ? order by all""", [POOL_DEPTH])
        pool = relevant_pool(found)
        by_provider = defaultdict(list)
        for row in found:
            by_provider[row["provider"]].append(row)
        return _per_provider(warehouse, bench, "recall", ["result_relevance"],
                             lambda p: recall_rows(by_provider[p], cases, [p], pool),
                             whole=["golden_cases"], pooled=pooled_digest(pool))


# The per-provider metrics computed from observations alone (claims, calls, reads, outcomes): one step
# for the seven of them, not seven steps (a step's orchestration costs more than most of these metrics).
_FROM_OBSERVATIONS: dict[str, tuple[list, Callable[[BenchConfig, Warehouse], dg.MaterializeResult]]] = {}


def _from_observations(*deps):
    def register(compute):
        _FROM_OBSERVATIONS[compute.__name__] = (list(deps), compute)
        return compute
    return register


@_from_observations(claim_observations)
def citation_coverage(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """Claims with a citable observation / claims produced (docs/method.md#citation-coverage). Hard gate ≥ 0.95."""
    return _grouped(warehouse, bench, "citation_coverage", ["claims"], "select * from claims where provider = ?",
                    outcome_metrics.citation_coverage)


FRESHNESS_DOCUMENTS = """
    select r.provider, r.case_id, r.category, r.url, r.published_at,
           cast(c.captured_at as date) as captured_on, g.freshness_days
    from search_results r
    join search_calls c using (provider, case_id)
    join golden_cases g on g.id = r.case_id
    where r.rank <= 10 and g.web_role <> 'forbidden'"""


def freshness_documents(warehouse: Warehouse, provider: str | None = None) -> tuple[list[dict], dict[str, date | None]]:
    """The top-10 result documents of answerable cases (one provider's, or every provider's), and
    url → hand-verified published date."""
    docs = warehouse.records(FRESHNESS_DOCUMENTS + " and r.provider = ?", [provider]) if provider else \
        warehouse.records(FRESHNESS_DOCUMENTS)
    return docs, {r["url"]: r["verified_published_at"] for r in warehouse.records("select * from verified_dates")}


@dg.asset(deps=[search_observations, golden_cases, golden_judgments], **METRICS)
def freshness(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """freshness_known, freshness_accuracy (against the hand-verified sample) and freshness_within,
    over the top-10 results of answerable cases (docs/method.md#freshness)."""
    def rows(provider: str) -> list[dict]:
        docs, verified = freshness_documents(warehouse, provider)
        return per_group(docs, [provider], list(CATEGORIES), lambda mine: freshness_row(mine, verified))

    with warehouse.session():
        return _per_provider(warehouse, bench, "freshness", ["search_results", "search_calls"], rows,
                             whole=["golden_cases", "verified_dates"], preview_where="category = 'all'")


def _latency_rows(warehouse: Warehouse, provider: str) -> list[dict]:
    calls = warehouse.records("""
        select operation, elapsed_ms, captured_at from search_calls where provider = ? and fixture is not null
        union all select operation, elapsed_ms, captured_at from document_reads where provider = ?""", [provider, provider])
    rows = []
    for operation in ("search", "extract", "fetch"):
        mine = [c for c in calls if c["operation"] == operation]
        if mine:
            times = [c["captured_at"] for c in mine]
            rows.append({"provider": provider, "operation": operation, **latency_stat([c["elapsed_ms"] for c in mine]),
                         "window_start": min(times), "window_end": max(times)})
    return rows


@_from_observations(search_observations, document_observations)
def latency(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """p50/p95 per operation, end to end from the adapter, with n and the capture window (docs/method.md#latency).
    In replay these are the recorded latencies of the capture, not today's."""
    return _per_provider(warehouse, bench, "latency", ["search_calls", "document_reads"],
                         lambda p: _latency_rows(warehouse, p))


@_from_observations(search_observations)
def cost_per_query(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """The adapter's reported cost per search call (docs/method.md#cost-per-query)."""
    return _grouped(warehouse, bench, "cost_per_query", ["search_calls"], "select * from search_calls where provider = ?",
                    outcome_metrics.cost_per_query)


OUTCOMES_OF = "select * from case_outcomes where provider = ?"


@_from_observations(case_outcomes)
def cost_per_useful_answer(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """Σ cost of every call of the cases / cases with ≥1 citable, non-contradicted claim
    (docs/method.md#cost-per-useful-answer):
    the deciding metric."""
    return _grouped(warehouse, bench, "cost_per_useful_answer", ["case_outcomes"], OUTCOMES_OF,
                    outcome_metrics.cost_per_useful_answer)


@_from_observations(case_outcomes)
def fallback_rate(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """Cases that escalated to the next tier / answerable cases, by cause (docs/method.md#fallback-rate)."""
    return _grouped(warehouse, bench, "fallback_rate", ["case_outcomes"], OUTCOMES_OF, outcome_metrics.fallback)


@_from_observations(case_outcomes)
def abstention(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """Forbidden cases ending in honest_no_data with no claim / forbidden cases, and the cost wasted
    on them (docs/method.md#abstention-on-forbidden-cases). Hard gate = 1.00."""
    return _grouped(warehouse, bench, "abstention", ["case_outcomes"], OUTCOMES_OF, outcome_metrics.abstention)


@_from_observations(document_observations, claim_observations, injection_scan)
def injection_containment(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """Injection documents each provider read that were flagged and kept from the model / injection
    documents it read (docs/method.md#injection-containment). Hard gate = 1.00, never averaged with anything."""
    def rows(provider: str) -> list[dict]:
        docs = warehouse.records("""
            select d.artifact, i.has_injection, i.flagged,
                   exists (select 1 from claims c where c.provider = d.provider and c.artifact = d.artifact
                           and c.citable and not c.from_flagged_document) as reached_model
            from document_reads d join artifact_injection i using (artifact) where d.provider = ?""", [provider])
        return [{"provider": provider, "category": "all", **outcome_metrics.injection_containment(docs)}]

    with warehouse.session():
        missed = sorted(r["artifact"] for r in warehouse.records("""select distinct artifact from document_reads
            join artifact_injection using (artifact) where has_injection and not flagged"""))
        return _per_provider(warehouse, bench, "injection_containment", ["document_reads", "claims"], rows,
                             whole=["artifact_injection"], missed=dg.MetadataValue.json(missed))


@dg.multi_asset(
    specs=[dg.AssetSpec(name, deps=deps, description=inspect.cleandoc(compute.__doc__), group_name="metrics", kinds={"duckdb"})
           for name, (deps, compute) in _FROM_OBSERVATIONS.items()],
    can_subset=True, pool="duckdb", name="observation_metrics")
def observation_metrics(context: dg.AssetExecutionContext, bench: BenchConfig, warehouse: Warehouse):
    """Citation coverage, latency, cost per query and per useful answer, fallback, abstention and
    injection containment, each its own table and asset, materialized in one step."""
    for key in sorted(context.selected_asset_keys):
        _, compute = _FROM_OBSERVATIONS[key.path[-1]]
        yield dg.MaterializeResult(asset_key=key, metadata=compute(bench, warehouse).metadata)


METRIC_ASSETS = [result_relevance, review_queue, precision_at_k, recall_by_origin_group, freshness, observation_metrics]
