"""Redact every planted case the way `bench redact` does and count, per family, what was planted, what
survived, what was dropped, and what was refused with an error (a refused exchange is committed by no one).

Exchanges with no artifact go through `redact_exchange`, the step `bench redact` runs on each exchange;
those with a `_shared/` artifact (a fetched HTML page or PDF) go through `redact_incoming` on a folder of
their own, so the artifact is redacted as the command redacts it and a refusal stops only that case."""

from __future__ import annotations

import copy
import json
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from bench_pipeline.domain.errors import InputError
from bench_pipeline.files import dump_json, write_atomic
from bench_pipeline.redaction.command import redact_incoming
from bench_pipeline.redaction.exchange import redact_exchange

from benchmarks.redaction_planted import views, wire
from benchmarks.redaction_planted.families import KEPT, MUST_GO, Plant

SEEDS = (11, 23, 47)


class GeneratorError(AssertionError):
    """A planted value the judge cannot see before redaction: the generator or the judge is wrong."""


@dataclass
class Tally:
    seed: int
    counts: dict[str, Counter] = field(default_factory=lambda: {family: Counter() for family in (*MUST_GO, *KEPT)})
    examples: dict[str, list[str]] = field(default_factory=dict)
    cases: int = 0
    refused_outside_pdf: list[str] = field(default_factory=list)  # only a PDF may be refused instead of redacted
    providers: dict[str, Counter] = field(default_factory=dict)  # provider -> family -> planted

    def add(self, family: str, outcome: str, example: str | None = None) -> None:
        self.counts[family][outcome] += 1
        if example:
            self.examples.setdefault(f"{family} {outcome}", []).append(example)

    def total(self, outcome: str, must_go: bool) -> int:
        return sum(counts[outcome] for family, counts in self.counts.items() if (family in MUST_GO) == must_go)


def _exchange_path(case: wire.Case) -> PurePosixPath:
    provider, operation = case.exchange["provider"], case.exchange["operation"]
    return PurePosixPath(provider, operation, PurePosixPath(case.name).name)


def _redacted_outputs(case: wire.Case) -> list[tuple[dict | None, list[views.View]]]:
    """(the redacted exchange, its views) and, for an artifact, (None, the redacted artifact's views)."""
    if case.artifact is None:
        data = redact_exchange(copy.deepcopy(case.exchange), case.name).data
        return [(data, views.of_json(data))]
    with tempfile.TemporaryDirectory(prefix="planted-") as folder:
        incoming, fixtures = Path(folder) / "incoming", Path(folder) / "fixtures"
        write_atomic(incoming / _exchange_path(case), dump_json(case.exchange))
        write_atomic(incoming / case.artifact[0], case.artifact[1])
        redact_incoming(incoming, fixtures)
        data = json.loads((fixtures / _exchange_path(case)).read_text(encoding="utf-8"))
        artifact = fixtures / case.artifact[0]
        artifact_views = views.of_file(artifact.read_bytes(), case.artifact[0]) if artifact.is_file() else []
        return [(data, views.of_json(data)), (None, artifact_views)]


def _original_outputs(case: wire.Case) -> list[tuple[dict | None, list[views.View]]]:
    outputs = [(case.exchange, views.of_json(case.exchange))]
    if case.artifact is not None:
        outputs.append((None, views.of_file(case.artifact[1], case.artifact[0])))
    return outputs


def _twin_kept(data: dict | None) -> bool:
    """The URL-keyed object still has one key, equal to the URL value inside it."""
    body = ((data or {}).get("response") or {}).get("body")
    index = body.get(wire.URL_KEY_FIELD) if isinstance(body, dict) else None
    if not isinstance(index, dict) or len(index) != 1:
        return False
    (key, value), = index.items()
    return isinstance(value, dict) and value.get("url") == key


def _judge(plant: Plant, outputs) -> tuple[str, str | None]:
    """('survived' | 'dropped' | 'ok', where) for one plant over every output that carried it."""
    outputs = outputs[:1] if plant.exchange_only else outputs
    if plant.family == "url_key_twin":
        return ("ok", None) if _twin_kept(outputs[0][0]) else ("dropped", "URL key no longer equals its url value")
    if plant.must_go:
        for _, output_views in outputs:
            view = views.found_in(plant, output_views)
            if view is not None:
                return "survived", views.context(plant, view)
        return "ok", None
    missing = [needle for needle in plant.needles
               if not all(any(needle in v.text for v in output_views) for _, output_views in outputs)]
    return ("dropped", f"lost {missing[0][:60]!r}") if missing else ("ok", None)


def check_planted(case: wire.Case) -> None:
    """Before redaction every value must be visible to the judge, or a 0 would mean nothing."""
    outputs = _original_outputs(case)
    for plant in case.plants:
        outcome, _ = _judge(plant, outputs)
        if outcome != ("survived" if plant.must_go else "ok"):
            raise GeneratorError(f"{case.position} ({case.name}): {plant.family} {plant.needles[:1]} is not visible "
                                 "to the judge before redaction")


def run_seed(seed: int) -> Tally:
    tally = Tally(seed)
    for case in wire.cases(seed):
        check_planted(case)
        tally.cases += 1
        provider = tally.providers.setdefault(case.exchange["provider"], Counter())
        try:
            outputs = _redacted_outputs(case)
        except InputError as exc:
            for plant in case.plants:
                provider[plant.family] += 1
                tally.add(plant.family, "planted")
                tally.add(plant.family, "refused")
            tally.examples.setdefault("refused", []).append(f"{case.position}: {exc}")
            if not case.pdf:
                tally.refused_outside_pdf.append(f"{case.position}: {exc}")
            continue
        except Exception as exc:  # noqa: BLE001 — a crash on one shape is counted and named, the rest still run
            for plant in case.plants:
                provider[plant.family] += 1
                tally.add(plant.family, "planted")
                tally.add(plant.family, "failed", f"{case.position}: {type(exc).__name__}: {exc}")
            continue
        for plant in case.plants:
            provider[plant.family] += 1
            tally.add(plant.family, "planted")
            outcome, where = _judge(plant, outputs)
            if outcome != "ok":
                tally.add(plant.family, outcome, f"{case.position} — {where}")
    return tally
