"""The Dagster instance `bench run` records into: by default the one `dagster dev` reads (dagster_home/), so the
UI shows what `make bench` did; and a run whose process died does not keep the warehouse from the next one."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import dagster as dg
import yaml

from bench_pipeline.cli import main
from bench_pipeline.definitions import ASSETS
from bench_pipeline.defs.partitions import provider_partitions
from bench_pipeline.runner import (INSTANCE_SETTINGS, PROCESS_TAG, WAREHOUSE_POOL, _this_process, pool_holders,
                                   release_abandoned_runs)

REPO = Path(__file__).resolve().parents[1]


def test_the_settings_written_for_a_new_home_are_the_repositorys():
    assert yaml.safe_load((REPO / "dagster_home" / "dagster.yaml").read_text(encoding="utf-8")) == INSTANCE_SETTINGS


def test_bench_run_without_dagster_home_records_every_asset_in_dagster_home(corpus, tmp_path, monkeypatch, capfd):
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    monkeypatch.chdir(checkout)
    monkeypatch.delenv("DAGSTER_HOME")
    assert main(["run", *corpus.args()]) == 0
    run_id = Path(capfd.readouterr().out.splitlines()[-1]).parent.name
    home = checkout / "dagster_home"
    assert os.environ["DAGSTER_HOME"] == str(home)
    assert yaml.safe_load((home / "dagster.yaml").read_text(encoding="utf-8")) == INSTANCE_SETTINGS

    with dg.DagsterInstance.from_config(str(home)) as instance:
        assert instance.get_run_by_id(run_id).status == dg.DagsterRunStatus.SUCCESS
        events = instance.get_records_for_run(run_id, of_type=dg.DagsterEventType.ASSET_MATERIALIZATION).records
        materialized = {(e.asset_key, e.partition_key) for e in events}
        providers = provider_partitions.get_partition_keys()
        assert providers
        for asset in ASSETS:
            for key in asset.keys:
                wanted = {(key, p) for p in providers} if asset.partitions_def else {(key, None)}
                assert wanted <= materialized, f"{key.to_user_string()} not recorded by run {run_id}"
                assert instance.get_latest_materialization_event(key).run_id == run_id


def test_a_run_whose_process_died_is_failed_and_frees_the_warehouse(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "dagster.yaml").write_text(yaml.safe_dump(INSTANCE_SETTINGS), encoding="utf-8")
    gone = subprocess.Popen(["true"])
    gone.wait()
    with dg.DagsterInstance.from_config(str(home)) as instance:
        storage = instance.event_log_storage
        storage.initialize_concurrency_limit_to_default(WAREHOUSE_POOL)
        runs = {}
        for name, process in (("abandoned", f"{os.uname().nodename} {gone.pid} 1"), ("live", _this_process())):
            run_id = f"{name[:4]}0000-0000-0000-0000-000000000000"
            instance.add_run(dg.DagsterRun(job_name="__ASSET_JOB", run_id=run_id, status=dg.DagsterRunStatus.STARTED,
                                           tags={PROCESS_TAG: process}))
            runs[name] = run_id
        storage.claim_concurrency_slot(WAREHOUSE_POOL, runs["abandoned"], "fixture_manifest")
        assert pool_holders(instance) == [runs["abandoned"]]

        released = release_abandoned_runs(instance)

        assert [runs["abandoned"] in line for line in released] == [True]
        assert instance.get_run_by_id(runs["abandoned"]).status == dg.DagsterRunStatus.FAILURE
        assert instance.get_run_by_id(runs["live"]).status == dg.DagsterRunStatus.STARTED
        assert pool_holders(instance) == []
