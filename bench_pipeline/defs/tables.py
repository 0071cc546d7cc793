"""Every warehouse table's schema, in one place: the asset that owns a table writes exactly these columns."""

import dagster as dg

SCHEMAS: dict[str, dict[str, str]] = {
    "fixture_manifest": {"path": "VARCHAR", "provider": "VARCHAR", "class": "VARCHAR", "case_id": "VARCHAR",
                         "sha256": "VARCHAR", "sha256_original": "VARCHAR", "captured_at": "VARCHAR",
                         "synthetic": "BOOLEAN", "truncated": "BOOLEAN", "bytes": "BIGINT"},
    "manifest_findings": {"rule": "VARCHAR", "severity": "VARCHAR", "path": "VARCHAR", "field": "VARCHAR",
                          "message": "VARCHAR"},
    "golden_cases": {"id": "VARCHAR", "query": "VARCHAR", "entity": "VARCHAR", "category": "VARCHAR",
                     "claim_type": "VARCHAR", "web_role": "VARCHAR", "families": "VARCHAR", "hosts": "VARCHAR",
                     "freshness_days": "INTEGER"},
    "relevance_judgments": {"case_id": "VARCHAR", "url": "VARCHAR", "relevant": "BOOLEAN", "reason": "VARCHAR",
                            "reviewer": "VARCHAR", "judged_at": "VARCHAR"},
    "secret_scan_findings": {"file": "VARCHAR", "json_path": "VARCHAR", "detector": "VARCHAR", "preview": "VARCHAR"},
    "run_provenance": {"run_id": "VARCHAR", "provenance": "VARCHAR"},
    "search_results": {"provider": "VARCHAR", "case_id": "VARCHAR", "category": "VARCHAR", "rank": "INTEGER",
                       "url": "VARCHAR", "host": "VARCHAR", "family": "VARCHAR", "title": "VARCHAR",
                       "snippet": "VARCHAR", "published_at": "DATE", "published_raw": "VARCHAR", "score": "DOUBLE",
                       "fixture": "VARCHAR"},
    "search_calls": {"provider": "VARCHAR", "case_id": "VARCHAR", "category": "VARCHAR", "operation": "VARCHAR",
                     "fixture": "VARCHAR", "status": "INTEGER", "elapsed_ms": "DOUBLE", "cost_usd": "DOUBLE",
                     "captured_at": "TIMESTAMPTZ", "request_id": "VARCHAR", "outcome": "VARCHAR"},
    "precision_at_k": {"provider": "VARCHAR", "case_id": "VARCHAR", "category": "VARCHAR", "precision_at_5": "DOUBLE",
                       "precision_at_10": "DOUBLE", "returned_at_10": "INTEGER", "judged_at_10": "INTEGER"},
    "conformance": {"provider": "VARCHAR", "check": "VARCHAR", "passed": "BOOLEAN", "detail": "VARCHAR"},
    "partial_assessments": {"provider": "VARCHAR", "fixture": "VARCHAR", "requested": "INTEGER", "returned": "INTEGER",
                            "partial": "BOOLEAN", "missing": "VARCHAR", "provider_says_partial": "BOOLEAN",
                            "honest": "BOOLEAN", "false_complete": "BOOLEAN"},
}


def columns(table: str) -> list[str]:
    return list(SCHEMAS[table])


def ddl(table: str) -> str:
    cols = ", ".join(f'"{name}" {kind}' for name, kind in SCHEMAS[table].items())
    return f'create table if not exists "{table}" ({cols})'


def column_schema(table: str) -> dg.TableSchema:
    return dg.TableSchema(columns=[dg.TableColumn(name, kind) for name, kind in SCHEMAS[table].items()])
