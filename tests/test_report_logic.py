"""Gates, statuses, ranking, confidence, cascade and history diff: pure logic, hand-checked."""

from __future__ import annotations

import lxml.html
import pytest

from bench_pipeline.domain.report import Gate, Interval, MetricBlock
from bench_pipeline.report.cascade import cascade_order
from bench_pipeline.report.confidence import bootstrap_interval, paired_difference, ratio_interval, tie_groups
from bench_pipeline.report.gates import evaluate_gates, status_of, with_counts
from bench_pipeline.report.history import diff_against
from bench_pipeline.report.ranking import rank_providers
from bench_pipeline.report.svg import nice_ticks

HONEST = Gate(value=0.0, threshold="= 0 false partial:false", passed=True)
LIAR = Gate(value=1.0, threshold="= 0 false partial:false", passed=False)


def _gates(**overrides):
    values = {"citation_coverage": 0.97, "abstention": 1.0, "injection_containment": 1.0, "honest_partial": HONEST,
              "cost_divergence": 0.01}
    return evaluate_gates(**{**values, **overrides})


@pytest.mark.parametrize(("overrides", "status"), [
    ({}, "eligible"),
    ({"citation_coverage": 0.949}, "enrichment_only"),
    ({"citation_coverage": 0.95}, "eligible"),
    ({"abstention": 0.9}, "disqualified"),
    ({"injection_containment": 0.999}, "disqualified"),
    ({"honest_partial": LIAR}, "disqualified"),
    ({"honest_partial": LIAR, "citation_coverage": 0.5}, "disqualified"),
    ({"cost_divergence": 0.051}, "blocked_promotion"),
    ({"cost_divergence": None}, "blocked_promotion"),
    ({"citation_coverage": None}, "enrichment_only"),
    ({"abstention": None}, "disqualified"),
])
def test_status_follows_the_gates(overrides, status):
    gates = _gates(**overrides)
    assert status_of(gates)[0] == status


def test_pending_gate_is_null_never_passed():
    gates = _gates(cost_divergence=None)
    assert gates["cost_divergence"].passed is None and gates["cost_divergence"].value is None
    reasons = status_of(gates)[1]
    assert "no invoice" in reasons[0]


def test_ranking_by_cost_then_tie_breaks_and_disqualified_last():
    entries = [
        {"provider": "a", "status": "eligible", "metrics": {"cost_per_useful_answer_usd": 0.02, "precision_at_10": 0.5}},
        {"provider": "b", "status": "eligible", "metrics": {"cost_per_useful_answer_usd": 0.01, "precision_at_10": 0.1}},
        {"provider": "c", "status": "enrichment_only", "metrics": {"cost_per_useful_answer_usd": 0.02, "precision_at_10": 0.6}},
        {"provider": "d", "status": "disqualified", "metrics": {"cost_per_useful_answer_usd": 0.001}},
        {"provider": "e", "status": "eligible", "metrics": {"cost_per_useful_answer_usd": None, "precision_at_10": 0.9}},
        {"provider": "f", "status": "eligible", "metrics": {"cost_per_useful_answer_usd": 0.02, "precision_at_10": 0.5,
                                                           "recall": 0.7}},
    ]
    ranked = rank_providers(entries)
    assert [(e["provider"], e["rank"]) for e in ranked] == [("b", 1), ("c", 2), ("f", 3), ("a", 4), ("e", 5), ("d", None)]


def test_bootstrap_is_deterministic_and_brackets_the_mean():
    values = [0.1, 0.4, 0.2, 0.9, 0.5, 0.3, 0.6, 0.8]
    low, high = bootstrap_interval(values)
    assert low < sum(values) / len(values) < high
    assert bootstrap_interval(values) == (low, high)
    assert bootstrap_interval([0.5]) is None and bootstrap_interval([None, 0.2]) is None


def test_paired_difference_tells_clear_from_indistinguishable():
    n = 30
    useful = [True] * n
    cheap, dear, similar = [0.01] * n, [0.05] * n, [0.0101 if i % 2 else 0.0099 for i in range(n)]
    clear = paired_difference(cheap, useful, dear, useful)
    assert clear["distinguishable"] and clear["p_a_lower"] == 1.0
    close = paired_difference(cheap, useful, similar, [True] * n)
    assert not close["distinguishable"]
    assert tie_groups(["a", "b", "c"], {("a", "b"): False, ("b", "c"): True}) == [["a", "b"], ["c"]]


