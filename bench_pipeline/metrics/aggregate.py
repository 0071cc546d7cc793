"""Per-case values to per-category and aggregate means, each carrying its n."""

from __future__ import annotations

from collections import defaultdict


def mean_with_n(values: list[float | None]) -> tuple[float | None, int]:
    """Mean over known values; no known value is None (unknown), never 0."""
    known = [v for v in values if v is not None]
    if not known:
        return None, 0
    return sum(known) / len(known), len(known)


def group_means(rows: list[dict], metric: str, by: tuple[str, ...]) -> dict[tuple, tuple[float | None, int]]:
    grouped: dict[tuple, list] = defaultdict(list)
    for row in rows:
        grouped[tuple(row[k] for k in by)].append(row.get(metric))
    return {key: mean_with_n(values) for key, values in grouped.items()}
