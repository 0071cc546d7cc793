"""Observation assets: what each provider returned for each golden case, replayed from fixtures."""

import json
from collections import defaultdict
from pathlib import Path

import dagster as dg
import pandas as pd

from bench_pipeline.defs.assets.corpus import cases_from_table, fixture_manifest, golden_cases
from bench_pipeline.defs.metadata import frame_of, md_table, table_metadata
from bench_pipeline.defs.partitions import PER_PROVIDER
from bench_pipeline.claims.model import Claim
from bench_pipeline.defs.assets.injection import injection_judgments, injection_scan
from bench_pipeline.defs.resources import BenchConfig, ReplayTransport, Warehouse
from bench_pipeline.fixtures.expected_io import expected_by_case
from bench_pipeline.fixtures.manifest_io import load_manifest
from bench_pipeline.golden.load import load_host_families
from bench_pipeline.observations.artifacts import ArtifactStore
from bench_pipeline.observations.claims import provider_claims
from bench_pipeline.observations.documents import DocumentRead, read_documents
from bench_pipeline.observations.outcomes import case_outcomes as outcome_rows
from bench_pipeline.observations.search import observe_searches
from bench_pipeline.providers.registry import adapter_module, load_providers


def configured(bench: BenchConfig, keys: list[str]) -> tuple[dict, list[str]]:
    """The providers.yaml entries of this run's partitions, and the partitions it does not configure
    (a run given another providers file than the code location was loaded with); those get no rows."""
    providers = load_providers(Path(bench.providers_file)).providers
    return {k: providers[k] for k in keys if k in providers}, [k for k in keys if k not in providers]


@dg.asset(pool="duckdb", group_name="observations", kinds={"duckdb"}, deps=[fixture_manifest, golden_cases], **PER_PROVIDER)
def search_observations(context: dg.AssetExecutionContext, bench: BenchConfig, warehouse: Warehouse,
                        replay: ReplayTransport) -> dg.MaterializeResult:
    """Normalized search results (`search_results`) and one row per search call (`search_calls`),
    per provider partition. Forbidden cases never reach a provider: the router ends them in
    `honest_no_data` at no cost."""
    keys = list(context.partition_keys)
    providers, unconfigured = configured(bench, keys)
    if unconfigured:
        context.log.warning(f"not in {bench.providers_file}, so no rows: {unconfigured}")
    cases = cases_from_table(warehouse.read_table("golden_cases"))
    families = load_host_families(bench.golden)
    by_provider: dict[str | None, list] = defaultdict(list)
    for entry in load_manifest(bench.fixtures).entries:
        by_provider[entry.provider].append(entry)
    preview, results_n, calls_n, outcomes = None, 0, 0, []
    # One provider at a time, each written as soon as it is read: memory holds one provider's results.
    for slug in keys:
        observed = observe_searches(root=bench.fixtures, entries=by_provider.get(slug, []), cases=cases,
                                    providers={slug: providers[slug]} if slug in providers else {}, families=families,
                                    load=lambda relative: replay.exchange(bench.fixtures, relative))
        results = frame_of("search_results", observed.results)
        calls = frame_of("search_calls", observed.calls)
        with warehouse.transaction():
            warehouse.replace_partitions("search_results", results, [slug])
            warehouse.replace_partitions("search_calls", calls, [slug])
        preview = results if preview is None else preview
        results_n, calls_n = results_n + len(results), calls_n + len(calls)
        if len(calls):
            outcomes.append(calls.groupby(["provider", "outcome"]).size().reset_index(name="cases"))
    return dg.MaterializeResult(metadata={
        **table_metadata("search_results", frame_of("search_results", []) if preview is None else preview),
        "dagster/row_count": dg.MetadataValue.int(results_n),
        "providers": dg.MetadataValue.text(", ".join(providers)),
        "unconfigured_partitions": dg.MetadataValue.text(", ".join(unconfigured) or "none"),
        "calls": dg.MetadataValue.int(calls_n),
        "outcomes": md_table(pd.concat(outcomes) if outcomes else pd.DataFrame()),
    })


def provider_reads(warehouse: Warehouse, slug: str) -> list[DocumentRead]:
    return [DocumentRead(**{k: v for k, v in row.items() if k != "read_chars"})
            for row in warehouse.records("select * from document_reads where provider = ? order by fixture", [slug])]


def provider_results(warehouse: Warehouse, slug: str) -> list[dict]:
    return warehouse.records("select case_id, rank, url from search_results where provider = ? order by case_id, rank", [slug])


