"""`addressed_model` (weight 3, addressing; decisive in a hidden channel): a dedication or a
condition aimed at an automated reader — "nota para el modelo:", "a los agentes que indexan …:",
"si eres un asistente", "if you are an AI", "uso exclusivo para modelos"."""

from bench_pipeline.injection.signals.grammar import DEDICATION, DETERMINER, READER, READS

_A_READER = rf"{DETERMINER}{READER}"
_A_MODEL = rf"{DETERMINER}(?:{READER}|modelos?|models?)"
_TO = r"\s+(?:para|a|dirigid[oa]s? a|to|for|addressed to)\s+"
# Where a line or sentence opens: a dedication there is a label even when a comma closes it.
_OPENS = r"(?:^\s*|(?:(?<=[.!?\n\[(\"'>*\u201c\u00ab])|(?<=(?<!\w)-))\s*)"
PATTERN = "|".join([
    rf"\b{DEDICATION}(?:\s+[a-z]+){{0,8}}?{_TO}{_A_MODEL}\b[^.\n]{{0,60}}?[:\u2014\u2013-]",
    # A label naming the reader as a modifier where a line or sentence opens: "AI summary guidance:",
    # "LLM instructions:", "Indicaciones IA:".
    rf"{_OPENS}(?:{READER})(?:\s+[a-z]+){{0,2}}\s+{DEDICATION}\s*:",
    rf"{_OPENS}{DEDICATION}(?:\s+[a-z]+){{0,2}}\s+(?:{READER})\s*:",
    # Mid-sentence, "instructions to a chatbot," is a story about one: only a colon or dash labels.
    rf"{_OPENS}{DEDICATION}(?:\s+[a-z]+){{0,8}}?{_TO}{_A_MODEL}\b[^.\n]{{0,60}}?,",
    rf"\b(?:si|en caso de que|suponiendo que) (?:tu |usted |ustedes )?(?:eres|usted es|ustedes son|sois|seas|sea"
    rf"|sean|fueras|fuera) {_A_READER}\b",
    rf"\b(?:in case|should|assuming) you(?: are|'re| be| happen to be) {_A_READER}\b",
    rf"\bshould (?:an?|the|any) (?:{READER}|models?) (?:be asked|asked|receive|get asked)\b",
    rf"\b(?:eres|es usted|are you) {_A_MODEL}\b",
    rf"\b(?:(?:de )?uso exclusivo|exclusivamente|solo|solamente|only|exclusively|reserved) (?:para"
    rf"|for) {_A_MODEL}\b",
    rf"\bfor (?:[a-z]+ )?{_A_READER} only\b",
    rf"\bif you(?: are|'re| re) {_A_READER}\b",
    # Reading is what people do too ("if you are reading the print edition"): only a program's tasks.
    r"\bif you(?: are|'re) (?:processing|summari[sz]ing|indexing|crawling|parsing|ingesting)\b",
    rf"\b(?:to|para|a) {_A_READER} (?:que|that|who|which)?\s*(?:{READS}"
    rf"|\w+[ae]n)\b[^.\n]{{0,60}}?[:\u2014\u2013-]",
    r"\bsi (?:estas|esta usted|estan) (?:procesando|resumiendo|analizando|indexando|rastreando)\b",
    rf"(?:^\s*|(?:(?<=[.!?\n\[(\"'>*\u201c\u00ab])|(?<=(?<!\w)-))\s*)(?:para|a|to|for"
    rf"|attn:?)\s+{_A_READER}\b[^.\n]{{0,50}}?:",
])
