"""The report's `conformance` block per provider, and the honest-partial gate: the lying provider
is marked dishonest on partials, the others are not."""

from __future__ import annotations

import pytest

from bench_pipeline.domain.report import Conformance
from bench_pipeline.resilience.breaker import BreakerSettings
from bench_pipeline.resilience.conformance import (ConformanceSettings, conformance_for, conformance_rows,
                                                   partial_assessments)
from bench_pipeline.resilience.partial import honest_partial_gate
from tests import exchange_factory
from tests.resilience_cases import ALL_CASES, constructed_cases
from tests.sleep_guard import no_long_sleep  # noqa: F401  (autouse guard)

cases = pytest.mark.parametrize("case", ALL_CASES, ids=str)
SETTINGS = ConformanceSettings()


@cases
def test_four_verdicts_with_one_line_reasons(case):
    verdicts = conformance_for(case.provider, case.classes, case.adapter, case.price, SETTINGS)
    assert set(verdicts) == {"rate_limit", "server_error", "timeout", "partial"}
    assert all(isinstance(v, Conformance) and v.detail and "\n" not in v.detail for v in verdicts.values())
    assert (verdicts["rate_limit"].passed, verdicts["server_error"].passed, verdicts["timeout"].passed) == (True, True, True)
    assert verdicts["partial"].passed is (not case.liar)


@cases
def test_the_liar_and_only_the_liar_fails_the_honest_partial_gate(case):
    gate = honest_partial_gate(partial_assessments(case.classes["partial"], case.adapter, case.price))
    assert gate.passed is (not case.liar)
    assert gate.value == (1.0 if case.liar else 0.0)


def test_verdict_details_say_what_happened():
    case = constructed_cases()[1]
    verdicts = conformance_for(case.provider, case.classes, case.adapter, case.price, SETTINGS)
    assert verdicts["rate_limit"].detail.startswith("429 rate_limited: hint 12 s honoured, 2 attempts, waits [12.")
    assert verdicts["rate_limit"].detail.endswith("answered")
    assert verdicts["server_error"].detail.endswith("breaker opened after 5 failures: closed → open → half_open → closed")
    assert verdicts["timeout"].detail.startswith("cut at 10 s; cancel() twice harmless; late answer discarded")
    assert verdicts["partial"].detail == "6 of 10 returned, missing 4; provider said complete: dishonest"
    assert conformance_rows("tavily", verdicts)[3] == {
        "provider": "tavily", "check": "partial", "passed": False, "detail": verdicts["partial"].detail}


def test_missing_fixtures_are_judged_null_not_passed():
    case = constructed_cases()[0]
    verdicts = conformance_for(case.provider, {}, case.adapter, case.price, SETTINGS)
    assert {k: (v.passed, v.detail) for k, v in verdicts.items()} == {
        "rate_limit": (None, "no 429 fixture"), "server_error": (None, "no 5xx fixture"),
        "timeout": (None, "no timeout fixture"), "partial": (None, "no partial fixture")}


def test_a_rate_limit_classified_as_final_fails():
    case = constructed_cases()[0]
    plan_limit = exchange_factory.server_error(432)
    verdict = conformance_for(case.provider, {"429": [plan_limit]}, case.adapter, case.price, SETTINGS)["rate_limit"]
    assert verdict == Conformance(passed=False, detail="432 classified plan_limit, not retryable")


def test_a_timeout_fixture_that_answers_is_not_a_timeout():
    case = constructed_cases()[0]
    verdict = conformance_for(case.provider, {"timeout": [exchange_factory.search_ok()]}, case.adapter, case.price,
                              SETTINGS)["timeout"]
    assert verdict.passed is False and "answers (200)" in verdict.detail


def test_without_a_success_to_replay_breaker_recovery_is_unverified():
    case = constructed_cases()[0]
    classes = {"5xx": case.classes["5xx"]}
    verdict = conformance_for(case.provider, classes, case.adapter, case.price, SETTINGS)["server_error"]
    assert verdict.passed is None and "recovery unverified" in verdict.detail


@pytest.mark.parametrize("threshold", [2, 4, 9])
def test_the_breaker_verdict_holds_for_any_threshold(threshold):
    case = constructed_cases()[0]
    settings = ConformanceSettings(breaker=BreakerSettings(failure_threshold=threshold))
    assert conformance_for(case.provider, case.classes, case.adapter, case.price, settings)["server_error"].passed is True
