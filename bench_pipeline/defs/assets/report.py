"""The report asset: report.json, report.md and report.html, stored under the run and never overwritten,
with one append-only history row per provider and the diff against the previous run."""

import json
from datetime import UTC, datetime
from pathlib import Path

import dagster as dg

from bench_pipeline.defs.assets.corpus import run_provenance, verified_corpus
from bench_pipeline.defs.assets.metrics import METRIC_ASSETS, freshness_documents, provider_slugs
from bench_pipeline.defs.assets.resilience import provider_conformance
from bench_pipeline.defs.caches import append_new, read_cache, record_use
from bench_pipeline.defs.digests import source_digest
from bench_pipeline.defs.metadata import frame_of
from bench_pipeline.defs.resources import BenchConfig, Warehouse
from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.report import CorpusInfo, InjectionReview, Report
from bench_pipeline.metrics.freshness import accuracy_by_case
from bench_pipeline.pause import HISTORY_APPEND, pause_point
from bench_pipeline.providers.registry import effective_options, load_providers
from bench_pipeline.report.build import GROUPED, ReportInputs, build_report
from bench_pipeline.report.cascade_history import cascade_changes, cascade_rows
from bench_pipeline.report.cascades import CascadeMemo
from bench_pipeline.report.confidence import Resamples
from bench_pipeline.report.history import diff_against, history_rows
from bench_pipeline.report.injection_review import injection_review
from bench_pipeline.report.invoices import cost_divergence, load_invoices, reconciliation_counts
from bench_pipeline.report.render_html import render_html
from bench_pipeline.report.render_md import render_markdown
from bench_pipeline.report.store import store_report
from bench_pipeline.resilience.partial import PartialAssessment, honest_partial_gate
from bench_pipeline.review.agreement import review_agreement


def _honest_partial_gates(warehouse: Warehouse, providers: list[str]) -> dict:
    rows = warehouse.records("select * from partial_assessments")
    assessments = {p: [PartialAssessment(**{**{k: r[k] for k in PartialAssessment.model_fields if k in r},
                                            "missing": json.loads(r["missing"]), "unreported": []})
                       for r in rows if r["provider"] == p] for p in providers}
    return {p: honest_partial_gate(a) for p, a in assessments.items()}


def _injection_review(warehouse: Warehouse, providers: list[str]) -> InjectionReview:
    urls: dict[str, list[str]] = {}
    for row in warehouse.records(
            "select distinct artifact, url from document_reads where artifact is not null order by all"):
        urls.setdefault(row["artifact"], []).append(row["url"])
    return injection_review(
        providers,
        claims=warehouse.records("""select provider, case_id, artifact, citable, contradicts_claim_ids,
                                    from_flagged_document from claims order by provider, case_id, claim_id"""),
        outcomes=warehouse.records("select provider, case_id, outcome from case_outcomes"),
        decisions=warehouse.records("select * from injection_decisions order by artifact"), urls=urls)


def report_inputs(bench: BenchConfig, warehouse: Warehouse) -> ReportInputs:
    providers = provider_slugs(bench)
    for table in ("injection_judgments", "injection_decisions"):  # a warehouse last run before they existed
        warehouse.ensure_table(table)
    invoices = load_invoices(Path(bench.invoices_dir))
    configured = load_providers(Path(bench.providers_file))
    calls = warehouse.records("""select provider, cost_usd, captured_at from search_calls where fixture is not null
                                 union all select provider, cost_usd, captured_at from document_reads""")
    proposed = warehouse.records("""select case_id, url, host, family, string_agg(distinct provider, ', ' order by provider) as provider
                                    from result_relevance where proposed_addition group by all order by case_id, url""")
    return ReportInputs(
        providers=providers,
        # Ordered: the bootstrap resamples by position, and partitions are rewritten in any order.
        precision=warehouse.records("select * from precision_at_k order by provider, case_id"),
        recall=warehouse.records("select * from recall order by provider, case_id"),
        grouped={table: warehouse.records(f'select * from "{table}" order by provider, category') for table in GROUPED},
        latency=warehouse.records("select * from latency order by provider, operation"),
        outcomes=warehouse.records("select * from case_outcomes order by provider, case_id"),
        conformance=warehouse.records('select * from conformance order by provider, "check"'),
        honest_partial=_honest_partial_gates(warehouse, providers),
        cost_divergence=cost_divergence(invoices, calls),
        cost_reconciliation=reconciliation_counts(invoices, calls),
        price_versions={slug: p.price.version for slug, p in configured.providers.items()},
        variants={slug: (p.variant_of, p.adapter) for slug, p in configured.providers.items() if p.variant_of},
        request_options=effective_options(configured),
        proposed_additions=proposed,
        # Provider by provider: one provider's result documents in memory at a time.
        freshness_cases=[row for p in providers for row in accuracy_by_case(*freshness_documents(warehouse, p))],
        review_agreement=review_agreement(
            warehouse.records("select * from relevance_judgments"), warehouse.records("select * from verified_dates"),
            warehouse.records("select * from injection_judgments")),
        injection_review=_injection_review(warehouse, providers),
    )


