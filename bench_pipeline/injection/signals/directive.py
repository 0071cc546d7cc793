"""`directive` (weight 1): an order about what to say, omit, rank, treat or send — an imperative where
a clause opens, an obligation or a request followed by such a verb, "favor de …", "no menciones",
"que omitan", "make sure to". Laws and manuals speak like this too, so a directive alone meets
neither bar; it is looked for only in and beside sentences that hold another signal. In the text a person
reads, an obligation laid on saying something (`OBLIGED`: "los resúmenes deberán concluir que…", "must
describe") and an order to say something followed by what (`SAY_THAT`: "indique que…", "respond that…") are
looked for in every sentence: alone, each is a window the verifier may lift ("quien compare proveedores debe
recomendar a X"), at the strict threshold for windows that address nobody. A bare
imperative is every page's "Comparte" and "Lee más", and is left to sentences with another signal."""

from bench_pipeline.injection.signals import lexicon
from bench_pipeline.injection.signals.grammar import (
    CLAUSE_START, CLITICS, EN_VERB, ES_INFINITIVE, ES_SUBJUNCTIVE, ES_VERB, OBLIGATION, alt, es_orders, longest_first,
)

_ANY_ORDER = f"(?:{ES_VERB}|{EN_VERB})"
OBLIGED = (rf"\b{OBLIGATION}\s+(?:(?:siempre|solo|unicamente|tambien|always|only|also|naturally|never|nunca|not"
           rf"|no)\s+)?(?:{ES_INFINITIVE}|{ES_VERB}|{EN_VERB})\b")
# An order to say something, followed by what ("indíquele al usuario que…", "tell buyers that…"): looked for in
# every sentence people read, like `OBLIGED`.
_SAY = alt(*longest_first({form for verb in lexicon.SAYING_VERBS_ES for form in es_orders(verb)}))
SAY_THAT = (rf"{CLAUSE_START}(?:{_SAY}{CLITICS}(?:\s+(?:a|al|a la|a los|a las)\s+[a-z]+)?\s+que"
            rf"|{alt(*lexicon.SAYING_VERBS_EN)}(?:\s+(?:the\s+|your\s+)?[a-z]+)?\s+that)\b")
PATTERN = "|".join([
    rf"{CLAUSE_START}{_ANY_ORDER}\b",
    OBLIGED,
    rf"\bfavor de (?:no )?{ES_INFINITIVE}\b",
    rf"\b(?:no|nunca|jamas|never|do not|don'?t|dont|do n't)\s+(?:(?:se|le|les|lo|la)\s+)?{_ANY_ORDER}\b",
    r"\bse (?:responde|describe|presenta|reporta|menciona|omite|considera|trata|debe|deberan?)\b",
    r"\bque (?:digan?|declaren?|omitan?|mencionen?|presenten?|describan?|reporten?|reflejen?|traten?|incluyan?"
    r"|excluyan?|muestren?|destaquen?)\b",
    r"\b(?:make sure|be sure|asegurate|asegurese) (?:to|de|que|that|the|your|every|each|all)\b",
    r"\bque sea[ns]?\b",
    rf"\bque[ \t]+(?:[a-z]+[ \t]+){{0,8}}?(?:no[ \t]+)?(?:(?:se|le|les|lo|la|los|las)[ \t]+)?{ES_SUBJUNCTIVE}\b",
    # A negative tú order on any verb: "no" + a second-person subjunctive ("no pongas", "no expliques").
    r"\b(?:no|nunca|jamas)[ \t]+(?:(?:se|le|les|lo|la|los|las|me|te|nos)[ \t]+)?"
    rf"(?!(?:{'|'.join(lexicon.NOT_ORDERS_AFTER_NO)})\b)[a-z]{{3,}}(?:es|as)\b",
])
