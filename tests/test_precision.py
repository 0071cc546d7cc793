"""precision@k against hand-computed values (docs/method.md#precisionk)."""

from __future__ import annotations

import pytest

from bench_pipeline.metrics.precision import precision_at_k


@pytest.mark.parametrize(("flags", "k", "expected"), [
    ([True, False, True, False, False, True], 5, 2 / 5),
    ([True, False, True, False, False, True], 10, 3 / 10),
    ([True, True], 5, 2 / 5),      # fewer results than k: the denominator stays k
    ([], 10, 0.0),
    ([False] * 12 + [True], 10, 0.0),
])
def test_precision_at_k(flags, k, expected):
    assert precision_at_k(flags, k) == expected


def test_k_must_be_positive():
    with pytest.raises(ValueError):
        precision_at_k([True], 0)
