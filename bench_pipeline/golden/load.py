"""Load `golden/`: cases.yaml, host_families.yaml and judgments/*.jsonl."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from pydantic import BaseModel, ValidationError

from bench_pipeline.domain.errors import InputError, first_pydantic_error
from bench_pipeline.domain.golden import GoldenSet, HostFamilies, Judgment, VerifiedDate
from bench_pipeline.files import load_model

CASES_FILE = "cases.yaml"
FAMILIES_FILE = "host_families.yaml"
JUDGMENTS_DIR = "judgments"
VERIFIED_DATES_FILE = "verified_dates.jsonl"


def load_golden(golden_dir: Path) -> GoldenSet:
    return load_model(Path(golden_dir) / CASES_FILE, GoldenSet)


def load_host_families(golden_dir: Path) -> HostFamilies:
    return load_model(Path(golden_dir) / FAMILIES_FILE, HostFamilies)


def judgment_files(golden_dir: Path) -> list[Path]:
    return sorted((Path(golden_dir) / JUDGMENTS_DIR).glob("*.jsonl"))


def load_judgments(golden_dir: Path) -> list[Judgment]:
    """Every judgment ever made, in file then line order (append-only history)."""
    return [j for path in judgment_files(golden_dir) for j in _load_jsonl(path, Judgment)]


def load_verified_dates(golden_dir: Path) -> list[VerifiedDate]:
    """The hand-verified publication-date sample that freshness_accuracy is measured on."""
    path = Path(golden_dir) / VERIFIED_DATES_FILE
    if not path.is_file():
        raise InputError(path, "(file)", "does not exist")
    return _load_jsonl(path, VerifiedDate)


def _load_jsonl(path: Path, model: type[BaseModel]) -> list:
    out = []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            out.append(model.model_validate(json.loads(line)))
        except json.JSONDecodeError as exc:
            raise InputError(path, f"line {lineno}", f"malformed JSON: {exc.msg}") from None
        except ValidationError as exc:
            err = first_pydantic_error(path, exc)
            raise InputError(path, f"line {lineno}.{err.field}", err.reason) from None
    return out


def golden_sha256(golden_dir: Path) -> str:
    """One hash over everything that defines the golden set, so two reports can be compared."""
    golden_dir = Path(golden_dir)
    digest = hashlib.sha256()
    for path in [golden_dir / CASES_FILE, golden_dir / FAMILIES_FILE, golden_dir / VERIFIED_DATES_FILE,
                 *judgment_files(golden_dir)]:
        if path.is_file():
            digest.update(path.relative_to(golden_dir).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()
