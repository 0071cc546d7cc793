"""The cascades in the Dagster graph: read from the outcome tables the report already reads, reused on a
judgments-only re-run (outcomes did not move), searched again when a provider's outcomes did."""

from __future__ import annotations

import json

import dagster as dg

from bench_pipeline.definitions import ASSETS, CHECKS, defs
from bench_pipeline.defs.automation import AFTER_FIXTURES, JUDGMENTS_RERUN
from bench_pipeline.runner import all_providers_tags, bench_resources
from tests.corpus_builder import build_corpus, rewrite_fixture


def _report_metadata(resources: dict, **scope) -> dict:
    result = dg.materialize([*ASSETS, *CHECKS], resources=resources, raise_on_error=False, **scope)
    assert result.success
    (event,) = [e for e in result.get_asset_materialization_events()
                if e.asset_key.to_user_string() == "benchmark_report"]
    return {k: v.value for k, v in event.materialization.metadata.items()}


def test_cascades_are_searched_again_only_when_outcomes_move(tmp_path):
    corpus = build_corpus(tmp_path / "bench", providers=("exa", "tavily"))
    resources = bench_resources(fixtures=corpus.fixtures, golden=corpus.golden, warehouse=corpus.warehouse,
                                providers_file=corpus.providers, invoices=corpus.invoices)
    assert _report_metadata(resources, tags=all_providers_tags())["cascades_searched"] is True
    review = {"case_id": "gs-001", "url": "https://www.dof.gob.mx/nota_detalle.php?codigo=1", "relevant": False,
              "reason": "not_about_topic", "reviewer": "rev-t2", "judged_at": "2026-12-01T09:00:00Z"}
    (corpus.golden / "judgments" / "0002-review.jsonl").write_text(json.dumps(review) + "\n")
    assert _report_metadata(resources, selection=JUDGMENTS_RERUN)["cascades_searched"] is False
    # exa's search for gs-001 now costs three credits: its outcome's cost moves, so the cascades do too.
    relative = "exa/search/gs-001.json"
    rewrite_fixture(corpus, relative, (corpus.fixtures / relative).read_bytes().replace(
        b'"credits": 1', b'"credits": 3'))
    selection = sorted(AFTER_FIXTURES.resolve(defs.resolve_asset_graph()))
    assert _report_metadata(resources, selection=selection, partition_key="exa")["cascades_searched"] is True
