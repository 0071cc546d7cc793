"""Inter-assessor agreement per review round: Krippendorff's alpha for nominal values.

Alpha rather than Cohen's kappa because a round has any number of reviewers and most items are
judged by one of them: alpha uses every item judged at least twice, whoever judged it. Each
reviewer's latest value of an item counts once (the same rule the relevance metric uses).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable


def krippendorff_alpha_nominal(units: Iterable[list[Hashable]]) -> tuple[float | None, int, int]:
    """(alpha, items judged at least twice, values in them). None when no item is pairable, or when
    every value is the same (expected disagreement 0: alpha is undefined, not perfect)."""
    pairable = [values for values in units if len(values) >= 2]
    totals: Counter = Counter(v for values in pairable for v in values)
    n = sum(totals.values())
    if not pairable or n < 2:
        return None, len(pairable), n
    # Disagreeing ordered pairs within items (each weighted 1/(m-1)) against those expected by chance.
    observed = sum((len(values) ** 2 - sum(c * c for c in Counter(values).values())) / (len(values) - 1)
                   for values in pairable)
    expected = n * n - sum(c * c for c in totals.values())
    if expected == 0:
        return None, len(pairable), n
    return 1 - (n - 1) * observed / expected, len(pairable), n


def review_agreement(judgments: Iterable[dict], dates: Iterable[dict], injection: Iterable[dict] = ()) -> list[dict]:
    """Per round, agreement on relevance (relevant or not), on verified dates (the date, or none shown)
    and on injection verdicts (injected, clean or can't tell, per document content)."""
    dated = [{**d, "value": str(d["verified_published_at"] or "none")} for d in dates]
    return (agreement_by_round(judgments, "judge_relevance", ("case_id", "url"), "relevant", "judged_at")
            + agreement_by_round(dated, "verify_date", ("url",), "value", "verified_at")
            + agreement_by_round(injection, "judge_injection", ("artifact_sha256",), "verdict", "judged_at"))


def agreement_by_round(rows: Iterable[dict], kind: str, item: tuple[str, ...], value: str, at: str) -> list[dict]:
    """One row per round: alpha with its n. `rows` carry `round`, `reviewer`, the item columns, the value
    and a timestamp; a reviewer's latest value per item wins. `n_judgments` counts those latest values, all
    of which alpha was computed from; `n_paired_judgments` the ones on items judged twice or more, the only
    ones that can agree or disagree (a round where no item was judged twice still holds its judgments)."""
    latest: dict[tuple, tuple] = {}
    for row in rows:
        key = (row["round"], tuple(row[c] for c in item), row["reviewer"])
        if key not in latest or str(row[at]) >= str(latest[key][0]):
            latest[key] = (row[at], row[value])
    per_round: dict[str, dict[tuple, list]] = defaultdict(lambda: defaultdict(list))
    reviewers: dict[str, set[str]] = defaultdict(set)
    for (round_name, unit, reviewer), (_, v) in latest.items():
        per_round[round_name][unit].append(v)
        reviewers[round_name].add(reviewer)
    out = []
    for round_name in sorted(per_round):
        units = per_round[round_name]
        alpha, n_items, n_paired = krippendorff_alpha_nominal(units.values())
        out.append({"round": round_name, "kind": kind, "statistic": "krippendorff_alpha_nominal",
                    "alpha": alpha, "n_items": n_items, "n_judgments": sum(len(v) for v in units.values()),
                    "n_paired_judgments": n_paired, "reviewers": len(reviewers[round_name])})
    return out
