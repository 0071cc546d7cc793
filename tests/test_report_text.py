"""How the report writes numbers and sentences for a person (report.html and report.md alike): one format per
quantity, singular and plural, every reason a provider is not eligible, and the diff and the reviewers'
agreement in words."""

from __future__ import annotations

from datetime import UTC, datetime

import lxml.html
import pytest

from bench_pipeline.domain.report import CorpusInfo, Gate, MetricBlock, ProviderMetrics, ProviderReport, Report
from bench_pipeline.report import diff_words, numbers
from bench_pipeline.report.agreement_words import agreement_sentence
from bench_pipeline.report.gates import evaluate_gates, status_of, with_counts
from bench_pipeline.report.render_html import render_html
from bench_pipeline.report.render_md import render_markdown
from bench_pipeline.report.verdicts import allows, reasons
from tests.readable_markdown import problems

LIAR = Gate(value=1.0, threshold="= 0 false partial:false", passed=False, counts="false `partial:false` responses: 1 of 1")
HONEST = Gate(value=0.0, threshold="= 0 false partial:false", passed=True)


def test_one_format_per_quantity():
    assert numbers.rate(0.8536585365853658) == "0.854"
    assert [numbers.usd(v) for v in (0.006521739, 0.0065, 0.15, 0.0123, 12.3456, 0)] == [
        "0.00652", "0.00650", "0.150", "0.0123", "12.35", "0"]
    assert numbers.ms(615.8) == "616" and numbers.count(300) == "300" and numbers.percent(0.24999999) == "25.0%"
    assert numbers.metric("cost_per_query_usd", 0.00166) == "0.00166"
    assert numbers.metric("judged_at_10", 300) == "300" and numbers.metric("recall", 0.7833) == "0.783"
    assert numbers.gate("honest_partial", 1.0) == "1" and numbers.gate("cost_divergence", 0.0196) == "2.0%"
    assert numbers.signed("precision_at_10", -0.012) == "-0.012" and numbers.signed("judged_at_10", 2) == "+2"
    assert numbers.signed("cost_per_useful_answer_usd", 0.005) == "+0.00500" and numbers.signed("recall", 0.0) == "0.000"
    # Unknown is unknown, whatever the quantity: never 0.
    assert {f(None) for f in (numbers.rate, numbers.usd, numbers.ms, numbers.count, numbers.percent)} == {"—"}


@pytest.mark.parametrize(("n", "noun", "written"), [(1, "reviewer", "1 reviewer"), (0, "reviewer", "0 reviewers"),
                                                   (639, "judgment", "639 judgments"), (1, "error", "1 error"),
                                                   (9, "category", "9 categories")])
def test_singular_only_for_one(n, noun, written):
    assert numbers.plural(n, noun) == written


def _provider(name: str, status: str, gates: dict[str, Gate], block: MetricBlock) -> ProviderReport:
    return ProviderReport(provider=name, rank=None if status == "disqualified" else 2, status=status,
                          status_reasons=status_of(gates)[1], gates=gates,
                          metrics=ProviderMetrics(aggregate=block, by_category={}), conformance={})


def _serper() -> ProviderReport:
    """Disqualified for a partial answer claimed complete; its invoice diverging 25% is a second reason."""
    block = MetricBlock(citation_coverage=1.0, abstention=1.0, injection_containment=1.0,
                        cost_per_useful_answer_usd=0.0015789473684210526,
                        n={"citation_coverage": 22, "abstention": 10, "injection_containment": 12,
                           "cost_per_useful_answer_usd": 19})
    gates = with_counts(evaluate_gates(citation_coverage=1.0, abstention=1.0, injection_containment=1.0,
                                       honest_partial=LIAR, cost_divergence=0.2499999), block, "reported $0.0300")
    return _provider("serper", "disqualified", gates, block)


def _firecrawl() -> ProviderReport:
    block = MetricBlock(citation_coverage=0.8, abstention=1.0, injection_containment=1.0,
                        n={"citation_coverage": 20, "abstention": 10, "injection_containment": 12})
    gates = with_counts(evaluate_gates(citation_coverage=0.8, abstention=1.0, injection_containment=1.0,
                                       honest_partial=HONEST, cost_divergence=None), block, None)
    return _provider("firecrawl", "enrichment_only", gates, block)


def test_every_gate_not_passed_is_a_reason_not_only_the_one_behind_the_status():
    serper, firecrawl = _serper(), _firecrawl()
    assert serper.status_reasons == ["honest_partial failed"]  # the status's reasons, unchanged in report.json
    assert reasons(serper) == ["1 partial response claimed complete", "invoice diverges 25.0% (limit 5%)"]
    assert reasons(firecrawl) == ["only 16 of 20 claims citable (0.800, needs >= 0.95)",
                                  "no invoice to check its cost against"]
    assert allows("enrichment_only") == ("Enrichment only allows: use for enrichment only (reading pages another "
                                         "provider found); it keeps its rank, but enters no search cascade and is "
                                         "never the default provider.")
    assert "not ranked, in no cascade and never the default" in allows("disqualified")


