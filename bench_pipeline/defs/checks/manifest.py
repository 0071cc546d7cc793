"""Manifest integrity as blocking checks: one check per rule of `bench verify`."""

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


def _manifest_check(rule: str) -> dg.AssetChecksDefinition:
    @dg.asset_check(asset=fixture_manifest, name=rule, blocking=True, pool="duckdb", description=_DESCRIPTIONS[rule])
    def _check(warehouse: Warehouse) -> dg.AssetCheckResult:
        found = warehouse.query("select severity, path, field, message from manifest_findings where rule = ? order by path",
                                [rule])
        errors = found[found.severity == "error"]
        lines = [f"{r.path}: {r.field}: {r.message}" for r in found.itertuples()]
        return dg.AssetCheckResult(
            passed=found.empty,
            severity=dg.AssetCheckSeverity.ERROR if len(errors) else dg.AssetCheckSeverity.WARN,
            description=lines[0] if lines else "no findings",
            metadata={"findings": dg.MetadataValue.int(len(found)),
                      "detail": dg.MetadataValue.md("\n".join(f"- `{line}`" for line in lines[:50]) or "none")},
        )

    return _check


manifest_checks = [_manifest_check(rule) for rule in RULES]
