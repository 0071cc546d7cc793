"""The hard gates (seed §5) as checks on the report.

A provider failing a gate is a verdict, not a broken run: `bench run` completes and the report says
so. What must never happen is a verdict without its consequence — so each gate has a blocking
ERROR check that its consequence was applied, and a WARN check naming the providers that failed it.
"""

import dagster as dg

from bench_pipeline.defs.assets.report import benchmark_report
from bench_pipeline.defs.resources import Warehouse
from bench_pipeline.report.gates import DISQUALIFYING, THRESHOLDS

# gate → the statuses a provider failing it may still have
ALLOWED_WHEN_FAILED = {
    **{gate: ("disqualified",) for gate in DISQUALIFYING},
    "citation_coverage": ("disqualified", "enrichment_only"),
    "cost_divergence": ("disqualified", "enrichment_only", "blocked_promotion"),
}
GATES = (*THRESHOLDS, "honest_partial")


def _consequence_check(gate: str) -> dg.AssetChecksDefinition:
    @dg.asset_check(asset=benchmark_report, pool="duckdb", name=f"{gate}_consequence", blocking=True,
                    description=f"every provider failing {gate} has its consequence: {' or '.join(ALLOWED_WHEN_FAILED[gate])}")
    def _check(warehouse: Warehouse) -> dg.AssetCheckResult:
        rows = warehouse.records("select provider, status, rank, passed from provider_gates where gate = ?", [gate])
        escaped = [r for r in rows if r["passed"] is False and r["status"] not in ALLOWED_WHEN_FAILED[gate]]
        ranked_disqualified = [r for r in rows if r["status"] == "disqualified" and r["rank"] is not None]
        bad = escaped + ranked_disqualified
        return dg.AssetCheckResult(
            passed=not bad,
            description="; ".join(f"{r['provider']} is {r['status']} (rank {r['rank']})" for r in bad) or "enforced",
            metadata={"providers": dg.MetadataValue.int(len(rows))},
        )
    return _check


def _failures_check(gate: str) -> dg.AssetChecksDefinition:
    @dg.asset_check(asset=benchmark_report, pool="duckdb", name=f"{gate}_all_pass",
                    description=f"soft signal: providers failing or pending on {gate}")
    def _check(warehouse: Warehouse) -> dg.AssetCheckResult:
        rows = warehouse.records("select provider, value, passed from provider_gates where gate = ? order by provider", [gate])
        failed = [r for r in rows if r["passed"] is False]
        pending = [r for r in rows if r["passed"] is None]
        return dg.AssetCheckResult(
            passed=not failed and not pending,
            severity=dg.AssetCheckSeverity.WARN,
            description=", ".join([*(f"{r['provider']} failed ({r['value']:.4g})" for r in failed),
                                   *(f"{r['provider']} pending" for r in pending)]) or "every provider passed",
            metadata={"failed": dg.MetadataValue.int(len(failed)), "pending": dg.MetadataValue.int(len(pending))},
        )
    return _check


gate_checks = [check for gate in GATES for check in (_consequence_check(gate), _failures_check(gate))]
