"""1. The metric layer vs ranx: precision@5, precision@10 and recall@10 on the same large run."""

from __future__ import annotations

import random
from collections import defaultdict
from types import SimpleNamespace

from benchmarks.measure import Verdict, best_of
from bench_pipeline.metrics.precision import precision_at_k
from bench_pipeline.metrics.recall import recall_rows

QUERIES, DEPTH, GROUPS = 20_000, 20, 40


def _run(seed: int = 11):
    """One provider's ranked results over QUERIES cases; relevance judged per origin group."""
    rng = random.Random(seed)
    results, qrels, run, cases = [], {}, {}, []
    for q in range(QUERIES):
        case_id = f"q{q:05d}"
        cases.append(SimpleNamespace(id=case_id, web_role="primary", category="facilities"))
        groups = [f"{case_id}-g{i}" for i in range(GROUPS)]
        ranking = rng.sample(groups, DEPTH)
        # Relevant = what the pool of this one provider found in its top 10, so both sides share a denominator.
        relevant = {g for g in ranking[:10] if rng.random() < 0.3} or {ranking[0]}
        qrels[case_id] = {g: 1 for g in relevant}
        run[case_id] = {g: float(DEPTH - rank) for rank, g in enumerate(ranking)}
        results += [{"provider": "p", "case_id": case_id, "rank": rank, "origin_group": g, "relevant": g in relevant}
                    for rank, g in enumerate(ranking, start=1)]
    return results, cases, qrels, run


def _ours(results, cases):
    flags = defaultdict(list)
    for row in sorted(results, key=lambda r: (r["case_id"], r["rank"])):
        flags[row["case_id"]].append(row["relevant"])
    precision = {case: (precision_at_k(f, 5), precision_at_k(f, 10)) for case, f in flags.items()}
    recall = {row["case_id"]: row["recall"] for row in recall_rows(results, cases, ["p"])}
    return precision, recall


def _ranx(ranx, qrels, run):
    return ranx.evaluate(ranx.Qrels(qrels), ranx.Run(run), ["precision@5", "precision@10", "recall@10"],
                         return_mean=False)


def bench() -> Verdict:
    try:
        import ranx
    except ImportError:
        return Verdict("metrics vs ranx", None, "≤ 1.0", None, "ranx not installed (dev dependency)")
    results, cases, qrels, run = _run()
    _ranx(ranx, {k: qrels[k] for k in list(qrels)[:50]}, {k: run[k] for k in list(run)[:50]})  # numba compiles once
    ours = best_of(lambda: _ours(results, cases))
    theirs = best_of(lambda: _ranx(ranx, qrels, run))
    precision, recall = _ours(results, cases)
    scores = _ranx(ranx, qrels, run)
    agree = all(abs(precision[c][0] - scores["precision@5"][i]) < 1e-12 and abs(recall[c] - scores["recall@10"][i]) < 1e-12
                for i, c in enumerate(qrels))
    ratio = ours / theirs
    return Verdict("1 metrics vs ranx", ratio, "≤ 1.0 (time)", ratio <= 1.0 and agree,
                   f"ours {ours:.2f} s, ranx {theirs:.2f} s (incl. Qrels/Run build, JIT warmed) on "
                   f"{QUERIES:,} queries × {DEPTH}; values agree: {agree}")
