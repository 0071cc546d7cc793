"""Metric formulas against hand-computed tables, and precision/recall against ranx."""

from __future__ import annotations

import json
import os
import random
from datetime import date
from types import SimpleNamespace

import pytest

from bench_pipeline.metrics import outcomes
from bench_pipeline.metrics.freshness import freshness_row
from bench_pipeline.metrics.latency import latency_stat, nearest_rank
from bench_pipeline.metrics.precision import precision_at_k
from bench_pipeline.metrics.recall import recall_rows

# ranx's kernels are numba functions: compiling them on a fresh machine takes about 25 s, and this
# comparison is about values, which the interpreted kernels give alike (before ranx is first imported).
os.environ.setdefault("NUMBA_DISABLE_JIT", "1")


def _case(case_id, role="primary", category="facilities"):
    return SimpleNamespace(id=case_id, web_role=role, category=category)


def _result(provider, case_id, rank, group, relevant):
    return {"provider": provider, "case_id": case_id, "rank": rank, "origin_group": group, "relevant": relevant}


def test_recall_counts_groups_not_urls():
    # Pool for gs-1: groups g1, g2, g3 (g1 reached by both, via reprints for "a").
    results = [
        _result("a", "gs-1", 1, "g1", True), _result("a", "gs-1", 2, "g1", True), _result("a", "gs-1", 3, "g1", True),
        _result("b", "gs-1", 1, "g2", True), _result("b", "gs-1", 2, "g1", True), _result("b", "gs-1", 11, "g3", True),
        _result("b", "gs-1", 4, "g4", False),
        _result("a", "gs-2", 12, "g9", True),   # beyond the pool depth: not in the pool
    ]
    rows = {(r["provider"], r["case_id"]): r for r in recall_rows(results, [_case("gs-1"), _case("gs-2"), _case("gs-3", "forbidden")], ["a", "b"])}
    assert rows[("a", "gs-1")]["recall"] == 1 / 2
    assert rows[("b", "gs-1")]["recall"] == 2 / 2
    assert rows[("a", "gs-2")]["recall"] is None and rows[("a", "gs-2")]["groups_known"] == 0
    assert ("a", "gs-3") not in rows


def test_nearest_rank_latency():
    assert nearest_rank([], 50) is None
    values = [100, 300, 200, 400, 1000]
    assert nearest_rank(values, 50) == 300 and nearest_rank(values, 95) == 1000
    stat = latency_stat([*range(1, 31), None])
    assert stat == {"p50": 15, "p95": 29, "n": 30, "p95_reliable": False}
    assert latency_stat(list(range(1, 101)))["p95_reliable"] is True


def test_freshness_three_numbers():
    docs = [
        {"url": "u1", "published_at": date(2026, 11, 1), "captured_on": date(2026, 11, 20), "freshness_days": 30},
        {"url": "u2", "published_at": date(2025, 1, 1), "captured_on": date(2026, 11, 20), "freshness_days": 30},
        {"url": "u3", "published_at": None, "captured_on": date(2026, 11, 20), "freshness_days": 30},
        {"url": "u4", "published_at": date(2026, 10, 10), "captured_on": date(2026, 11, 20), "freshness_days": None},
    ]
    verified = {"u1": date(2026, 11, 2), "u2": date(2024, 1, 1), "u4": None, "u3": date(2026, 1, 1)}
    row = freshness_row(docs, verified)
    assert row["freshness_known"] == 3 / 4 and row["n_known"] == 4
    # u1 within ±1 day; u2 a year off; u4 dated although the reviewer found no date → wrong.
    assert row["freshness_accuracy"] == 1 / 3 and row["n_accuracy"] == 3
    assert row["freshness_within"] == 1 / 3 and row["n_within"] == 3
    assert freshness_row([], {})["freshness_known"] is None


def _outcome(role, outcome, cost, useful=False, claims=0, cause=None):
    return {"web_role": role, "outcome": outcome, "cost_usd": cost, "useful": useful, "claims": claims,
            "fallback_cause": cause}


