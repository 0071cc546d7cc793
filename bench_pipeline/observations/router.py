"""The router runs before any provider call (docs/method.md#outcomes-of-a-case): warehouse-first for forbidden facts."""

from __future__ import annotations

from bench_pipeline.domain.golden import GoldenCase

HONEST_NO_DATA = "honest_no_data"


def may_call_web(case: GoldenCase) -> bool:
    """Facts that must come from a registry of record never go to the web: no call, no spend."""
    return case.web_role != "forbidden"
