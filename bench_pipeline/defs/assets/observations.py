"""Observation assets: what each provider returned for each golden case, replayed from fixtures."""

from pathlib import Path

import dagster as dg

from bench_pipeline.defs.assets.corpus import cases_from_table, fixture_manifest, golden_cases
from bench_pipeline.defs.metadata import frame_of, table_metadata
from bench_pipeline.defs.resources import BenchConfig, ReplayTransport, Warehouse
from bench_pipeline.fixtures.manifest_io import load_manifest
from bench_pipeline.golden.load import load_host_families
from bench_pipeline.observations.search import observe_searches
from bench_pipeline.providers.registry import load_providers

RESULT_COLUMNS = ["provider", "case_id", "category", "rank", "url", "host", "family", "title", "snippet",
                  "published_at", "published_raw", "score", "fixture"]
CALL_COLUMNS = ["provider", "case_id", "category", "operation", "fixture", "status", "elapsed_ms", "cost_usd",
                "captured_at", "request_id", "outcome"]


@dg.asset(group_name="observations", kinds={"duckdb"}, deps=[fixture_manifest, golden_cases])
def search_observations(bench: BenchConfig, warehouse: Warehouse, replay: ReplayTransport) -> dg.MaterializeResult:
    """Normalized search results (`search_results`) and one row per search call (`search_calls`).

    Forbidden cases never reach a provider: the router ends them in `honest_no_data` at no cost."""
    cases = cases_from_table(warehouse.read_table("golden_cases"))
    observed = observe_searches(
        root=bench.fixtures,
        entries=load_manifest(bench.fixtures).entries,
        cases=cases,
        providers=load_providers(Path(bench.providers_file)),
        families=load_host_families(bench.golden),
        load=lambda relative: replay.exchange(bench.fixtures, relative),
    )
    results = frame_of(observed.results, RESULT_COLUMNS)
    calls = frame_of(observed.calls, CALL_COLUMNS)
    warehouse.replace_table("search_results", results)
    warehouse.replace_table("search_calls", calls)
    outcomes = calls.groupby(["provider", "outcome"]).size().reset_index(name="cases") if len(calls) else calls
    return dg.MaterializeResult(metadata={
        **table_metadata("search_results", results),
        "calls": dg.MetadataValue.int(len(calls)),
        "outcomes": dg.MetadataValue.md(outcomes.to_markdown(index=False) if len(outcomes) else "_none_"),
    })