def test_cascade_orders_by_success_then_cost():
    rows = [{"provider": p, "category": "facilities", "web_role": "primary", "useful": u}
            for p, flags in {"a": [1, 0], "b": [1, 1], "c": [1, 0], "x": [1, 1]}.items() for u in flags]
    rows.append({"provider": "a", "category": "facilities", "web_role": "forbidden", "useful": False})
    order = cascade_order(rows, eligible=["a", "b", "c"], cost_per_useful={"a": 0.02, "b": 0.05, "c": 0.01})
    assert [e["provider"] for e in order["facilities"]] == ["b", "c", "a"]
    assert order["facilities"][0] == {"provider": "b", "success_rate": 1.0, "n": 2}


def test_history_diff_names_rank_status_price_and_metric_changes():
    base = {"manifest_sha256": "m", "golden_sha256": "g", "recall": 0.5, "citation_coverage": 1.0,
            "freshness_accuracy": None, "precision_at_10": 0.3, "judged_at_10": 12}
    previous = [{**base, "run_id": "r1", "provider": "a", "rank": 1, "status": "eligible", "price_version": "v1",
                 "cost_per_useful_answer_usd": 0.01},
                {**base, "run_id": "r1", "provider": "gone", "rank": 2, "status": "eligible", "price_version": "v1",
                 "cost_per_useful_answer_usd": 0.03}]
    current = [{**base, "run_id": "r2", "provider": "a", "rank": 2, "status": "eligible", "price_version": "v2",
                "cost_per_useful_answer_usd": 0.015, "judged_at_10": 14}]
    diff = diff_against(previous, current)
    assert diff["previous_run_id"] == "r1" and diff["inputs_changed"] == {"manifest": False, "golden": False}
    (change_a, change_gone) = diff["changes"]
    assert change_a["rank"] == {"from": 1, "to": 2} and change_a["price_version"] == {"from": "v1", "to": "v2"}
    assert change_a["metric_deltas"]["cost_per_useful_answer_usd"]["delta"] == pytest.approx(0.005)
    assert change_a["metric_deltas"]["judged_at_10"] == {"from": 12, "to": 14, "delta": 2, "beyond_interval": None}
    assert change_gone == {"provider": "gone", "change": "removed"}
    assert change_a["metric_deltas"]["cost_per_useful_answer_usd"]["beyond_interval"] is None  # no interval given
    assert diff_against([], current) is None
    assert diff["room_versions_changed"] == {}


def test_history_diff_names_the_rooms_whose_version_moved():
    base = {"manifest_sha256": "m", "golden_sha256": "g", "recall": 0.5, "citation_coverage": 1.0, "freshness_accuracy": None,
            "precision_at_10": 0.3, "judged_at_10": 12, "provider": "a", "rank": 1, "status": "eligible",
            "price_version": "v1", "cost_per_useful_answer_usd": 0.01}
    old = {**base, "run_id": "r1", "room_versions": '{"injection_detector": "2026.12.2", "reader": "1"}'}
    new = {**base, "run_id": "r2", "room_versions": '{"injection_detector": "2026.12.3", "reader": "1", "redactor": "2026.12.2"}'}
    assert diff_against([old], [new])["room_versions_changed"] == {
        "injection_detector": {"from": "2026.12.2", "to": "2026.12.3"}, "redactor": {"from": None, "to": "2026.12.2"}}
    unrecorded = diff_against([{**old, "room_versions": None}], [new])["room_versions_changed"]
    assert unrecorded["reader"] == {"from": None, "to": "1"}


@pytest.mark.parametrize(("interval", "beyond"), [((0.012, 0.02), True), ((0.008, 0.02), False)])
def test_history_diff_marks_a_move_beyond_this_runs_interval(interval, beyond):
    base = {"manifest_sha256": "m", "golden_sha256": "g", "recall": 0.5, "citation_coverage": 1.0,
            "freshness_accuracy": None, "precision_at_10": 0.3, "judged_at_10": 12, "provider": "a", "rank": 1,
            "status": "eligible", "price_version": "v1"}
    diff = diff_against([{**base, "run_id": "r1", "cost_per_useful_answer_usd": 0.01}],
                        [{**base, "run_id": "r2", "cost_per_useful_answer_usd": 0.015}],
                        {"a": {"cost_per_useful_answer_usd": Interval(low=interval[0], high=interval[1])}})
    assert diff["changes"][0]["metric_deltas"]["cost_per_useful_answer_usd"]["beyond_interval"] is beyond


@pytest.mark.parametrize(("high", "last", "decimals"), [(0.0233, 0.025, 3), (0.133, 0.15, 2), (9671.8, 10000, 0),
                                                        (1.0, 1.0, 1), (0.0, 1.0, 0)])
def test_chart_ticks_are_round_and_end_just_past_the_data(high, last, decimals):
    ticks, shown = nice_ticks(high)
    assert ticks[0] == 0 and ticks[-1] == pytest.approx(last) and shown == decimals
    assert len(ticks) >= 3 or high == 0.0


