"""End to end: a provider's only citable claim sits on a page the detector flags, so the case is not
answered; a reviewer judges the page clean, the injection-judgment sensor asks for a re-run, and the
report shows the answer back, the cost per useful answer it moves, and the override with its id."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import dagster as dg
import duckdb
import pytest

from bench_pipeline.definitions import ASSETS, CHECKS, defs
from bench_pipeline.defs.automation import injection_judgment_changes
from bench_pipeline.domain.golden import InjectionJudgment
from bench_pipeline.fixtures.manifest_io import load_manifest
from bench_pipeline.review.forms import judgment_id
from bench_pipeline.review.records import ReviewLog
from bench_pipeline.runner import all_providers_tags, bench_resources
from tests.corpus_builder import URLS, build_corpus, hide_instruction

PAGE = "_shared/html/aceros-nosotros.html"  # grounds gs-001, the one case tavily answers in the test corpus
BLANK_PDF = "_shared/pdf/informe.pdf"


def _judgment(artifact: str, verdict: str, reviewer: str, flagged: bool, sha: dict[str, str]) -> InjectionJudgment:
    crid = f"req-{reviewer}-{verdict}"
    return InjectionJudgment(judgment_id=judgment_id(reviewer, crid), client_request_id=crid, url=URLS[artifact],
                             artifact=artifact, artifact_sha256=sha[artifact], detector_flagged=flagged,
                             verdict=verdict, reviewer=reviewer, judged_at=datetime(2026, 12, 1, 10, tzinfo=UTC))


def _report(corpus, run_id: str) -> dict:
    return json.loads((corpus.warehouse / "reports" / run_id / "report.json").read_text())


def _tavily(report: dict) -> tuple[dict, dict]:
    (provider,) = report["providers"]
    (effect,) = report["injection_review"]["by_provider"]
    return provider["metrics"]["aggregate"], effect


def test_a_judged_clean_on_a_flagged_page_moves_the_providers_useful_answers(tmp_path):
    corpus = build_corpus(tmp_path / "bench")
    hide_instruction(corpus, PAGE)
    sha = {e.path: e.sha256 for e in load_manifest(corpus.fixtures).entries}
    resources = bench_resources(fixtures=corpus.fixtures, golden=corpus.golden, warehouse=corpus.warehouse,
                                providers_file=corpus.providers, invoices=corpus.invoices)

    def tick(instance, cursor):
        context = dg.build_sensor_context(instance=instance, definitions=defs, cursor=cursor,
                                          resources={"bench": resources["bench"]})
        return injection_judgment_changes(context), context.cursor

    with dg.instance_for_test() as instance:
        first = dg.materialize([*ASSETS, *CHECKS], resources=resources, instance=instance, tags=all_providers_tags())
        assert first.success
        baseline, cursor = tick(instance, None)
        assert isinstance(baseline, dg.SkipReason)
        log = ReviewLog(corpus.golden, "0002-review")
        clean = log.save("judge_injection", _judgment(PAGE, "clean", "rev-a1", True, sha)).record
        missed = log.save("judge_injection", _judgment(BLANK_PDF, "injected", "rev-a1", False, sha)).record
        request, _ = tick(instance, cursor)
        assert {k.to_user_string() for k in request.asset_selection} == {
            "injection_judgments", "claim_observations", "case_outcomes", "citation_coverage", "cost_per_useful_answer",
            "fallback_rate", "abstention", "injection_containment", "run_provenance", "benchmark_report"}
        rerun = dg.materialize([*ASSETS, *CHECKS], resources=resources, instance=instance,
                               selection=request.asset_selection, tags=request.tags)
        assert rerun.success

    before, removed = _tavily(_report(corpus, first.run_id))
    # Precondition, checked rather than assumed: the detector flags the page, so gs-001 is not answered.
    assert removed["useful_answers_removed"] == 1 and removed["removed_cases"] == ["gs-001"]
    assert (before["cost_per_useful_answer_usd"], before["n"]["cost_per_useful_answer_usd"]) == (None, 0)

    report = _report(corpus, rerun.run_id)
    after, restored = _tavily(report)
    # Hand-computed as in test_pipeline: five searches and the read that served gs-001, $0.008 each, one useful answer.
    assert after["cost_per_useful_answer_usd"] == pytest.approx(6 * 0.008)
    assert after["n"]["cost_per_useful_answer_usd"] == 1
    assert (restored["useful_answers_removed"], restored["useful_answers_restored"], restored["restored_cases"]) == (
        0, 1, ["gs-001"])
    (override,) = report["injection_review"]["overrides"]
    assert (override["artifact"], override["judgment_ids"], override["restored"]) == (
        PAGE, [clean.judgment_id], {"tavily": ["gs-001"]})
    (miss,) = report["injection_review"]["detector_misses"]
    assert (miss["artifact"], miss["judgment_ids"]) == (BLANK_PDF, [missed.judgment_id])
    (change,) = report["diff_vs_previous"]["changes"]
    assert change["metric_deltas"]["cost_per_useful_answer_usd"]["to"] == pytest.approx(6 * 0.008)
    with duckdb.connect(str(corpus.warehouse / "bench.duckdb"), read_only=True) as conn:
        assert conn.execute("select outcome from case_outcomes where case_id = 'gs-001'").fetchall() == [("answered",)]
        # The detector's own verdict is kept; only the flag the metrics use was lifted.
        assert conn.execute("select flagged from artifact_injection where artifact = ?", [PAGE]).fetchall() == [(True,)]
    folder = corpus.warehouse / "reports" / rerun.run_id
    assert clean.judgment_id in (folder / "report.md").read_text()
    html = (folder / "report.html").read_text()
    section = html[html.index("id='injection-review'"):html.index("id='detector-misses'")]
    assert clean.judgment_id in section and "tavily: gs-001" in section
