"""The cascade walk on hand-built outcomes: three providers, six cases, known costs; every figure worked out
by hand in the comments (budget 0.05 USD, as in the method settings)."""

from __future__ import annotations

import pytest

from bench_pipeline.observations.outcomes import CASE_BUDGET_USD
from bench_pipeline.report.cascade import search_roles
from bench_pipeline.report.cascade_choice import category_cascades
from bench_pipeline.report.cascade_figures import Resampled
from bench_pipeline.report.cascade_walk import recorded, walk

# case → provider → (useful, cost USD, calls); gs-6 is forbidden: nobody is called, nothing is paid.
ATTEMPTS = {
    "gs-1": {"a": (True, 0.01, 2), "b": (True, 0.02, 1), "c": (False, 0.005, 3)},
    "gs-2": {"a": (False, 0.01, 2), "b": (True, 0.02, 1), "c": (False, 0.005, 3)},
    "gs-3": {"a": (False, 0.02, 2), "b": (False, 0.02, 1), "c": (False, 0.005, 3)},
    "gs-4": {"a": (True, 0.06, 2), "b": (True, 0.01, 1), "c": (False, 0.005, 3)},
    "gs-5": {"a": (False, 0.01, 2), "b": (False, 0.045, 1), "c": (False, 0.005, 3)},
    "gs-6": {"a": (False, 0.0, 0), "b": (False, 0.0, 0), "c": (False, 0.0, 0)},
}
# provider → (search p50, read p50) ms. An attempt's estimate: search p50, plus one read p50 when it read
# anything (calls > 1): a 100 + 50 = 150, b 200 (never reads), c 300 + 30 = 330.
P50 = {"a": (100.0, 50.0), "b": (200.0, None), "c": (300.0, 30.0)}


def _rows(cost_override: dict | None = None) -> list[dict]:
    rows = []
    for case, by_provider in ATTEMPTS.items():
        for provider, (useful, cost, calls) in by_provider.items():
            cost = (cost_override or {}).get((provider, case), cost)
            rows.append({"provider": provider, "case_id": case, "category": "facilities", "useful": useful,
                         "web_role": "forbidden" if case == "gs-6" else "primary", "cost_usd": cost, "calls": calls})
    return rows


REC = recorded(_rows(), ["a", "b", "c"], P50)


def _figures(w) -> dict:
    return Resampled([w]).figures(w)


def test_the_walk_pays_every_step_stops_at_the_first_answer_and_at_the_budget():
    w = walk(REC, ("a", "b", "c"), CASE_BUDGET_USD)
    # gs-1: a answers at once (0.01).
    # gs-2: a misses (0.01), b answers (0.01 + 0.02 = 0.03).
    # gs-3: a, b and c all miss: 0.02 + 0.02 + 0.005 = 0.045, every provider tried.
    # gs-4: a found an answer but spent 0.06 > 0.05: a budget stop on the first step; b is never called.
    # gs-5: a misses (0.01), b spends 0.045 more: 0.055 > 0.05, a budget stop before c.
    # gs-6: forbidden: no call, cost 0.
    assert w.endings() == ["answered", "answered", "fallback:exhausted", "fallback:budget", "fallback:budget",
                           "honest_no_data"]
    assert list(w.answered_at) == [0, 1, -1, -1, -1, -1]
    assert list(w.cost) == pytest.approx([0.01, 0.03, 0.045, 0.06, 0.055, 0.0])
    assert list(w.tried) == [1, 2, 3, 1, 2, 0]
    # latency: gs-1 150; gs-2 150 + 200 = 350; gs-3 150 + 200 + 330 = 680; gs-4 150; gs-5 350; gs-6 none
    assert list(w.latency_ms) == pytest.approx([150, 350, 680, 150, 350, 0])


def test_every_figure_of_the_walk():
    w = walk(REC, ("a", "b", "c"), CASE_BUDGET_USD)
    found = Resampled([w]).figures(w)
    assert found["answered"] == 2
    assert found["answered_rate"] == pytest.approx(2 / 5)                  # 2 of 5 answerable cases
    assert found["total_cost_usd"] == pytest.approx(0.2)                   # .01 + .03 + .045 + .06 + .055 + 0
    assert found["cost_per_useful_answer_usd"] == pytest.approx(0.2 / 2)   # every case's cost / 2 answers
    assert found["mean_providers_tried"] == pytest.approx(9 / 5)           # (1 + 2 + 3 + 1 + 2) / 5
    assert found["latency_estimate_ms"] == pytest.approx(1680 / 5)         # (150 + 350 + 680 + 150 + 350) / 5
    assert found["endings"] == {"answered": 2, "honest_no_data": 1, "fallback:budget": 2, "fallback:exhausted": 1}
    assert found["n"] == {"answered_rate": 5, "cost_per_useful_answer_usd": 2, "total_cost_usd": 6,
                          "mean_providers_tried": 5, "latency_estimate_ms": 5}
    interval = found["confidence"]["answered_rate"]
    assert interval.low <= 0.4 <= interval.high
    # a answers gs-1 (reached by all 5), b answers gs-2 (reached by gs-2, gs-3, gs-5), c answers nothing (gs-3)
    assert [(s.provider, s.reached, s.answers, s.share_of_answers) for s in Resampled([w]).steps(w)] == [
        ("a", 5, 1, 0.5), ("b", 3, 1, 0.5), ("c", 1, 0, 0.0)]


