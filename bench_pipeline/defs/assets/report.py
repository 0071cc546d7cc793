"""The report asset: report.json, report.md, stored under the run and never overwritten."""

import json
from datetime import UTC, datetime
from pathlib import Path

import dagster as dg

from bench_pipeline.defs.assets.corpus import run_provenance
from bench_pipeline.defs.assets.metrics import precision_at_k, provider_slugs
from bench_pipeline.defs.resources import BenchConfig, Warehouse
from bench_pipeline.domain.report import CorpusInfo
from bench_pipeline.fixtures.manifest_io import load_manifest
from bench_pipeline.report.build import build_report
from bench_pipeline.report.render_md import render_markdown
from bench_pipeline.report.store import store_report


@dg.asset(pool="duckdb", group_name="report", kinds={"duckdb", "json"}, deps=[precision_at_k, run_provenance])
def benchmark_report(context: dg.AssetExecutionContext, bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """The gated, ranked report of this run — losers included — as report.json and report.md."""
    provenance = json.loads(warehouse.query("select provenance from run_provenance where run_id = ?",
                                            [context.run.run_id])["provenance"].iloc[0])
    corpus = CorpusInfo(kind=load_manifest(bench.fixtures).corpus_kind,
                        manifest_sha256=provenance["manifest_sha256"], golden_sha256=provenance["golden_sha256"])
    report = build_report(run_id=context.run.run_id, created_at=datetime.now(UTC), corpus=corpus, provenance=provenance,
                          providers=provider_slugs(bench),
                          per_case=warehouse.read_table("precision_at_k").to_dict("records"))
    markdown = render_markdown(report)
    path = store_report(Path(bench.reports_dir), report, {"report.md": markdown})
    return dg.MaterializeResult(metadata={
        "report_path": dg.MetadataValue.path(str(path.resolve())),
        "providers": dg.MetadataValue.int(len(report.providers)),
        "report": dg.MetadataValue.md(markdown),
    })
