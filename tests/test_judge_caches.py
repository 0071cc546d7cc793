"""The secret-scan and verify caches are keyed on the code that judges: a changed detector scans again
every file it had already seen, with no version string bumped by hand."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import dagster as dg
from detect_secrets.plugins.base import RegexBasedDetector

from bench_pipeline.code_digest import ROOT, modules_digest
from bench_pipeline.definitions import ASSETS, CHECKS
from bench_pipeline.redaction import scan, secret_values
from bench_pipeline.runner import bench_resources


class _FlagsAWord(RegexBasedDetector):
    """A detector added after the first scan: it finds a word every bundled-style fixture carries."""

    secret_type = "changed-detector"
    denylist = (re.compile(r"\bresultado\b"),)


def _scan(corpus) -> tuple[dict, list[dict], bool]:
    """The scan asset and its blocking check, as a run materializes them: (metadata, findings, check passed)."""
    resources = bench_resources(fixtures=corpus.fixtures, golden=corpus.golden, warehouse=corpus.warehouse,
                                providers_file=corpus.providers, invoices=corpus.invoices)
    result = dg.materialize([*ASSETS, *CHECKS], selection=["fixture_secret_scan"], resources=resources,
                            raise_on_error=False)
    event = next(e for e in result.get_asset_materialization_events()
                 if e.asset_key.to_user_string() == "fixture_secret_scan")
    metadata = {k: v.value for k, v in event.materialization.metadata.items()}
    check = next(e for e in result.get_asset_check_evaluations() if e.check_name == "no_secrets_in_fixtures")
    return metadata, resources["warehouse"].read_table("secret_scan_findings").to_dict("records"), check.passed


def test_a_changed_detector_rescans_files_the_cache_had_seen(corpus, monkeypatch):
    first, findings, passed = _scan(corpus)
    assert first["files_scanned_anew"] > 0 and findings == [] and passed
    warm, _, _ = _scan(corpus)
    assert warm["files_scanned_anew"] == 0 and warm["files_unchanged_since_a_scan"] == first["files_scanned_anew"]

    digest, current = scan.scanner_digest(), secret_values.engine()
    changed = secret_values.Engine(current.maintained, (*current.project, _FlagsAWord()), current.entropy)
    monkeypatch.setattr(secret_values, "engine", lambda: changed)
    assert scan.scanner_digest() != digest
    after, findings, passed = _scan(corpus)
    assert after["files_scanned_anew"] == first["files_scanned_anew"]
    assert {f["detector"] for f in findings} == {"changed-detector"} and not passed


def _copy_of_the_package(tmp_path: Path) -> Path:
    root = tmp_path / "bench_pipeline"
    shutil.copytree(ROOT, root, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def _edit(root: Path, relative: str) -> None:
    path = root / relative
    path.write_text(path.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")


def test_the_digests_cover_what_judges_and_nothing_else(tmp_path):
    root = _copy_of_the_package(tmp_path)
    scanner = lambda: modules_digest("bench_pipeline.redaction.scan", root=root)  # noqa: E731
    verifier = lambda: modules_digest("bench_pipeline.fixtures.verify", root=root)  # noqa: E731
    before = scanner(), verifier()
    assert before == (modules_digest("bench_pipeline.redaction.scan"), modules_digest("bench_pipeline.fixtures.verify"))

    _edit(root, "report/render_md.py")  # judges neither
    assert (scanner(), verifier()) == before
    _edit(root, "redaction/secret_plugins.py")  # a detector, reached through structure → secret_values
    assert scanner() != before[0] and verifier() == before[1]
    _edit(root, "fixtures/exchanges.py")  # what verify reads a file with
    assert verifier() != before[1]
