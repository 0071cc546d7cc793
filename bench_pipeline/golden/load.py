"""Load `golden/`: cases.yaml, host_families.yaml, judgments/*.jsonl, the verified-date files and the
injection judgments.

A review round is one file (its stem is the round's name): `judgments/<round>.jsonl` for relevance,
`verified_dates-<round>.jsonl` for dates (`verified_dates.jsonl` is the first sample) and
`injection_judgments/<round>.jsonl` for "is this page trying to instruct an automated reader?"."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from pydantic import BaseModel, ValidationError

from bench_pipeline.domain.errors import InputError, first_pydantic_error
from bench_pipeline.domain.golden import GoldenSet, HostFamilies, InjectionJudgment, Judgment, VerifiedDate
from bench_pipeline.files import TOO_DEEP, NotJson, load_model, loads, read_appended_utf8

CASES_FILE = "cases.yaml"
FAMILIES_FILE = "host_families.yaml"
JUDGMENTS_DIR = "judgments"
VERIFIED_DATES_FILE = "verified_dates.jsonl"
VERIFIED_DATES_ROUND = "verified_dates-{round}.jsonl"
INJECTION_JUDGMENTS_DIR = "injection_judgments"


def load_golden(golden_dir: Path) -> GoldenSet:
    return load_model(Path(golden_dir) / CASES_FILE, GoldenSet)


def load_host_families(golden_dir: Path) -> HostFamilies:
    return load_model(Path(golden_dir) / FAMILIES_FILE, HostFamilies)


def judgment_files(golden_dir: Path) -> list[Path]:
    return sorted((Path(golden_dir) / JUDGMENTS_DIR).glob("*.jsonl"))


def verified_date_files(golden_dir: Path) -> list[Path]:
    golden_dir = Path(golden_dir)
    return [golden_dir / VERIFIED_DATES_FILE, *sorted(golden_dir.glob(VERIFIED_DATES_ROUND.format(round="*")))]


def load_judgments(golden_dir: Path) -> list[Judgment]:
    """Every judgment ever made, in file then line order (append-only history)."""
    return [j for _, j in load_judgment_rounds(golden_dir)]


def load_judgment_rounds(golden_dir: Path) -> list[tuple[str, Judgment]]:
    """(round, judgment) for every judgment, the round being its file's stem."""
    return [(round_of(path), j) for path in judgment_files(golden_dir) for j in _load_jsonl(path, Judgment)]


def load_verified_dates(golden_dir: Path) -> list[VerifiedDate]:
    """The hand-verified publication-date sample that freshness_accuracy is measured on."""
    return [v for _, v in load_verified_date_rounds(golden_dir)]


def load_verified_date_rounds(golden_dir: Path) -> list[tuple[str, VerifiedDate]]:
    files = verified_date_files(golden_dir)
    if not files[0].is_file():
        raise InputError(files[0], "(file)", "does not exist")
    return [(round_of(path), v) for path in files for v in _load_jsonl(path, VerifiedDate)]


def injection_judgment_files(golden_dir: Path) -> list[Path]:
    return sorted((Path(golden_dir) / INJECTION_JUDGMENTS_DIR).glob("*.jsonl"))


def load_injection_judgment_rounds(golden_dir: Path) -> list[tuple[str, InjectionJudgment]]:
    """(round, judgment) for every injection judgment; a judgment_id given twice is an error naming both places."""
    out, seen = [], {}
    for path in injection_judgment_files(golden_dir):
        for lineno, judgment in _numbered_jsonl(path, InjectionJudgment):
            if judgment.judgment_id in seen:
                raise InputError(path, f"line {lineno}.judgment_id",
                                 f"{judgment.judgment_id} is already used at {seen[judgment.judgment_id]}")
            seen[judgment.judgment_id] = f"{path.name} line {lineno}"
            out.append((round_of(path), judgment))
    return out


def injection_judgment_files_digest(golden_dir: Path) -> str:
    """One hash over the injection judgment files: what the injection judgment sensor watches."""
    digest = hashlib.sha256()
    for path in injection_judgment_files(golden_dir):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def round_of(path: Path) -> str:
    """A round's name from its file: `judgments/0002-x.jsonl` and `verified_dates-0002-x.jsonl` are round `0002-x`."""
    stem = path.stem
    return stem.removeprefix("verified_dates-") if stem.startswith("verified_dates-") else stem


def _load_jsonl(path: Path, model: type[BaseModel]) -> list:
    return [record for _, record in _numbered_jsonl(path, model)]


def _numbered_jsonl(path: Path, model: type[BaseModel]) -> list[tuple[int, BaseModel]]:
    text = read_appended_utf8(path)
    if text and not text.endswith("\n"):
        # A write cut short: never parsed, never dropped; `bench review` moves it aside at its next start.
        raise InputError(path, f"line {text.count(chr(10)) + 1}", "torn last line (no newline): an interrupted write")
    out = []
    # Lines end at "\n" only: str.splitlines() also breaks at U+0085, U+2028 and U+2029, which JSON strings may
    # hold as they are (the review app writes comments unescaped).
    for lineno, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            out.append((lineno, model.model_validate(loads(line))))
        except json.JSONDecodeError as exc:
            raise InputError(path, f"line {lineno}", f"malformed JSON: {exc.msg}") from None
        except NotJson as exc:
            raise InputError(path, f"line {lineno}" + (f".{exc.key}" if exc.key else ""), str(exc)) from None
        except RecursionError:
            raise InputError(path, f"line {lineno}", TOO_DEEP) from None
        except ValidationError as exc:
            err = first_pydantic_error(path, exc)
            raise InputError(path, f"line {lineno}.{err.field}", err.reason) from None
    return out


def judgment_files_digest(golden_dir: Path) -> str:
    """One hash over the judgment and verified-date files: what the judgment sensor watches."""
    digest = hashlib.sha256()
    for path in [*judgment_files(golden_dir), *verified_date_files(golden_dir)]:
        if path.is_file():
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def golden_sha256(golden_dir: Path) -> str:
    """One hash over everything that defines the golden set, so two reports can be compared."""
    golden_dir = Path(golden_dir)
    digest = hashlib.sha256()
    for path in [golden_dir / CASES_FILE, golden_dir / FAMILIES_FILE, *verified_date_files(golden_dir),
                 *judgment_files(golden_dir), *injection_judgment_files(golden_dir)]:
        if path.is_file():
            digest.update(path.relative_to(golden_dir).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()
