"""Per-provider tables recomputed only where their inputs changed.

Every write stamps a content digest per provider partition (`table_digests`). A per-provider metric
keys each provider's rows on the digests of that provider's input partitions, the whole tables it
also reads (golden set, judgments), any pooled quantity it depends on, and the package source; it
recomputes the providers whose key moved and keeps the others' rows.
So a re-run after one provider's fixtures changed recomputes that provider's rows (plus everyone's
where a pooled quantity moved), and a second run on the same inputs recomputes nothing.
"""

import hashlib
import json
from collections.abc import Callable

import dagster as dg

from bench_pipeline.defs.digests import WHOLE, source_digest
from bench_pipeline.defs.metadata import frame_of, md_table
from bench_pipeline.defs.resources import Warehouse
from bench_pipeline.defs.tables import column_schema

# Stale providers are written together up to this many rows: one transaction per provider cost more than
# the metrics themselves, and one for every provider would hold a 50-provider table in memory at once.
BATCH_ROWS = 50_000


def pooled_digest(value) -> str:
    """Digest of a pooled quantity computed in the step (JSON-serialisable, sets as sorted lists)."""
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=sorted).encode()).hexdigest()


def input_keys(warehouse: Warehouse, providers: list[str], per_provider: list[str], whole: list[str] = (),
               pooled: dict[str, str] | str | None = None) -> dict[str, str]:
    """provider → key of everything its rows are computed from. `pooled`: a digest of a pooled
    quantity, one for every provider or one per provider."""
    stamps = warehouse.digests([*per_provider, *whole])
    shared = [stamps.get((table, WHOLE)) for table in whole]
    return {p: pooled_digest([source_digest(), [stamps.get((t, p)) for t in per_provider], shared,
                              pooled.get(p) if isinstance(pooled, dict) else pooled])
            for p in providers}


def stored_key(warehouse: Warehouse, table: str) -> str | None:
    """The key a whole pooled table was last computed from."""
    warehouse.ensure_table("computed_from")
    found = warehouse.records('select key from computed_from where "table" = ? and provider = ?', [table, WHOLE])
    return found[0]["key"] if found else None


def record_key(warehouse: Warehouse, table: str, key: str) -> None:
    """Recorded in the transaction that writes the table (`Warehouse.transaction`): a table and the key it was
    computed from never disagree, even after a run killed between the two."""
    with warehouse.transaction(), warehouse.connection() as conn:
        conn.execute('delete from computed_from where "table" = ? and provider = ?', [table, WHOLE])
        conn.execute("insert into computed_from values (?, ?, ?)", [table, WHOLE, key])


def refresh(warehouse: Warehouse, table: str, keys: dict[str, str], compute: Callable[[str], list[dict]]) -> list[str]:
    """Recompute the partitions whose key changed (written with their keys, in transactions of up to BATCH_ROWS),
    drop those of providers no longer configured; returns the providers recomputed."""
    with warehouse.session():
        warehouse.ensure_table("computed_from")
        warehouse.ensure_table(table)
        stored = {r["provider"]: r["key"] for r in warehouse.records(
            'select provider, key from computed_from where "table" = ?', [table])}
        stale = [p for p, key in keys.items() if stored.get(p) != key]
        batch: list[str] = []
        rows: list[dict] = []
        for provider in stale:
            batch.append(provider)
            rows.extend(compute(provider))
            if len(rows) >= BATCH_ROWS or provider == stale[-1]:
                warehouse.replace_partitions(table, frame_of(table, rows), batch, {p: keys[p] for p in batch})
                batch, rows = [], []
        gone = sorted({r["provider"] for r in warehouse.records(f'select distinct provider from "{table}"')} - set(keys))
        if gone:
            warehouse.replace_partitions(table, frame_of(table, []), gone, {})
    return stale


def refreshed_metadata(warehouse: Warehouse, table: str, keys: dict[str, str], stale: list[str],
                       preview_where: str = "true") -> dict:
    """Row count, schema, a preview read back from the table, and which providers were recomputed."""
    with warehouse.session():
        rows = warehouse.records(f'select count(*) as n from "{table}"')[0]["n"]
        preview = warehouse.query(f'select * from "{table}" where {preview_where} order by all limit 12')
    return {
        "dagster/row_count": dg.MetadataValue.int(int(rows)),
        "dagster/table_name": dg.MetadataValue.text(table),
        "dagster/column_schema": column_schema(table),
        "preview": md_table(preview),
        "recomputed_providers": dg.MetadataValue.text(", ".join(stale) or "none (inputs unchanged)"),
        "reused_providers": dg.MetadataValue.int(len(keys) - len(stale)),
    }
