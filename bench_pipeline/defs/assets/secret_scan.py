"""The committed-fixture scan: every fixture through the detectors redaction uses."""

import dagster as dg

from bench_pipeline.defs.caches import Looked, append_new, read_cache, record_use
from bench_pipeline.defs.metadata import frame_of, table_metadata
from bench_pipeline.defs.resources import BenchConfig, Warehouse
from bench_pipeline.redaction.scan import scan_fixture_tree, scanner_digest


@dg.asset(pool="duckdb", group_name="corpus", kinds={"duckdb"})
def fixture_secret_scan(context: dg.AssetExecutionContext, bench: BenchConfig,
                        warehouse: Warehouse) -> dg.MaterializeResult:
    """Secrets and personal data left in committed fixtures (masked previews, never the value),
    each named by file and JSON path. Role mailboxes published by companies are not findings.
    Files whose bytes this very scanner (same code, same engine) already scanned are not scanned again."""
    scanner = scanner_digest()
    cache = Looked({sha: [tuple(f) for f in found]
                    for sha, found in read_cache(warehouse, "secret_scan_cache", scanner).items()})
    known = set(cache)
    findings = frame_of("secret_scan_findings", [f.as_row() for f in scan_fixture_tree(bench.fixtures, cache)])
    warehouse.replace_table("secret_scan_findings", findings)
    fresh = append_new(warehouse, "secret_scan_cache", scanner, cache, known)
    record_use(warehouse, "secret_scan_cache", scanner, context.run.run_id, cache.used)
    return dg.MaterializeResult(metadata={**table_metadata("secret_scan_findings", findings),
                                          "files_scanned_anew": dg.MetadataValue.int(fresh),
                                          "files_unchanged_since_a_scan": dg.MetadataValue.int(len(known))})


@dg.asset_check(asset=fixture_secret_scan, blocking=True, pool="duckdb",
                description="no secret or personal datum in any committed fixture (role mailboxes excepted)")
def no_secrets_in_fixtures(warehouse: Warehouse) -> dg.AssetCheckResult:
    found = warehouse.read_table("secret_scan_findings")
    lines = [f"{r.file}: {r.json_path}: {r.detector} ({r.preview})" for r in found.itertuples()]
    return dg.AssetCheckResult(
        passed=found.empty,
        description=lines[0] if lines else "no findings",
        metadata={"findings": dg.MetadataValue.int(len(found)),
                  "detail": dg.MetadataValue.md("\n".join(f"- `{line}`" for line in lines[:50]) or "none")},
    )