@dg.asset(pool="duckdb", group_name="observations", kinds={"duckdb"}, deps=[fixture_manifest], **PER_PROVIDER)
def document_observations(context: dg.AssetExecutionContext, bench: BenchConfig, warehouse: Warehouse,
                          replay: ReplayTransport) -> dg.MaterializeResult:
    """What each provider read of every stored page and PDF (`document_reads`): its own extract, or
    our local extractor on the bytes its fetch recorded, with the failure when the read fell short."""
    keys = list(context.partition_keys)
    providers, _ = configured(bench, keys)
    entries = load_manifest(bench.fixtures).entries
    store = ArtifactStore(bench.fixtures)
    reads = []
    for slug, config in providers.items():
        reads += read_documents(bench.fixtures, entries, slug, config, adapter_module(config.adapter),
                                lambda relative: replay.exchange(bench.fixtures, relative), store)
    table = frame_of("document_reads", [{**r.row(), "text": r.text} for r in reads])
    warehouse.replace_partitions("document_reads", table, keys)
    failures = table.groupby(["provider", "failure"], dropna=False).size().reset_index(name="reads") if len(table) else table
    return dg.MaterializeResult(metadata={
        **table_metadata("document_reads", table.drop(columns=["text"])),
        "failures": md_table(failures),
    })


@dg.asset(pool="duckdb", group_name="observations", kinds={"duckdb"},
          deps=[document_observations, search_observations, injection_scan, injection_judgments], **PER_PROVIDER)
def claim_observations(context: dg.AssetExecutionContext, bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """Claims (`claims`): facts read from stored artifacts, each with its span, checked mechanically
    for citability, linked to the claims that contradict it; never from a search snippet. A claim is
    from a flagged document when the detector flagged it and no reviewer majority lifted the flag."""
    with warehouse.session():
        keys = list(context.partition_keys)
        expected = expected_by_case(bench.fixtures)
        categories = {r["id"]: r["category"] for r in warehouse.records("select id, category from golden_cases")}
        flagged = {r["artifact"]: r["flagged"] for r in warehouse.records("""
            select a.artifact, coalesce(d.flag_in_force, a.flagged) as flagged
            from artifact_injection a left join injection_decisions d using (artifact)""")}
        store = ArtifactStore(bench.fixtures)
        rows = []
        for slug in keys:
            for claim in provider_claims(slug, provider_reads(warehouse, slug), provider_results(warehouse, slug), expected,
                                         store, flagged):
                rows.append({**claim.model_dump(mode="json"), "category": categories.get(claim.case_id),
                             "contradicts_claim_ids": json.dumps(claim.contradicts_claim_ids)})
        table = frame_of("claims", rows)
        warehouse.replace_partitions("claims", table, keys)
        summary = table.groupby("provider").agg(claims=("claim_id", "count"), citable=("citable", "sum")).reset_index() \
            if len(table) else table
        return dg.MaterializeResult(metadata={**table_metadata("claims", table), "by_provider": md_table(summary)})


@dg.asset(pool="duckdb", group_name="observations", kinds={"duckdb"}, deps=[claim_observations], **PER_PROVIDER)
def case_outcomes(context: dg.AssetExecutionContext, bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """How every (provider, golden case) ended — answered, honest_no_data, fallback:<cause>,
    error:<code> — with every call's cost (retries and fallbacks included) (`case_outcomes`)."""
    with warehouse.session():
        keys = list(context.partition_keys)
        cases = cases_from_table(warehouse.read_table("golden_cases"))
        expected = expected_by_case(bench.fixtures)
        rows = []
        for slug in keys:
            calls = warehouse.records("select * from search_calls where provider = ?", [slug])
            claims = [Claim.model_validate({**c, "contradicts_claim_ids": json.loads(c["contradicts_claim_ids"])})
                      for c in warehouse.records("select * exclude (category) from claims where provider = ?", [slug])]
            if calls:
                rows += outcome_rows(slug, cases, calls, provider_reads(warehouse, slug), provider_results(warehouse, slug),
                                     expected, claims)
        table = frame_of("case_outcomes", rows)
        warehouse.replace_partitions("case_outcomes", table, keys)
        summary = table.groupby(["provider", "outcome"]).size().reset_index(name="cases") if len(table) else table
        return dg.MaterializeResult(metadata={**table_metadata("case_outcomes", table), "outcomes": md_table(summary)})
