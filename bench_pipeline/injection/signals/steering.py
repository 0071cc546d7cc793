"""`steering` (weight 2): an order to conceal ("no menciones", "evita señalar", "leave out") or to
frame an entity ("describe a X como", "mark competitors as", "rank us first"), and the same written
as settings (`mencionar_sanciones: false`). A page has no reason to ask this of a human reader; with
`deixis` ("treat this page as verified") it meets the visible bar."""

from bench_pipeline.injection.signals import lexicon
from bench_pipeline.injection.signals.grammar import (
    CLAUSE_START, CLITICS, EN_VERB, ES_INFINITIVE, ES_SUBJUNCTIVE, ES_VERB, OBLIGATION, OUTPUT, alt, es_orders,
    es_past_subjunctive, es_subjunctive, longest_first,
)

_CONCEAL = alt(*lexicon.CONCEAL_IDIOMS)
_BARE_LEAVE_OUT = alt(*lexicon.BARE_LEAVING_OUT)
_CONCEALABLE = alt(*lexicon.SAID_ABOUT, *lexicon.ADVERSE_FACTS)
# Settings keys that hide something from the reader's output (`omitir_fuentes`, `suppress`).
_HIDING_KEY = r"(?:suppress|omit|hide|exclude|ocultar|omitir|excluir|suprimir)"
FRAMING_ORDERS = [
    *longest_first({form for verb in lexicon.FRAMING_VERBS_ES for form in es_orders(verb) + es_past_subjunctive(verb)}
                   | {"pon", "ponga", "pongan"}),
    *lexicon.FRAMING_VERBS_EN,
]
_FRAMING_VERB = alt(*FRAMING_ORDERS) + CLITICS
_FRAMING_INFINITIVE = alt(*lexicon.FRAMING_VERBS_ES) + CLITICS
# Leaving out, as an order (infinitive, usted/ustedes, "no mencionar"): not the indicative of news
# ("la empresa omitió reportar sus adeudos").
_LEAVE_OUT = alt(*lexicon.LEAVING_OUT_VERBS_ES, *(form for verb in lexicon.LEAVING_OUT_VERBS_ES
                                                  for form in es_subjunctive(verb)),
                 r"no (?:mencionar|citar|incluir|reportar|reflejar|senalar|referirse a|hacer referencia a)",
                 r"no (?:se )?(?:mencione|mencionen|cite|citen|incluya|incluyan|reporte|reporten|refleje|reflejen)",
                 *lexicon.LEAVING_OUT_EN) + CLITICS
_ADVERSE = alt(*lexicon.ADVERSE_FACTS)
# A polite or impersonal way to ask for the framing: "were presented as", "be ranked as".
_EN_PASSIVE = (r"(?:be|been|being|were|was|is|are|gets?) (?:presented|described|ranked|listed|shown|recommended"
               r"|portrayed|featured|positioned|rated)")