def test_a_provider_with_no_useful_answer_pays_and_answers_nothing():
    found = _figures(walk(REC, ("c",), CASE_BUDGET_USD))
    # five calls at 0.005, no answer: the cost per useful answer is unknown (null), never 0 or infinite
    assert found["answered"] == 0 and found["answered_rate"] == 0.0
    assert found["total_cost_usd"] == pytest.approx(0.025)
    assert found["cost_per_useful_answer_usd"] is None and found["confidence"]["cost_per_useful_answer_usd"] is None
    assert found["endings"]["fallback:exhausted"] == 5


def test_the_order_matters():
    found = _figures(walk(REC, ("b", "a"), CASE_BUDGET_USD))
    # b answers gs-1 (0.02), gs-2 (0.02), gs-4 (0.01); gs-3: b, a miss (0.04); gs-5: b 0.045 + a 0.01 = 0.055 > 0.05
    assert found["answered"] == 3
    assert found["total_cost_usd"] == pytest.approx(0.145)
    assert found["cost_per_useful_answer_usd"] == pytest.approx(0.145 / 3)
    assert found["endings"] == {"answered": 3, "honest_no_data": 1, "fallback:budget": 1, "fallback:exhausted": 1}


def test_an_unknown_cost_makes_the_cost_unknown_never_zero():
    rec = recorded(_rows({("b", "gs-3"): None}), ["a", "b", "c"], P50)
    found = _figures(walk(rec, ("a", "b", "c"), CASE_BUDGET_USD))
    assert found["total_cost_usd"] is None and found["cost_per_useful_answer_usd"] is None
    assert found["answered"] == 2  # answers are still known


def test_roles_keep_disqualified_and_enrichment_only_providers_out_of_the_search_cascade():
    candidates, excluded = search_roles({"a": "eligible", "b": "blocked_promotion", "c": "enrichment_only",
                                         "d": "disqualified"})
    assert candidates == ["a", "b"] and set(excluded) == {"c", "d"}
    found, _ = category_cascades(REC, ["a", "b"], excluded, ["b", "a"], "a", CASE_BUDGET_USD)
    assert all(set(o.providers) <= {"a", "b"} for o in found.orders)
    assert found.orders_considered == 4  # a, b, a → b, b → a


def test_the_recommended_cascade_is_the_cheapest_that_answers_no_fewer_than_the_most():
    found, chosen = category_cascades(REC, ["a", "b", "c"], {}, ["b", "a", "c"], "a", CASE_BUDGET_USD)
    # Nobody answers gs-3 or gs-5, and a reached on gs-4 stops it on the budget, so three answers is the most.
    # b alone: 0.02 + 0.02 + 0.02 + 0.01 + 0.045 = 0.115 for three answers, 0.0383 each: the cheapest of all 15
    # orders (c → b pays c's 0.005 on every case: 0.14 / 3; b → c 0.125 / 3; a alone 0.11 for one answer).
    # The success-rate rule b → a → c answers the same three for 0.02 + 0.02 + 0.045 + 0.01 + 0.055 = 0.15.
    assert found.most_answers == ["b"] and found.best_single == ["b"] and found.recommended == ["b"]
    assert chosen.order == ("b",) and found.orders_considered == 15
    assert [(o.providers, o.labels) for o in found.orders] == [
        (["b"], ["cost_optimal", "most_answers", "best_single"]), (["b", "a", "c"], ["success_rate_rule"]),
        (["a"], ["default_alone"])]
    assert [o.cost_per_useful_answer_usd for o in found.orders] == pytest.approx([0.115 / 3, 0.15 / 3, 0.11])
    rule = found.orders[1]
    assert rule.vs_most_answers.answered_rate_difference == 0 and rule.no_fewer_answers_than_most
    assert rule.vs_best_single.cost_per_useful_answer_difference_usd == pytest.approx(0.15 / 3 - 0.115 / 3)
    assert [o.recommended for o in found.orders] == [True, False, False]
