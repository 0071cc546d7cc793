"""Corpus assets: the verified fixture manifest, the golden set, and the run's provenance."""

import json
from pathlib import Path

import dagster as dg
import pandas as pd

from bench_pipeline.defs.caches import append_new, read_cache, record_use
from bench_pipeline.defs.metadata import frame_of, md_table, table_metadata
from bench_pipeline.defs.resources import BenchConfig, Warehouse
from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.golden import GoldenCase
from bench_pipeline.domain.manifest import FIXTURE_CLASSES
from bench_pipeline.files import sha256_file
from bench_pipeline.fixtures.manifest_io import manifest_path
from bench_pipeline.fixtures.verify import verifier_digest, verify_fixtures
from bench_pipeline.golden.load import (
    golden_sha256,
    load_golden,
    load_host_families,
    load_judgment_rounds,
    load_verified_date_rounds,
)
from bench_pipeline.providers.registry import load_providers
from bench_pipeline.report.provenance import METHOD_SETTINGS, collect_provenance


@dg.asset(pool="duckdb", group_name="corpus", kinds={"duckdb"})
def fixture_manifest(context: dg.AssetExecutionContext, bench: BenchConfig,
                     warehouse: Warehouse) -> dg.MaterializeResult:
    """Every fixture file listed in manifest.json, verified: hashes, captured_at, paths, classes.

    Findings land in `manifest_findings`; the blocking checks on this asset read them, so a
    tampered corpus stops the run before anything is computed from it."""
    providers = load_providers(Path(bench.providers_file))
    verifier = verifier_digest()
    cache = read_cache(warehouse, "verify_cache", verifier)
    known = set(cache)
    manifest_sha256 = sha256_file(manifest_path(bench.fixtures)) if manifest_path(bench.fixtures).is_file() else None
    verification = verify_fixtures(bench.fixtures, known_providers=set(providers.providers), cache=cache)
    entries = frame_of("fixture_manifest", [e.model_dump(mode="json", by_alias=True) for e in verification.entries])
    findings = frame_of("manifest_findings", [f.as_row() for f in verification.findings])
    with warehouse.transaction():
        warehouse.replace_table("fixture_manifest", entries)
        warehouse.replace_table("manifest_findings", findings)
        if verification.ok:  # a judgments-only re-run names the corpus its observations were made from, and the run
            warehouse.replace_table("fixture_corpus", frame_of("fixture_corpus", [
                {"manifest_sha256": manifest_sha256, "corpus_kind": verification.corpus_kind,
                 "run_id": context.run.run_id}]))
    parsed = append_new(warehouse, "verify_cache", verifier, cache, known)
    record_use(warehouse, "verify_cache", verifier, context.run.run_id, cache.used)
    coverage = pd.DataFrame(
        [{"provider": p, "classes": len(c), "missing": ", ".join(sorted(set(FIXTURE_CLASSES) - c)) or "—"}
         for p, c in sorted(verification.classes_by_provider.items())])
    return dg.MaterializeResult(metadata={
        **table_metadata("fixture_manifest", entries),
        "corpus_kind": dg.MetadataValue.text(str(verification.corpus_kind)),
        "errors": dg.MetadataValue.int(len(verification.errors)),
        "warnings": dg.MetadataValue.int(len(verification.findings) - len(verification.errors)),
        "files_parsed_anew": dg.MetadataValue.int(parsed),
        "classes_by_provider": md_table(coverage),
    })


