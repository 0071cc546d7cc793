"""Reports are stored with their run and never overwritten (docs/report.md#where-it-is).

A report folder appears whole or not at all: its files are written into a hidden staging folder
(`.<run_id>.partial`) that is renamed to `<run_id>` once every file is on disk, so a run killed or out of
disk space halfway leaves no `<run_id>` folder to be taken for a complete report. The next report stored in
the same place removes such leftovers (one run writes a warehouse at a time: bench_pipeline/run_lock.py).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from bench_pipeline.domain.errors import WriteError
from bench_pipeline.domain.report import Report
from bench_pipeline.files import write_atomic
from bench_pipeline.pause import REPORT_WRITE, pause_point

STAGING = ".{run_id}.partial"


def report_dir(reports_root: Path, run_id: str) -> Path:
    return Path(reports_root) / run_id


def leftovers(reports_root: Path) -> list[Path]:
    """Staging folders of runs that ended before their report was whole."""
    return sorted(Path(reports_root).glob(STAGING.format(run_id="*")))


def store_report(reports_root: Path, report: Report, files: dict[str, str]) -> Path:
    """Write report.json plus the rendered files; refuse to touch an existing run's folder."""
    folder = report_dir(reports_root, report.run_id)
    if folder.exists():
        raise FileExistsError(f"{folder}: a report for run {report.run_id} already exists; reports are never overwritten")
    for stale in leftovers(reports_root):
        shutil.rmtree(stale)
    staging = Path(reports_root) / STAGING.format(run_id=report.run_id)
    try:
        _mkdir(staging)
        for name, text in {**files, "report.json": report.model_dump_json(indent=2) + "\n"}.items():
            write_atomic(staging / name, text)
            pause_point(REPORT_WRITE)
        _rename(staging, folder)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return folder / "report.json"


def _mkdir(folder: Path) -> None:
    try:
        folder.mkdir(parents=True)
    except OSError as exc:
        raise WriteError(folder, exc.strerror or str(exc), exc.errno) from exc


def _rename(staging: Path, folder: Path) -> None:
    """The staging folder becomes the report, and the rename is made durable."""
    try:
        os.rename(staging, folder)
        handle = os.open(folder.parent, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)
    except OSError as exc:
        raise WriteError(folder, exc.strerror or str(exc), exc.errno) from exc
