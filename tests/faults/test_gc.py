"""`bench gc`: the caches lose the entries no recent run used, and a collected warehouse still gives the report
a run from scratch gives, byte for byte apart from run id and time (as tests/test_incremental.py compares)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys

import duckdb

from bench_pipeline.cli import main
from bench_pipeline.defs.tables import CACHES
from bench_pipeline.runner import all_providers_tags
from tests.corpus_builder import rewrite_fixture
from tests.test_incremental import _corpus, _metadata, _reference, _report_files, _run


REVIEW = {"case_id": "gs-001", "url": "https://www.dof.gob.mx/nota_detalle.php?codigo=1", "relevant": False,
          "reason": "not_about_topic", "reviewer": "rev-t2", "judged_at": "2026-12-01T09:00:00Z"}


def _entries(warehouse) -> dict[str, int]:
    with duckdb.connect(str(warehouse / "bench.duckdb"), read_only=True) as conn:
        return {table: conn.execute(f'select count(*) from "{table}"').fetchone()[0] for table in CACHES}


def _removed(out: str) -> dict[str, int]:
    return {table: int(n) for table, n in re.findall(r"bench gc: (\w+): (?:would remove|removed) (\d+) of", out)}


def test_a_collected_warehouse_gives_the_report_of_a_run_from_scratch(tmp_path, capsys):
    corpus, resources = _corpus(tmp_path / "bench")
    _run(resources, tags=all_providers_tags())
    # exa's plant search now leads elsewhere, a reviewer finds gs-001's gazette page not relevant and a credit
    # costs more: the old bytes' verify and scan entries, and the bootstrap and cascade results of the first
    # run's values, serve no input now.
    relative = "exa/search/gs-003.json"
    rewrite_fixture(corpus, relative, (corpus.fixtures / relative).read_bytes().replace(
        b"https://acerosbajio.example.mx/plantas", b"https://acerosbajio.example.mx/otra-planta"))
    (corpus.golden / "judgments" / "0002-review.jsonl").write_text(json.dumps(REVIEW) + "\n")
    prices = corpus.providers.read_text()
    corpus.providers.write_text(prices.replace('"usd_per_credit": 0.008', '"usd_per_credit": 0.009'))
    _run(resources, tags=all_providers_tags())
    grown = _entries(corpus.warehouse)

    assert main(["gc", "--warehouse", str(corpus.warehouse), "--keep-runs", "1", "--dry-run"]) == 0
    would = _removed(capsys.readouterr().out)
    assert _entries(corpus.warehouse) == grown  # a dry run removes nothing
    assert main(["gc", "--warehouse", str(corpus.warehouse), "--keep-runs", "1"]) == 0
    out = capsys.readouterr().out
    assert _removed(out) == would and all(would[table] > 0 for table in CACHES), out
    assert {t: grown[t] - n for t, n in would.items()} == _entries(corpus.warehouse)
    assert re.search(r"bench gc: .*bench\.duckdb: [\d.]+ (bytes|KB|MB) before, [\d.]+ (bytes|KB|MB) after", out)

    reference = _reference(corpus, tmp_path / "reference")
    after = _run(resources, tags=all_providers_tags())
    # What the current inputs use was kept: nothing parsed, scanned or resampled again.
    assert _metadata(after, "fixture_manifest")["files_parsed_anew"] == 0
    assert _metadata(after, "fixture_secret_scan")["files_scanned_anew"] == 0
    assert _metadata(after, "benchmark_report")["bootstrap_statistics_resampled"] == 0
    scratch = _run(reference, tags=all_providers_tags())
    assert _report_files(corpus.warehouse / "reports", after.run_id) == _report_files(
        tmp_path / "reference" / "reports", scratch.run_id)


def test_gc_keeps_what_any_of_the_last_n_runs_used(tmp_path, capsys):
    corpus, resources = _corpus(tmp_path / "bench")
    _run(resources, tags=all_providers_tags())
    relative = "exa/search/gs-003.json"
    original = (corpus.fixtures / relative).read_bytes()
    rewrite_fixture(corpus, relative, original.replace(b"/plantas", b"/otra-planta"))
    _run(resources, tags=all_providers_tags())
    before = _entries(corpus.warehouse)
    assert main(["gc", "--warehouse", str(corpus.warehouse)]) == 0  # the default keeps the last 3 runs' entries
    assert set(_removed(capsys.readouterr().out).values()) == {0} and _entries(corpus.warehouse) == before
    rewrite_fixture(corpus, relative, original)  # back to the first bytes: their entries are still there
    back = _run(resources, tags=all_providers_tags())
    assert _metadata(back, "fixture_manifest")["files_parsed_anew"] == 0


def test_gc_refuses_a_missing_warehouse_and_a_busy_one_in_one_line(tmp_path, capsys):
    missing = tmp_path / "none" / "bench.duckdb"
    assert main(["gc", "--warehouse", str(missing.parent)]) == 2
    assert capsys.readouterr().err.strip().splitlines()[-1].startswith(f"bench gc: {missing}: (file): no warehouse")
    database = tmp_path / "busy" / "bench.duckdb"
    database.parent.mkdir()
    duckdb.connect(str(database)).close()
    # Another process holds the file, as a run does: DuckDB admits one writing process.
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(database)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        assert main(["gc", "--warehouse", str(database.parent)]) == 2
        last = capsys.readouterr().err.strip().splitlines()[-1]
        assert last.startswith(f"bench gc: {database}: (lock): busy") and "when it has finished" in last
    finally:
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait(timeout=10)
    assert main(["gc", "--warehouse", str(database.parent)]) == 0
    assert "no run has recorded which it used yet" in capsys.readouterr().out


HOLD = "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); print('held', flush=True); time.sleep(120)"