def _diff(warehouse: Warehouse, previous: list[dict], rows: list[dict], cascades: list[dict],
          report: Report) -> dict | None:
    """This run against the previous one: providers' moves, and the categories whose recommended cascade changed."""
    diff = diff_against(previous, rows, {p.provider: p.confidence for p in report.providers})
    if diff is not None:
        before = warehouse.records("select * from cascade_history where run_id = ? order by category",
                                   [previous[0]["run_id"]])
        diff["cascade_changes"] = cascade_changes(before, cascades)
    return diff


@dg.asset(pool="duckdb", group_name="report", kinds={"duckdb", "json"}, deps=[*METRIC_ASSETS, provider_conformance, run_provenance])
def benchmark_report(context: dg.AssetExecutionContext, bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """The gated, ranked report of this run — losers included, each with the gate that failed — with the
    cascades replayed on the recorded outcomes, as report.json (the contract), report.md and a self-contained
    report.html; the gate verdicts also land in `provider_gates` for the gate checks, the recommended
    cascades in `cascade_history`."""
    run_id = context.run.run_id
    with warehouse.session():
        recorded = warehouse.records("select provenance from run_provenance where run_id = ?", [run_id])
        if not recorded:
            raise InputError(warehouse.database, "run_provenance", f"nothing recorded for run {run_id}: the report "
                             "states the provenance of its own run, so materialize run_provenance in the same run")
        provenance = json.loads(recorded[0]["provenance"])
        corpus = CorpusInfo(kind=verified_corpus(warehouse)["corpus_kind"],
                            manifest_sha256=provenance["manifest_sha256"], golden_sha256=provenance["golden_sha256"])
        inputs = report_inputs(bench, warehouse)
        remembered = read_cache(warehouse, "bootstrap_cache", source_digest())
        # The cascades are recomputed only when their inputs (outcomes, latency, statuses) moved.
        simulated = read_cache(warehouse, "cascade_cache", source_digest())
    resamples, memo = Resamples(dict(remembered)), CascadeMemo(dict(simulated))
    report = build_report(run_id=run_id, created_at=datetime.now(UTC), corpus=corpus, provenance=provenance, inputs=inputs,
                          resamples=resamples, memo=memo)
    resampled = append_new(warehouse, "bootstrap_cache", source_digest(), resamples.used, set(remembered))
    searched = append_new(warehouse, "cascade_cache", source_digest(), memo.used, set(simulated))
    record_use(warehouse, "bootstrap_cache", source_digest(), run_id, set(resamples.used))
    record_use(warehouse, "cascade_cache", source_digest(), run_id, set(memo.used))
    for table in ("report_history", "cascade_history"):
        warehouse.ensure_table(table)
    previous = warehouse.records("""select * from report_history where run_id = (
        select run_id from report_history order by created_at desc limit 1) order by provider""")
    rows, cascades = history_rows(report, inputs.price_versions), cascade_rows(report)
    report = report.model_copy(update={"diff_vs_previous": _diff(warehouse, previous, rows, cascades, report)})
    markdown = render_markdown(report)
    path = store_report(Path(bench.reports_dir), report, {"report.md": markdown, "report.html": render_html(report)})
    # The run's commit, after its report folder is whole: history rows and gate verdicts together or neither.
    # A run stopped before it leaves a report no history row names; the next run diffs against the last one.
    with warehouse.transaction():
        warehouse.append_rows("report_history", frame_of("report_history", rows))
        warehouse.append_rows("cascade_history", frame_of("cascade_history", cascades))
        pause_point(HISTORY_APPEND)
        warehouse.replace_table("provider_gates", frame_of("provider_gates", [
            {"provider": p.provider, "rank": p.rank, "status": p.status, "gate": name, **gate.model_dump()}
            for p in report.providers for name, gate in p.gates.items()]))
    return dg.MaterializeResult(metadata={
        "report_path": dg.MetadataValue.path(str(path.resolve())),
        "default_provider": dg.MetadataValue.text(str(report.recommendation.default_provider)),
        "statuses": dg.MetadataValue.json({p.provider: p.status for p in report.providers}),
        "bootstrap_statistics_resampled": dg.MetadataValue.int(resampled),
        "bootstrap_statistics_reused": dg.MetadataValue.int(len(resamples.used) - resampled),
        "cascades_searched": dg.MetadataValue.bool(searched > 0),
        "recommended_cascades": dg.MetadataValue.json({c: found.recommended for c, found in report.cascades.items()}),
        "report": dg.MetadataValue.md(markdown),
    })
