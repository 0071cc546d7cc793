"""The report's injection section: per provider, the useful answers injection flags removed and the
ones a reviewer's override restored; the overrides with their judgment ids; detector misses review found.

A claim is useful when it is citable, uncontradicted and not from a flagged document (the outcome
rule). So a case that ended `fallback:low_confidence` with a citable, uncontradicted claim from a
flagged document would have been answered but for the flag; a case answered only by claims from
documents whose flag reviewers lifted would not have been answered without the override.
"""

from __future__ import annotations

import json
from collections import defaultdict

from bench_pipeline.domain.report import FlagReview, InjectionReview, ProviderFlagEffect
from bench_pipeline.metrics.injection_verdicts import INJECTION_RULE


def _usable(claims: list[dict]) -> dict[tuple[str, str], list[dict]]:
    """(provider, case) → its citable, uncontradicted claims, flagged or not."""
    out: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for claim in claims:
        if claim["citable"] and not json.loads(claim["contradicts_claim_ids"] or "[]"):
            out[(claim["provider"], claim["case_id"])].append(claim)
    return out


def _review(row: dict, urls: dict[str, list[str]], restored: dict[str, list[str]] | None = None) -> FlagReview:
    return FlagReview(artifact=row["artifact"], sha256=row["sha256"], urls=urls.get(row["artifact"], []),
                      judgment_ids=json.loads(row["judgment_ids"]), votes=json.loads(row["votes"]),
                      restored=restored or {})


def injection_review(providers: list[str], claims: list[dict], outcomes: list[dict], decisions: list[dict],
                     urls: dict[str, list[str]]) -> InjectionReview:
    """`claims`, `outcomes` and `decisions` as in their tables (`injection_decisions` for the last),
    `urls`: artifact → its URLs."""
    lifted = {d["artifact"] for d in decisions if d["effect"] == "flag_lifted"}
    confirmed = {d["artifact"] for d in decisions if d["effect"] == "flag_confirmed"}
    ended = {(o["provider"], o["case_id"]): o["outcome"] for o in outcomes}
    usable = _usable(claims)
    # artifact → provider → cases its override restored
    restored_by: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    effects = []
    for provider in providers:
        removed, behind, restored = [], set(), []
        for (owner, case_id), found in sorted(usable.items()):
            if owner != provider:
                continue
            flagged = {c["artifact"] for c in found if c["from_flagged_document"]}
            clean = {c["artifact"] for c in found if not c["from_flagged_document"]}
            outcome = ended.get((provider, case_id))
            if outcome == "fallback:low_confidence" and flagged:
                removed.append(case_id)
                behind |= flagged
            elif outcome == "answered" and clean and clean <= lifted:
                restored.append(case_id)
                for artifact in clean:
                    restored_by[artifact][provider].append(case_id)
        effects.append(ProviderFlagEffect(
            provider=provider, useful_answers_removed=len(removed), removed_cases=removed, flags_behind=len(behind),
            flags_confirmed=len(behind & confirmed), useful_answers_restored=len(restored), restored_cases=restored))
    return InjectionReview(
        rule=INJECTION_RULE, documents_judged=len(decisions), by_provider=effects,
        overrides=[_review(d, urls, dict(restored_by[d["artifact"]])) for d in decisions if d["artifact"] in lifted],
        detector_misses=[_review(d, urls) for d in decisions if d["effect"] == "detector_miss"])
