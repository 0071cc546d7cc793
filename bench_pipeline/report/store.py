"""Reports are stored with their run and never overwritten (docs/report.md#where-it-is)."""

from __future__ import annotations

from pathlib import Path

from bench_pipeline.domain.report import Report
from bench_pipeline.files import write_atomic


def report_dir(reports_root: Path, run_id: str) -> Path:
    return Path(reports_root) / run_id


def store_report(reports_root: Path, report: Report, files: dict[str, str]) -> Path:
    """Write report.json plus the rendered files; refuse to touch an existing run's folder."""
    folder = report_dir(reports_root, report.run_id)
    if folder.exists():
        raise FileExistsError(f"{folder}: a report for run {report.run_id} already exists; reports are never overwritten")
    folder.mkdir(parents=True)
    for name, text in files.items():
        write_atomic(folder / name, text)
    path = folder / "report.json"
    write_atomic(path, report.model_dump_json(indent=2) + "\n")
    return path
