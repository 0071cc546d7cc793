"""The recommended cascades' history: one append-only row per category per run, and what changed since the
previous run (docs/report.md#diff-against-the-previous-run)."""

from __future__ import annotations

import json

from bench_pipeline.domain.report import Report


def cascade_rows(report: Report) -> list[dict]:
    rows = []
    for category, found in report.cascades.items():
        chosen = next((o for o in found.orders if o.recommended), None)
        rows.append({"run_id": report.run_id, "created_at": report.created_at, "category": category,
                     "recommended": json.dumps(found.recommended),
                     "answered_rate": chosen.answered_rate if chosen else None,
                     "cost_per_useful_answer_usd": chosen.cost_per_useful_answer_usd if chosen else None})
    return rows


def cascade_changes(previous: list[dict], current: list[dict]) -> list[dict] | None:
    """Categories whose recommended cascade changed, with its figures before and after; None when the
    previous run recorded no cascade (unknown, not unchanged)."""
    if not previous:
        return None
    before, after = {r["category"]: r for r in previous}, {r["category"]: r for r in current}
    changes = []
    for category in sorted(before.keys() | after.keys()):
        old, new = before.get(category, {}), after.get(category, {})
        was, now = json.loads(old.get("recommended") or "null"), json.loads(new.get("recommended") or "null")
        if was != now:
            changes.append({"category": category, "from": was, "to": now, **{
                figure: {"from": old.get(figure), "to": new.get(figure)}
                for figure in ("answered_rate", "cost_per_useful_answer_usd")}})
    return changes
