"""A fresh process for the sensor re-run scenario: provider partitions are read from BENCH_PROVIDERS
when the definitions load, so a two-provider corpus needs its own interpreter (as `bench run` has).

Usage: python -m tests.sensor_rerun BASE_DIR — prints JSON: what the sensor asked for and what ran.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from tests.corpus_builder import build_corpus, rewrite_fixture

PROVIDERS = ("alpha", "beta")


def main(base: Path) -> dict:
    corpus = build_corpus(base, providers=PROVIDERS)
    os.environ["BENCH_PROVIDERS"] = str(corpus.providers)
    import dagster as dg

    from bench_pipeline.definitions import ASSETS, CHECKS, defs
    from bench_pipeline.defs.automation import manifest_changes
    from bench_pipeline.defs.partitions import all_providers_tags
    from bench_pipeline.runner import bench_resources
    from bench_pipeline.transport.netlock import network_locked

    resources = bench_resources(fixtures=corpus.fixtures, golden=corpus.golden, warehouse=corpus.warehouse,
                                providers_file=corpus.providers, invoices=corpus.invoices)
    with network_locked(), dg.instance_for_test() as instance:
        full = dg.materialize([*ASSETS, *CHECKS], resources=resources, instance=instance, tags=all_providers_tags())
        context = dg.build_sensor_context(instance=instance, definitions=defs, resources={"bench": resources["bench"]})
        first = manifest_changes(context)
        relative = "beta/search/gs-002.json"
        rewrite_fixture(corpus, relative, (corpus.fixtures / relative).read_bytes().replace(b"resultado 0", b"resultado nuevo"))
        requests = manifest_changes(dg.build_sensor_context(instance=instance, definitions=defs, cursor=context.cursor,
                                                           resources={"bench": resources["bench"]}))
        reruns = [dg.materialize([*ASSETS, *CHECKS], resources=resources, instance=instance, selection=r.asset_selection,
                                 partition_key=r.partition_key) for r in requests]
        report = json.loads((corpus.warehouse / "reports" / reruns[-1].run_id / "report.json").read_text())
    return {
        "full_run": _materialized(full),
        "first_tick": first.skip_message,
        "requests": [{"partition": r.partition_key, "run_key": r.run_key,
                      "selection": sorted(k.to_user_string() for k in r.asset_selection)} for r in requests],
        "reruns": [_materialized(r) for r in reruns],
        "rerun_checks": [sorted(e.check_name for e in r.get_asset_check_evaluations() if e.passed) for r in reruns],
        "report_providers": sorted(p["provider"] for p in report["providers"]),
    }


def _materialized(result) -> list[list]:
    return sorted([e.asset_key.to_user_string(), e.partition or ""] for e in result.get_asset_materialization_events())


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]))))
