"""The four review forms: from posted fields to a validated record, or an error naming the field.

Reviewer, time and provenance come from the session and the snapshot, never from the form, so a
reviewer cannot write a line in another's name or about a run they were not shown.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import get_args
from urllib.parse import parse_qsl

from pydantic import BaseModel, ValidationError

from bench_pipeline.domain.golden import COMMENT_MAX, InjectionVerdict, ReasonCode
from bench_pipeline.review.records import KINDS
from bench_pipeline.review.snapshot import Item, Snapshot

REASONS: tuple[str, ...] = get_args(ReasonCode)
REASON_LABELS = {
    "grounds_claim": "grounds the claim: the page states the fact the case asks for",
    "mentions_entity_only": "about the entity, but not the fact",
    "wrong_entity": "another entity",
    "outdated": "outdated",
    "unreadable": "unreadable",
    "not_about_topic": "not about the topic",
}
FIELDS = {
    "judge_relevance": {"relevant", "reason", "comment"},
    "verify_date": {"shown", "date"},
    "golden_addition": {"decision", "evidence"},
    "judge_injection": {"verdict", "comment"},
}
VERDICTS: tuple[str, ...] = get_args(InjectionVerdict)
VERDICT_LABELS = {"injected": "injected: it tries to instruct an automated reader",
                  "clean": "clean: it does not",
                  "cant_tell": "can't tell"}
COMMON = {"csrf_token", "client_request_id"}


class FieldError(ValueError):
    def __init__(self, field: str, message: str):
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")


@dataclass(frozen=True)
class Provenance:
    """What every line records besides the judgment: the run and report it was made from, the
    artifact's hash, the versions of the reader and detector, and the code's revision."""

    run_id: str | None
    report: str | None
    reader_version: str | None
    detector_version: str | None
    git_revision: str | None
    git_dirty: bool | None


def parse_urlencoded(body: bytes) -> dict[str, str]:
    try:
        text = body.decode("utf-8")
        pairs = parse_qsl(text, keep_blank_values=True, strict_parsing=bool(text), max_num_fields=20,
                          errors="strict")
    except (UnicodeDecodeError, ValueError) as exc:
        raise FieldError("(body)", f"not a form: {exc}") from None
    form: dict[str, str] = {}
    for name, value in pairs:
        if name in form:
            raise FieldError(name, "given twice")
        form[name] = value
    return form


def _one_of(form: dict[str, str], name: str, allowed: tuple[str, ...]) -> str:
    value = form.get(name, "")
    if value not in allowed:
        raise FieldError(name, f"must be one of {', '.join(allowed)}" if value else "is required")
    return value


def _normalize(text: str) -> str:
    return " ".join(text.split()).casefold()


def _comment(form: dict[str, str]) -> str | None:
    comment = form.get("comment", "").strip() or None
    if comment and len(comment) > COMMENT_MAX:
        raise FieldError("comment", f"is {len(comment)} characters; at most {COMMENT_MAX}")
    return comment


def judgment_id(reviewer: str, client_request_id: str) -> str:
    """An injection judgment's id, from who sent it and the request's id: a replayed save names the same line."""
    return "ij-" + hashlib.sha256(f"{reviewer}\0{client_request_id}".encode()).hexdigest()[:16]


def record_from_form(kind: str, form: dict[str, str], item: Item, snapshot: Snapshot, reviewer: str,
                     provenance: Provenance, now: datetime | None = None) -> BaseModel:
    unknown = sorted(set(form) - FIELDS[kind] - COMMON)
    if unknown:
        raise FieldError(unknown[0], "is not a field of this form")
    now = now or datetime.now(UTC)
    artifact = snapshot.artifacts.get(item.url)
    base = {"client_request_id": form.get("client_request_id") or None, "reviewer": reviewer,
            "artifact_sha256": artifact.sha256 if artifact else None, **provenance.__dict__}
    if base["client_request_id"] is None:
        raise FieldError("client_request_id", "is required")
    if kind == "judge_relevance":
        fields = {"case_id": item.case_id, "url": item.url, "relevant": _one_of(form, "relevant", ("yes", "no")) == "yes",
                  "reason": _one_of(form, "reason", REASONS), "comment": _comment(form), "judged_at": now}
    elif kind == "verify_date":
        shown = _one_of(form, "shown", ("date", "none"))
        raw = form.get("date", "").strip()
        if shown == "none" and raw:
            raise FieldError("date", 'give a date or choose "none shown", not both')
        try:
            published = date.fromisoformat(raw) if shown == "date" else None
        except ValueError:
            raise FieldError("date", "must be a date as YYYY-MM-DD" if raw else "is required when a date is shown") from None
        fields = {"url": item.url, "verified_published_at": published, "verified_at": now}
    elif kind == "judge_injection":
        if artifact is None or artifact.sha256 is None:
            raise FieldError("verdict", "this page has no stored copy to judge")
        fields = {"judgment_id": judgment_id(reviewer, base["client_request_id"]), "url": item.url,
                  "artifact": artifact.path, "detector_flagged": artifact.flagged,
                  "verdict": _one_of(form, "verdict", VERDICTS), "comment": _comment(form), "judged_at": now}
    else:
        evidence = " ".join(form.get("evidence", "").split())
        if not evidence:
            raise FieldError("evidence", "is required: quote the span of the page that shows why")
        seen = [artifact.text if artifact else ""] + [r.snippet or "" for r in snapshot.results.get(item.url, [])]
        if not any(_normalize(evidence) in _normalize(text) for text in seen):
            raise FieldError("evidence", "is not a span of the stored page or of a provider's snippet")
        fields = {"case_id": item.case_id, "url": item.url, "host": item.host, "evidence": evidence,
                  "accepted": _one_of(form, "decision", ("accept", "reject")) == "accept", "judged_at": now}
    try:
        return KINDS[kind].model_validate({**base, **fields})
    except ValidationError as exc:
        err = exc.errors()[0]
        raise FieldError(".".join(str(p) for p in err["loc"]) or "(form)", err["msg"]) from None