def test_the_diff_reads_as_sentences():
    diff = {"previous_run_id": "r0", "inputs_changed": {"manifest": False, "golden": True},
            "room_versions_changed": {"injection_detector": {"from": None, "to": "2026.12.3"}},
            "changes": [{"provider": "serper", "rank": {"from": 3, "to": None},
                         "status": {"from": "eligible", "to": "disqualified"},
                         "metric_deltas": {"freshness_accuracy": {"from": 0.9, "to": 0.8536585365853658,
                                                                  "delta": -0.04634146341463419,
                                                                  "beyond_interval": False},
                                           "judged_at_10": {"from": 298, "to": 300, "delta": 2,
                                                            "beyond_interval": None}}},
                        {"provider": "you", "change": "added"}]}
    assert diff_words.inputs(diff) == "fixture manifest unchanged, golden set changed"
    assert diff_words.rooms(diff) == "injection detector unrecorded → 2026.12.3"
    assert diff_words.sentence(diff["changes"][0]) == (
        "serper: rank 3 → unranked; status eligible → disqualified; freshness accuracy 0.900 → 0.854 (-0.046), "
        "within this run's 95% interval; judged@10 298 → 300 (+2), no interval to judge it by")
    assert diff_words.sentence(diff["changes"][1]) == "you: added since the previous run"
    assert diff_words.summary(diff) == "2 providers changed" and diff_words.summary({"changes": [{}]}) == \
        "1 provider changed"


def test_agreement_says_what_the_round_holds_even_when_alpha_is_undefined():
    empty = {"round": "0001-demo-pool", "kind": "judge_relevance", "alpha": None, "n_items": 0,
             "n_paired_judgments": 0, "n_judgments": 639, "reviewers": 2}
    assert agreement_sentence(empty) == ("0001-demo-pool (relevance): alpha undefined, no item judged by two or more "
                                         "reviewers; the round holds 639 judgments by 2 reviewers")
    one = {**empty, "alpha": 0.53333, "n_items": 1, "n_paired_judgments": 2, "n_judgments": 1, "reviewers": 1}
    assert agreement_sentence(one).endswith("alpha 0.533, n = 1 item judged by two or more reviewers (2 judgments "
                                            "on them); the round holds 1 judgment by 1 reviewer")


def test_report_md_of_a_built_report_reads_well_and_matches_the_html():
    report = Report(run_id="r", created_at=datetime(2026, 12, 1, 9, 30, 15, 123456, tzinfo=UTC), provenance={},
                    corpus=CorpusInfo(kind="captured", manifest_sha256="m", golden_sha256="g"),
                    providers=[_firecrawl(), _serper()],
                    review_agreement=[{"round": "r1", "kind": "verify_date", "statistic": "krippendorff_alpha_nominal",
                                       "alpha": None, "n_items": 0, "n_paired_judgments": 0, "n_judgments": 1,
                                       "reviewers": 1}],
                    diff_vs_previous={"previous_run_id": "r0", "inputs_changed": {"manifest": False, "golden": True},
                                      "changes": [{"provider": "serper", "metric_deltas": {"recall": {
                                          "from": 0.75, "to": 0.8536585365853658, "delta": 0.1036585365853658,
                                          "beyond_interval": True}}}]})
    md, html = render_markdown(report), render_html(report)
    assert problems(md, html) == []
    assert "the round holds 1 judgment by 1 reviewer" in md
    assert "- serper: recall 0.750 → 0.854 (+0.104), beyond this run's 95% interval" in md
    assert ("- **serper** disqualified: 1 partial response claimed complete; invoice diverges 25.0% (limit 5%). "
            "Disqualified allows: nothing;") in md
    assert "created 2026-12-01T09:30:15+00:00" in md
    page = lxml.html.fromstring(html)
    (line,) = page.xpath("//*[@id='verdicts']//*[@data-provider='serper']")
    assert [r.text_content() for r in line.xpath(".//*[@class='reason']")] == reasons(report.providers[1])


@pytest.mark.parametrize("bad", ["inputs changed: {'manifest': False, 'golden': True}", "recall 0.8536585365853658",
                                 "p50 615.8000 ms", "(1 reviewers)", "2 judgment by 2 reviewers", "1 errors"])
def test_the_markdown_check_catches_each_fault(bad):
    report = Report(run_id="r", created_at=datetime(2026, 12, 1, tzinfo=UTC), provenance={}, providers=[_serper()],
                    corpus=CorpusInfo(kind="captured", manifest_sha256="m", golden_sha256="g"))
    md, html = render_markdown(report), render_html(report)
    assert problems(md, html) == []
    assert problems(md + f"\n- {bad}\n", html)


def test_the_markdown_check_catches_a_cost_rounded_otherwise_than_in_the_html():
    report = Report(run_id="r", created_at=datetime(2026, 12, 1, tzinfo=UTC), provenance={}, providers=[_serper()],
                    corpus=CorpusInfo(kind="captured", manifest_sha256="m", golden_sha256="g"))
    md, html = render_markdown(report), render_html(report)
    assert "~~0.00158 (n=19)~~ not ranked" in md
    assert any("costs differ" in p for p in problems(md.replace("0.00158", "0.0016"), html))
