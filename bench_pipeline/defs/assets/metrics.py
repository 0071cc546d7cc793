"""Metric assets: one table per metric, per provider and case (aggregated in the report)."""

from pathlib import Path

import dagster as dg

from bench_pipeline.defs.assets.corpus import cases_from_table, golden_cases
from bench_pipeline.defs.assets.observations import search_observations
from bench_pipeline.defs.metadata import frame_of, md_table, table_metadata
from bench_pipeline.defs.resources import BenchConfig, Warehouse
from bench_pipeline.domain.golden import Judgment
from bench_pipeline.metrics.precision import precision_rows
from bench_pipeline.metrics.relevance import judgments_in_force
from bench_pipeline.providers.registry import load_providers

def provider_slugs(bench: BenchConfig) -> list[str]:
    """The providers this run compares: those configured in its providers file."""
    return sorted(load_providers(Path(bench.providers_file)).providers)


@dg.asset(pool="duckdb", group_name="metrics", kinds={"duckdb"}, deps=[search_observations, golden_cases])
def precision_at_k(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """precision@5 and @10 per provider and answerable case (seed §4.1); forbidden cases excluded."""
    cases = cases_from_table(warehouse.read_table("golden_cases"))
    judgments = judgments_in_force(Judgment.model_validate(r) for r in warehouse.read_table("relevance_judgments").to_dict("records"))
    results = warehouse.read_table("search_results").to_dict("records")
    table = frame_of("precision_at_k", precision_rows(results, cases, judgments, provider_slugs(bench)))
    warehouse.replace_table("precision_at_k", table)
    summary = table.groupby("provider")[["precision_at_5", "precision_at_10"]].mean().reset_index() if len(table) else table
    return dg.MaterializeResult(metadata={
        **table_metadata("precision_at_k", table),
        "by_provider": md_table(summary),
    })
