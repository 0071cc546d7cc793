"""The hard gates (docs/method.md#hard-gates-and-statuses) as checks on the report.

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


@dg.multi_asset_check(
    specs=[spec for gate in GATES for spec in (
        dg.AssetCheckSpec(f"{gate}_consequence", asset=benchmark_report, blocking=True,
                          description=f"every provider failing {gate} has its consequence: "
                                      f"{' or '.join(ALLOWED_WHEN_FAILED[gate])}"),
        dg.AssetCheckSpec(f"{gate}_all_pass", asset=benchmark_report,
                          description=f"soft signal: providers failing or pending on {gate}"))],
    pool="duckdb",
)
def gate_checks(warehouse: Warehouse):
    """One read of `provider_gates`; per gate, the enforced consequence (ERROR) and the failures (WARN)."""
    rows = warehouse.records("select provider, status, rank, gate, value, passed from provider_gates order by provider")
    for gate in GATES:
        mine = [r for r in rows if r["gate"] == gate]
        yield consequence_result(gate, mine)
        yield failures_result(gate, mine)


def consequence_result(gate: str, rows: list[dict]) -> dg.AssetCheckResult:
    escaped = [r for r in rows if r["passed"] is False and r["status"] not in ALLOWED_WHEN_FAILED[gate]]
    ranked_disqualified = [r for r in rows if r["status"] == "disqualified" and r["rank"] is not None]
    bad = escaped + ranked_disqualified
    return dg.AssetCheckResult(
        check_name=f"{gate}_consequence", asset_key=benchmark_report.key, passed=not bad,
        description="; ".join(f"{r['provider']} is {r['status']} (rank {r['rank']})" for r in bad) or "enforced",
        metadata={"providers": dg.MetadataValue.int(len(rows))},
    )


def failures_result(gate: str, rows: list[dict]) -> dg.AssetCheckResult:
    failed = [r for r in rows if r["passed"] is False]
    pending = [r for r in rows if r["passed"] is None]
    return dg.AssetCheckResult(
        check_name=f"{gate}_all_pass", asset_key=benchmark_report.key, passed=not failed and not pending,
        severity=dg.AssetCheckSeverity.WARN,
        description=", ".join([*(f"{r['provider']} failed ({r['value']:.4g})" for r in failed),
                               *(f"{r['provider']} pending" for r in pending)]) or "every provider passed",
        metadata={"failed": dg.MetadataValue.int(len(failed)), "pending": dg.MetadataValue.int(len(pending))},
    )
