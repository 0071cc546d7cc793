"""What the reviewer is shown, read once from the latest run's warehouse tables and stored artifacts.

The DuckDB file is opened read-only and closed again, so a `bench run` (the sensor's re-run) can
write it while the review server is up; the server reloads when the file changes, but not while a run
holds the warehouse (bench_pipeline/run_lock.py): its tables are then part this run's, part the last's.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import duckdb

from bench_pipeline import run_lock
from bench_pipeline.domain.golden import POOL_DEPTH
from bench_pipeline.observations.artifacts import ArtifactStore
from bench_pipeline.review.evidence import EvidenceView, evidence_views
from bench_pipeline.warehouse_file import connect

KIND_LABELS = {"judge_relevance": "relevance", "verify_date": "date", "golden_addition": "golden addition",
               "judge_injection": "injection"}


@dataclass(frozen=True)
class CaseInfo:
    id: str
    query: str
    category: str
    claim_type: str
    web_role: str
    families: list[str]
    hosts: list[str]
    freshness_days: int | None


@dataclass(frozen=True)
class ResultInfo:
    provider: str
    case_id: str
    rank: int
    title: str | None
    snippet: str | None


@dataclass
class ArtifactInfo:
    """A stored page as our reader reads it, with what the injection detector found in it."""

    path: str
    sha256: str | None
    text: str
    failure: str | None
    flagged: bool = False
    vectors: list[str] = field(default_factory=list)
    evidence: list[EvidenceView] = field(default_factory=list)
    quotes: dict[str, list[str]] = field(default_factory=dict)  # case_id → claim quotes to highlight


@dataclass(frozen=True)
class Item:
    id: str
    kind: str
    case_id: str | None
    url: str
    host: str
    category: str | None
    providers: tuple[str, ...]
    why: str | None = None  # the queue's reason for this item


@dataclass
class Snapshot:
    run_id: str | None
    report: str | None
    reader_version: str | None
    detector_version: str | None
    cases: dict[str, CaseInfo]
    items: dict[str, Item]
    pool: dict[tuple[str, str], Item]  # every pooled (case, url), for progress and disputes
    dated_urls: set[str]
    results: dict[str, list[ResultInfo]]  # url → what providers returned for it
    artifacts: dict[str, ArtifactInfo]  # url → stored artifact

    def find(self, item_id: str) -> Item | None:
        """A queued item, or a pooled pair (a tie the pages queue for another judgment)."""
        return self.items.get(item_id) or next((i for i in self.pool.values() if i.id == item_id), None)


def item_id(kind: str, case_id: str | None, url: str) -> str:
    return hashlib.sha256(f"{kind}\0{case_id or ''}\0{url}".encode()).hexdigest()[:16]


def make_item(kind: str, case_id: str | None, url: str, host: str, category: str | None, providers,
              why: str | None = None) -> Item:
    return Item(id=item_id(kind, case_id, url), kind=kind, case_id=case_id, url=url, host=host, category=category,
                providers=tuple(sorted(providers)), why=why)


def _rows(conn: duckdb.DuckDBPyConnection, sql: str, params: list | None = None) -> list[dict]:
    cursor = conn.execute(sql, params or [])
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row)) for row in cursor.fetchall()]


class WarehouseBusy(Exception):
    """A run holds the warehouse for writing; the pages keep showing the snapshot they have."""


def load_snapshot(warehouse: Path, fixtures: Path) -> Snapshot:
    database = Path(warehouse) / "bench.duckdb"
    if not database.is_file():
        raise FileNotFoundError(f"{database}: no warehouse yet; run `bench run` first")
    try:
        with run_lock.reading(database):
            return _load(Path(warehouse), fixtures, database)
    except run_lock.WarehouseInUse as exc:
        raise WarehouseBusy(str(exc)) from None


def _load(warehouse: Path, fixtures: Path, database: Path) -> Snapshot:
    try:
        conn = connect(database, read_only=True)
    except duckdb.IOException as exc:
        raise WarehouseBusy(f"{database}: {exc}") from None
    try:
        latest = _rows(conn, "select run_id from report_history order by created_at desc limit 1")
        run_id = latest[0]["run_id"] if latest else None
        provenance = _rows(conn, "select provenance from run_provenance where run_id = ?", [run_id]) if run_id else []
        rooms = json.loads(provenance[0]["provenance"]).get("room_versions", {}) if provenance else {}
        cases = {r["id"]: CaseInfo(id=r["id"], query=r["query"], category=r["category"], claim_type=r["claim_type"],
                                   web_role=r["web_role"], families=json.loads(r["families"]), hosts=json.loads(r["hosts"]),
                                   freshness_days=r["freshness_days"]) for r in _rows(conn, "select * from golden_cases")}
        relevance = _rows(conn, f"""select case_id, url, any_value(host) as host, any_value(category) as category,
                                    list(distinct provider) as providers from result_relevance
                                    where rank <= {POOL_DEPTH} group by case_id, url""")
        queue = _rows(conn, "select * from review_queue")
        results = _rows(conn, f"""select url, provider, case_id, rank, title, snippet, host from search_results
                                  where rank <= {POOL_DEPTH} order by url, provider, case_id""")
        dated = {r["url"] for r in _rows(conn, "select distinct url from search_results where published_at is not null")}
        reads = _rows(conn, "select url, any_value(artifact) as artifact from document_reads group by url")
        sha = {r["path"]: r["sha256"] for r in _rows(conn, "select path, sha256 from fixture_manifest")}
        flags = {r["artifact"]: r for r in _rows(conn, "select * from artifact_injection")}
        quotes = _rows(conn, "select distinct case_id, artifact, quote from claims where quote is not null")
    finally:
        conn.close()

    pool = {(r["case_id"], r["url"]): make_item("judge_relevance", r["case_id"], r["url"], r["host"], r["category"],
                                                 r["providers"]) for r in relevance}
    hosts = {r["url"]: r["host"] for r in results}
    items = {}
    for row in queue:
        case_id = row["case_id"]
        category = cases[case_id].category if case_id in cases else None
        providers = [p for p in (row["providers"] or "").split(", ") if p] or sorted(
            {r["provider"] for r in results if r["url"] == row["url"]})
        item = make_item(row["kind"], case_id, row["url"], hosts.get(row["url"], ""), category, providers,
                         row.get("why"))
        items[item.id] = item
    by_url: dict[str, list[ResultInfo]] = defaultdict(list)
    for r in results:
        by_url[r["url"]].append(ResultInfo(provider=r["provider"], case_id=r["case_id"], rank=r["rank"],
                                           title=r["title"], snippet=r["snippet"]))
    store = ArtifactStore(fixtures)
    wanted = {i.url for i in items.values()} | {url for _, url in pool}
    artifacts = {}
    for read in reads:
        if read["url"] not in wanted:
            continue
        text, failure = store.local_read(read["artifact"], False)
        flag = flags.get(read["artifact"]) or {}
        artifacts[read["url"]] = ArtifactInfo(
            path=read["artifact"], sha256=sha.get(read["artifact"]), text=text, failure=failure,
            flagged=bool(flag.get("flagged")), vectors=json.loads(flag.get("vectors") or "[]"),
            evidence=evidence_views(flag.get("evidence")))
    for q in quotes:
        for info in artifacts.values():
            if info.path == q["artifact"]:
                info.quotes.setdefault(q["case_id"], []).append(q["quote"])
    report = str(Path(warehouse) / "reports" / run_id / "report.json") if run_id else None
    return Snapshot(run_id=run_id, report=report, reader_version=rooms.get("reader"),
                    detector_version=rooms.get("injection_detector"), cases=cases, items=items, pool=pool,
                    dated_urls=dated, results=dict(by_url), artifacts=artifacts)
