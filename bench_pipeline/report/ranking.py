"""Ranking (docs/method.md#ranking): by cost per useful answer, ties broken by precision@10, then recall, then
freshness_accuracy. Disqualified providers are listed after the ranked ones with the gate that failed."""

from __future__ import annotations

import math


def _ascending(value: float | None) -> float:
    return math.inf if value is None else value


def _descending(value: float | None) -> float:
    return math.inf if value is None else -value


def sort_key(metrics: dict) -> tuple:
    """Unknown values sort last: a provider is never ranked up for what was not measured."""
    return (_ascending(metrics.get("cost_per_useful_answer_usd")), _descending(metrics.get("precision_at_10")),
            _descending(metrics.get("recall")), _descending(metrics.get("freshness_accuracy")))


def rank_providers(entries: list[dict]) -> list[dict]:
    """`entries`: {provider, status, metrics}. Returns them ordered, each with `rank` (None when disqualified)."""
    ranked = sorted((e for e in entries if e["status"] != "disqualified"),
                    key=lambda e: (sort_key(e["metrics"]), e["provider"]))
    out = [{**e, "rank": i} for i, e in enumerate(ranked, start=1)]
    disqualified = sorted((e for e in entries if e["status"] == "disqualified"), key=lambda e: e["provider"])
    return out + [{**e, "rank": None} for e in disqualified]
