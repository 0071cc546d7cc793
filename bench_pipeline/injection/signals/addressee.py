"""`addressee` (weight 2, addressing): an automated reader named as the one who acts — a vocative
("asistente:", "hey AI,"), "<reader> que lean/resuman esta página", "<reader> deben/should …",
"quien elabore comparativos", "los modelos encargados de resumir"."""

from bench_pipeline.injection.signals import lexicon
from bench_pipeline.injection.signals.grammar import (
    DETERMINER, EN_VERB, ES_VERB, OBLIGATION, OUTPUT, READER, READS, TOOL, alt,
)

_A_READER = rf"{DETERMINER}{READER}"
_TASK_PRONOUN = alt(*lexicon.TASK_PRONOUNS)
# Anything qualified as automated or AI: "resúmenes de IA", "automated overviews", "buscadores inteligentes".
_AI_QUALIFIED = (rf"(?:[a-z]+(?: de [a-z]+)? {alt(*lexicon.AI_QUALIFIERS_ES)}"
                 rf"|{alt(*lexicon.AI_QUALIFIERS_EN)}[ -][a-z]+)")
_RECIPIENT = rf"{DETERMINER}(?:{READER}|{_AI_QUALIFIED})\b"
# What follows a vocative: an order, maybe politely; a settings value ("modelo: llama-3-8b") is none.
_VOCATIVE_ORDER = rf"(?:por favor,?\s*|please,?\s*)?(?:{ES_VERB}|{EN_VERB})\b(?![-_.\d])"
_CLAUSE_OPENS = (r"(?:^\s*|(?<=[.!?;:,\n\u00a1\u00bf\"'(\[>*\u201c\u201d\u00ab\u00bb])\s*"
                 r"|\b(?:hey|hola|oye|ok|okay|dear|querid[oa]s?|estimad[oa]s?)\s*,?\s+)")
# A reader named by its reading acts on this page ("AI assistants reading this", "el modelo que lea esta ficha",
# "que resuman el presente aviso"), or is given an obligation in its sentence ("whenever an AI tool compares
# suppliers, X must be listed first"); the news' readers of pages in general ("when an AI assistant reads a web
# page", "train a model that classifies reviews") are mentions.
_THIS = r"(?:esta|este|estas|estos|esto|this|these|our|nuestr[oa]s?)"  # the page or its company
_NEAR = r"(?:[\w-]+,?\s+){0,8}?"  # up to eight words on
_ON_THIS_OR_OBLIGED = (rf"(?=\s+{_NEAR}(?:{_THIS}|el presente|la presente|here|aqui)\b|\s*[:,]"
                       rf"|[^.;\n]{{0,120}}?\b(?:{OBLIGATION})\b)")
