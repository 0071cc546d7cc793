"""The cost-optimal order, the most-answering order and the best single provider found by the vectorised search
(with its pruning and its matrix-product last step) agree with a plain brute force written here, on 200 seeded
random small instances with many ties, unknown costs and budget stops."""

from __future__ import annotations

import random
from itertools import permutations

from bench_pipeline.report.cascade_search import search
from bench_pipeline.report.cascade_walk import recorded

INSTANCES = 200


def _instance(rng: random.Random) -> tuple[list[dict], list[str], float]:
    providers = [f"p{i}" for i in range(rng.randint(1, 5))]
    cases = [f"gs-{i}" for i in range(rng.randint(1, 7))]
    forbidden = {c for c in cases if rng.random() < 0.15}
    # Costs from a few round values (ties are common), now and then unknown; some providers never answer.
    never = {p for p in providers if rng.random() < 0.25}
    rows = []
    for p in providers:
        for c in cases:
            cost = 0.0 if c in forbidden else rng.choice([0.0, 0.001, 0.002, 0.003, 0.005, 0.01, 0.02])
            rows.append({"provider": p, "case_id": c, "category": "facilities", "calls": 1,
                         "web_role": "forbidden" if c in forbidden else "primary",
                         "useful": c not in forbidden and p not in never and rng.random() < 0.5,
                         "cost_usd": None if rng.random() < 0.03 else cost})
    return rows, providers, rng.choice([0.004, 0.006, 0.05])


def _brute_walk(rows: list[dict], order: tuple[str, ...], budget: float) -> tuple[int, float | None]:
    """Answers and total cost of one order, case by case, the plain way."""
    attempt = {(r["provider"], r["case_id"]): r for r in rows}
    answers, total = 0, 0.0
    for case in sorted({r["case_id"] for r in rows}):
        if attempt[(order[0], case)]["web_role"] == "forbidden":
            continue
        spent = 0.0
        for provider in order:
            cost = attempt[(provider, case)]["cost_usd"]
            spent = None if spent is None or cost is None else spent + cost
            if spent is not None and spent > budget:
                break
            if attempt[(provider, case)]["useful"]:
                answers += 1
                break
        total = None if total is None or spent is None else total + spent
    return answers, total


def _brute_force(rows: list[dict], providers: list[str], budget: float):
    found = []
    for length in (1, 2, 3):
        for order in permutations(sorted(providers), length):
            answers, total = _brute_walk(rows, order, budget)
            cost = float("inf") if total is None or answers == 0 else round(total / answers, 9)
            found.append((order, answers, cost))
    if not any(answers for _, answers, _ in found):
        return None, None, None
    cheapest = min(found, key=lambda f: (f[2], -f[1], len(f[0]), f[0]))[0]
    fullest = min(found, key=lambda f: (-f[1], f[2], len(f[0]), f[0]))[0]
    single = min((f for f in found if len(f[0]) == 1), key=lambda f: (-f[1], f[2], f[0]))[0]
    return cheapest, fullest, single


def test_the_search_agrees_with_a_brute_force_on_random_instances():
    rng = random.Random(20261205)
    pruned_somewhere = budget_binding_somewhere = 0
    for number in range(INSTANCES):
        rows, providers, budget = _instance(rng)
        rec = recorded(rows, providers, {})
        found = search(rec, providers, budget)
        expected = _brute_force(rows, providers, budget)
        assert (found.cost_optimal, found.most_answers, found.best_single) == expected, \
            f"instance {number}: {rows}, budget {budget}"
        pruned_somewhere += bool(found.pruned)
        budget_binding_somewhere += any(r["cost_usd"] is not None and r["cost_usd"] > budget for r in rows)
    # the instances exercise the pruning and the budget stop, not only the easy path
    assert pruned_somewhere >= 10 and budget_binding_somewhere >= 50
