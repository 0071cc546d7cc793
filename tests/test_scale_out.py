"""The same job under the multiprocess executor: each step its own process, DuckDB written by one at a time."""

from __future__ import annotations

import dagster as dg

from bench_pipeline.defs.automation import benchmark_job

# Steps fork from a server that has imported Dagster and the definitions once: 2 s a step instead of 5.
MULTIPROCESS = {"max_concurrent": 2, "start_method": {"forkserver": {"preload_modules": ["bench_pipeline.definitions"]}}}


def multiprocess_benchmark() -> dg.JobDefinition:
    """Reconstructed in every step process; its resources read the BENCH_* variables set by the test."""
    from bench_pipeline.definitions import ASSETS, CHECKS
    from bench_pipeline.defs.resources import default_resources

    return dg.Definitions(assets=ASSETS, asset_checks=CHECKS, jobs=[benchmark_job], resources=default_resources(),
                          executor=dg.multiprocess_executor.configured(MULTIPROCESS)).resolve_job_def("benchmark")


def test_benchmark_job_runs_under_the_multiprocess_executor_with_one_duckdb_writer(corpus, monkeypatch):
    monkeypatch.setenv("BENCH_FIXTURES", str(corpus.fixtures))
    monkeypatch.setenv("BENCH_GOLDEN", str(corpus.golden))
    monkeypatch.setenv("BENCH_PROVIDERS", str(corpus.providers))
    monkeypatch.setenv("BENCH_WAREHOUSE", str(corpus.warehouse))
    monkeypatch.setenv("BENCH_INVOICES", str(corpus.invoices))
    pools = {"concurrency": {"pools": {"default_limit": 1, "granularity": "op"}}}
    with dg.instance_for_test(overrides=pools) as instance:
        # The step processes read their partitions from the corpus's providers file: tavily alone.
        tavily_only = {"dagster/asset_partition_range_start": "tavily", "dagster/asset_partition_range_end": "tavily"}
        result = dg.execute_job(dg.reconstructable(multiprocess_benchmark), instance=instance, tags=tavily_only)
        assert result.success
        records = instance.get_records_for_run(result.run_id).records
    processes = {r.event_log_entry.dagster_event.pid for r in records
                 if r.event_log_entry.dagster_event and r.event_log_entry.dagster_event.event_type_value == "STEP_START"}
    assert len(processes) >= 7  # every step in a process of its own
    spans: dict[str, list[float]] = {}
    for record in records:
        event = record.event_log_entry.dagster_event
        if event and event.step_key and event.event_type_value in ("STEP_START", "STEP_SUCCESS"):
            spans.setdefault(event.step_key, []).append(record.event_log_entry.timestamp)
    ordered = sorted(spans.values())
    # Under pool "duckdb" with limit 1 no two warehouse steps overlap, though two processes were allowed.
    assert all(earlier[1] <= later[0] for earlier, later in zip(ordered, ordered[1:]))
    assert (corpus.warehouse / "reports" / result.run_id / "report.json").is_file()
