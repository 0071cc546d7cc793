"""Configurations of one provider compared (docs/report.md#configurations): a slug marked `variant_of` another in
providers.yaml shares its adapter and differs in request options and price, so it is set against that base on the
same golden cases — the answered rate as a paired mean over the answerable cases, cost per useful answer as a
paired ratio over every case, both on the report's own resamples."""

from __future__ import annotations

from bench_pipeline.domain.report import ConfigurationComparison, Interval
from bench_pipeline.report.confidence import Resamples


def compare_configurations(variants: dict[str, tuple[str, str]], options: dict[str, dict], prices: dict[str, str],
                           outcomes: list[dict], resamples: Resamples) -> list[ConfigurationComparison]:
    """`variants`: variant slug → (its base slug, their adapter), in providers.yaml's order."""
    by_provider: dict[str, dict[str, dict]] = {}
    for row in outcomes:
        by_provider.setdefault(row["provider"], {})[row["case_id"]] = row
    out = []
    for variant, (base, adapter) in variants.items():
        if base not in by_provider or variant not in by_provider:
            continue
        cases = sorted(set(by_provider[base]) & set(by_provider[variant]))
        b, v = ([by_provider[slug][c] for c in cases] for slug in (base, variant))
        answerable = [(x, y) for x, y in zip(b, v) if x["web_role"] != "forbidden"]
        answered = [float(y["fallback_cause"] is None) - float(x["fallback_cause"] is None) for x, y in answerable]
        found = resamples.interval(answered)
        rate = None if found is None else Interval(low=found[0], high=found[1])
        cost, difference, distinguishable = _cost(b, v, resamples)
        changed = {key: {"base": options[base].get(key), "variant": options[variant].get(key)}
                   for key in sorted(set(options[base]) | set(options[variant]))
                   if options[base].get(key) != options[variant].get(key)}
        out.append(ConfigurationComparison(
            adapter=adapter, base=base, variant=variant, options_changed=changed,
            price_versions={"base": prices.get(base), "variant": prices.get(variant)},
            answered_rate_difference=sum(answered) / len(answered) if answered else None,
            answered_rate_difference_interval=rate,
            answers_more=rate is not None and rate.low > 0, answers_fewer=rate is not None and rate.high < 0,
            cost_per_useful_answer_difference_usd=difference, cost_difference_interval=cost,
            cost_distinguishable=distinguishable,
            n={"answered_rate": len(answerable), "cost_per_useful_answer_usd": len(cases)}))
    return out


def _cost(base: list[dict], variant: list[dict], resamples: Resamples) -> tuple[Interval | None, float | None, bool]:
    """variant − base in cost per useful answer: its interval, its value, and whether the interval excludes 0."""
    sides = [([r["cost_usd"] for r in rows], [bool(r["useful"]) for r in rows]) for rows in (variant, base)]
    if len(base) < 2 or any(c is None for costs, _ in sides for c in costs) or not all(any(u) for _, u in sides):
        return None, None, False
    value = sum(sides[0][0]) / sum(sides[0][1]) - sum(sides[1][0]) / sum(sides[1][1])
    result = resamples.paired(*sides[0], *sides[1])
    found = result["interval"]
    return (None if found is None else Interval(low=found[0], high=found[1])), value, result["distinguishable"]
