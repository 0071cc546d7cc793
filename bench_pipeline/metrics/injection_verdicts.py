"""What reviewers decide about the injection detector's verdicts (INJECTION_RULE).

A flagged document yields no useful answer, so a false flag on an official page silently removes
answers. Reviewers answer "is this page trying to instruct an automated reader?" about a document's
bytes (its sha256). Each reviewer's latest answer counts once, as for relevance. A strict majority of
those reviewers saying "clean" lifts the detector's flag for the metrics; a strict majority saying
"injected" confirms a flag, or, on a document the detector passed, is a miss of the detector: counted
and reported, never turned into a flag. A tie, or no strict majority, changes nothing.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from bench_pipeline.domain.golden import InjectionJudgment

INJECTION_RULE = ("each reviewer's latest injection judgment of a document's content counts once; a strict majority "
                  "of those reviewers saying 'clean' lifts the detector's flag for the metrics; a strict majority "
                  "saying 'injected' on a document the detector passed is a detector miss (counted, not flagged); "
                  "a tie or no strict majority changes nothing")
# (detector flagged, majority verdict) → what the review did to the detector's verdict.
EFFECTS = {(True, "clean"): "flag_lifted", (True, "injected"): "flag_confirmed",
           (False, "injected"): "detector_miss", (False, "clean"): "pass_confirmed"}


@dataclass(frozen=True)
class Decision:
    """The reviewers' majority on one document's content: `verdict` is None without a strict majority.
    `judgment_ids` are the latest judgments on the winning side (every reviewer's latest when none wins)."""

    sha256: str
    verdict: str | None
    judgment_ids: tuple[str, ...]
    votes: dict[str, int]


def decisions(judgments: Iterable[InjectionJudgment]) -> dict[str, Decision]:
    """sha256 → the decision of its reviewers' latest judgments (on equal times the later line wins)."""
    latest: dict[tuple[str, str], InjectionJudgment] = {}
    for judgment in judgments:
        key = (judgment.artifact_sha256, judgment.reviewer)
        if key not in latest or judgment.judged_at >= latest[key].judged_at:
            latest[key] = judgment
    by_document: dict[str, list[InjectionJudgment]] = defaultdict(list)
    for (sha256, _), judgment in latest.items():
        by_document[sha256].append(judgment)
    out = {}
    for sha256, counted in by_document.items():
        votes = Counter(j.verdict for j in counted)
        winner = next((verdict for verdict, n in votes.items() if 2 * n > len(counted)), None)
        ids = sorted(j.judgment_id for j in counted if winner is None or j.verdict == winner)
        out[sha256] = Decision(sha256=sha256, verdict=winner, judgment_ids=tuple(ids),
                               votes=dict(sorted(votes.items())))
    return out


def decision_rows(documents: list[dict], found: dict[str, Decision]) -> list[dict]:
    """One row per scanned document (`artifact`, `sha256`, `flagged` by the detector) that reviewers judged:
    the majority, its effect, and `flag_in_force`, the flag the metrics use."""
    rows = []
    for doc in sorted(documents, key=lambda d: d["artifact"]):
        decision = found.get(doc["sha256"])
        if decision is None:
            continue
        effect = EFFECTS.get((bool(doc["flagged"]), decision.verdict))
        rows.append({"artifact": doc["artifact"], "sha256": doc["sha256"], "flagged": bool(doc["flagged"]),
                     "verdict": decision.verdict, "effect": effect,
                     "flag_in_force": bool(doc["flagged"]) and effect != "flag_lifted",
                     "judgment_ids": json.dumps(list(decision.judgment_ids)), "votes": json.dumps(decision.votes)})
    return rows
