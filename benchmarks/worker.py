"""One measurement in a fresh interpreter: provider partitions are read from BENCH_PROVIDERS when the
definitions load, and the process's peak memory is its own. Prints one JSON line.

Usage: python -m benchmarks.worker {full|overhead|rerun|cascade} BASE_DIR   (BASE_DIR holds a built corpus;
rerun times a full run, a one-provider re-run, then a judgments-only re-run; cascade times the report step
and the cascades in it, see benchmarks/cascade_cost.py)
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from pathlib import Path


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main(task: str, base: Path) -> dict:
    fixtures, golden, providers = base / "fixtures" / "web-search", base / "golden", base / "providers.yaml"
    os.environ["BENCH_PROVIDERS"] = str(providers)
    import dagster as dg

    from bench_pipeline.definitions import ASSETS, CHECKS, defs
    from bench_pipeline.defs.automation import manifest_changes
    from bench_pipeline.defs.partitions import all_providers_tags
    from bench_pipeline.runner import QUIET_CONSOLE, bench_resources, run_benchmark
    from bench_pipeline.transport.netlock import network_locked

    paths = {"fixtures": fixtures, "golden": golden, "providers_file": providers, "invoices": base / "invoices"}
    out: dict = {}
    if task == "full":
        outcome = None

        def full():
            nonlocal outcome
            outcome = run_benchmark(**paths, warehouse=base / "warehouse")
        out["seconds"] = _timed(full)
        out["success"] = outcome.success
    elif task == "overhead":
        from benchmarks.plain import SAME_STEPS, plain_run

        resources = bench_resources(**paths, warehouse=base / "warehouse")
        with network_locked(), dg.instance_for_test() as instance:
            out["plain_seconds"] = _timed(lambda: plain_run(fixtures=fixtures, golden_dir=golden, providers_file=providers))
            out["dagster_seconds"] = _timed(lambda: dg.materialize(
                [*ASSETS, *CHECKS], selection=SAME_STEPS, resources=resources, instance=instance,
                run_config=QUIET_CONSOLE, tags=all_providers_tags()))
    elif task == "rerun":
        from benchmarks.synthetic import review_round, slugs
        from bench_pipeline.defs.automation import JUDGMENTS_RERUN
        from tests.corpus_builder import Corpus, rewrite_fixture

        resources = bench_resources(**paths, warehouse=base / "warehouse")
        sensor_resources = {"bench": resources["bench"]}
        with network_locked(), dg.instance_for_test() as instance:
            context = dg.build_sensor_context(instance=instance, definitions=defs, resources=sensor_resources)
            manifest_changes(context)
            run = lambda **kw: dg.materialize([*ASSETS, *CHECKS], resources=resources, instance=instance,  # noqa: E731
                                              run_config=QUIET_CONSOLE, **kw)
            out["full_seconds"] = _timed(lambda: run(tags=all_providers_tags()))
            changed = f"{slugs(1)[0]}/search/gs-001.json"
            rewrite_fixture(Corpus(fixtures, golden, providers, base / "warehouse", base / "invoices"), changed,
                            (fixtures / changed).read_bytes().replace(b"resultado 0", b"resultado nuevo"))
            (request,) = manifest_changes(dg.build_sensor_context(instance=instance, definitions=defs, cursor=context.cursor,
                                                                 resources=sensor_resources))
            out["rerun_seconds"] = _timed(lambda: run(selection=request.asset_selection, partition_key=request.partition_key))
            out["rerun_partition"] = request.partition_key
            review_round(golden, 1)
            # The fixtures are moved away for the judgments-only run: reading one would fail it.
            away = fixtures.with_name("web-search.away")
            fixtures.rename(away)
            try:
                judged = None

                def judgments_only():
                    nonlocal judged
                    judged = run(selection=JUDGMENTS_RERUN, raise_on_error=False)
                out["judgments_seconds"] = _timed(judgments_only)
            finally:
                away.rename(fixtures)
            out["judgments_success"] = judged.success
    elif task == "cascade":
        out.update(_cascade(paths, base))
    out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


def _cascade(paths: dict, base: Path) -> dict:
    """A full run, then the report step alone (with the provenance it reads) and its caches cold, then the
    cascades on its inputs and on worst-case outcomes (benchmarks/cascade_cost.py)."""
    import dagster as dg

    from benchmarks.cascade_cost import ROUNDS, time_cascades, worst_case
    from benchmarks.measure import best_of
    from bench_pipeline.definitions import ASSETS, CHECKS
    from bench_pipeline.defs.assets.report import report_inputs
    from bench_pipeline.report.cascade_search import orders_count
    from bench_pipeline.runner import QUIET_CONSOLE, all_providers_tags, bench_resources
    from bench_pipeline.transport.netlock import network_locked

    resources = bench_resources(**paths, warehouse=base / "warehouse")
    warehouse = resources["warehouse"]
    run = lambda **kw: dg.materialize([*ASSETS, *CHECKS], resources=resources, instance=instance,  # noqa: E731
                                      run_config=QUIET_CONSOLE, **kw)
    def report_step() -> None:
        with warehouse.connection() as conn:
            for table in ("bootstrap_cache", "cascade_cache"):
                conn.execute(f'delete from "{table}"')
        run(selection=dg.AssetSelection.assets("run_provenance", "benchmark_report"))

    with network_locked(), dg.instance_for_test() as instance:
        assert run(tags=all_providers_tags()).success
        report_seconds = best_of(report_step, ROUNDS)
    with warehouse.session():
        inputs = report_inputs(resources["bench"], warehouse)
        gates = warehouse.records("select distinct provider, rank, status from provider_gates order by rank")
    statuses = {r["provider"]: r["status"] for r in gates}
    default = next((r["provider"] for r in gates if r["status"] == "eligible"), None)
    own = min(time_cascades(inputs, statuses, default) for _ in range(ROUNDS))
    inputs.outcomes = worst_case(inputs.outcomes)
    worst = min(time_cascades(inputs, dict.fromkeys(statuses, "eligible"), min(statuses)) for _ in range(ROUNDS))
    return {"report_seconds": report_seconds, "own_cascade_seconds": own, "worst_cascade_seconds": worst,
            "providers": len(statuses), "cases": len({r["case_id"] for r in inputs.outcomes}),
            "orders": orders_count(len(statuses))}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], Path(sys.argv[2]))))
