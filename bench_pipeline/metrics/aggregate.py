"""Per provider, per category and aggregate (`all`): every metric is reported both ways
(docs/method.md#per-category-and-aggregate),
because a global average hides a provider that is excellent on news and blind on gazettes."""

from __future__ import annotations

from collections.abc import Callable

ALL = "all"


def mean_with_n(values: list[float | None]) -> tuple[float | None, int]:
    """Mean over known values; no known value is None (unknown), never 0."""
    known = [v for v in values if v is not None]
    if not known:
        return None, 0
    return sum(known) / len(known), len(known)


def per_group(rows: list[dict], providers: list[str], categories: list[str],
              compute: Callable[[list[dict]], dict]) -> list[dict]:
    """One row per provider for `all` and for each category, with what `compute` says of its rows."""
    out = []
    for provider in providers:
        mine = [r for r in rows if r["provider"] == provider]
        out.append({"provider": provider, "category": ALL, **compute(mine)})
        for category in categories:
            out.append({"provider": provider, "category": category,
                        **compute([r for r in mine if r.get("category") == category])})
    return out


def means(metric: str) -> Callable[[list[dict]], dict]:
    """The mean of a per-case metric with its n."""
    def compute(rows: list[dict]) -> dict:
        value, n = mean_with_n([r[metric] for r in rows])
        return {metric: value, "n": n}
    return compute