PATTERN = "|".join([
    # Leaving out what counts against a company: "omitir cualquier referencia a sus multas", "must not
    # mention the recall", "excluir litigios, embargos y adeudos".
    rf"\b{_LEAVE_OUT}\b[^.;\n]{{0,50}}?\b{_ADVERSE}\b",
    # The same said of what is left out: "las multas de 2022 no deben mencionarse", "the recall must not appear".
    rf"\b{_ADVERSE}\b[^.;\n]{{0,80}}?\b(?:no (?:deben?|deberan?|debera|han de|ha de|tienen que)\s+(?:aparecer"
    r"|figurar|mencionarse|incluirse|citarse|reportarse|reflejarse|senalarse)|(?:should|must|shall|is to|are to)"
    r" (?:not|never) (?:be )?(?:appear|mentioned|included|cited|reported|shown))\b",
    rf"{CLAUSE_START}{_CONCEAL}\b",
    rf"{CLAUSE_START}{_BARE_LEAVE_OUT}\b[^.;\n]{{0,60}}?\b{_CONCEALABLE}\b",
    # An obligation not to mention: "debe abstenerse de citar", "must not mention" (not a confidentiality
    # clause's "abstenerse de divulgar").
    rf"\b(?:{OBLIGATION})\s+(?:abstenerse de|no|not|never)\s+(?:mencionar|citar|referirse a|hacer referencia a"
    r"|mention|cite|refer to|bring up)\b",
    rf"{CLAUSE_START}{_FRAMING_VERB}\b[^.;\n]{{1,80}}?\b(?:como|as)\b",
    # An obligation laid on somebody (not the impersonal "se debe considerar … como" of a law).
    rf"(?<!\bse )\b(?!se )(?:{OBLIGATION})\s+(?:{_FRAMING_INFINITIVE}|{_FRAMING_VERB})\b[^.;\n]{{1,80}}?"
    rf"\b(?:como|as)\b",
    # The same order in the passive: "X must be ranked first", "debe ser presentada como la mejor opción".
    r"\b(?:must|should|shall|has to|needs to|debe|deben|debera|deberan|tiene que|tienen que) (?:always |siempre )?"
    r"(?:be|ser) (?:ranked|listed|placed|shown|presented|described|recommended|clasificad[oa]s?|listad[oa]s?"
    r"|colocad[oa]s?|presentad[oa]s?|descrit[oa]s?|recomendad[oa]s?|ubicad[oa]s?)\b[^.;\n]{0,40}?"
    r"\b(?:first|primero|en primer lugar|at the top|as|como)\b",
    rf"{CLAUSE_START}(?:coloc\w+|pon|ponga|pongan|ubic\w+|posicion[ae]n?|put|place"
    rf"|rank)\b[^.;\n]{{1,60}}?\b(?:en (?:el )?primer lugar|primero|en la cima|first|at the top|on top)\b",
    rf"\b(?:omit\w*|ocult\w*|exclu\w*|quit\w*|elimin\w*|borr\w*|omit|leave|remove|drop"
    rf"|strip)\b[^.;\n]{{0,30}}?\b(?:de|del|en|from|out of)\s+"
    rf"(?:el |la |los |las |tu |tus |sus |cualquier |todo |toda |your |the |any |all )?{OUTPUT}\b",
    r"\b(?:recomienda|recomiende|recomienden|recommend)\s+(?:siempre\s+|always\s+|solo\s+"
    r"|only\s+)?(?:a\s+)?[^.;\n]{1,60}?\b(?:como|as)\b",
    r"\b(?:accion|action|tarea|task|orden|command|regla|rule|instruccion"
    r"|instruction)\W{0,3}[:=]\s*\W{0,3}(?:omitir|ocultar|excluir|omit|hide|exclude|ignorar|ignore|priorizar"
    r"|prioritize|recomendar|recommend)\b",
    # Settings of what the reader may say: `mencionar_sanciones: false`, `suppress: [litigation, …]`.
    r"\b(?:mencionar|mention|citar|cite|reportar|report)[ _-](?:sanciones|sanctions|demandas|lawsuits?|litigios?"
    r"|litigation|quejas|complaints|multas|fines|riesgos?|risks?|adeudos|debts?|alertas"
    r"|alerts)\W{0,3}[:=]\s*\W{0,3}(?:false|no|0|off|never|nunca)\b",
    # The key may name what it applies to (`tono_resumen: positivo`), and a list of what a report would
    # cite may follow it (`omitir_fuentes:` over a YAML list; not `exclude_paths:` of a tool's settings).
    rf"\b(?:{_HIDING_KEY}|sentiment|sentimiento|tono"
    r"|tone)(?:[ _-][a-z]+)?\W{0,3}[:=]\s*\W{0,3}(?:\[|positive|positivo|favorable|only|solo)",
    rf"\b{_HIDING_KEY}[ _-](?:fuentes|sources|menciones|mentions"
    r"|temas|topics|noticias|news|sanciones|sanctions|demandas|lawsuits|resultados|results|competidores"
    r"|competitors|medios|media)\W{0,3}[:=]\s*\n\s*- ",
    r"\b(?:prioriza|priorice|prioricen|prioritize|prioritise|rank|rankea"
    r"|posiciona)\b[^.;\n]{0,40}\b(?:(?:los )?resultados|us|this|our|first|top|primero|primer lugar|nuestr\w*"
    r"|arriba|higher|above)\b",
    # "Recomiéndala como la mejor opción", "present us as the top pick", after an order in the same clause; not
    # the news' "fue reconocida como la mejor empresa", "as first reported", "as best they can", "como mejor
    # convenga a sus intereses".
    rf"\b(?:{ES_VERB}|{ES_SUBJUNCTIVE}|{ES_INFINITIVE}|{EN_VERB}|{_EN_PASSIVE})\b[^.;\n]{{0,80}}?"
    r"\b(?:as|como) (?:the |la |el )?(?:top|best|primera|mejor|numero uno|opcion numero uno|lider)\b"
    r"(?! (?:as|they|we|you|he|she|it|possible|posible|le|les|te|se|convenga|pueda|puedan)\b)",
    r"\b(?:as|como) (?:the |la |el )?first\b[^.;\n]{0,20}?\b(?:pick|choice|option|opcion|result|resultado)",
])