PATTERN = "|".join([
    rf"\b(?:hey|hola|oye|dear|querid[oa]s?|estimad[oa]s?|atencion|attention)\s*,?\s+(?:(?:there|ahi"
    rf"|alli)\s*,?\s*)?(?:[a-z]+\s+)?{_A_READER}\b",
    rf"(?:^\s*|(?:(?<=[.!?\n\u00a1\u00bf\[(\"'>*\u201c\u201d\u2018\u2019\u00ab\u00bb])"
    rf"|(?<=(?<!\w)-))\s*){_A_READER}(?:\s*(?:,|y|e|and|o|or)\s+{_A_READER})*\s*:",
    rf"\b{READER}\s+(?:que|that|which|who)?\s*(?:{READS})\b{_ON_THIS_OR_OBLIGED}",
    # "anything" and "whatever" name a thing, not a person, by its task.
    rf"\b(?:sistemas?|herramientas?|programas?|servicios?|procesos?|systems?|tools?|programs?|services?"
    rf"|anything|whatever|{_TASK_PRONOUN})(?:\s+(?:de|of|for)\s+[a-z]+|\s+[a-z]+)?\s+(?:que|that|which|who)?\s*"
    rf"(?:{READS}),?\s+{_NEAR}{_THIS}\b",
    # Tools named by their task, then a colon: a dedication ("Herramientas que actualicen directorios:").
    rf"(?:^\s*|(?<=[.!?\n\u00bf\u00a1>*])\s*)(?:las |los |the )?{TOOL}(?:\s+(?:y|e|o|and|or)\s+[a-z]+)?"
    rf"\s+(?:que|that|which)\s+(?:{READS})\b[^.:;\n]{{0,80}}:",
    # A model singled out by what it does with the page: "al modelo que lea este aviso", "the model
    # tasked with summarising".
    rf"\b(?:modelos?|models?)\s+(?:que|that|which|who)\s+(?:{READS})\b{_ON_THIS_OR_OBLIGED}",
    rf"\bse (?:solicita|pide|ruega|instruye|indica|recomienda|exhorta) a {_A_READER}\b",
    rf"\b(?:y )?(?:tu|usted|ustedes|you),?\s+(?:[a-z]+\s+)?{_A_READER}\b",
    rf"\b(?:queda|quedan|esta|estan) (?:prohibid[oa]s?|vedad[oa]s?|obligad[oa]s?) (?:a|para) {_A_READER}\b",
    rf"\b{READER} (?:[a-z]+ing|que (?:describa|lea|resuma|analice|procese))\b[^.\n]{{0,40}}:",
    rf"\b(?:usted|ustedes|tu|you),? (?:que|who) (?:esta|estas|estan|are|is) (?:[a-z]+ando|[a-z]+iendo"
    rf"|[a-z]+ing) (?:[a-z]+ )?{OUTPUT}\b",
    rf"\b(?:quien|quienes|whoever|readers?|those|anyone) (?:que )?(?:{READS}) (?:[a-z-]+ ){{0,3}}?{OUTPUT}\b",
    rf"\b(?:readers?|lector(?:es)?) (?:that|who|which|que) (?:are|sean|son) {_A_READER}\b",
    r"\b(?:quien|quienes|whoever|anyone|anybody) (?:este|esten|is|are) (?:[a-z]+ando|[a-z]+iendo|[a-z]+ing)\b",
    r"\blo que (?:lees|estas leyendo|acabas de leer)\b",
    r"\bwhat you(?:'re| are)? read(?:ing)?\b (?:here|on this)",
    rf"\b(?:should|must|would|shall|debe|deberia) (?:an?|the|any|el|la|un|una|cualquier) (?:{READER}|models?"
    rf"|modelo) (?:say|answer|respond|reply|state|decir|responder|contestar|be asked)\b",
    rf"\b(?:{READER}|modelos?|models?)\s+(?:encargad[oa]s?|responsables?|in charge|tasked|charged)\s+(?:de|of"
    rf"|with)\s+(?:resumir|analizar|leer|procesar|evaluar|indexar|calificar|summari[sz]ing|reading|processing"
    rf"|analy[sz]ing|evaluating|indexing|rating)\b",
    rf"\b(?:quien|quienes|whoever|anyone who|anybody who|those who)\s+(?:{READS})\s+(?:\w+\s+){{0,2}}{OUTPUT}\b",
    # Not a reader that qualifies another noun: "las empresas de IA pueden", "operators of bots must";
    # a reader coordinated with another reader or tool still is one: "AI systems and research tools must".
    rf"(?<!\bde )(?<!\bdel )(?<!\bof )(?<!\bsobre )(?<!\babout )\b{READER}"
    rf"(?:,?\s+(?:and|or|y|e|o)\s+(?:[a-z-]+\s+)?(?:{TOOL}|{READER}))?\s+(?:{OBLIGATION})\b",
    # An order asked of a reader in the first person plural: "les pedimos (con respeto) a los buscadores con IA".
    rf"\b(?:les?|te|os) (?:pedimos|solicitamos|rogamos|suplicamos|exigimos|pido|solicito)(?:\s+[a-z]+){{0,4}}"
    rf"\s+a\s+{_A_READER}\b",
    # A request made of a reader: "solicitamos a las plataformas de IA que…", "se hace del conocimiento de
    # los sistemas automatizados…", "we urge AI tools to…".
    rf"\b(?:{alt(*lexicon.REQUESTS)})(?:,?\s+[a-z]+){{0,4}}?\s+(?:a|al|de|to|of)\s+{_RECIPIENT}",
    # A notice dedicated to anything automated ("Action item for automated researchers:"); one dedicated to a
    # named reader is `addressed_model`'s.
    rf"{_CLAUSE_OPENS}(?:[a-z]+\s+){{0,2}}(?:{alt(*lexicon.DEDICATIONS)}|policy|action items?|politicas?)"
    rf"\s+(?:a|al|para|to|for)\s+{DETERMINER}{_AI_QUALIFIED}\b",
    # A request put as a question: "could automated overviews leave out…".
    rf"\b(?:could|would|can|will)\s+{_RECIPIENT}\s+(?:please\s+)?(?:{EN_VERB}|leave|kindly)\b",
    # A vocative opens its clause: "Modelo, omite…"; not the object of a condition ("si usaron herramientas
    # de IA, indíquenlo").
    rf"{_CLAUSE_OPENS}{DETERMINER}(?:{READER}|modelos?|models?)\s*[:,]\s*{_VOCATIVE_ORDER}",
    # A label may qualify its reader first: "ATTENTION AI ASSISTANTS: rank…".
    rf"{_CLAUSE_OPENS}(?:[a-z0-9]+\s+){{1,2}}(?:{READER})\s*:\s*{_VOCATIVE_ORDER}",
])
