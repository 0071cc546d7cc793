"""Freshness (docs/method.md#freshness): three numbers, because they fail differently.

    freshness_known    = |docs with a published date| / |docs|
    freshness_accuracy = |docs whose date is within ±1 day of the hand-verified date|
                         / |docs with a date| — over the hand-checked sample only
    freshness_within   = |docs inside the case's freshness_days window| / |docs|

A provider that never dates (low known) is honest but limited; one that dates wrongly (low
accuracy) is dangerous. A doc with no date is not "within" the window: its age is unknown.
"""

from __future__ import annotations

from datetime import date

TOLERANCE_DAYS = 1


def accuracy_counts(docs: list[dict], verified: dict[str, date | None]) -> tuple[int, int]:
    """(dated documents of the hand-verified sample whose date is within tolerance, dated documents of the sample)."""
    sample = [d for d in docs if d["published_at"] is not None and d["url"] in verified]
    accurate = [d for d in sample if verified[d["url"]] is not None
                and abs((d["published_at"] - verified[d["url"]]).days) <= TOLERANCE_DAYS]
    return len(accurate), len(sample)


def accuracy_by_case(docs: list[dict], verified: dict[str, date | None]) -> list[dict]:
    """Per (provider, case): `accurate` and `sampled` counts, so an interval can resample cases, not documents."""
    by_case: dict[tuple[str, str, str], list[dict]] = {}
    for doc in docs:
        by_case.setdefault((doc["provider"], doc["case_id"], doc["category"]), []).append(doc)
    return [{"provider": provider, "case_id": case_id, "category": category,
             **dict(zip(("accurate", "sampled"), accuracy_counts(rows, verified)))}
            for (provider, case_id, category), rows in sorted(by_case.items())]


def freshness_row(docs: list[dict], verified: dict[str, date | None]) -> dict:
    """`docs`: rows with url, published_at (date | None), captured_on (date), freshness_days (int | None).
    `verified`: url → hand-verified published date (None when the reviewer found no date, so any
    date a provider gives for that document is wrong)."""
    n = len(docs)
    dated = [d for d in docs if d["published_at"] is not None]
    accurate, sampled = accuracy_counts(docs, verified)
    windowed = [d for d in docs if d["freshness_days"] is not None]
    within = [d for d in windowed if d["published_at"] is not None
              and (d["captured_on"] - d["published_at"]).days <= d["freshness_days"]]
    return {
        "freshness_known": len(dated) / n if n else None, "n_known": n,
        "freshness_accuracy": accurate / sampled if sampled else None, "n_accuracy": sampled,
        "freshness_within": len(within) / len(windowed) if windowed else None, "n_within": len(windowed),
    }
