"""Latency p50/p95 per operation (docs/method.md#latency), always with n and the capture window.

Percentiles use the nearest-rank method: the value reported is one that was actually observed.
With fewer than MIN_N_FOR_P95 calls, fewer than five observations lie above the 95th percentile,
so the p95 is little more than the maximum: it is reported, and flagged as not reliable.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

MIN_N_FOR_P95 = 100


def nearest_rank(values: Sequence[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def latency_stat(values: Sequence[float | None]) -> dict:
    known = [v for v in values if v is not None]
    return {"p50": nearest_rank(known, 50), "p95": nearest_rank(known, 95), "n": len(known),
            "p95_reliable": len(known) >= MIN_N_FOR_P95}