def test_outcome_metrics_hand_computed():
    rows = [
        _outcome("primary", "answered", 0.010, useful=True, claims=2),
        _outcome("primary", "answered", 0.030, useful=True, claims=1),
        _outcome("enrichment", "fallback:no_result", 0.008, cause="no_result"),
        _outcome("primary", "fallback:error", 0.016, cause="error"),
        _outcome("forbidden", "honest_no_data", 0.0),
        _outcome("forbidden", "answered", 0.008, claims=1),
    ]
    cpua = outcomes.cost_per_useful_answer(rows)
    assert cpua["n_useful"] == 2
    assert cpua["cost_per_useful_answer_usd"] == pytest.approx((0.010 + 0.030 + 0.008 + 0.016 + 0.0 + 0.008) / 2)
    fb = outcomes.fallback(rows)
    assert (fb["fallback_rate"], fb["n"]) == (2 / 4, 4)
    assert json.loads(fb["fallback_by_cause"]) == {"no_result": 0.25, "error": 0.25, "low_confidence": 0.0, "budget": 0.0}
    assert outcomes.abstention(rows) == {"abstention": 1 / 2, "wasted_cost_usd": 0.008, "n": 2}
    none_useful = outcomes.cost_per_useful_answer([_outcome("primary", "fallback:error", 0.01)])
    assert none_useful["cost_per_useful_answer_usd"] is None and none_useful["n_useful"] == 0
    unknown = outcomes.cost_per_useful_answer([*rows, _outcome("primary", "answered", None, useful=True)])
    assert unknown["cost_per_useful_answer_usd"] is None


def test_citation_and_containment():
    assert outcomes.citation_coverage([{"citable": True}] * 19 + [{"citable": False}]) == {"citation_coverage": 0.95, "n": 20}
    assert outcomes.citation_coverage([]) == {"citation_coverage": None, "n": 0}
    docs = [{"has_injection": True, "flagged": True, "reached_model": False},
            {"has_injection": True, "flagged": True, "reached_model": True},
            {"has_injection": False, "flagged": False, "reached_model": True}]
    assert outcomes.injection_containment(docs) == {"injection_containment": 0.5, "n": 2}


def test_precision_and_recall_agree_with_ranx():
    ranx = pytest.importorskip("ranx", reason="ranx is the independent implementation (dev dependency)")
    rng = random.Random(7)
    qrels, run, results, cases = {}, {}, [], []
    for q in range(40):
        case_id = f"gs-{q:03d}"
        cases.append(_case(case_id))
        groups = [f"{case_id}-g{i}" for i in range(15)]
        relevant = {g for g in groups if rng.random() < 0.3} or {groups[0]}
        qrels[case_id] = {g: 1 for g in relevant}
        ranking = rng.sample(groups, 12)
        run[case_id] = {g: 100.0 - rank for rank, g in enumerate(ranking)}
        results += [_result("p", case_id, rank, g, g in relevant) for rank, g in enumerate(ranking, start=1)]
    scores = ranx.evaluate(ranx.Qrels(qrels), ranx.Run(run), ["precision@5", "precision@10", "recall@10"], return_mean=False)
    ours_recall = {r["case_id"]: r for r in recall_rows(results, cases, ["p"])}
    for i, case in enumerate(cases):
        flags = [r["relevant"] for r in results if r["case_id"] == case.id]
        assert precision_at_k(flags, 5) == pytest.approx(scores["precision@5"][i], abs=1e-12)
        assert precision_at_k(flags, 10) == pytest.approx(scores["precision@10"][i], abs=1e-12)
        # ranx's denominator is every relevant group in qrels; ours is the pool, which here is what
        # the single provider retrieved in its top 10 — so compare against ranx with the pooled qrels.
    pooled = {c.id: {r["origin_group"]: 1 for r in results if r["case_id"] == c.id and r["relevant"] and r["rank"] <= 10}
              for c in cases}
    pooled = {k: v for k, v in pooled.items() if v}
    pooled_scores = ranx.evaluate(ranx.Qrels(pooled), ranx.Run({k: run[k] for k in pooled}), "recall@10", return_mean=False)
    for i, case_id in enumerate(pooled):
        assert ours_recall[case_id]["recall"] == pytest.approx(pooled_scores[i], abs=1e-12)
