"""Content caches in the warehouse: a value per sha256 of some input, valid for one version of the code
that computed it (a digest of that code, never a string bumped by hand).

A cache table's columns are (key, version, value as JSON). Rows are appended, never replaced;
rows of another version are ignored, so changed code is the whole invalidation."""

import json

from bench_pipeline.defs.metadata import frame_of
from bench_pipeline.defs.resources import Warehouse
from bench_pipeline.defs.tables import columns


def read_cache(warehouse: Warehouse, table: str, version: str) -> dict:
    key, version_column, value = columns(table)
    warehouse.ensure_table(table)
    return {r[key]: json.loads(r[value]) for r in warehouse.records(
        f'select "{key}", "{value}" from "{table}" where "{version_column}" = ?', [version])}


def append_new(warehouse: Warehouse, table: str, version: str, cache: dict, known: set) -> int:
    """Append the entries added to `cache` since it was read (`known` = the keys read)."""
    key, version_column, value = columns(table)
    fresh = [{key: k, version_column: version, value: json.dumps(v)} for k, v in sorted(cache.items()) if k not in known]
    warehouse.append_rows(table, frame_of(table, fresh))
    return len(fresh)
