"""Provenance (docs/report.md#provenance), recorded before anything is computed: two reports that differ must be
explainable from it."""

from __future__ import annotations

import subprocess
from importlib import metadata
from pathlib import Path

from bench_pipeline.claims import CLAIMS_VERSION
from bench_pipeline.domain.providers_config import ProvidersConfig
from bench_pipeline.files import sha256_file
from bench_pipeline.injection import DETECTOR_VERSION
from bench_pipeline.golden.review_queue import SAMPLE_SEED, UNFLAGGED_SAMPLE
from bench_pipeline.metrics.freshness import TOLERANCE_DAYS
from bench_pipeline.metrics.injection_verdicts import INJECTION_RULE
from bench_pipeline.metrics.latency import MIN_N_FOR_P95
from bench_pipeline.metrics.relevance import DISAGREEMENT_RULE
from bench_pipeline.domain.golden import POOL_DEPTH
from bench_pipeline.observations.outcomes import CASE_BUDGET_USD
from bench_pipeline.reading import READER_VERSION
from bench_pipeline.redaction.scan import scanner_digest
from bench_pipeline.report.cascade import SEARCH_STATUSES
from bench_pipeline.report.cascade_choice import RULE
from bench_pipeline.report.cascade_search import COST_DECIMALS, MAX_LENGTH
from bench_pipeline.report.confidence import ALPHA, RESAMPLES, SEED
from bench_pipeline.report.gates import THRESHOLDS

# The knobs of the method itself: a report computed with other values is another experiment.
METHOD_SETTINGS = {
    "case_budget_usd": CASE_BUDGET_USD,
    "gate_thresholds": THRESHOLDS,
    "p95_min_n": MIN_N_FOR_P95,
    "bootstrap": {"resamples": RESAMPLES, "seed": SEED, "alpha": ALPHA},
    "freshness_tolerance_days": TOLERANCE_DAYS,
    "pool_depth": POOL_DEPTH,
    "relevance_disagreement_rule": DISAGREEMENT_RULE,
    "injection_review_rule": INJECTION_RULE,
    "injection_review_sample": {"unflagged": UNFLAGGED_SAMPLE, "seed": SAMPLE_SEED},
    # docs/method.md#cascades-replayed-on-the-golden-set
    "cascade": {"search_statuses": list(SEARCH_STATUSES), "max_length_searched": MAX_LENGTH,
                "cost_tie_decimals": COST_DECIMALS, "recommendation_rule": RULE,
                "latency": "an estimate: the recorded p50s of the steps a case tried (search, and one read if any)",
                "enrichment_role": "not simulated: enrichment-only providers enter no cascade"},
}
VERSIONED_PACKAGES = ("dagster", "duckdb", "pandas", "pydantic", "pypdf", "trafilatura", "lxml")


def _git(args: list[str], cwd: Path) -> str | None:
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def package_versions() -> dict[str, str | None]:
    versions = {}
    for name in VERSIONED_PACKAGES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = None
    return versions


def git_state(repo_dir: Path) -> tuple[str | None, bool | None]:
    """The revision and whether tracked files differ from it (None when not a git checkout)."""
    status = _git(["status", "--porcelain", "--untracked-files=no"], repo_dir)
    return _git(["rev-parse", "HEAD"], repo_dir), None if status is None else bool(status)


def collect_provenance(*, repo_dir: Path, manifest_sha256: str, golden_sha256: str, providers: ProvidersConfig,
                       providers_file: Path, settings: dict) -> dict:
    revision, dirty = git_state(repo_dir)
    return {
        "git_revision": revision,
        "git_dirty": dirty,
        "manifest_sha256": manifest_sha256,
        "golden_sha256": golden_sha256,
        "providers_file_sha256": sha256_file(providers_file),
        "providers_version": providers.version,
        "price_tables": {slug: p.price.version for slug, p in sorted(providers.providers.items())},
        "package_versions": package_versions(),
        "room_versions": {"reader": READER_VERSION, "injection_detector": DETECTOR_VERSION, "claims": CLAIMS_VERSION,
                          "redactor": scanner_digest()[:12]},
        "settings": settings,
    }
