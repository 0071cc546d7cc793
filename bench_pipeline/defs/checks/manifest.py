"""Manifest integrity as blocking checks: one check per rule of `bench verify`, evaluated in one step."""

import dagster as dg

from bench_pipeline.defs.assets.corpus import fixture_manifest
from bench_pipeline.defs.resources import Warehouse
from bench_pipeline.fixtures.verify import RULES

_DESCRIPTIONS = {
    "manifest_valid": "manifest.json and every exchange file parse against their models",
    "path_inside": "no path escapes the fixtures folder ('..', absolute, symlinks out)",
    "file_listed": "every file under the fixtures tree is listed in the manifest",
    "file_exists": "every listed file exists",
    "sha256_matches": "every file hashes to its manifest sha256",
    "captured_at_sane": "captured_at present, ISO-8601 UTC, not in the future, same in file and manifest",
    "provider_known": "every provider is configured in providers.yaml and matches its folder",
    "synthetic_allowed": "synthetic fixtures only in classes 4-8 (a warning for the demo corpus)",
    "classes_complete": "every provider brings all nine fixture classes",
}


@dg.multi_asset_check(
    specs=[dg.AssetCheckSpec(rule, asset=fixture_manifest, blocking=True, description=_DESCRIPTIONS[rule]) for rule in RULES],
    pool="duckdb",
)
def manifest_checks(warehouse: Warehouse):
    """One read of `manifest_findings`, one result per rule (one step instead of nine)."""
    found = warehouse.records("select rule, severity, path, field, message from manifest_findings order by path")
    for rule in RULES:
        mine = [f for f in found if f["rule"] == rule]
        lines = [f"{f['path']}: {f['field']}: {f['message']}" for f in mine]
        errors = any(f["severity"] == "error" for f in mine)
        yield dg.AssetCheckResult(
            check_name=rule,
            asset_key=fixture_manifest.key,
            passed=not mine,
            severity=dg.AssetCheckSeverity.ERROR if errors else dg.AssetCheckSeverity.WARN,
            description=lines[0] if lines else "no findings",
            metadata={"findings": dg.MetadataValue.int(len(mine)),
                      "detail": dg.MetadataValue.md("\n".join(f"- `{line}`" for line in lines[:50]) or "none")},
        )