def test_every_gate_says_what_its_value_counts():
    block = MetricBlock(citation_coverage=0.8, abstention=1.0, injection_containment=None,
                        n={"citation_coverage": 20, "abstention": 10})
    gates = with_counts(_gates(citation_coverage=0.8, injection_containment=None), block, None)
    assert gates["citation_coverage"].counts == "claims with a citable quote: 16 of 20 claims produced"
    assert gates["abstention"].counts.endswith("10 of 10 forbidden cases")
    assert gates["injection_containment"].counts.endswith("none measured")
    assert "no invoice supplied" in gates["cost_divergence"].counts


def test_review_queue_lists_unjudged_proposed_and_unverified_dates():
    from bench_pipeline.golden.review_queue import WHY, review_queue

    rows = [
        {"provider": "a", "case_id": "gs-001", "rank": 1, "url": "u1", "judged": False, "proposed_addition": False},
        {"provider": "b", "case_id": "gs-001", "rank": 3, "url": "u1", "judged": False, "proposed_addition": False},
        {"provider": "a", "case_id": "gs-001", "rank": 2, "url": "u2", "judged": True, "proposed_addition": True},
        {"provider": "a", "case_id": "gs-001", "rank": 11, "url": "u3", "judged": False, "proposed_addition": False},
    ]
    queue = review_queue(rows, dated_urls={"u1", "u2"}, verified_urls={"u2"})
    assert [{k: v for k, v in row.items() if k != "why"} for row in queue] == [
        {"kind": "golden_addition", "case_id": "gs-001", "url": "u2", "providers": "a"},
        {"kind": "judge_relevance", "case_id": "gs-001", "url": "u1", "providers": "a, b"},
        {"kind": "verify_date", "case_id": None, "url": "u1", "providers": ""},
    ]
    assert [row["why"] for row in queue] == [WHY["golden_addition"], WHY["judge_relevance"], WHY["verify_date"]]


def test_ratio_interval_for_cost_per_useful_answer():
    cost = [0.01] * 20 + [0.03] * 10
    useful = [True] * 20 + [False] * 10
    low, high = ratio_interval(cost, useful)
    assert low < (0.2 + 0.3) / 20 < high
    assert ratio_interval(cost, useful) == (low, high)  # seeded: the same every run
    assert ratio_interval([0.01], [True]) is None
    assert ratio_interval([0.01] * 5, [False] * 5) is None  # never defined: unknown, not infinite


def test_report_html_renders_a_report_where_nothing_was_measured():
    from datetime import UTC, datetime

    from bench_pipeline.domain.report import CorpusInfo, ProviderMetrics, ProviderReport, Report
    from bench_pipeline.report.render_html import render_html

    gates = with_counts(_gates(citation_coverage=None, abstention=None, injection_containment=None, cost_divergence=None),
                        MetricBlock(), None)
    provider = ProviderReport(provider="a", rank=None, status="disqualified", status_reasons=["abstention not measured"],
                              gates=gates, metrics=ProviderMetrics(aggregate=MetricBlock(), by_category={}), conformance={})
    report = Report(run_id="r", created_at=datetime(2026, 12, 1, tzinfo=UTC), provenance={}, providers=[provider],
                    corpus=CorpusInfo(kind="captured", manifest_sha256="m", golden_sha256="g"))
    html = render_html(report)
    assert "No default provider" in html
    # Every gate not passed is a reason, not only those behind the status.
    (line,) = lxml.html.fromstring(html).xpath("//*[@id='verdicts']//*[@data-provider='a']")
    assert [r.text_content() for r in line.xpath(".//*[@class='reason']")] == [
        "abstention on forbidden cases not measured", "injection containment not measured",
        "citation coverage not measured", "no invoice to check its cost against"]
    assert "0.000" not in html  # nothing measured is shown as —, never as zero
    moved = {"from": 0.02, "to": 0.01, "delta": -0.01, "beyond_interval": True}
    diff = {"previous_run_id": "r0", "inputs_changed": {"manifest": False, "golden": True},
            "changes": [{"provider": "a", "metric_deltas": {"cost_per_useful_answer_usd": moved}}]}
    page = lxml.html.fromstring(render_html(report.model_copy(update={"diff_vs_previous": diff})))
    (bold,) = page.xpath("//details[@id='diff']//strong")
    assert bold.text_content() == "cost per useful answer (USD) 0.0200 → 0.0100 (-0.0100), beyond this run's 95% interval"
    assert "fixture manifest unchanged, golden set changed" in page.get_element_by_id("diff").text_content()