@dg.asset(pool="duckdb", group_name="corpus", kinds={"duckdb"})
def golden_cases(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """The golden set: its cases, with the host-family rules validated beside them."""
    golden = load_golden(bench.golden)
    load_host_families(bench.golden)  # validated here so a bad rules file fails at the source
    cases = frame_of("golden_cases", [_case_row(c) for c in golden.cases])
    warehouse.replace_table("golden_cases", cases)
    by_role = cases.groupby("web_role").size().to_dict() if len(cases) else {}
    return dg.MaterializeResult(metadata={
        **table_metadata("golden_cases", cases),
        "by_web_role": dg.MetadataValue.json({k: int(v) for k, v in by_role.items()}),
    })


@dg.asset(pool="duckdb", group_name="corpus", kinds={"duckdb"})
def golden_judgments(bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """Every relevance judgment ever appended (`golden/judgments/*.jsonl`) and the hand-verified
    publication dates of the freshness sample: what a review round changes, and nothing else."""
    judgments = frame_of("relevance_judgments", [{**j.model_dump(mode="json"), "round": r}
                                                 for r, j in load_judgment_rounds(bench.golden)])
    verified = frame_of("verified_dates", [{**v.model_dump(mode="json"), "round": r}
                                           for r, v in load_verified_date_rounds(bench.golden)])
    with warehouse.transaction():
        warehouse.replace_table("relevance_judgments", judgments)
        warehouse.replace_table("verified_dates", verified)
    return dg.MaterializeResult(metadata={
        **table_metadata("relevance_judgments", judgments),
        "verified_dates": dg.MetadataValue.int(len(verified)),
    })


def _case_row(case: GoldenCase) -> dict:
    row = case.model_dump(mode="json", exclude={"expect"})
    return {**row, "families": json.dumps(case.expect.families), "hosts": json.dumps(case.expect.hosts)}


def cases_from_table(frame: pd.DataFrame) -> list[GoldenCase]:
    """Golden cases back from their table (expect lists are stored as JSON text)."""
    cases = []
    for row in frame.to_dict("records"):
        expect = {"families": json.loads(row.pop("families")), "hosts": json.loads(row.pop("hosts"))}
        freshness = row.pop("freshness_days")
        cases.append(GoldenCase.model_validate({**row, "expect": expect,
                                                "freshness_days": None if pd.isna(freshness) else int(freshness)}))
    return cases


NO_WHOLE_RUN = "no verified fixture manifest yet: run the whole benchmark first"
UNFINISHED_RUN = ("the last whole run ({run_id}) verified the fixtures but did not finish, so the tables it left "
                  "are not one run's: run the whole benchmark first")


def verified_corpus(warehouse: Warehouse) -> dict:
    """The manifest digest and corpus kind that `fixture_manifest` last verified: what a run that
    reads no fixture (a judgments-only re-run) reports its corpus as."""
    warehouse.ensure_table("fixture_corpus")
    rows = warehouse.records("select * from fixture_corpus")
    if not rows or rows[0]["manifest_sha256"] is None:
        raise InputError(warehouse.database, "fixture_corpus", NO_WHOLE_RUN)
    return rows[0]


def require_finished_whole_run(warehouse: Warehouse) -> None:
    """A run that reads what a whole run left (a judgments-only re-run) needs that run to have committed its
    report: a whole run killed halfway leaves some tables new and others old. (A warehouse from before the
    run was recorded here has no `run_id`, and is taken as it is.)"""
    run_id = verified_corpus(warehouse).get("run_id")
    warehouse.ensure_table("report_history")
    if run_id is not None and not warehouse.records("select 1 from report_history where run_id = ? limit 1", [run_id]):
        raise InputError(warehouse.database, "fixture_corpus", UNFINISHED_RUN.format(run_id=run_id))


# By key: the injection judgments' asset sits after the injection scan, whose module imports this one.
@dg.asset(pool="duckdb", group_name="corpus", kinds={"duckdb"},
          deps=[fixture_manifest, golden_cases, golden_judgments, dg.AssetKey("injection_judgments")])
def run_provenance(context: dg.AssetExecutionContext, bench: BenchConfig, warehouse: Warehouse) -> dg.MaterializeResult:
    """What this run is made of, recorded before anything is computed (docs/report.md#provenance); appended,
    never replaced. The manifest is named by the digest verification recorded, so this step reads no fixture."""
    provenance = collect_provenance(
        repo_dir=Path.cwd(),
        manifest_sha256=verified_corpus(warehouse)["manifest_sha256"],
        golden_sha256=golden_sha256(bench.golden),
        providers=load_providers(Path(bench.providers_file)),
        providers_file=Path(bench.providers_file),
        settings={"fixtures_dir": bench.fixtures_dir, "golden_dir": bench.golden_dir,
                  "providers_file": bench.providers_file, "invoices_dir": bench.invoices_dir, "mode": "replay",
                  **METHOD_SETTINGS},
    )
    row = pd.DataFrame([{"run_id": context.run.run_id, "provenance": json.dumps(provenance, sort_keys=True)}])
    warehouse.append_rows("run_provenance", row)
    return dg.MaterializeResult(metadata={
        "git_revision": dg.MetadataValue.text(str(provenance["git_revision"])),
        "git_dirty": dg.MetadataValue.text(str(provenance["git_dirty"])),
        "manifest_sha256": dg.MetadataValue.text(provenance["manifest_sha256"]),
        "golden_sha256": dg.MetadataValue.text(provenance["golden_sha256"]),
        "provenance": dg.MetadataValue.json(provenance),
    })
