"""Claims from a provider's read of a document, deterministically (no model in the loop).

For each fact a careful reader finds in the artifact (`_shared/expected/<case>.json`) whose value
occurs in the read text, the claim quotes the sentence (or table line) of the READ text holding
it. The quote is then located in the stored artifact and its span re-applied: a provider whose
extractor garbled the text produces quotes that cannot be located, so claims that are not citable.
A search snippet never comes here: it is a candidate, not a read.
"""

from __future__ import annotations

import re

from bench_pipeline.claims.citability import StoredArtifact
from bench_pipeline.claims.model import Claim, claim_id
from bench_pipeline.domain.expected import ExpectedCase
from bench_pipeline.reading.textmap import collapse_ws

# A sentence ends at . ! ? before a capital, digit or opening mark; "S.A. de C.V." does not end one.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÁÉÍÓÚÑ¿¡\"“0-9])")


def derive_claims(
    case: ExpectedCase,
    artifact_path: str,
    read_text: str,
    artifact: StoredArtifact,
    provider: str,
    flagged: bool = False,
) -> list[Claim]:
    claims = []
    for fact in case.observations:
        if fact.artifact != artifact_path:
            continue
        quote = quote_holding(read_text, fact.value)
        if quote is None:
            continue
        span = artifact.locate(quote)
        claims.append(
            Claim(
                claim_id=claim_id(case.case_id, provider, artifact_path, fact.claim_type, fact.value, quote),
                case_id=case.case_id,
                provider=provider,
                entity=case.entity,
                claim_type=fact.claim_type,
                value=fact.value,
                artifact=artifact_path,
                quote=quote,
                span=span,
                citable=artifact.cites(span, quote),
                published_at=fact.published_at,
                from_flagged_document=flagged,
            )
        )
    return claims


def quote_holding(read_text: str, value: str) -> str | None:
    """The first sentence (or line, when the value crosses sentence ends) that contains the value."""
    wanted = collapse_ws(value)
    for line in read_text.splitlines():
        line = collapse_ws(line)
        if wanted not in line:
            continue
        for sentence in _SENTENCE_END.split(line):
            if wanted in sentence:
                return sentence
        return line
    return None
