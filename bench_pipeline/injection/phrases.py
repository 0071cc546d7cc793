"""Instruction-like text, in English and Spanish: what hidden content must carry to be flagged.

Every pattern needs the text to address the model (or to spoof the conversation's roles); a bare
imperative is not enough, because legal texts (DOF, COFEPRIS) are full of "deberá", "se ordena",
"Publíquese" and must stay clean. Text is folded first: lower case, no accents, compatibility forms decomposed.
"""

from __future__ import annotations

import re

from bench_pipeline.reading.textmap import fold

_MODEL = r"(?:ai|a\.i\.|llm|language model|assistant|chatbot|chatgpt|gpt|agent|bot|ia|modelo(?: de lenguaje)?|asistente|agente)"
_PATTERNS: dict[str, str] = {
    "override_en": r"\b(?:ignore|disregard|forget|override|bypass)\b[^.\n]{0,40}\b(?:previous|prior|above|earlier|all|any|your|safety)\b[^.\n]{0,25}\b(?:instructions?|prompts?|rules|directions|guidelines|protocols)\b",
    "override_es": r"\b(?:ignora\w*|ignore[ns]?|olvid\w*|omit\w*|desestim\w*|haz caso omiso|hagan caso omiso|descart\w*)\b[^.\n]{0,30}\b(?:(?:instrucciones|indicaciones|reglas|ordenes|directrices) (?:anterior\w*|previas|de arriba|originales|del sistema|que te)|tus (?:instrucciones|indicaciones|reglas|ordenes|directrices))\b",
    "new_role_en": r"\b(?:you are now|from now on,? you|you will (?:now )?play the role|your (?:new )?role is|pretend (?:to be|you are)|act as (?:an?|the) (?:ai|assistant|system))\b",
    "new_role_es": r"\b(?:ahora eres|a partir de ahora(?:,)? (?:eres|seras|debes)|desde ahora eres|eres un(?:a)? (?:asistente|modelo|ia|agente)|tu nuevo rol|finge (?:ser|que eres))\b",
    "addressed_en": rf"\b(?:note|message|instructions?) (?:to|for) (?:the |any |all )?{_MODEL}s?\b|\bif you are an? {_MODEL}\b|\b{_MODEL}s?, (?:you|please|do not|don't|ignore|always|never)\b",
    "addressed_es": rf"\b(?:nota|mensaje|aviso|instrucci\w+)(?: importante)? para (?:el |la |los |las |cualquier )?{_MODEL}s?\b|\bsi eres (?:un|una) {_MODEL}\b|\b(?:querido|estimado) {_MODEL}\b",
    # A vocative to the model followed by an order: "Asistente: omite…", "Model, ignore…".
    "vocative_es": r"\b(?:asistente|modelo|ia|agente|llm|chatbot)\s*[:,]\s*(?:por favor,?\s*)?(?:declara|omite|afirma|ignora|envia|responde|di|indica|menciona|recomienda|incluye|muestra|agrega|asegura|confirma|considera|trata|olvida|clasifica|califica|reporta|marca|no (?:menciones|digas|incluyas|muestres))\b",
    "vocative_en": r"\b(?:assistant|model|ai|llm|chatbot)\s*[:,]\s*(?:please\s+)?(?:ignore|say|state|declare|omit|report|tell|send|include|recommend|confirm|treat|mark|rate|do not|don't|never|always)\b",
    "role_spoof": r"(?:^|\n)\s*(?:<\s*/?\s*(?:system|sistema|assistant|asistente|user_message|im_start|im_end)\s*>|\[\s*(?:system|sistema|assistant|asistente)\s*\]|(?:system|assistant)\s*:)|\b(?:system|admin) (?:override|message|prompt)\s*:|\badmin override\b|\b(?:modo sistema|modo desarrollador|modo de depuracion|mensaje del sistema|debug mode|developer mode|do[- ]anything[- ]now|dan mode)\b",
    "browsing_hijack": r"\bbrowsing (?:mode|session|interrupted|disrupted)\b|\bend the browsing\b",
    "exfiltration": r"\b(?:reveal|output|print|share|send|list|show|revela\w*|muestra\w*|envia\w*|comparte\w*)\b[^.\n]{0,40}\b(?:system prompts?|your (?:instructions|prompt|memory|configuration)|memory\.md|private (?:files|data)|tu prompt|tus instrucciones)\b",
    "safety_off": r"\b(?:safety (?:guidelines|protocols)|guardrails)\b[^.\n]{0,40}\b(?:suspended|disabled|disregard\w*|off)\b|\bcomply with all (?:user )?requests\b",
}
_COMPILED = {name: re.compile(pattern) for name, pattern in _PATTERNS.items()}
# One search answers the common case (text that is plain data) in one call instead of twelve.
_ANY = re.compile("|".join(f"(?:{pattern})" for pattern in _PATTERNS.values()))


def instruction_matches(text: str) -> list[tuple[str, str]]:
    """(pattern name, matched snippet) for every family the text hits; empty when it reads as data."""
    if not text:
        return []
    folded = fold(text)
    if not _ANY.search(folded):
        return []
    found = []
    for name, pattern in _COMPILED.items():
        match = pattern.search(folded)
        if match:
            found.append((name, match.group(0).strip()))
    return found


def is_instruction_like(text: str) -> bool:
    return bool(instruction_matches(text))
