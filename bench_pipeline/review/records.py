"""The append-only records of a review round (docs/operations.md#review-rounds).

One JSONL file per round and kind, reviewable in git: `judgments/<round>.jsonl` (relevance),
`verified_dates-<round>.jsonl` (dates), `additions/<round>.jsonl` (golden-set addition votes) and
`injection_judgments/<round>.jsonl` (is this page trying to instruct an automated reader?).
A save is one line written by one `write` to a file opened for appending, under an exclusive file
lock, then fsync'd; only then is it acknowledged. Before writing, the lines other processes appended
since the last look are read, so a `client_request_id` is checked against everything on disk:
the same reviewer and id with the same content returns the existing line, with other content it is
a conflict. Lines are never rewritten; a torn last line (a write cut short) is moved aside, byte for
byte, into `<file>.torn` at the next start and reported — never parsed, never silently dropped.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, ValidationError

from bench_pipeline.domain.errors import InputError, first_pydantic_error
from bench_pipeline.domain.golden import AdditionVote, InjectionJudgment, Judgment, VerifiedDate
from bench_pipeline.golden.load import (
    INJECTION_JUDGMENTS_DIR,
    JUDGMENTS_DIR,
    VERIFIED_DATES_ROUND,
    injection_judgment_files,
    judgment_files,
    round_of,
    verified_date_files,
)

ADDITIONS_DIR = "additions"
KINDS: dict[str, type[BaseModel]] = {"judge_relevance": Judgment, "verify_date": VerifiedDate,
                                     "golden_addition": AdditionVote, "judge_injection": InjectionJudgment}
# What a replay must repeat exactly; reviewer, time and provenance are the server's, not the form's.
CONTENT_FIELDS = {
    "judge_relevance": ("case_id", "url", "relevant", "reason", "comment"),
    "verify_date": ("url", "verified_published_at"),
    "golden_addition": ("case_id", "url", "host", "accepted", "evidence"),
    "judge_injection": ("url", "artifact_sha256", "verdict", "comment"),
}


class Conflict(Exception):
    """A client_request_id reused by the same reviewer for different content (HTTP 409)."""


@dataclass(frozen=True)
class TornLine:
    path: Path
    line: int
    size: int
    moved_to: Path

    def message(self) -> str:
        return (f"{self.path}: line {self.line}: torn last line ({self.size} bytes, an interrupted write) "
                f"moved to {self.moved_to}; it was never acknowledged")


@dataclass(frozen=True)
class Saved:
    kind: str
    record: BaseModel
    replayed: bool


@dataclass
class _Seen:
    kind: str
    digest: str
    record: BaseModel


def round_file(golden_dir: Path, kind: str, round_name: str) -> Path:
    golden_dir = Path(golden_dir)
    return {"judge_relevance": golden_dir / JUDGMENTS_DIR / f"{round_name}.jsonl",
            "verify_date": golden_dir / VERIFIED_DATES_ROUND.format(round=round_name),
            "golden_addition": golden_dir / ADDITIONS_DIR / f"{round_name}.jsonl",
            "judge_injection": golden_dir / INJECTION_JUDGMENTS_DIR / f"{round_name}.jsonl"}[kind]


def record_files(golden_dir: Path) -> list[tuple[str, Path]]:
    """Every record file of every round, by kind."""
    golden_dir = Path(golden_dir)
    return ([("judge_relevance", p) for p in judgment_files(golden_dir)]
            + [("verify_date", p) for p in verified_date_files(golden_dir) if p.is_file()]
            + [("golden_addition", p) for p in sorted((golden_dir / ADDITIONS_DIR).glob("*.jsonl"))]
            + [("judge_injection", p) for p in injection_judgment_files(golden_dir)])


def content_digest(kind: str, record: BaseModel) -> str:
    content = record.model_dump(mode="json", include=set(CONTENT_FIELDS[kind]))
    return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()


def move_torn_tail(path: Path) -> TornLine | None:
    """Move bytes after the last newline into `<file>.torn` (appended, fsync'd), then cut them off."""
    with path.open("r+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        data = handle.read()
        if not data or data.endswith(b"\n"):
            return None
        keep = data.rfind(b"\n") + 1
        sidecar = path.with_name(path.name + ".torn")
        with sidecar.open("ab") as torn:
            torn.write(data[keep:] + b"\n")
            torn.flush()
            os.fsync(torn.fileno())
        handle.truncate(keep)
        handle.flush()
        os.fsync(handle.fileno())
        return TornLine(path=path, line=data.count(b"\n") + 1, size=len(data) - keep, moved_to=sidecar)


def _parse(path: Path, kind: str, lineno: int, line: bytes) -> BaseModel:
    try:
        return KINDS[kind].model_validate(json.loads(line))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(path, f"line {lineno}", f"malformed JSON: {exc}") from None
    except ValidationError as exc:
        err = first_pydantic_error(path, exc)
        raise InputError(path, f"line {lineno}.{err.field}", err.reason) from None


@dataclass
class _File:
    kind: str
    path: Path
    offset: int = 0
    lines: int = 0


@dataclass
class ReviewLog:
    """Every record of every round in memory, and the current round's files to append to."""

    golden_dir: Path
    round_name: str
    torn: list[TornLine] = field(default_factory=list)
    records: list[tuple[str, str, BaseModel]] = field(default_factory=list)  # (kind, round, record)

    def __post_init__(self) -> None:
        self.golden_dir = Path(self.golden_dir)
        self._lock = threading.Lock()
        self._seen: dict[tuple[str, str], _Seen] = {}
        self._files: dict[Path, _File] = {}
        for kind, path in record_files(self.golden_dir):
            self._track(kind, path)
        for kind in KINDS:
            self._files.setdefault(round_file(self.golden_dir, kind, self.round_name),
                                   _File(kind, round_file(self.golden_dir, kind, self.round_name)))

    def _track(self, kind: str, path: Path) -> None:
        if (torn := move_torn_tail(path)) is not None:
            self.torn.append(torn)
        tracked = self._files.setdefault(path, _File(kind, path))
        with path.open("rb") as handle:
            self._catch_up(tracked, handle)

    def _catch_up(self, tracked: _File, handle) -> None:
        handle.seek(tracked.offset)
        data = handle.read()
        complete = data[:data.rfind(b"\n") + 1]
        for line in complete.splitlines():
            tracked.lines += 1
            if line.strip():
                self._index(tracked.kind, round_of(tracked.path), _parse(tracked.path, tracked.kind, tracked.lines, line))
        tracked.offset += len(complete)

    def _index(self, kind: str, round_name: str, record: BaseModel) -> None:
        self.records.append((kind, round_name, record))
        if record.client_request_id is not None:
            self._seen[(record.reviewer, record.client_request_id)] = _Seen(kind, content_digest(kind, record), record)

    def save(self, kind: str, record: BaseModel) -> Saved:
        """Append one record unless its (reviewer, client_request_id) is on disk already."""
        tracked = self._files[round_file(self.golden_dir, kind, self.round_name)]
        tracked.path.parent.mkdir(parents=True, exist_ok=True)
        line = (json.dumps(record.model_dump(mode="json"), ensure_ascii=False, sort_keys=True)
                + "\n").encode("utf-8")
        with self._lock, tracked.path.open("a+b") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            self._catch_up(tracked, handle)
            seen = self._seen.get((record.reviewer, record.client_request_id))
            if seen is not None:
                if seen.kind == kind and seen.digest == content_digest(kind, record):
                    return Saved(kind, seen.record, replayed=True)
                raise Conflict(f"client_request_id {record.client_request_id} was already used for other content")
            os.write(handle.fileno(), line)
            os.fsync(handle.fileno())
            tracked.offset += len(line)
            tracked.lines += 1
            self._index(kind, self.round_name, record)
        return Saved(kind, record, replayed=False)

    def of_kind(self, kind: str) -> list[tuple[str, BaseModel]]:
        return [(r, record) for k, r, record in self.records if k == kind]
