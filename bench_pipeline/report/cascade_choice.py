"""One category's cascades: the orders compared, their figures, tie groups and the recommended one
(docs/method.md#orders-compared).

Compared: the success-rate rule (report/cascade.py), the cost-optimal order and the order with the most
answers among every order of one to three candidates (report/cascade_search.py), the default provider
alone, and the best single provider (the most answers alone). The recommended cascade is the cheapest
per useful answer among the compared orders that answer no fewer cases than the one answering most,
within the paired 95% interval of the difference.
"""

from __future__ import annotations

from collections.abc import Sequence

from bench_pipeline.domain.report import CascadeComparison, CascadeOrder, CategoryCascades
from bench_pipeline.report.cascade_figures import Resampled, cost_per_useful
from bench_pipeline.report.cascade_search import Searched, cost_key, search
from bench_pipeline.report.cascade_walk import Recorded, Walk, walk
from bench_pipeline.report.confidence import tie_groups

RULE = ("the cheapest per useful answer among the compared orders that answer no fewer cases than the one "
        "answering most, within the paired 95% bootstrap interval of the difference in answered rate; ties: more "
        "answers, fewer providers, then names")


def arrow(order: Sequence[str]) -> str:
    return " → ".join(order)


def _key(w: Walk) -> tuple:
    """Cheapest per useful answer first, then more answers, fewer providers, names: the ranking's order."""
    cost = None if w.cost.size == 0 else float(w.cost.sum())
    return cost_key(cost, int(w.answered.sum())), -int(w.answered.sum()), len(w.order), w.order


def _compared(rec: Recorded, candidates: list[str], rule: list[str], default: str | None,
              budget_usd: float) -> tuple[dict[tuple[str, ...], list[str]], Searched, Walk | None]:
    """order → its labels (first label first seen), the search, and the best single provider's walk."""
    found = search(rec, candidates, budget_usd)
    single = walk(rec, found.best_single, budget_usd) if found.best_single else None
    named = [("success_rate_rule", tuple(rule)), ("cost_optimal", found.cost_optimal),
             ("default_alone", (default,) if default in candidates else None), ("most_answers", found.most_answers),
             ("best_single", found.best_single)]
    labels: dict[tuple[str, ...], list[str]] = {}
    for label, order in named:
        if order:
            labels.setdefault(order, []).append(label)
    return labels, found, single


def _no_fewer(comparison: CascadeComparison | None, w: Walk, most: Walk) -> bool:
    """No fewer answers than the order answering most, within the paired interval (exactly, without one)."""
    if comparison is None:
        return True
    interval = comparison.answered_rate_difference_interval
    return interval.high >= 0 if interval is not None else int(w.answered.sum()) >= int(most.answered.sum())


def _ties(walks: list[Walk], drawn: Resampled) -> list[int]:
    """Tie group (1-based) of each walk, in the given order: neighbours compared paired on cost per useful answer."""
    distinguishable = {(better.order, worse.order): drawn.paired_cost(better, worse)[1]
                       for better, worse in zip(walks, walks[1:])}
    groups = tie_groups([w.order for w in walks], distinguishable)
    return [next(i for i, g in enumerate(groups, start=1) if w.order in g) for w in walks]


def _reason(recommended: Walk | None, most: Walk | None, shown: int) -> str:
    if most is None or recommended is None:
        return "no order of the candidates answers any case of this category"
    if recommended.order == most.order:
        return (f"{arrow(most.order)} answers the most cases of the {shown} orders compared, and no cheaper one "
                "answers as many within the paired 95% interval")
    return (f"cheapest per useful answer of the orders that answer as many cases as {arrow(most.order)} "
            "(the most) within the paired 95% interval")


def category_cascades(rec: Recorded, candidates: list[str], excluded: dict[str, str], rule: list[str],
                      default: str | None, budget_usd: float) -> tuple[CategoryCascades, Walk | None]:
    """The category's compared orders and recommended cascade, and the recommended cascade's walk."""
    labels, found, single = _compared(rec, candidates, rule, default, budget_usd)
    walks = sorted((walk(rec, order, budget_usd) for order in labels), key=_key)
    if not walks:
        return CategoryCascades(
            cases=len(rec.cases), answerable=int((~rec.forbidden).sum()), candidates=[], excluded=excluded,
            orders_considered=0, orders_walked=0, pruned=[], best_single=None, most_answers=None, recommended=None,
            reason="no provider may enter the search cascade", orders=[]), None
    drawn = Resampled([*walks, *([single] if single else [])])
    most = min(walks, key=lambda w: (-int(w.answered.sum()), *_key(w)))
    versus_most = {w.order: drawn.compare(w, most) for w in walks if w.order != most.order}
    fewer_ok = {w.order for w in walks if _no_fewer(versus_most.get(w.order), w, most)}
    answering = [w for w in walks if w.order in fewer_ok and cost_per_useful(w) is not None]
    recommended = answering[0] if answering else None  # walks are sorted cheapest first
    orders = [CascadeOrder(
        **drawn.figures(w), providers=list(w.order), labels=labels[w.order], steps=drawn.steps(w),
        vs_best_single=drawn.compare(w, single) if single and w.order != single.order else None,
        vs_most_answers=versus_most.get(w.order), no_fewer_answers_than_most=w.order in fewer_ok, tie_group=group,
        recommended=recommended is not None and w.order == recommended.order)
        for w, group in zip(walks, _ties(walks, drawn))]
    return CategoryCascades(
        cases=len(rec.cases), answerable=int((~rec.forbidden).sum()), candidates=sorted(candidates),
        excluded=excluded, orders_considered=found.orders_considered, orders_walked=found.orders_walked,
        pruned=list(found.pruned), best_single=list(found.best_single) if found.best_single else None,
        most_answers=list(found.most_answers) if found.most_answers else None,
        recommended=list(recommended.order) if recommended else None,
        reason=_reason(recommended, most, len(walks)), orders=orders), recommended
