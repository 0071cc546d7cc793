"""Span drift (docs/fixtures.md#span-drift): a span is never moved by hand. When redaction changes an artifact at or
before the text an expected observation points to, that observation must be re-captured.

The rule, by position, with `d` the first character where the redacted text differs:
- `offset:S-E` drifts when `d < E` (the change is inside the span or before it);
- `selector:CSS` drifts when `d` falls before the end of the observation's text as first found in
  the original artifact, and whenever that text cannot be found verbatim (we cannot prove it safe);
- `page:N[#offset:S-E]` drifts on any change: page text offsets cannot be compared to file offsets.
"""

from __future__ import annotations

from pathlib import Path

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.expected import ExpectedObservation
from bench_pipeline.fixtures.expected_io import load_expected_cases
from bench_pipeline.reading.spans import SpanError, parse_artifact_span



def first_difference(original: str, redacted: str) -> int | None:
    """The first character index where the two texts differ, or None when they are equal."""
    if original == redacted:
        return None
    for index, (a, b) in enumerate(zip(original, redacted)):
        if a != b:
            return index
    return min(len(original), len(redacted))


def check_span_drift(fixtures: Path, artifact: str, original: str, redacted: str) -> None:
    """Raise InputError naming the expected file and span of the first observation that drifted."""
    changed_at = first_difference(original, redacted)
    if changed_at is None:
        return
    for path, case in load_expected_cases(Path(fixtures)):
        for index, observation in enumerate(case.observations):
            if observation.artifact != artifact:
                continue
            field = f"observations[{index}].span"
            if _drifted(observation, original, changed_at, path, field):
                raise InputError(path, field, (
                    f"redaction changed {artifact} at character {changed_at}, at or before span "
                    f"{observation.span!r}; the expected observation must be re-captured (spans are never moved)"))


def _drifted(observation: ExpectedObservation, original: str, changed_at: int, path: Path, field: str) -> bool:
    try:
        span = parse_artifact_span(observation.span)
    except SpanError as exc:
        raise InputError(path, field, str(exc)) from None
    if span.kind == "offset":
        return changed_at < span.end
    if span.kind == "selector":
        found_at = original.find(observation.text)
        return found_at < 0 or changed_at < found_at + len(observation.text)
    return True
