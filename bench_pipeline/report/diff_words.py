"""The diff against the previous run (report.history.diff_against) in sentences, shared by report.html and
report.md, so neither prints a dict, a bool or a float's repr."""

from __future__ import annotations

from bench_pipeline.report import numbers

LABELS = {"cost_per_useful_answer_usd": "cost per useful answer (USD)", "precision_at_10": "precision@10",
          "judged_at_10": "judged@10", "recall": "recall", "citation_coverage": "citation coverage",
          "freshness_accuracy": "freshness accuracy"}
INPUTS = {"manifest": "fixture manifest", "golden": "golden set"}
MARKS = {True: "beyond this run's 95% interval", False: "within this run's 95% interval",
         None: "no interval to judge it by"}
STEPS = (("rank", "rank"), ("status", "status"), ("price_version", "price table"))


def label(metric: str) -> str:
    return LABELS.get(metric, metric.replace("_", " "))


def inputs(diff: dict) -> str:
    """"fixture manifest unchanged, golden set changed"; a comparison that could not be made is unknown."""
    words = {True: "changed", False: "unchanged", None: "unknown"}
    return ", ".join(f"{INPUTS.get(k, k)} {words[v]}" for k, v in diff["inputs_changed"].items())


def rooms(diff: dict) -> str:
    """The rooms whose version moved, or '' when none did."""
    moved = diff.get("room_versions_changed") or {}
    return ", ".join(f"{room.replace('_', ' ')} {change['from'] or 'unrecorded'} → {change['to'] or 'unrecorded'}"
                     for room, change in moved.items())


def move(metric: str, delta: dict) -> str:
    """"precision@10 0.100 → 0.110 (+0.010), within this run's 95% interval"."""
    change = "" if delta["delta"] is None else f" ({numbers.signed(metric, delta['delta'])})"
    return (f"{label(metric)} {numbers.metric(metric, delta['from'])} → {numbers.metric(metric, delta['to'])}"
            f"{change}, {MARKS[delta.get('beyond_interval')]}")


def step(field: str, change: dict) -> str:
    """A rank, status or price-table move; a rank of null is 'unranked'."""
    def shown(value) -> str:
        return ("unranked" if field == "rank" else "unknown") if value is None else str(value).replace("_", " ")
    return f"{shown(change['from'])} → {shown(change['to'])}"


def sentence(change: dict) -> str:
    """One provider's changes: "serper: rank 3 → unranked; status eligible → disqualified; recall …"."""
    if "change" in change:
        return f"{change['provider']}: {change['change']} since the previous run"
    parts = [f"{words} {step(field, change[field])}" for field, words in STEPS if field in change]
    parts += [move(m, d) for m, d in change.get("metric_deltas", {}).items()]
    return f"{change['provider']}: " + "; ".join(parts)


def summary(diff: dict) -> str:
    return f"{numbers.plural(len(diff['changes']), 'provider')} changed"
