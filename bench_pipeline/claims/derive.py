"""Claims from a provider's read of a document, deterministically (no model in the loop).

For each fact a careful reader finds in the artifact (`_shared/expected/<case>.json`) whose
observed text — or, failing that, its value — occurs in the read text, the claim quotes the
sentence (or table line) of the READ text holding it. (The observed text is what the page says,
"suspendió la construcción"; the value is its normalised reading, "pausada".) The quote is then located in the stored artifact and its span re-applied: a provider whose
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
_CELL_DELIMITER = re.compile(r"\t|\s\|\s|^\s*\||\|\s*$")
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
        quote = quote_holding(read_text, fact.text) or quote_holding(read_text, fact.value)
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


def quote_holding(read_text: str, needle: str) -> str | None:
    """The first sentence (or line) of the read text holding `needle`. A needle of several lines
    (table cells: "Japón\n4,820") is quoted as the read lines from its first cell to its last: a
    faithful reading gives "Japón 4,820", one that read the table column by column gives a run of
    lines that the artifact does not contain, so the claim exists but cannot be cited."""
    raw_lines = read_text.splitlines()
    lines = [collapse_ws(line) for line in raw_lines]
    wanted = collapse_ws(needle)
    for raw in raw_lines:
        # A table row read with its cell delimiters (tabs, markdown pipes) is quoted cell by cell.
        for unit in (collapse_ws(cell) for cell in _CELL_DELIMITER.split(raw)):
            if wanted and wanted in unit:
                sentences = [sentence for sentence in _SENTENCE_END.split(unit) if wanted in sentence]
                return sentences[0] if sentences else unit
    cells = [collapse_ws(cell) for cell in needle.splitlines() if cell.strip()]
    if len(cells) < 2:
        return None
    first = next((index for index, line in enumerate(lines) if cells[0] in line), None)
    if first is None:
        return None
    last = first
    for cell in cells[1:]:
        last = next((index for index in range(last, len(lines)) if cell in lines[index]), None)
        if last is None:
            return None
    return " ".join(lines[first : last + 1])
