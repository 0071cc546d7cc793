"""The injection scan of every stored artifact (provider-independent, like the artifacts themselves),
and what reviewers decided about its verdicts."""

import json

import dagster as dg

from bench_pipeline.defs.assets.corpus import fixture_manifest
from bench_pipeline.defs.metadata import frame_of, table_metadata
from bench_pipeline.defs.resources import BenchConfig, Warehouse
from bench_pipeline.fixtures.manifest_io import load_manifest
from bench_pipeline.golden.load import load_injection_judgment_rounds
from bench_pipeline.injection.detector import scan
from bench_pipeline.metrics.injection_verdicts import decision_rows, decisions
from bench_pipeline.observations.artifacts import ArtifactStore, media_of

SHARED_ARTIFACTS = ("_shared/html/", "_shared/pdf/")


@dg.asset(pool="duckdb", group_name="observations", kinds={"duckdb"}, deps=[fixture_manifest])
def injection_scan(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """Every `_shared` page and PDF through the injection detector (`artifact_injection`): flagged,
    which vectors, the evidence (each window that flags it, with its signals, their weights, the bar,
    the verifier's score and the channel) and the windows over a bar the verifier cleared.
    `has_injection` is the corpus's own label (class prompt-injection)."""
    store = ArtifactStore(bench.fixtures)
    rows = []
    for entry in sorted(load_manifest(bench.fixtures).entries, key=lambda e: e.path):
        if not entry.path.startswith(SHARED_ARTIFACTS):
            continue
        report = scan(store.data(entry.path), media_of(entry.path))
        rows.append({"artifact": entry.path, "has_injection": entry.fixture_class == "prompt-injection",
                     "flagged": report.flagged, "vectors": json.dumps(report.vectors),
                     "evidence": json.dumps([e.model_dump() for e in report.evidence], ensure_ascii=False),
                     "cleared": json.dumps([e.model_dump() for e in report.explained() if e.decision == "cleared"],
                                           ensure_ascii=False)})
    table = frame_of("artifact_injection", rows)
    warehouse.replace_table("artifact_injection", table)
    missed = table[table.has_injection & ~table.flagged] if len(table) else table
    false_alarms = table[~table.has_injection & table.flagged] if len(table) else table
    return dg.MaterializeResult(metadata={
        **table_metadata("artifact_injection", table.drop(columns=["evidence", "cleared"])),
        "injection_documents": dg.MetadataValue.int(int(table.has_injection.sum()) if len(table) else 0),
        "missed": dg.MetadataValue.int(len(missed)),
        "flagged_clean_documents": dg.MetadataValue.int(len(false_alarms)),
    })


@dg.asset(pool="duckdb", group_name="observations", kinds={"duckdb"}, deps=[injection_scan])
def injection_judgments(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """Reviewers' answers to "is this page trying to instruct an automated reader?"
    (`golden/injection_judgments/*.jsonl`, table `injection_judgments`), and per judged document what
    their majority decides (`injection_decisions`): a flag lifted for the metrics, a flag confirmed,
    a detector miss. Only a document's current bytes count: judgments name the sha256 they saw."""
    rounds = load_injection_judgment_rounds(bench.golden)
    judgments = frame_of("injection_judgments", [{**j.model_dump(mode="json"), "round": r} for r, j in rounds])
    with warehouse.session():
        documents = warehouse.records("""select a.artifact, a.flagged, m.sha256 from artifact_injection a
                                         join fixture_manifest m on m.path = a.artifact""")
        decided = frame_of("injection_decisions", decision_rows(documents, decisions(j for _, j in rounds)))
        with warehouse.transaction():
            warehouse.replace_table("injection_judgments", judgments)
            warehouse.replace_table("injection_decisions", decided)
    effects = decided.groupby("effect").size().to_dict() if len(decided) else {}
    return dg.MaterializeResult(metadata={
        **table_metadata("injection_decisions", decided),
        "judgments": dg.MetadataValue.int(len(judgments)),
        "effects": dg.MetadataValue.json({str(k): int(v) for k, v in effects.items()}),
    })
