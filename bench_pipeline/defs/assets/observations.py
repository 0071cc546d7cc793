"""Observation assets: what each provider returned for each golden case, replayed from fixtures."""

from pathlib import Path

import dagster as dg

from bench_pipeline.defs.assets.corpus import cases_from_table, fixture_manifest, golden_cases
from bench_pipeline.defs.metadata import frame_of, md_table, table_metadata
from bench_pipeline.defs.partitions import PER_PROVIDER
from bench_pipeline.defs.resources import BenchConfig, ReplayTransport, Warehouse
from bench_pipeline.fixtures.manifest_io import load_manifest
from bench_pipeline.golden.load import load_host_families
from bench_pipeline.observations.search import observe_searches
from bench_pipeline.providers.registry import load_providers


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
    observed = observe_searches(
        root=bench.fixtures,
        entries=load_manifest(bench.fixtures).entries,
        cases=cases_from_table(warehouse.read_table("golden_cases")),
        providers=providers,
        families=load_host_families(bench.golden),
        load=lambda relative: replay.exchange(bench.fixtures, relative),
    )
    results = frame_of("search_results", observed.results)
    calls = frame_of("search_calls", observed.calls)
    warehouse.replace_partitions("search_results", results, keys)
    warehouse.replace_partitions("search_calls", calls, keys)
    outcomes = calls.groupby(["provider", "outcome"]).size().reset_index(name="cases") if len(calls) else calls
    return dg.MaterializeResult(metadata={
        **table_metadata("search_results", results),
        "providers": dg.MetadataValue.text(", ".join(providers)),
        "unconfigured_partitions": dg.MetadataValue.text(", ".join(unconfigured) or "none"),
        "calls": dg.MetadataValue.int(len(calls)),
        "outcomes": md_table(outcomes),
    })
