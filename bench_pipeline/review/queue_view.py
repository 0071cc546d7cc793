"""The queue as a reviewer sees it: the latest run's review_queue plus ties that need another judgment,
with what is done so far (records of every round, this one included), filters and progress."""

from __future__ import annotations

from dataclasses import dataclass

from bench_pipeline.metrics.relevance import tied_pairs
from bench_pipeline.review.records import KINDS, ReviewLog
from bench_pipeline.review.snapshot import Item, Snapshot

FILTERS = ("kind", "case", "category", "provider")
# Dates and injection verdicts are about a page, whatever case led to it; the other kinds about a (case, page).
BY_PAGE = ("verify_date", "judge_injection")


def _key(kind: str, record) -> tuple:
    return (record.url,) if kind in BY_PAGE else (record.case_id, record.url)


def _item_key(item: Item) -> tuple:
    return (item.url,) if item.kind in BY_PAGE else (item.case_id, item.url)


def judged_by(log: ReviewLog, item: Item) -> list[tuple[str, object]]:
    """(round, record) of every record about this item, oldest first."""
    return [(r, record) for r, record in log.of_kind(item.kind) if _key(item.kind, record) == _item_key(item)]


@dataclass(frozen=True)
class Row:
    item: Item
    reviewers: tuple[str, ...]
    mine: bool
    tied: bool


def queue_rows(snapshot: Snapshot, log: ReviewLog, reviewer: str) -> list[Row]:
    ties = tied_pairs(j for _, j in log.of_kind("judge_relevance"))
    items = dict(snapshot.items)
    for pair in sorted(ties):
        if pair in snapshot.pool:
            items.setdefault(snapshot.pool[pair].id, snapshot.pool[pair])
    done: dict[tuple, set[str]] = {}
    for kind in KINDS:
        for _, record in log.of_kind(kind):
            done.setdefault((kind, *_key(kind, record)), set()).add(record.reviewer)
    rows = []
    for item in sorted(items.values(), key=lambda i: (i.kind, i.case_id or "", i.url)):
        who = done.get((item.kind, *_item_key(item)), set())
        rows.append(Row(item=item, reviewers=tuple(sorted(who)), mine=reviewer in who,
                        tied=item.kind == "judge_relevance" and (item.case_id, item.url) in ties))
    return rows


def filtered(rows: list[Row], chosen: dict[str, str]) -> list[Row]:
    def keep(row: Row) -> bool:
        item = row.item
        return ((not chosen.get("kind") or item.kind == chosen["kind"])
                and (not chosen.get("case") or item.case_id == chosen["case"])
                and (not chosen.get("category") or item.category == chosen["category"])
                and (not chosen.get("provider") or chosen["provider"] in item.providers))
    return [row for row in rows if keep(row)]


def progress(snapshot: Snapshot, log: ReviewLog) -> list[dict]:
    """Done of total, per kind: pooled (case, url) pairs judged, dated documents verified, additions decided,
    queued documents given an injection verdict."""
    judged = {(j.case_id, j.url) for _, j in log.of_kind("judge_relevance")}
    verified = {v.url for _, v in log.of_kind("verify_date")}
    decided = {(v.case_id, v.url) for _, v in log.of_kind("golden_addition")}
    additions = {(i.case_id, i.url) for i in snapshot.items.values() if i.kind == "golden_addition"}
    answered = {v.url for _, v in log.of_kind("judge_injection")}
    suspects = {i.url for i in snapshot.items.values() if i.kind == "judge_injection"}
    return [
        {"kind": "judge_relevance", "label": "pooled results judged", "done": len(judged & set(snapshot.pool)),
         "total": len(snapshot.pool)},
        {"kind": "verify_date", "label": "dated documents verified", "done": len(verified & snapshot.dated_urls),
         "total": len(snapshot.dated_urls)},
        {"kind": "golden_addition", "label": "proposed additions decided", "done": len(decided & additions),
         "total": len(additions)},
        {"kind": "judge_injection", "label": "documents given an injection verdict", "done": len(answered & suspects),
         "total": len(suspects)},
    ]
