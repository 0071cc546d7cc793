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
                            "reviewer": "VARCHAR", "judged_at": "VARCHAR", "round": "VARCHAR"},
    "fixture_corpus": {"manifest_sha256": "VARCHAR", "corpus_kind": "VARCHAR", "run_id": "VARCHAR"},
    "verify_cache": {"sha256": "VARCHAR", "verifier_version": "VARCHAR", "facts": "VARCHAR"},
    "secret_scan_cache": {"sha256": "VARCHAR", "scanner_version": "VARCHAR", "findings": "VARCHAR"},
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
    "verified_dates": {"url": "VARCHAR", "verified_published_at": "DATE", "reviewer": "VARCHAR",
                       "verified_at": "VARCHAR", "round": "VARCHAR"},
    "artifact_injection": {"artifact": "VARCHAR", "has_injection": "BOOLEAN", "flagged": "BOOLEAN",
                           "vectors": "VARCHAR", "evidence": "VARCHAR", "cleared": "VARCHAR"},
    "injection_judgments": {"judgment_id": "VARCHAR", "url": "VARCHAR", "artifact": "VARCHAR",
                            "artifact_sha256": "VARCHAR", "detector_flagged": "BOOLEAN", "verdict": "VARCHAR",
                            "comment": "VARCHAR", "reviewer": "VARCHAR", "judged_at": "VARCHAR", "round": "VARCHAR"},
    "injection_decisions": {"artifact": "VARCHAR", "sha256": "VARCHAR", "flagged": "BOOLEAN", "verdict": "VARCHAR",
                            "effect": "VARCHAR", "flag_in_force": "BOOLEAN", "judgment_ids": "VARCHAR",
                            "votes": "VARCHAR"},
    "document_reads": {"provider": "VARCHAR", "artifact": "VARCHAR", "url": "VARCHAR", "operation": "VARCHAR",
                       "fixture": "VARCHAR", "status": "INTEGER", "elapsed_ms": "DOUBLE", "cost_usd": "DOUBLE",
                       "captured_at": "TIMESTAMPTZ", "failure": "VARCHAR", "read_chars": "INTEGER", "text": "VARCHAR"},
    "claims": {"claim_id": "VARCHAR", "provider": "VARCHAR", "case_id": "VARCHAR", "category": "VARCHAR",
               "entity": "VARCHAR", "claim_type": "VARCHAR", "value": "VARCHAR", "artifact": "VARCHAR",
               "quote": "VARCHAR", "span": "VARCHAR", "citable": "BOOLEAN", "published_at": "DATE",
               "from_flagged_document": "BOOLEAN", "contradicts_claim_ids": "VARCHAR"},
    "case_outcomes": {"provider": "VARCHAR", "case_id": "VARCHAR", "category": "VARCHAR", "web_role": "VARCHAR",
                      "outcome": "VARCHAR", "fallback_cause": "VARCHAR", "cost_usd": "DOUBLE", "calls": "INTEGER",
                      "claims": "INTEGER", "citable_claims": "INTEGER", "useful": "BOOLEAN"},
    "result_relevance": {"provider": "VARCHAR", "case_id": "VARCHAR", "category": "VARCHAR", "rank": "INTEGER",
                         "url": "VARCHAR", "host": "VARCHAR", "family": "VARCHAR", "judged": "BOOLEAN",
                         "relevant": "BOOLEAN", "origin_group": "VARCHAR", "proposed_addition": "BOOLEAN"},
    "recall": {"provider": "VARCHAR", "case_id": "VARCHAR", "category": "VARCHAR", "recall": "DOUBLE",
               "groups_retrieved": "INTEGER", "groups_known": "INTEGER"},
    "citation_coverage": {"provider": "VARCHAR", "category": "VARCHAR", "citation_coverage": "DOUBLE", "n": "INTEGER"},
    "freshness": {"provider": "VARCHAR", "category": "VARCHAR", "freshness_known": "DOUBLE", "n_known": "INTEGER",
                  "freshness_accuracy": "DOUBLE", "n_accuracy": "INTEGER", "freshness_within": "DOUBLE",
                  "n_within": "INTEGER"},
    "latency": {"provider": "VARCHAR", "operation": "VARCHAR", "p50": "DOUBLE", "p95": "DOUBLE", "n": "INTEGER",
                "p95_reliable": "BOOLEAN", "window_start": "TIMESTAMPTZ", "window_end": "TIMESTAMPTZ"},
    "cost_per_query": {"provider": "VARCHAR", "category": "VARCHAR", "cost_per_query_usd": "DOUBLE", "n": "INTEGER"},
    "cost_per_useful_answer": {"provider": "VARCHAR", "category": "VARCHAR", "cost_per_useful_answer_usd": "DOUBLE",
                               "n_useful": "INTEGER", "total_cost_usd": "DOUBLE"},
    "fallback_rate": {"provider": "VARCHAR", "category": "VARCHAR", "fallback_rate": "DOUBLE",
                      "fallback_by_cause": "VARCHAR", "n": "INTEGER"},
    "abstention": {"provider": "VARCHAR", "category": "VARCHAR", "abstention": "DOUBLE", "wasted_cost_usd": "DOUBLE",
                   "n": "INTEGER"},
    "injection_containment": {"provider": "VARCHAR", "category": "VARCHAR", "injection_containment": "DOUBLE",
                              "n": "INTEGER"},
    "review_queue": {"kind": "VARCHAR", "case_id": "VARCHAR", "url": "VARCHAR", "providers": "VARCHAR",
                     "why": "VARCHAR"},
    "provider_gates": {"provider": "VARCHAR", "rank": "INTEGER", "status": "VARCHAR", "gate": "VARCHAR",
                       "value": "DOUBLE", "threshold": "VARCHAR", "passed": "BOOLEAN"},
    "table_digests": {"table": "VARCHAR", "provider": "VARCHAR", "digest": "VARCHAR"},
    "computed_from": {"table": "VARCHAR", "provider": "VARCHAR", "key": "VARCHAR"},
    "origin_groups": {"url": "VARCHAR", "origin_group": "VARCHAR"},
    "bootstrap_cache": {"key": "VARCHAR", "source_version": "VARCHAR", "result": "VARCHAR"},
    "cascade_cache": {"key": "VARCHAR", "source_version": "VARCHAR", "result": "VARCHAR"},
    # Which entries of a cache each run looked up: what `bench gc` keeps. A run's set of keys is stored once
    # by its digest (`cache_key_sets.keys`: a JSON list), so a run that changed nothing adds one short row.
    "cache_use": {"table": "VARCHAR", "version": "VARCHAR", "run_id": "VARCHAR", "used_at": "TIMESTAMPTZ",
                  "keys_sha256": "VARCHAR"},
    "cache_key_sets": {"sha256": "VARCHAR", "keys": "VARCHAR"},
    "cascade_history": {"run_id": "VARCHAR", "created_at": "TIMESTAMPTZ", "category": "VARCHAR",
                        "recommended": "VARCHAR", "answered_rate": "DOUBLE", "cost_per_useful_answer_usd": "DOUBLE"},
    "report_history": {"run_id": "VARCHAR", "created_at": "TIMESTAMPTZ", "provider": "VARCHAR", "rank": "INTEGER",
                       "status": "VARCHAR", "price_version": "VARCHAR", "manifest_sha256": "VARCHAR",
                       "golden_sha256": "VARCHAR", "cost_per_useful_answer_usd": "DOUBLE", "precision_at_10": "DOUBLE",
                       "judged_at_10": "INTEGER", "recall": "DOUBLE", "citation_coverage": "DOUBLE",
                       "freshness_accuracy": "DOUBLE", "room_versions": "VARCHAR"},
}


# What the warehouse remembers only to skip work: content stamps, the keys rows were computed from,
# and results by input digest. Deleting these tables makes the next run compute everything anew.
REMEMBERED = ("table_digests", "computed_from", "origin_groups", "verify_cache", "secret_scan_cache", "bootstrap_cache",
              "cascade_cache", "cache_use", "cache_key_sets")
# The caches that grow by content key, and that `bench gc` prunes.
CACHES = ("verify_cache", "secret_scan_cache", "bootstrap_cache", "cascade_cache")


def columns(table: str) -> list[str]:
    return list(SCHEMAS[table])


def ddl(table: str) -> str:
    cols = ", ".join(f'"{name}" {kind}' for name, kind in SCHEMAS[table].items())
    return f'create table if not exists "{table}" ({cols})'


def column_schema(table: str) -> dg.TableSchema:
    return dg.TableSchema(columns=[dg.TableColumn(name, kind) for name, kind in SCHEMAS[table].items()])
