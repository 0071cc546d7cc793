"""Content caches in the warehouse: a value per sha256 of some input, valid for one version of the code
that computed it (a digest of that code, never a string bumped by hand).

A cache table's columns are (key, version, value as JSON). Rows are appended, never replaced;
rows of another version are ignored, so changed code is the whole invalidation. Each run also records
which entries it looked up (`cache_use`), so `bench gc` can drop those no recent run needed."""

import hashlib
import json
from datetime import UTC, datetime

from bench_pipeline.defs.metadata import frame_of
from bench_pipeline.defs.resources import Warehouse
from bench_pipeline.defs.tables import columns


class Looked(dict):
    """A cache that remembers which keys were read from it (`used`): the entries a run needed."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.used: set = set()

    def __getitem__(self, key):
        value = super().__getitem__(key)
        self.used.add(key)
        return value


def read_cache(warehouse: Warehouse, table: str, version: str) -> Looked:
    key, version_column, value = columns(table)
    warehouse.ensure_table(table)
    return Looked({r[key]: json.loads(r[value]) for r in warehouse.records(
        f'select "{key}", "{value}" from "{table}" where "{version_column}" = ?', [version])})


def append_new(warehouse: Warehouse, table: str, version: str, cache: dict, known: set) -> int:
    """Append the entries added to `cache` since it was read (`known` = the keys read)."""
    key, version_column, value = columns(table)
    fresh = [{key: k, version_column: version, value: json.dumps(v)} for k, v in sorted(cache.items()) if k not in known]
    warehouse.append_rows(table, frame_of(table, fresh))
    return len(fresh)


def record_use(warehouse: Warehouse, table: str, version: str, run_id: str, keys: set) -> None:
    """The entries of `table` this run looked up (whether it found them or computed them)."""
    listed = json.dumps(sorted(keys))
    digest = hashlib.sha256(listed.encode()).hexdigest()
    with warehouse.session():
        warehouse.ensure_table("cache_key_sets")
        if not warehouse.records("select 1 from cache_key_sets where sha256 = ?", [digest]):
            warehouse.append_rows("cache_key_sets", frame_of("cache_key_sets", [{"sha256": digest, "keys": listed}]))
        warehouse.append_rows("cache_use", frame_of("cache_use", [{
            "table": table, "version": version, "run_id": run_id, "used_at": datetime.now(UTC),
            "keys_sha256": digest}]))
