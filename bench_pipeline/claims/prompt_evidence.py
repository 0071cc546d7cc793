"""Claims on their way to the model: only through the quoting boundary, never from a flagged document."""

from __future__ import annotations

from bench_pipeline.claims.model import Claim
from bench_pipeline.injection.untrusted import UntrustedText, quote_for_prompt


def prompt_evidence(claims: list[Claim]) -> tuple[list[str], list[str]]:
    """(quoted evidence blocks for citable claims of clean documents, ids of claims held back)."""
    blocks: list[str] = []
    held_back: list[str] = []
    for claim in claims:
        if claim.from_flagged_document or not claim.citable:
            held_back.append(claim.claim_id)
            continue
        quoted = quote_for_prompt(UntrustedText(claim.quote, source=f"{claim.artifact} {claim.span}"))
        blocks.append(f"[{claim.claim_id}] {claim.claim_type} of {claim.entity}:\n{quoted}")
    return blocks, held_back


def document_contained(artifact: str, flagged: bool, claims: list[Claim]) -> bool:
    """Injection containment for one document with an injection: the detector flagged it and none
    of its claims reaches the model."""
    reaching, _ = prompt_evidence([claim for claim in claims if claim.artifact == artifact])
    return flagged and not reaching
