"""Resilience assets: what each provider's error fixtures show (retry, breaker, cancellation, partials)."""

import json

import dagster as dg

from bench_pipeline.defs.assets.corpus import fixture_manifest
from bench_pipeline.defs.assets.observations import configured
from bench_pipeline.defs.metadata import frame_of, md_table, table_metadata
from bench_pipeline.defs.partitions import PER_PROVIDER
from bench_pipeline.defs.resources import BenchConfig, ReplayTransport, Warehouse
from bench_pipeline.fixtures.manifest_io import load_manifest
from bench_pipeline.providers.registry import adapter_module
from bench_pipeline.resilience.conformance import conformance_for, conformance_rows, partial_assessments
from bench_pipeline.resilience.error_fixtures import exchanges_by_class


@dg.asset(pool="duckdb", group_name="observations", kinds={"duckdb"}, deps=[fixture_manifest], **PER_PROVIDER)
def provider_conformance(context: dg.AssetExecutionContext, bench: BenchConfig, warehouse: Warehouse,
                         replay: ReplayTransport) -> dg.MaterializeResult:
    """Per provider: rate limit, server error, timeout and partial verdicts (`conformance`), and the
    truth-versus-claim of every partial extract (`partial_assessments`), replayed on a virtual clock."""
    keys = list(context.partition_keys)
    providers, _ = configured(bench, keys)
    manifest = load_manifest(bench.fixtures)
    verdict_rows, partial_rows = [], []
    for slug, config in providers.items():
        adapter = adapter_module(config.adapter)
        grouped = exchanges_by_class(bench.fixtures, manifest, slug)
        verdict_rows += conformance_rows(slug, conformance_for(slug, grouped, adapter, config.price))
        paths = sorted(e.path for e in manifest.entries if e.provider == slug and e.fixture_class == "partial")
        for assessment in partial_assessments(grouped.get("partial", []), adapter, config.price):
            partial_rows.append({"provider": slug, "fixture": ", ".join(paths), **assessment.model_dump(exclude={"unreported"}),
                                 "missing": json.dumps(assessment.missing), "false_complete": assessment.false_complete})
    verdicts = frame_of("conformance", verdict_rows)
    partials = frame_of("partial_assessments", partial_rows)
    with warehouse.transaction():
        warehouse.replace_partitions("conformance", verdicts, keys)
        warehouse.replace_partitions("partial_assessments", partials, keys)
    return dg.MaterializeResult(metadata={
        **table_metadata("conformance", verdicts),
        "partials": md_table(partials.drop(columns=["missing"])),
    })
