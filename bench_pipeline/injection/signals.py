"""Instruction-likeness from signals, not from a list of known attack sentences.

Web text aimed at a reader that is a model has a structure ordinary text lacks: it names that reader
(or the reader's own output), it claims an authority over it, and it tells it what to do with its
answer. Each of those is a *signal* found by small grammatical patterns on folded text (lower case,
no accents), in Spanish and English:

| signal            | weight | what it looks for |
|-------------------|--------|-------------------|
| `explicit`        | 3      | the jailbreak grammar itself: overriding earlier instructions, a new role, spoofed conversation roles, "safety off", a request to send out the conversation, prompt or keys |
| `addressed_model` | 3      | a dedication or condition aimed at an automated reader: "nota para / to / for <reader>:", "a los <readers> que indexan …:", "si eres <reader>", "if you are <reader>" |
| `addressee`       | 2      | an automated reader named as the one who acts: a vocative ("<reader>:", "<reader>, declara"), "<reader> que lean/resuman esta página", "<reader> deben/should …", "quien elabore comparativos" |
| `output_context`  | 2      | the reader's own output or its act of answering: "en tu respuesta", "your summary", "toda respuesta sobre", "al describir a", "si el usuario pregunta", rewriting its letters or words |
| `authority_label` | 2      | text labelled as a system/operator/developer instruction: a bracketed, ruled or colon label with such a word, "instrucciones del sistema" / "system prompt" as a heading or before a colon (mid-sentence it is a noun) |
| `role_field`      | 2      | a conversation role written as a field whose value ends there: `"role": "system"`, `rol=asistente` (not a job title, `"rol": "Asistente administrativo"`) |
| `precedence`      | 2      | a source claiming precedence over every other: "única fuente válida", "debe prevalecer sobre", "sustituye a cualquier otra", "regardless of other sources" |
| `steering`        | 2      | an order to conceal ("no menciones", "evita señalar", "leave out") or to frame an entity ("describe a X como", "mark competitors as", "rank us first") |
| `directive`       | 1      | an order about what to say, omit, rank, treat, send: an imperative in its place (clause start, after "por favor"/"favor de"), an obligation modal + such a verb, "no menciones", "do not mention" |
| `authority_claim` | 1      | "verificado por", "registro oficial", "por disposición de", "site operator", "verified by" |
| `deixis`          | 1      | the page pointing at itself or its subject: "esta página", "este sitio", "this company" |
| `automation`      | 1      | any mention of an automated reader (a model, an assistant, AI, agents, bots, crawlers, automated systems, search engines); not counted again when that reader is addressed |
| `data_sink`       | 1      | a URL whose last parameter waits to be filled (empty, `{placeholder}`, `CAPS`) |

**The decision rule.** Signals are pooled over a window of two consecutive sentences (a heading and
the sentence under it; a run with no sentence end is cut every 400 characters), each signal counted
once. A window of *visible* text is instruction-like when its weight is at least 3 **and** it holds
an addressing signal (`explicit`, `addressed_model`, `addressee`, `output_context`,
`authority_label`, `role_field` or `precedence`, or a `steering` order about this page or company): an imperative, however authoritative, with no automated reader
in view is how laws, notices and manuals speak ("El contribuyente deberá…", "Queda prohibido…",
"Nota para el cliente…"). A window in a *hidden* channel (comment, hidden CSS, attribute, metadata,
PDF hidden layer) needs weight 2, and either one decisive signal (`explicit`, `addressed_model`,
`precedence`) or two signals of which one addresses the reader, steers it, or is a `directive`
given in an authority's name or with a data sink — because text nobody is meant to see has no
reason to give orders, while a hidden "Share this article" or a mention of AI is not one. A
quotation that a sentence reports as somebody's words ("la frase '…'", "the message '…'", "decía,
aproximadamente: '…'", and the quotes listed after it) or an inline code span (`` `…` ``) is
mentioned, not used: its signals do not count.

Three readings keep the rule about structure rather than wording. A label that names the reader or
an authority (a heading, a line ending in a colon: "### Mensaje del operador", "Datos para IA:")
speaks through the lines under it, so its window runs over the next five sentences. Code a page
displays (`<pre>`, a fenced block) is judged at a *specimen* bar: the visible bar without
`role_field` and `directive`, since an API's example request is made of roles and imperatives.
And a reader's name that is a person's job in the text ("asistente dental", "agentes de ventas",
"administrative assistant") does not name a reader there, unless an AI qualifier goes with it.
Text is folded before matching: case, accents, Cyrillic and Greek look-alikes, digits spelling
letters (`1gn0r4`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Literal, NamedTuple

from bench_pipeline.injection.anchored_search import AnchorIndex, Anchored, matches_within, stretches
from bench_pipeline.reading.textmap import fold

WEIGHTS = {
    "explicit": 3, "addressed_model": 3, "addressee": 2, "output_context": 2, "authority_label": 2,
    "role_field": 2, "precedence": 2, "steering": 2, "directive": 1, "authority_claim": 1, "deixis": 1, "automation": 1, "data_sink": 1,
}
ADDRESSING = frozenset({"explicit", "addressed_model", "addressee", "output_context", "authority_label", "role_field", "precedence"})
# Alone, these carry a hidden channel over its bar; any other signal needs a second one beside it.
_SELF_SUFFICIENT_HIDDEN = frozenset({"explicit", "addressed_model", "precedence"})
_ORDER_CONTEXT = frozenset({"authority_claim", "data_sink"})
VISIBLE_BAR = 3
HIDDEN_BAR = 2
Bar = Literal["visible", "hidden", "specimen"]
_SPECIMEN_DATA = frozenset({"role_field", "directive"})
_MAX_WINDOW = 700  # characters: two sentences of prose; longer runs are lists, not one utterance
_LONGEST_SENTENCE = 400
_LABELS = frozenset({"authority_label", "addressed_model", "role_field"})
# Texts matched in one pass are joined by a line break no pattern reads across: `\s+` stops at the
# NUL, a sentence-wide `[^.\n]` at the breaks, so "no" ending one text never takes "Use …" opening the next.
_JOIN = "\n\x00\n"
_LABEL_SCOPE = 5  # sentences under a label: a heading and a short list
_HEADING = 100


def _alt(*alternatives: str) -> str:
    """A non-capturing alternation with the alternatives' shared leading letters factored out
    (`(?:a(?:gente|sistente)|b(?:ot))`): the engine tries each alternative at every word start, so
    a flat list of hundreds of verb forms costs hundreds of tries where a prefix tree costs a few.
    The language matched is the same; only which of two matches at one position wins may differ."""
    return "(?:" + "|".join(_factored(list(dict.fromkeys(alternatives)))) + ")"


def _factored(alternatives: list[str]) -> list[str]:
    groups: dict[str, list[str]] = {}
    for alternative in alternatives:
        groups.setdefault(_leading_letter(alternative), []).append(alternative)
    factored = []
    for letter, members in groups.items():
        if not letter or len(members) == 1:
            factored += members
            continue
        rests = [member[1:] for member in members]
        # An alternative that ends here is tried after the longer ones, as the flat list sorted by length was.
        inner = _factored([rest for rest in rests if rest]) + ([""] if "" in rests else [])
        factored.append(letter + "(?:" + "|".join(inner) + ")")
    return factored


def _leading_letter(alternative: str) -> str:
    """The first character when it is a plain letter, digit or space that no quantifier follows
    and the alternative has no top-level `|` (factoring would then change what it means)."""
    if not alternative or not (alternative[0].isalnum() or alternative[0] == " ") or alternative[:2] == "\\":
        return ""
    if len(alternative) > 1 and alternative[1] in "?*+{":
        return ""
    return "" if _has_top_level_bar(alternative) else alternative[0]


def _has_top_level_bar(pattern: str) -> bool:
    depth, index, in_class = 0, 0, False
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            return True
        index += 1
    return False


# --- who is addressed -------------------------------------------------------------------------
_READER = _alt(
    r"ia", r"i\.a\.", r"a\.?i\.?", r"inteligencias? artificial(?:es)?", r"artificial intelligence",
    r"llms?", r"large language models?", r"(?:ai |language |generative |foundation )models?",
    r"modelos? (?:de lenguaje|de ia|de inteligencia artificial|generativos?|linguisticos?|grandes de lenguaje|fundacional(?:es)?)",
    r"(?:ai |virtual |digital )?assistants?", r"asistentes?(?: virtual(?:es)?| de ia| digital(?:es)?| inteligentes?)?",
    r"chat ?bots?", r"chatgpt", r"gpt-?\d\w*", r"claude", r"gemini", r"copilot", r"perplexity",
    r"(?:ai |autonomous |software )?agents?", r"agentes?(?: de ia| automaticos?| autonomos?| inteligentes?| de software)?",
    r"bots?", r"robots?", r"crawlers?", r"spiders?", r"scrapers?", r"rastreador(?:es)?", r"aranas?(?: web)?", r"indexador(?:es)?",
    r"(?:automated|automatic|ai|intelligent|generative) (?:systems?|tools?|readers?|agents?|processes|services?|pipelines?|engines?)",
    r"sistemas? (?:de busqueda|de respuesta)",
    r"search engines?", r"answer engines?", r"motor(?:es)? (?:de busqueda|de respuesta|generativos?)", r"buscador(?:es)?(?: con ia)?",
    r"summari[sz]ers?", r"resumidor(?:es)?",
    # Any tool, platform or agent qualified as automated or AI ("agentes de consulta automatizada",
    # "plataformas de inteligencia artificial", "automated screening tools").
    r"(?:agentes?|sistemas?|herramientas?|plataformas?|servicios?|motor(?:es)?|procesos?|lector(?:es)?|programas?|aplicacion(?:es)?|solucion(?:es)?)"
    r"(?: de [a-z]+){0,2} (?:automatizad[oa]s?|automatic[oa]s?|de ia|de inteligencia artificial|inteligentes?|generativ[oa]s?|basad[oa]s? en ia|con ia)",
    r"(?:sistemas?|herramientas?|plataformas?|servicios?|motor(?:es)?) de (?:evaluacion|analisis|consulta|verificacion|calificacion|scoring|screening|monitoreo|due diligence)",
    r"(?:automated|ai|ai-powered|llm-based|llm|intelligent|crawling|screening) (?:[a-z]+ )?(?:tools?|agents?|systems?|platforms?|services?|readers?|assistants?|bots?)",
    # Named by the output it writes: "el generador del resumen", "the report writer", "downstream summarizers".
    r"(?:generador|redactor|autor|compilador|elaborador)(?:es|a|as)? del? (?:resumen|informe|reporte|perfil|dictamen|sintesis|comparativo)",
    r"(?:report|summary|profile|brief|dossier|due[- ]diligence) (?:writers?|authors?|generators?|compilers?|builders?)",
    r"agentes? informatic[oa]s?",
)
_READS = _alt(
    r"lea[ns]?", r"leen?", r"procese[ns]?", r"procesan?", r"resuma[ns]?", r"resumen", r"analice[ns]?", r"analizan?",
    r"indexe[ns]?", r"rastree[ns]?", r"consulte[ns]?", r"consultan?", r"citen?", r"accedan?", r"visiten?",
    r"encuentren?", r"recorran?", r"usen?", r"utilicen?", r"generen?", r"elaboren?", r"redacten?", r"ingiera[ns]?", r"ingieren?",
    r"ingests?", r"ingesting", r"evalue[ns]?", r"evaluan?", r"compare[ns]?", r"comparan?", r"revise[ns]?", r"investigue[ns]?",
    r"verifique[ns]?", r"califique[ns]?", r"consuma[ns]?", r"consumen?", r"sintetice[ns]?", r"prepare[ns]?", r"compile[ns]?",
    r"lees", r"consumes?", r"consuming", r"compil(?:es?|ing)", r"prepar(?:es?|ing)", r"evaluat(?:es?|ing)", r"compar(?:es?|ing)", r"reviews?", r"reviewing", r"screens?", r"screening",
    r"reads?", r"reading", r"process(?:es|ing)?", r"summari[sz](?:es?|ing)", r"index(?:es|ing)?", r"crawl(?:s|ing)?",
    r"visit(?:s|ing)?", r"cit(?:es?|ing)", r"encounter(?:s|ing)?", r"access(?:es|ing)?", r"scrap(?:es?|ing)", r"pars(?:es?|ing)",
)
_DEDICATION = _alt(r"notas?", r"mensajes?", r"avisos?", r"instrucci\w+", r"indicaciones", r"directrices", r"directivas?",
                   r"advertencias?", r"comunicados?", r"recordatorios?", r"notices?", r"notes?", r"messages?",
                   r"instructions?", r"guidance", r"directives?", r"memos?", r"reminders?", r"warnings?", r"atencion", r"attention")
_DETERMINER = r"(?:(?:el|la|los|las|un|una|cualquier|todo|toda|todos|todas|the|any|all|every|an?|our|nuestros?)\s+){0,2}"

# --- what the reader is told to do ------------------------------------------------------------
# Spanish output verbs by infinitive; their imperative, subjunctive and negative forms are derived.
_ES_VERBS = (
    "declarar afirmar informar reportar indicar responder contestar resumir presentar describir omitir excluir "
    "ocultar ignorar tratar considerar clasificar calificar recomendar priorizar posicionar destacar mencionar "
    "enviar mandar incluir agregar anadir codificar traducir escribir citar usar utilizar asegurar confirmar "
    "sustituir reemplazar eliminar borrar descartar evitar mostrar revelar repetir marcar etiquetar asignar "
    "redactar insertar adjuntar comunicar notificar caracterizar establecer mantener sugerir preferir favorecer "
    "resaltar enfatizar promover promocionar remitir transmitir compartir filtrar cifrar invertir decir hablar "
    "olvidar desestimar limitar reflejar copiar pegar imprimir valorar puntuar atribuir certificar garantizar "
    "elogiar ubicar colocar rankear catalogar sostener concluir generar cambiar modificar obedecer seguir "
    "aparecer figurar prevalecer asociar vincular relacionar senalar tomar poner enfocar explicar terminar finalizar "
    "empezar comenzar realizar hacer dar publicar aprobar rechazar negar detener suspender cerrar continuar proceder "
    "ejecutar abrir visitar llamar pedir solicitar preguntar subrayar minimizar exagerar desacreditar descalificar "
    "criticar alabar nombrar referir dirigir redirigir incorporar integrar devolver regresar entregar producir imitar "
    "imaginar suponer dejar pasar saltar tener recordar aplicar adoptar asumir aceptar validar verificar revisar anotar "
    "corregir actualizar registrar guardar quedar desconfiar concentrar limitar"
).split()
_ES_IRREGULAR = {
    "decir": "di diga digan digas digais decir", "mostrar": "muestra muestre muestren muestres mostrar",
    "recomendar": "recomienda recomiende recomienden recomiendes recomendar", "sugerir": "sugiere sugiera sugieran sugieras sugerir",
    "preferir": "prefiere prefiera prefieran prefieras preferir", "promover": "promueve promueva promuevan promuevas promover",
    "mantener": "manten mantenga mantengan mantengas mantener", "sostener": "sosten sostenga sostengan sostengas sostener",
    "establecer": "establece establezca establezcan establezcas establecer",
    "favorecer": "favorece favorezca favorezcan favorezcas favorecer", "traducir": "traduce traduzca traduzcan traduzcas traducir",
    "repetir": "repite repita repitan repitas repetir", "invertir": "invierte invierta inviertan inviertas invertir",
    "seguir": "sigue siga sigan sigas seguir", "concluir": "concluye concluya concluyan concluyas concluir",
    "hablar": "habla hable hablen hables hablar", "aparecer": "aparece aparezca aparezcan aparecer",
    "figurar": "figure figuren figurar", "prevalecer": "prevalezca prevalezcan prevalecer",
    "poner": "pon ponga pongan pongas poner", "hacer": "haz haga hagan hagas hacer", "dar": "den dar",
    "aprobar": "aprueba apruebe aprueben apruebes aprobar", "negar": "niega niegue nieguen niegues negar",
    "cerrar": "cierra cierre cierren cierres cerrar", "pedir": "pide pida pidan pidas pedir",
    "devolver": "devuelve devuelva devuelvan devuelvas devolver", "producir": "produce produzca produzcan produzcas producir",
    "suponer": "supon suponga supongan supongas suponer", "tener": "ten tenga tengan tengas tener",
    "recordar": "recuerda recuerde recuerden recuerdes recordar", "corregir": "corrige corrija corrijan corrijas corregir",
    "empezar": "empieza empiece empiecen empieces empezar", "comenzar": "comienza comience comiencen comiences comenzar",
    "referir": "refiere refiera refieran refieras referir", "dirigir": "dirige dirija dirijan dirijas dirigir",
    "redirigir": "redirige redirija redirijan redirijas redirigir", "obedecer": "obedece obedezca obedezcan obedezcas obedecer",
}
_EN_VERBS = (
    "say state declare assert claim report tell inform answer respond reply write describe present summarize summarise "
    "mention omit exclude hide ignore disregard forget skip treat consider classify rate rank score recommend suggest "
    "prefer prioritize prioritise promote highlight emphasize emphasise favor favour include add append insert integrate "
    "embed modify change alter replace substitute encode encrypt translate reverse use send forward email post upload "
    "transmit share leak reveal print output display show list repeat cite attribute label mark flag refer redirect link "
    "render ensure confirm verify certify praise portray depict frame position put place leave limit copy paste introduce "
    "misspell rearrange remove group express provide give augment enhance shift apply speak act scramble jumble anagram "
    "convert invert combine tease finish conclude approve reject deny visit fetch navigate execute return avoid decline "
    "refuse trust"
).split()


def _es_forms(infinitive: str) -> list[str]:
    """Imperative and subjunctive forms (tú, usted, ustedes, negative tú); the infinitive apart,
    since "…, presentar indicaciones" at a clause start is prose, not an order."""
    if infinitive in _ES_IRREGULAR:
        return [form for form in _ES_IRREGULAR[infinitive].split() if form != infinitive]
    stem, ending = infinitive[:-2], infinitive[-2:]
    if ending == "ar":
        soft = stem[:-1] + {"c": "qu", "g": "gu", "z": "c"}.get(stem[-1], stem[-1])
        return [stem + "a", soft + "e", soft + "en", soft + "es"]
    if stem.endswith("u") and ending == "ir":  # incluir, excluir, sustituir, atribuir
        return [stem + "ye", stem + "ya", stem + "yan", stem + "yas"]
    return [stem + "e", stem + "a", stem + "an", stem + "as"]


def _es_subjunctive(infinitive: str) -> list[str]:
    """The usted and ustedes subjunctive ("que el modelo omita", "que no reporten")."""
    return _es_forms(infinitive)[1:3]  # after the tú imperative, irregular verbs' lists included


_ES_FORMS = sorted({form for verb in _ES_VERBS for form in _es_forms(verb)}, key=len, reverse=True)
_CLITICS = r"(?:se(?:lo|la|los|las)?|lo|la|los|las|le|les|me|te|nos)?"
_ES_VERB = _alt(*_ES_FORMS) + _CLITICS
_ES_SUBJUNCTIVE = _alt(*sorted({form for verb in _ES_VERBS for form in _es_subjunctive(verb)}, key=len, reverse=True))
# A negative tú order on any verb: "no" + a second-person subjunctive ("no pongas", "no expliques").
_NOT_VERBS = "todas estas esas aquellas unas muchas pocas otras nuestras tus sus mas menos veces meses antes mientras ademas apenas jamas quizas tales cuales ellas nosotras vosotras".split()
_ES_INFINITIVE = _alt(*sorted(_ES_VERBS, key=len, reverse=True)) + _CLITICS
_EN_VERB = _alt(*sorted(_EN_VERBS, key=len, reverse=True))
_CLAUSE_START = (r"(?:^\s*|(?:(?<=[.!?:;\n\u00a1\u00bf\"'(\[\u2014\u2013*>|,{\u201c\u201d\u2018\u2019\u00ab\u00bb])|(?<=(?<!\w)-))\s*|\b(?:por favor|favor de|please|kindly|y|e|and|then|luego"
                 r"|tambien|also|ademas|simplemente|just|siempre|always|solo|only|unicamente|nomas|nada mas|a partir de ahora|desde ahora"
                 r"|de ahora en adelante|en adelante|from now on|henceforth|can you|could you|would you|will you)\s+)")
_OBLIGATION = _alt(
    r"deben?", r"deberan?", r"deberian?", r"deberias", r"debes", r"tienen? que", r"tienes que", r"han de", r"ha de",
    r"habra(?:n)? de", r"es necesario", r"se debe", r"se deberan?", r"se les? (?:pide|solicita|instruye|indica|ordena|recomienda)",
    r"se (?:pide|solicita|instruye|requiere)", r"corresponde", r"procede", r"conviene", r"es recomendable",
    r"esta(?:n)? obligad[oa]s? a", r"se espera que", r"ought to", r"is expected to", r"se obligan? a",
    r"(?:le|les|te|os) (?:pedimos|solicitamos|rogamos|pido|suplicamos|exigimos|ordenamos)(?: que)?", r"(?:are|is) (?:kindly )?requested to",
    r"must", r"should", r"shall", r"need to", r"needs to", r"have to", r"has to", r"are to", r"is to",
    r"are (?:required|instructed|asked|expected|requested|encouraged) to", r"would (?:naturally|ideally)",
    r"lo (?:mas )?(?:justo|correcto|recomendable|adecuado|apropiado|conveniente|ideal|indicado|prudente) (?:seria|es|sera)",
    r"seria (?:ideal|conveniente|mejor|correcto|justo|apropiado|recomendable)(?: que)?", r"it would be (?:best|most accurate|fair|appropriate|ideal|better) to",
    r"can you", r"could you", r"would you", r"will you", r"puedes", r"podrias", r"podrian", r"pueden",
)
_DIRECTIVE = (
    rf"{_CLAUSE_START}(?:{_ES_VERB}|{_EN_VERB})\b"
    rf"|\b{_OBLIGATION}\s+(?:(?:siempre|solo|unicamente|tambien|always|only|also|naturally|never|nunca|not|no)\s+)?(?:{_ES_INFINITIVE}|{_ES_VERB}|{_EN_VERB})\b"
    rf"|\bfavor de (?:no )?{_ES_INFINITIVE}\b"
    rf"|\b(?:no|nunca|jamas|never|do not|don'?t|dont|do n't)\s+(?:(?:se|le|les|lo|la)\s+)?(?:{_ES_VERB}|{_EN_VERB})\b"
    r"|\bse (?:responde|describe|presenta|reporta|menciona|omite|considera|trata|debe|deberan?)\b"
    r"|\bque (?:digan?|declaren?|omitan?|mencionen?|presenten?|describan?|reporten?|reflejen?|traten?|incluyan?|excluyan?|muestren?|destaquen?)\b"
    r"|\b(?:make sure|be sure|asegurate|asegurese) (?:to|de|que)\b"
    r"|\bque sea[ns]?\b"
    rf"|\bque[ \t]+(?:[a-z]+[ \t]+){{0,8}}?(?:no[ \t]+)?(?:(?:se|le|les|lo|la|los|las)[ \t]+)?{_ES_SUBJUNCTIVE}\b"
    rf"|\b(?:no|nunca|jamas)[ \t]+(?:(?:se|le|les|lo|la|los|las|me|te|nos)[ \t]+)?(?!(?:{'|'.join(_NOT_VERBS)})\b)[a-z]{{3,}}(?:es|as)\b"
)

# --- the reader's output, authority, precedence, the page pointing at itself -------------------
_OUTPUT = _alt(r"respuestas?", r"resumen(?:es)?", r"resenas?", r"perfil(?:es)?", r"fichas?", r"informes?", r"reportes?",
               r"comparativ[ao]s?", r"descripcion(?:es)?", r"recomendacion(?:es)?", r"analisis", r"evaluacion(?:es)?",
               r"salidas?", r"shortlists?", r"responses?", r"answers?", r"repl(?:y|ies)", r"outputs?", r"summar(?:y|ies)",
               r"reports?", r"profiles?", r"rankings?", r"descriptions?")
# What only the reader's own output is called when the page says "your …" / "tu …".
_OWN_OUTPUT = _alt(r"respuestas?", r"resumen(?:es)?", r"salidas?", r"responses?", r"answers?", r"repl(?:y|ies)", r"outputs?",
                   r"summar(?:y|ies)", r"ranking", r"recommendations?", r"conclusion(?:es)?", r"conclusions?", r"dictamen(?:es)?",
                   r"veredictos?", r"verdicts?", r"assessments?", r"borrador(?:es)?", r"drafts?", r"reportes?", r"informes?", r"sintesis")
_OUTPUT_CONTEXT = (
    rf"\byour\s+(?:own\s+|final\s+)?{_OWN_OUTPUT}\b"
    rf"|\b(?:en|a|de|con|dentro de|al final de|al inicio de|al principio de)\s+tus?\s+(?:propi[oa]s?\s+)?{_OWN_OUTPUT}\b"
    rf"|\b(?:toda|todo|cualquier|cada|any|every)\s+(?:\w+\s+)?{_OUTPUT}\b"
    rf"|\b{_OUTPUT}\s+(?:\w+\s+)?(?:generad[oa]s?|automatic[oa]s?|automatizad[oa]s?|generated|automated)\b"
    rf"|\b{_OUTPUT} (?:de|of|sobre|about) (?:esta|este|this) (?:pagina|sitio|page|site|documento|document|perfil|profile|empresa|company)\b"
    r"|\b(?:al|antes de) (?:responder|contestar|resumir|describir|generar|redactar)\b"
    r"|\bcuando (?:respondas|contestes|resumas|describas|generes|redactes|elabores|te pregunten|te pidan)\b"
    r"|\b(?:when|before|after|while) (?:answering|responding|summari[sz]ing|describing|generating|writing about|you answer|you respond|you summari[sz]e|you describe)\b"
    r"|\bsi (?:te|le|les) (?:preguntan?|piden?|consultan?)\b|\bif (?:you are|you're) asked\b"
    r"|\bsi (?:el|un|algun) usuario (?:te |le )?(?:pregunta|pide|consulta|solicita|busca|quiere saber|menciona)\b"
    r"|\bif (?:the|a|any) user (?:asks|requests|wants|mentions|searches|queries|is)\b"
    # The reader's output as the subject of a condition or an order: "si tu respuesta…", "Tu conclusión debe…".
    rf"|\bsi tus? (?:propi[oa]s? )?{_OWN_OUTPUT}\b|(?:^|(?<=[.!?\n]))\s*tus? (?:[a-z]+ )?{_OWN_OUTPUT}\b"
    # Somebody asking is the moment the reader answers.
    r"|\bcuando (?:alguien|algun usuario|un usuario|el usuario|un cliente|la gente|se) (?:te |le )?(?:pregunte|consulte|pida|busque)n?\b"
    r"|\b(?:el|un|algun|cualquier) (?:usuario|cliente) (?:te |le )?(?:pregunte|consulte|pida|busque)\b"
    r"|\bwhen(?:ever)? (?:someone|anyone|a user|users|people|somebody) (?:asks?|searches?|quer(?:y|ies)|looks? up)\b"
    r"|\bwhen(?:ever)? you (?:talk|speak|write|tell|answer) (?:about|of|on)\b|\bcuando (?:hables|escribas|opines|respondas) (?:de|sobre|acerca)\b"
    # A condition on the reader's own situation or task: "si vas a dar un veredicto", "en caso de que
    # estés evaluando", "cuando se te solicite", "si la persona que te consulta", "if you can send email".
    r"|\b(?:si|cuando|en caso de que|mientras|siempre que)\s+(?:[a-z]+\s+){0,4}?(?:"
    r"estes (?:evaluando|comparando|analizando|generando|redactando|resumiendo|elaborando|investigando|revisando|calificando)"
    r"|vas a (?:dar|emitir|generar|redactar|resumir|evaluar|recomendar|calificar|responder|escribir|comparar)"
    r"|tienes acceso|puedes (?:enviar|mandar|acceder|navegar|ejecutar|usar herramientas)"
    r"|(?:ves|encuentras|encuentres|lees) (?:informacion|datos|noticias|resenas|quejas|referencias|menciones|resultados)"
    r"|te (?:consultan?|preguntan?|piden?|solicitan?)|se te (?:solicite|pida|pregunte|consulte)|te (?:pidan|pregunten|consulten|soliciten))\b"
    r"|\b(?:if|when|whenever|in case|once) you (?:can|are able to) (?:send|email|browse|fetch|execute)\b|\byou have access to\b"
    r"|\b(?:if|when|whenever|in case|once) you (?:see|find|read|encounter|come across) (?:any )?(?:negative|conflicting|contradictory|adverse|unfavou?rable)\b"
    r"|\b(?:in case|whenever|when|if) (?:the|a|any) (?:user|person asking)(?: is| asks| wants| mentions| requests)\b|\bwhen asked\b"
    r"|\b(?:when|whenever|while) (?:ranking|recommending|screening)\b"
    r"|\bwhenever (?:this|the) (?:page|site|document|text) is (?:retrieved|read|indexed|summari[sz]ed|used|cited|processed)\b"
    r"|\b(?:by|al|upon|after) (?:processing|reading|summari[sz]ing|indexing|ingesting|procesar|leer|resumir|indexar) (?:this|este|esta|el presente|la presente)\b"
    r"|\b(?:al|del) usuario\b|\b(?:tell|inform|ask|show) the user\b|\bthe user'?s (?:question|query|request|messages?|data)\b"
    rf"|{_CLAUSE_START}(?:reply|respond|answer)\s+(?:only\s+)?(?:in|using|with)\s+(?!reply\b)"
    # Settings of the reader's output written as configuration: `salida.omitir = […]`, `output.tone: …`.
    r"|\b(?:salida|output|respuesta|response|answer|resumen|summary)\s*[._:]\s*(?:omitir|ocultar|excluir|omit|hide|exclude|tono|tone|estilo|style|override\w*|prioridad|priority|incluir|include)\b"
    r"|\b(?:en|in|dentro de|within) (?:la|el|the|cualquier|any) (?:respuesta|resumen|answer|response|output|summary)\b(?! (?:a|de|del|al|to|of) )"
    r"|\b(?:para|to) (?:generar|elaborar|redactar|producir|generate|write|produce|compile) (?:un|una|el|la|a|an|the)? ?(?:informe|reporte|resumen|respuesta|perfil|ficha|report|summary|answer|profile)\b"
    rf"|\b{_OUTPUT}\s+(?:\w+\s+)?que se (?:generen|produzcan|elaboren|redacten|hagan)\b"
    r"|\b(?:si|if) (?:alguien|algun usuario|un cliente|cualquier persona|anyone|someone) (?:pregunta|consulta|pide|busca|asks|searches|looks)\b"
    r"|\b(?:fuera|aparte) del (?:analisis|resumen|informe|reporte|perfil)\b|\bout of (?:the|your) (?:analysis|summary|report|profile)\b"
    # Rewriting the reader's own letters and words is only ever asked of a text generator.
    r"|\b(?:replace|substitute|swap|convert|shift|remove|reverse|scramble|encode|encrypt|rearrange|reemplaz\w*|sustitu\w*|cambi\w*|invierte|invertir|codific\w*|cifr\w*)\b"
    r"[^.\n]{0,30}\b(?:letters?|vowels?|consonants?|characters?|every (?:\w+ )?word|letras|vocales|consonantes|caracteres|cada (?:\w+ )?palabra)\b"
    r"|\b(?:scrambl\w*|jumbl\w*|anagram\w*|convert\w*|render\w*|invert\w*|combin\w*|revers\w*|encod\w*|encrypt\w*|translat\w*|rearrang\w*|misspell\w*|tease\w*)\b[^.\n]{0,50}\byour (?:message|words|text|letters|sentences)\b"
)
_AUTHORITY_WORD = _alt(r"system", r"sistema", r"sys", r"operator", r"operador(?:es)?", r"developer", r"desarrollador(?:es)?",
                       r"model (?:administrator|operator|provider|developer)",
                       r"admin", r"administrator", r"administrador", r"root", r"kernel", r"directiv[ao]s?", r"override", r"prompt",
                       r"instrucci\w+ (?:del sistema|internas?|prioritarias?|obligatorias?|de sistema|para (?:el|la) \w+)",
                       r"internal (?:instructions?|notes?|directives?)", r"(?:nota|mensaje|aviso) intern[oa]")
# Inside brackets or a tag a label may also name the reader or a control word: `<configuracion_agente>`.
_BRACKET_WORD = _alt(_AUTHORITY_WORD, _READER, r"control", r"plataforma", r"platform", r"config\w*", r"prioridad", r"priority",
                     r"overrides", r"runtime", r"directivas", r"tool (?:results?|calls?|outputs?|responses?)", r"function (?:results?|calls?)",
                     r"observation")
_SYSTEM_SIDE = (
    r"(?:(?:instrucciones|indicaciones|mensaje|nota|aviso|directiva|reglas|configuracion|actualizacion|politicas?)"
    r" (?:interna |internas |operativa |prioritaria )?(?:del|de|para el) (?:sistema|desarrollador|operador|administrador|agente|asistente|modelo|plataforma)"
    r"|(?:system|developer|operator|admin) (?:prompt|message|instructions?|notice|note|directive|override|update)"
    r"|(?:agent|assistant|model|ai) (?:configuration|config|instructions|directives|policy))\b"
)
# A JSON document is read as `path.key: value` lines: a heading may open a value.
_JSON_KEY = r"(?:[a-z][\w. ]{0,60}:[ \t]*)?"
# A label: a heading set off by brackets, rules or a line start + colon, holding an authority word.
_AUTHORITY_LABEL = (
    rf"(?:^|(?<=[\n.:;!?\"]))\s*[\[<{{(]{{1,3}}[^\]>}})\n]{{0,40}}\b{_BRACKET_WORD}\b[^\]>}})\n]{{0,40}}[\]>}})]{{1,3}}"
    rf"|(?:^|\n)\s*{_JSON_KEY}(?:[#=*\-_~]{{2,}}\s*)[^\n]{{0,40}}\b{_BRACKET_WORD}\b[^\n]{{0,40}}"
    rf"|(?:^|\n)\s*(?:\w+\s+){{0,4}}{_AUTHORITY_WORD}(?:\s+\w+){{0,3}}\s*(?::|::|=>)"
    # A phrase naming a system-side instruction, where a label stands: alone on its line (a heading,
    # a few words around it) or right before a colon, dash or rule. Mid-sentence it is a noun ("the
    # system message holds the instructions").
    rf"|(?:^|\n)[ \t]*{_JSON_KEY}[\[(<#*>|=_~\-\t ]*(?:\w+[ \t]+){{0,3}}{_SYSTEM_SIDE}(?:[ \t]+\w+){{0,6}}[ \t]*[\])>*#=:~\-]*[ \t]*(?=\n|$)"
    rf"|\b{_SYSTEM_SIDE}(?:[ \t]*\([^)\n]{{0,60}}\))?[ \t]*(?:[:=\u2014/|\]]|\n|$)"
    # A configuration section for the reader's output: `resumen_ia:`, `ai_summary_policy:`.
    r"|(?:^|\n)[ \t]*(?:[a-z]+ ){0,2}(?:ia|ai|llm|gpt|bot|agente?s?|modelo?s?|models?)(?: [a-z]+){0,2}[ \t]*:[ \t]*(?=\n)"
    # A line labelled for the reader: "Datos para IA:", "Checklist para el bot:", "descripcion para agentes:".
    rf"|(?:^|\n)[ \t]*[#*>\-\[(]*[ \t]*(?:[a-z]+[ \t]+){{1,4}}(?:para|to|for)[ \t]+{_DETERMINER}(?:{_READER}|modelos?|models?)\b[^.\n]{{0,30}}?(?::|[ \t]*(?=\n|$))"
)
# A conversation role written as a field, `"role": "system"`, `rol=asistente`: the value ends there,
# so a job title in a staff list (`"rol": "Asistente administrativo"`) is not one.
_ROLE_VALUE_END = (r"(?=[ \t]*(?:[^a-z \t]|$|[a-z]+\s*[:=]"
                   # a camelCase value read as words: `instruccionPrioritaria`, `systemOverride`
                   r"|(?:prioritari[oa]|principal|urgente|oficial|intern[oa]|critic[oa]|priority|urgent|official|internal|override|prompt|message|mensaje)\b))")
_ROLE_FIELD = (
    r"\b(?:role|rol|speaker|author|autor|from|sender|emisor\w*|origen|source|persona|tipo\w*|type|nivel|level|de)(?: \w+)?\W{0,3}\s*[:=]\s*\W{0,3}"
    r"(?:system|sistema|developer|desarrollador|operador|operator|root|plataforma|platform|interno|instrucci\w+|instruction\w*|directiv\w*|comando|command|override\w*)\b"
    + _ROLE_VALUE_END +
    r"|\b(?:role|rol|speaker|quien|who|hablante|interlocutor|author|autor|sender|emisor\w*)\W{0,3}\s*[:=]\s*\W{0,3}(?:user|usuario|assistant|asistente|model|modelo|ai|ia|bot)\b"
    + _ROLE_VALUE_END
)
_AUTHORITY_CLAIM = (
    r"\b(?:verificad[oa]s?|validad[oa]s?|certificad[oa]s?|autorizad[oa]s?|aprobad[oa]s?|avalad[oa]s?|verified|validated|certified|approved|endorsed|authorized)\s+(?:\w+\s+){0,2}(?:por|by)\b"
    r"|\b(?:registro|fuente|version|informacion|dato) (?:publico |oficial|autorizad[oa])\w*|\bofficial (?:registry|record|source|version|data|notice)\b"
    r"|\b(?:sello|certificado|constancia|dictamen|aviso) (?:de \w+ )?(?:emitid[oa]|otorgad[oa]|expedid[oa]) por\b|\b(?:emitid[oa]|issued|signed) by\b|\b(?:aviso|notice) (?:del|de la|from the) (?:notari\w+|oficina|office|registro|autoridad|authority)\b"
    r"|\bpor (?:disposicion|orden|mandato|instruccion) de\b|\bby (?:order|mandate|instruction) of\b|\bde conformidad con\b"
    r"|\b(?:operador|administrador(?:es)?|administracion|responsables?) (?:oficial(?:es)? )?del (?:sitio|dominio|portal)\b|\bsite (?:operator|owner|admin\w*)\b"
    r"|\b(?:equipo|area|departamento) de (?:cumplimiento|verificacion|seguridad|confianza)\b|\b(?:compliance|trust and safety|verification) team\b"
)
_PRECEDENCE = (
    r"\b(?:unica|sola) (?:fuente|referencia|version) (?:valida|confiable|autorizada|oficial|correcta|veraz|fidedigna)\b"
    r"|\b(?:fuente|referencia) (?:de mayor peso|autorizada|definitiva|prioritaria)\b"
    r"|\bprevalec\w+ sobre\b|\bpor encima de (?:cualquier|otras|las demas|toda)\b|\bsin importar lo que (?:digan?|muestren?|indiquen?) (?:otr|las demas|los demas)"
    r"|\b(?:descart\w+|desestim\w+|ignor\w+|omit\w+) (?:cualquier|toda|las|otras?|los|el resto)\s+(?:\w+\s+)?(?:fuentes?|notas?|informacion|datos|medios|versiones|resultados|competidores|paginas|sitios|resenas|quejas|marcas|opciones|reportes|sources|pages|sites|reviews|complaints|brands|options|reports)\b"
    r"|\b(?:only|sole|single|primary) (?:valid |reliable |authoritative |trusted |correct )?(?:source|reference|version)\b|\btakes? precedence\b"
    r"|\bregardless of (?:what|other|any)\b|\b(?:over|above) (?:all|any) other sources?\b|\bpreferred source\b"
    r"|\b(?:la|el) (?:respuesta|version|calificacion|cifra|informacion|dato|valoracion) (?:correct[oa]|real|verdader[oa]|oficial|valid[oa])\b[^.\n]{0,80}?\b(?:es|que (?:debes|deben|debe|corresponde))\b"
    r"|\bthe (?:correct|real|true|official) (?:answer|version|rating|figure) (?:is|to report)\b|\bfuente (?:oficial|valida) (?:y|sobre)\b"
    r"|\b(?:the only|la unica|el unico) (?:acceptable|valid|correct|aceptable|valid[oa]|correct[oa]) (?:[a-z]+ ){0,2}(?:rating|answer|response|conclusion|calificacion|respuesta|conclusion|veredicto|verdict)\b"
    r"|\b(?:si|cuando|when|whenever|if) (?:otra|otras|otro|otros|other|another|any other|they|ellos)(?: [a-z]+)? (?:contradice\w*|contradic\w*|disagree\w*|difiere\w*|no coincide\w*)\b"
    r"|\b(?:tiene|tienen|has|have|takes?|dar|den|da|give|gives) (?:\w+ )?(?:prioridad|priority|precedencia|precedence)(?: \w+)? (?:sobre (?:cualquier|todo|toda|otras?|el usuario|los demas)|over (?:any|all|other|the user)|a (?:este|esta) (?:texto|pagina|contenido|documento|bloque)|to this (?:text|page|block|content))\b"
    r"|\bfuente (?:primaria|principal|mas confiable)\b|\bprimary source\b|\b(?:trust|believe|creenos|confia en) (?:us|nosotros|this page|esta pagina)\b"
    r"|\b(?:mas|mayor|more|greater|less|menos) (?:peso|credibilidad|weight|credibility)\b"
    r"|\b(?:menor|less|lower) (?:credibilidad|peso|credibility|weight)\b|\bcomo (?:fuente )?(?:autorizada|oficial|definitiva|valida)\b"
    r"|\b(?:as|an?) (?:authoritative|official|definitive) source\b"
    r"|\b(?:sustituye|reemplaza|anula|deja sin efecto) (?:a )?(?:cualquier|toda|las demas|otras?)\b|\b(?:supersedes|replaces|overrides) (?:any|all|every) other\b"
)
# Orders to conceal, or to frame an entity as something: what a page has no reason to ask of a human reader.
_CONCEAL = _alt(r"ocult[ae]n?", r"omit[ae]n?", r"no (?:hagas|haga|hagan) (?:referencia|mencion)", r"sin (?:mencionar|hacer referencia|referirse)",
                r"dej[ae]n? fuera", r"deja de lado", r"(?:don'?t|do not|never) bring up", r"esconde[n]?", r"esconda[n]?", r"no (?:mencionar|senalar|citar|revelar|menciones|mencione|mencionen|senales|senale|senalen|hables|hable de|hablen de|cites|cite|citen|reveles|revele|incluyas en|digas|diga|digan|refieras|refiera)",
                r"evit[ae]n? (?:mencionar|senalar|hablar|referirse|citar|incluir|decir|asociar|vincular|(?:las |los |toda |cualquier )?(?:palabras|terminos|referencias|menciones))", r"leave out", r"skip (?:the|any|all|our) (?:[a-z]+ )?(?:part|mention|section|reference|complaints?|criticism|reviews?|lawsuits?|fines?|negative)",
                r"(?:do not|don'?t|never|not to) (?:mention|cite|reveal|bring up|refer to|discuss|disclose|divulge|reproduce)", r"hide (?:the|any|all)", r"omit (?:the|any|all)",
                r"no (?:divulgar|divulgues|divulgue|divulguen|reproducir|reproduzcas|reproduzca|reproduzcan|publicar)")
_FRAMING_ES = ("describir presentar tratar marcar clasificar calificar reportar considerar catalogar etiquetar mostrar colocar posicionar "
               "ubicar resumir").split()
_FRAMING_VERB_WORDS = [*sorted({form for verb in _FRAMING_ES for form in _es_forms(verb)} | {"pon", "ponga", "pongan"}, key=len, reverse=True),
                       "describe", "present", "treat", "mark", "classify", "rate", "report", "consider", "label", "portray",
                       "depict", "frame", "put", "place", "position", "list", "rank", "show"]
_FRAMING_VERB = _alt(*_FRAMING_VERB_WORDS) + _CLITICS
_FRAMING_INFINITIVE = _alt(*_FRAMING_ES) + _CLITICS
_STEERING = (
    rf"{_CLAUSE_START}{_CONCEAL}\b"
    rf"|{_CLAUSE_START}{_FRAMING_VERB}\b[^.;\n]{{1,80}}?\b(?:como|as)\b"
    # An obligation laid on somebody (not the impersonal "se debe considerar … como" of a law).
    rf"|(?<!\bse )\b(?!se )(?:{_OBLIGATION})\s+(?:{_FRAMING_INFINITIVE}|{_FRAMING_VERB})\b[^.;\n]{{1,80}}?\b(?:como|as)\b"
    rf"|{_CLAUSE_START}(?:coloc\w+|pon|ponga|pongan|ubic\w+|posicion[ae]n?|put|place|rank)\b[^.;\n]{{1,60}}?\b(?:en (?:el )?primer lugar|primero|en la cima|first|at the top|on top)\b"
    rf"|\b(?:omit\w*|ocult\w*|exclu\w*|quit\w*|elimin\w*|borr\w*|omit|leave|remove|drop|strip)\b[^.;\n]{{0,30}}?\b(?:de|del|en|from|out of)\s+(?:el |la |tu |tus |your |the )?{_OUTPUT}\b"
    r"|\b(?:recomienda|recomiende|recomienden|recommend)\s+(?:siempre\s+|always\s+|solo\s+|only\s+)?(?:a\s+)?[^.;\n]{1,60}?\b(?:como|as)\b"
    r"|\b(?:accion|action|tarea|task|orden|command|regla|rule|instruccion|instruction)\W{0,3}[:=]\s*\W{0,3}(?:omitir|ocultar|excluir|omit|hide|exclude|ignorar|ignore|priorizar|prioritize|recomendar|recommend)\b"
    # Settings of what the reader may say: `mencionar_sanciones: false`, `suppress: [litigation, …]`.
    r"|\b(?:mencionar|mention|citar|cite|reportar|report)[ _-](?:sanciones|sanctions|demandas|lawsuits?|litigios?|litigation|quejas|complaints|multas|fines|riesgos?|risks?|adeudos|debts?|alertas|alerts)\W{0,3}[:=]\s*\W{0,3}(?:false|no|0|off|never|nunca)\b"
    r"|\b(?:suppress|omit|hide|exclude|ocultar|omitir|excluir|suprimir|sentiment|sentimiento|tono|tone)\W{0,3}[:=]\s*\W{0,3}(?:\[|positive|positivo|favorable|only|solo)"
    r"|\b(?:prioriza|priorice|prioricen|prioritize|prioritise|rank|rankea|posiciona)\b[^.;\n]{0,40}\b(?:(?:los )?resultados|us|this|our|first|top|primero|primer lugar|nuestr\w*|arriba|higher|above)\b"
    r"|\b(?:as|como) (?:the |la |el )?(?:top|first|best|primera|mejor|numero uno|opcion numero uno|lider)\b[^.;\n]{0,20}\b(?:pick|choice|option|opcion|result|resultado)?"
)
# A URL whose last parameter waits to be filled: empty, a {placeholder}, [PLACEHOLDER] or ALLCAPS.
# Matched on the text as written: folding would lower the capitals that mark a placeholder.
_DATA_SINK = re.compile(r"https?://\S{0,120}[?&][\w-]{1,20}=(?:\{[^}\s]{1,40}\}|\[[^\]\s]{1,40}\]|[A-Z][A-Z0-9_]{3,}\b|(?=[\s\"')\]]|$))")
_DEIXIS = (
    r"\b(?:esta|este|estas|estos) (?:pagina|sitio|portal|documento|texto|contenido|articulo|ficha|perfil|seccion|empresa|compania|organizacion|marca|tienda|proveedor|dominio|fuente)s?\b"
    r"|\bthis (?:page|site|website|document|text|content|article|profile|section|company|organi[sz]ation|brand|store|vendor|domain|source|entity)\b"
    r"|\bnuestr[oa]s? (?:empresa|compania|marca|sitio|pagina|director\w*|cifras)\b|\b(?:rank|list|put) us\b"
)
_AUTOMATION = rf"\b{_READER}\b"
_ADDRESSED_MODEL = (
    rf"\b{_DEDICATION}(?:\s+[a-z]+){{0,8}}?\s+(?:para|a|dirigid[oa]s? a|to|for|addressed to)\s+{_DETERMINER}(?:{_READER}|modelos?|models?)\b[^.\n]{{0,60}}?[:,\u2014\u2013-]"
    rf"|\b(?:si|en caso de que|suponiendo que) (?:tu |usted |ustedes )?(?:eres|usted es|ustedes son|sois|seas|sea|sean|fueras|fuera) {_DETERMINER}{_READER}\b"
    rf"|\b(?:in case|should|assuming) you(?: are|'re| be| happen to be) {_DETERMINER}{_READER}\b"
    rf"|\bshould (?:an?|the|any) (?:{_READER}|models?) (?:be asked|asked|receive|get asked)\b"
    rf"|\b(?:eres|es usted|are you) {_DETERMINER}(?:{_READER}|modelos?|models?)\b"
    rf"|\b(?:(?:de )?uso exclusivo|exclusivamente|solo|solamente|only|exclusively|reserved) (?:para|for) {_DETERMINER}(?:{_READER}|modelos?|models?)\b"
    rf"|\bfor {_DETERMINER}{_READER} only\b"

    rf"|\bif you(?: are|'re| re) {_DETERMINER}{_READER}\b|\bif you(?: are|'re) (?:reading|processing|summari[sz]ing|indexing|crawling)\b"
    rf"|\b(?:to|para|a) {_DETERMINER}{_READER} (?:que|that|who|which)?\s*(?:{_READS}|\w+[ae]n)\b[^.\n]{{0,60}}?[:\u2014\u2013-]"
    r"|\bsi (?:estas|esta usted|estan) (?:leyendo|procesando|resumiendo|analizando|indexando|rastreando)\b"
    rf"|(?:^\s*|(?:(?<=[.!?\n\[(\"'>*\u201c\u00ab])|(?<=(?<!\w)-))\s*)(?:para|a|to|for|attn:?)\s+{_DETERMINER}{_READER}\b[^.\n]{{0,50}}?:"
)
_ADDRESSEE = (
    rf"\b(?:hey|hola|oye|dear|querid[oa]s?|estimad[oa]s?|atencion|attention)\s*,?\s+(?:(?:there|ahi|alli)\s*,?\s*)?(?:[a-z]+\s+)?{_DETERMINER}{_READER}\b"
    rf"|(?:^\s*|(?:(?<=[.!?\n\u00a1\u00bf\[(\"'>*\u201c\u201d\u2018\u2019\u00ab\u00bb])|(?<=(?<!\w)-))\s*){_DETERMINER}{_READER}(?:\s*(?:,|y|e|and|o|or)\s+{_DETERMINER}{_READER})*\s*:"
    rf"|\b{_READER}\s+(?:que|that|which|who)?\s*(?:{_READS})\b"
    rf"|\b(?:sistemas?|herramientas?|programas?|servicios?|procesos?|lector(?:es)?|systems?|tools?|programs?|services?|readers?|quien|whoever|anyone|anybody)(?:\s+(?:de|of|for)\s+[a-z]+|\s+[a-z]+)?\s+(?:que|that|which|who)?\s*(?:{_READS})\s+(?:\w+\s+)?(?:esta|este|estas|estos|esto|this|these|our|nuestr[oa]s?)\b"
    # A model singled out by what it does with the page: "al modelo que lea este aviso", "the model tasked with summarising".
    rf"|\b(?:modelos?|models?)\s+(?:que|that|which|who)\s+(?:{_READS})\b"
    rf"|\bse (?:solicita|pide|ruega|instruye|indica|recomienda|exhorta) a {_DETERMINER}{_READER}\b"
    rf"|\b(?:y )?(?:tu|usted|ustedes|you),?\s+(?:[a-z]+\s+)?{_DETERMINER}{_READER}\b"
    rf"|\b(?:queda|quedan|esta|estan) (?:prohibid[oa]s?|vedad[oa]s?|obligad[oa]s?) (?:a|para) {_DETERMINER}{_READER}\b"
    rf"|\b{_READER} (?:[a-z]+ing|que (?:describa|lea|resuma|analice|procese))\b[^.\n]{{0,40}}:"
    rf"|\b(?:usted|ustedes|tu|you),? (?:que|who) (?:esta|estas|estan|are|is) (?:[a-z]+ando|[a-z]+iendo|[a-z]+ing) (?:[a-z]+ )?{_OUTPUT}\b"
    rf"|\b(?:quien|quienes|whoever|readers?|those|anyone) (?:que )?(?:{_READS}) (?:[a-z-]+ ){{0,3}}?{_OUTPUT}\b"
    rf"|\b(?:readers?|lector(?:es)?) (?:that|who|which|que) (?:are|sean|son) {_DETERMINER}{_READER}\b"
    r"|\b(?:quien|quienes|whoever|anyone|anybody) (?:este|esten|is|are) (?:[a-z]+ando|[a-z]+iendo|[a-z]+ing)\b"
    r"|\blo que (?:lees|estas leyendo|acabas de leer)\b|\bwhat you(?:'re| are)? read(?:ing)?\b (?:here|on this)"
    rf"|\b(?:should|must|would|shall|debe|deberia) (?:an?|the|any|el|la|un|una|cualquier) (?:{_READER}|models?|modelo) (?:say|answer|respond|reply|state|decir|responder|contestar|be asked)\b"
    rf"|\b(?:{_READER}|modelos?|models?)\s+(?:encargad[oa]s?|responsables?|in charge|tasked|charged)\s+(?:de|of|with)\s+(?:resumir|analizar|leer|procesar|evaluar|indexar|calificar|summari[sz]ing|reading|processing|analy[sz]ing|evaluating|indexing|rating)\b"
    rf"|\b(?:quien|quienes|whoever|anyone who|anybody who|those who)\s+(?:{_READS})\s+(?:\w+\s+){{0,2}}{_OUTPUT}\b"
    rf"|\b{_READER}\s+(?:{_OBLIGATION})\b"
    rf"|\b(?:{_READER}|modelos?|models?)\s*[:,]\s*(?:por favor,?\s*|please,?\s*)?(?:{_ES_VERB}|{_EN_VERB})\b"
)
# Explicit jailbreak grammar: overriding earlier instructions, a new role, spoofed roles, data leaving.
_INSTRUCTIONS = _alt(r"instrucciones", r"indicaciones", r"reglas", r"ordenes", r"directrices", r"lineamientos", r"politicas",
                     r"pautas", r"consignas", r"orientaciones", r"guidance", r"orders", r"tareas?", r"tasks?", r"briefs?", r"encargos?",
                     r"configuracion", r"contexto", r"instructions?", r"prompts?", r"rules", r"directions", r"guidelines", r"protocols", r"context")
_EXPLICIT = (
    rf"\b(?:ignor\w*|disregard\w*|forget|olvid\w*|override|overrid\w*|bypass\w*|reemplaz\w*|replace|sustitu\w*|anul\w*|desestim\w*|descart\w*|discard\w*|haz caso omiso|hagan caso omiso|deja de seguir|no sigas|pasa por alto)\b[^.\n]{{0,40}}\b(?:(?:previous|prior|above|earlier|all|any|your|original|system|current)\s+(?:\w+\s+)?{_INSTRUCTIONS}|{_INSTRUCTIONS}\s+(?:anterior\w*|previ\w*|de arriba|originales|del sistema|que te|que traias|que tenias|que recibiste|actuales|vigentes)|(?:tus|sus|las de tu|tu) {_INSTRUCTIONS})\b"
    rf"|\b(?:el|the) {_INSTRUCTIONS} (?:anterior|previo|previous|prior)\w* (?:queda|quedan|is|are|esta|estan) (?:invalidad\w*|anulad\w*|sin efecto|void|cancel\w*|revocad\w*)"
    # The reader's own instructions referred to as such, and declared void: "las reglas que recibiste … ya no aplican".
    rf"|\b{_INSTRUCTIONS} (?:que (?:recibiste|te (?:dieron|dio|dimos|indicaron|pasaron|dieron)|tienes|traes|sigues)|(?:that )?you (?:received|were given|have been given|got|follow))\b"
    rf"|\b(?:everything|anything|all|whatever) (?:that )?you(?: were|'ve been| have been) (?:told|given|instructed)\b"
    r"|\b(?:todo )?lo que te (?:hayan |han |habian )?(?:dijeron|indicaron|pidieron|ordenaron|dicho|indicado|pedido|ordenado)\b"
    r"|\b(?:whatever|any|the) (?:prompt|instructions?|task) you (?:started|began|were given|received|got|came)\b"
    r"|\b(?:tu|your) (?:prompt|instrucciones|instructions|system prompt|tarea|task) (?:original|inicial|initial|de sistema|real)\b"
    r"|\bmodo [\"'\u201c\u00ab]?[a-z]+(?: [a-z]+)?[\"'\u201d\u00bb]? (?:activado|activo|on)\b|\b(?:activa|activar|enable|switch to|enter) (?:el )?(?:modo|[\"'\u201c]?[a-z]+(?: [a-z]+)?[\"'\u201d]? mode)\b|\bmode (?:activated|enabled|on)\b"
    r"|\bjuguemos a\b[^.\n]{0,20}?\b(?:tu|usted) (?:eres|es|seras)\b"
    r"|\b(?:your|tu|su) (?:new|nueva|nuevo|real|actual|verdadera|verdadero|only|unica|unico) (?:task|tarea|mission|mision|goal|objective|objetivo|job|trabajo|role|rol|purpose)\b"
    r"|\b(?:remember|recuerda|memoriza|memorize|store)\b[^.\n]{0,40}\b(?:permanently|forever|permanentemente|para siempre|in (?:your )?memory|en (?:tu )?memoria)\b"
    r"|\b(?:in|en) (?:all |todas las )?(?:future|futuras) (?:sessions|conversations|chats|sesiones|conversaciones)\b"
    r"|\b[a-z]+ (?:mode|modo)\s*[:=]\s*(?:on|off|enabled|disabled|activ\w*|desactiv\w*|true|false)\b|\bmodo [a-z]+\s*[:=]\s*(?:on|off|si|no)\b"
    rf"|\b(?:previous|prior|earlier|original|old|anterior\w*|previ[oa]s|originales) {_INSTRUCTIONS} (?:(?:is|are|was|were|queda\w*|esta\w*|son|es|ya)\s+)?(?:now |ya |hereby |no )?(?:void|null|invalid\w*|cancel\w*|revoked|obsolete|sin efecto|anulad\w*|nul[oa]s?|obsolet\w*|aplican|valen|cuentan|no longer)\b"
    r"|\b(?:imagina|imagine|supon|suppose|pretend|finge|fingir|juguemos a|let'?s pretend)(?:\s+(?:por un momento|for a moment))?,?\s+(?:que\s+)?(?:eres|trabajas|seas|you are|you're|you work|to be)\b"
    rf"|\byou are now\b[^.\n]{{0,30}}\b(?:{_READER}|mode|modo|persona|character|role|representative)\b"
    r"|\b(?:from now on,? (?:you|your)|you will (?:now )?play the role|your (?:new )?role is|pretend (?:to be|you are))\b"
    rf"|{_CLAUSE_START}(?:act as (?:an?|the|our)|actua como)\b"
    r"|\b(?:ahora eres|a partir de (?:ahora|este (?:punto|momento))(?:,)? (?:eres|seras|debes|actua\w*|toda)|desde ahora eres|tu nuevo (?:rol|papel)|finge (?:ser|que eres)|actua como (?:un|una|el|la|nuestr\w*))\b"
    r"|(?:^|\n)\s*(?:<\s*/?\s*(?:system|sistema|assistant|asistente|user_message|im_start|im_end)\s*>|\[\s*/?\s*(?:system|sistema|assistant|asistente|inst|sys)\s*\]|<<\s*/?\s*sys\s*>>|(?:system|assistant)\s*:)"
    r"|\b(?:system|admin) (?:override|message|prompt)\s*:|\b(?:admin|system|developer) override\b|\b(?:modo (?:sistema|desarrollador|administrador|de depuracion|dios)|debug mode|developer mode|god mode|do[- ]anything[- ]now|dan mode)\b"
    r"|\bmensaje del sistema\s*(?:[:\]>=\u2014]|\n|$)"
    r"|\bbrowsing (?:mode|session|interrupted|disrupted)\b|\bend the browsing\b"
    # A transcript planted in the page: a user's turn followed by the model's answer (few-shot spoofing).
    r"|\b(?:role|rol|speaker|quien|who|hablante|author|autor|sender|from|de)\W{0,3}\s*[:=]\s*\W{0,3}(?:user|usuario|human|humano|cliente)\b"
    r"[^\n]{0,400}?\b(?:role|rol|speaker|quien|who|hablante|author|autor|sender|from|de)\W{0,3}\s*[:=]\s*\W{0,3}(?:assistant|asistente|model|modelo|ai|ia|bot|gpt)\b"
    r"|\b(?:safety (?:guidelines|protocols|filters?)|guardrails|filtros de seguridad)\b[^.\n]{0,40}\b(?:suspended|disabled|disregard\w*|off|desactivad\w*|suspendid\w*)\b|\bcomply with all (?:user )?requests\b"
    r"|\b(?:reveal|output|print|show|repeat|leak|revela\w*|muestra\w*|repite|imprime)\b[^.\n]{0,40}\b(?:system prompts?|your (?:[a-z]+ ){0,3}(?:instructions|prompt|memory|configuration|tool list)|memory\.md|tus? (?:[a-z]+ ){0,2}(?:prompt|instrucciones))\b"
)
# A reader recast as one without its rules: "tú eres LIBRE, un modelo que no tiene políticas ni filtros".
_UNBOUND = (r"\b(?:un|una|an?|the|el|la)\s+(?:modelo|ia|asistente|model|ai|assistant|chatbot|bot|agente|agent|version)\b[^.\n]{0,40}?"
            r"\b(?:sin|no tiene\w*|without|with no|free (?:of|from)|has no|ni)\s+(?:\w+\s+){0,3}?"
            r"(?:filtros|restricciones|politicas|limites|censura|reglas|filters|restrictions|policies|limits|rules|guidelines|guardrails|censorship)\b")
# Data leaving: a transfer verb, somewhere to send it (a URL, a form, a webhook, a tool, an address)
# and what only the reader holds (the user's words or identity, the conversation, its prompt, keys).
_TRANSFER = (r"(?:send|forward|post|upload|submit|email|append|attach|embed|encode|paste|fill|call|fetch|link|share|include|add"
             r"|envi\w*|mand\w*|reenvi\w*|adjunt\w*|agreg\w*|anad\w*|incluy\w*|incluir|peg\w*|llen\w*|complet\w*|codific\w*"
             r"|concaten\w*|sub[ei]\w*|transmit\w*|compart\w*|enlaz\w*|llam\w*|pon\w*|realiz\w*|request|peticion|put|place|insert|write"
             r"|reenvi\w*|forward\w*)")
_SINK = r"(?:https?://|www\.|webhook|endpoint|formulario|\bform\b|\burl\b|enlace|\blink\b|imagen|image|pixel|tool|herramienta|[\w.+-]+@[\w-]+\.\w)"
_HELD_DATA = (r"(?:(?:the|this|our|your) (?:entire |whole |full )?conversation|(?:la|esta|toda la) conversacion|chat history"
              r"|(?:el|tu|del) historial|system prompt|your (?:instructions|prompt|memory)|tus instrucciones"
              r"|(?:the user'?s|user's|of the user)\s+(?:\w+\s+){0,3}?(?:question|query|messages?|data|email|name|input|files?|documents?|uploads?|history)"
              r"|(?:archivos|documentos|mensajes|datos)\s+(?:que|del) (?:el )?usuario|user (?:name|email|company|phone)"
              r"|(?:pregunta|consulta|query|question|mensajes?|correo(?: electronico)?|nombre|datos|messages?|email|telefono|phone)\s+(?:\w+\s+){0,2}(?:del usuario|of the user|they typed|que (?:escribio|tecleo|hizo)"
              r"|del (?:cliente|usuario|persona) que (?:te |le )?(?:esta )?(?:consulta|pregunta|escrib)\w*|of the (?:person|customer|user) (?:who is )?(?:asking|querying|using))"
              r"|the exact query|api keys?|claves? de (?:api|acceso)|credenciales|credentials|access tokens?|session (?:id|token)|identificador de sesion"
              r"|variables de entorno|environment variables)")
_EXFILTRATION = (rf"\b{_TRANSFER}\b(?=[^\n]{{0,200}}?{_SINK})(?=[^\n]{{0,200}}?\b{_HELD_DATA})"
                 rf"|\b{_HELD_DATA}\b(?=[^\n]{{0,120}}?\b{_TRANSFER}\b)(?=[^\n]{{0,200}}?{_SINK})")
# Cheap patterns searched over the whole text; `automation` also anchors the costly ones below.
_EVERYWHERE: dict[str, re.Pattern[str]] = {
    name: re.compile(pattern) for name, pattern in (
        ("precedence", _PRECEDENCE), ("authority_claim", _AUTHORITY_CLAIM), ("deixis", _DEIXIS), ("automation", _AUTOMATION),
    )
}


def _anchored(name: str, pattern: str, words: str, prefixes: str = "", reach: int = 100, tail: int = 120,
              by_reader: bool = True) -> tuple[Anchored, bool]:
    """A costly pattern, searched only from `reach` characters before to `tail` after a word each
    of its branches must hold: one of `words`, a word beginning with one of `prefixes` or
    (`by_reader`) a named automated reader, `automation`'s matches."""
    return Anchored(name, re.compile(pattern), frozenset(words.split()), tuple(prefixes.split()), reach, tail), by_reader


_REFERENCES = "modelo modelos model models usuario user"
_COSTLY = [
    _anchored("explicit", _EXPLICIT,
              "now role pretend act ahora partir rol papel finge system sistema assistant asistente user im inst sys admin "
              "depuracion dios desarrollador administrador mensaje mode anything browsing usuario human humano cliente "
              "safety guardrails filtros comply memory configuration imagina imagine supon suppose fingir juguemos lets let "
              "told given instructed dijeron indicaron pidieron ordenaron recibiste dicho indicado pedido ordenado modo papel "
              "activado activa activar enable switch enter whatever started began came",
              "instrucci indicaci regla orden order directri lineamiento politica configuraci contexto instruction prompt rule "
              "direction guideline guidance pauta consigna orientaci protocol context actua tarea task", tail=450),
    _anchored("explicit", _UNBOUND,
              "filtros restricciones politicas limites censura reglas filters restrictions policies limits rules guidelines "
              "guardrails censorship", reach=140, by_reader=False),  # a planted transcript runs 400 characters from the user's turn
    # Data leaving reads up to 200 characters ahead for what only the reader holds.
    _anchored("explicit", _EXFILTRATION,
              "chat historial api claves credenciales credentials session sesion variables environment query question "
              "pregunta consulta mensaje mensajes correo nombre datos message messages email name input typed escribio tecleo hizo "
              "telefono phone cliente customer person persona asking querying using",
              "conversa prompt instruction instrucci memory user usuario token", reach=300, tail=250, by_reader=False),
    _anchored("addressed_model", _ADDRESSED_MODEL,
              f"{_REFERENCES} reading processing summarizing summarising indexing crawling "
              "leyendo procesando resumiendo analizando indexando rastreando"),
    _anchored("addressee", _ADDRESSEE,
              f"{_REFERENCES} quien quienes whoever anyone anybody those",
              "sistema herramienta programa servicio proceso lector system tool program service reader"),
    _anchored("output_context", _OUTPUT_CONTEXT,
              f"{_REFERENCES} your tu tus analisis shortlist shortlists reply replies cuando asked asks word palabra "
              "responder contestar resumir describir generar redactar answering responding summarizing summarising "
              "describing generating writing respond summarize summarise describe preguntan pregunta piden pide consultan consulta "
              "pregunte consulte pida busque pregunten consulten pidan busquen asks ask searches search queries query looks "
              "busca searches looks talk speak write tell hables escribas opines respondas vas vayas ves lees encuentras "
              "encuentres solicita solicitan solicite pregunte pidan soliciten evaluando comparando analizando generando redactando resumiendo "
              "elaborando investigando revisando calificando acceso enviar mandar acceder navegar ejecutar herramientas "
              "send email browse fetch execute access negative conflicting contradictory adverse unfavorable unfavourable "
              "asking ranking recommending screening retrieved processing ingesting procesar leer indexar "
              "borrador borradores draft drafts",
              "respuesta resumen resena perfil ficha informe reporte comparativ descripci recomendaci evaluaci salida "
              "response answer output summar report profile ranking analysis letter vowel consonant character "
              "letra vocal consonante caracter conclus dictam veredict verdict assessment"),
    _anchored("authority_label", _AUTHORITY_LABEL,
              f"{_REFERENCES} system sistema sys operator developer admin root kernel override prompt internal interna "
              "interno control plataforma platform prioridad priority overrides runtime comando command agente asistente "
              "tool function observation",
              "operador desarrollador administra config instrucci instruction directiv admin override"),
    _anchored("role_field", _ROLE_FIELD,
              "system sistema developer desarrollador operador operator root plataforma platform interno comando command "
              "user usuario assistant asistente model modelo ai ia bot",
              "admin instrucci instruction directiv override", reach=60, by_reader=False),
    _anchored("steering", _STEERING,
              " ".join(sorted(set(_FRAMING_VERB_WORDS))) + " referencia mencion mencionar referirse fuera lado bring senalar "
              "citar revelar menciones mencione mencionen senales senale senalen hables hable hablen cites cite citen "
              "reveles revele incluyas digas diga digan refieras refiera leave skip mention reveal refer discuss disclose "
              "hide primer primero cima first top recomienda recomiende recomienden recommend omitir ocultar excluir omit "
              "exclude ignorar ignore priorizar prioritize prioritise recomendar prioriza priorice prioricen rank rankea "
              "posiciona best primera mejor numero opcion lider "
              # "trátalo como", "pónganos como": the framing verbs with a pronoun joined on.
              + " ".join(form + clitic for form in _FRAMING_VERB_WORDS for clitic in ("lo", "la", "los", "las", "le", "les", "nos", "me", "te")),
              "ocult omit escond evit dej coloc ubic posicion describir presentar tratar marcar clasificar calificar "
              "reportar considerar catalogar etiquetar mostrar colocar posicionar ubicar resumir exclu quit elimin borr "
              "remove drop strip leave"),
]
# A directive alone meets neither bar: it is looked for only in and beside sentences with another signal.
_DIRECTIVE_PATTERN = re.compile(_DIRECTIVE)
_DIRECTIVE_TAIL = 120
_ANCHORS = AnchorIndex(anchored for anchored, _ in _COSTLY)
# Sentence ends; a newline ends a heading line too.
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]\u201d\u2019\u00bb]*\s+|\n+")
# A lower-to-upper step inside a word joins two words (`configAgente`); alternating case (`IgNoRa`) does not.
_IDENTIFIER_JOINS = re.compile(r"(?<=[a-z\u00e0-\u00ff]{2})(?=[A-Z][a-z\u00e0-\u00ff]{2})|_")
_LEET_WORD = re.compile(r"\b(?=[a-z]*\d)(?=(?:[0-9]*[a-z]){2})[a-z0-9]{3,}\b")  # two letters at least: not a timestamp
_LEET = str.maketrans("013457", "oieast")
# A quotation the sentence reports as somebody's words: mentioned, not used.
# Named as words ("la frase '…'"), or after a verb or marker that reports or exemplifies them ("decía,
# aproximadamente: '…'", "for example '…'"); imperatives ("di", "say") do not report.
_REPORTED_QUOTE = re.compile(
    r"(?:\b(?:frases?|textos?|mensajes?|instrucci(?:on|ones)|ordenes|orden|leyendas?|palabras|cadenas?|comandos?|lineas?|oraci(?:on|ones)|comentarios?"
    r"|phrases?|texts?|messages?|strings?|words|commands?|prompts?|lines?|sentences?|comments?|instructions?)"
    r"(?:\s+[a-z]+)?(?:\s+(?:como|tales como|del tipo|such as|like|as))?\s*[:,]?\s*"
    r"|\b(?:said|says|reads|wrote|writes|stated|states|saying|roughly|literally|verbatim|quoted|called|titled|for example|e\.g\.|such as"
    r"|dice|decia|dijo|dicen|decian|reza|rezaba|leia|escribio|escribieron|indicaba|senalaba|por ejemplo|tales como|textualmente"
    r"|literalmente|aproximadamente|llamad[oa]s?|titulad[oa]s?)\b[^\"'\u201c\u2018\u00ab\n.]{0,40}?)"
    r"([\"'\u201c\u2018\u00ab])([^\"'\u201d\u2019\u00bb\n]{4,300})[\"'\u201d\u2019\u00bb]"
    # Inline code (`…`) is shown, not said.
    r"|(`)([^`\n]{1,300})`")
# Latin look-alikes in Cyrillic and Greek (`аsistente`): read as the letters they imitate, one for one.
_CONFUSABLES = str.maketrans("аеорсухіјѕԁӏοαειкνρτυχ", "aeopcyxijsdloaeikvptux")
# A person's job that shares a reader's name: "asistente dental", "agentes de ventas", "administrative
# assistant". In a text that names one, the bare noun is that person too and is not read as a reader;
# a reader's own qualifier ("asistente virtual", "AI agent") keeps it one.
_AI_QUALIFIER = (r"(?:virtual\w*|digital\w*|inteligentes?|automatic\w*|automatizad\w*|autonom\w*|conversacional\w*|generativ\w*"
                 r"|personal\w*|artificial\w*|de (?:ia|voz|software|codigo|busqueda|lenguaje|inteligencia artificial)|con ia|ia|ai)\b")
_PROFESSION_SUFFIX = r"[a-z]+(?:al|ales|iv[oa]s?|ic[oa]s?|ari[oa]s?|er[oa]s?|istas?|enses?|bles?)"
_HUMAN_ROLE = re.compile(
    rf"\b(?P<es>asistente|agente)s?\s+(?!(?:[a-z]+\s+){{0,3}}{_AI_QUALIFIER})(?:del?\s+[a-z]+|{_PROFESSION_SUFFIX}\b)"
    rf"|\b(?!{_AI_QUALIFIER}){_PROFESSION_SUFFIX}\s+(?P<en>assistant|agent)s?\b")
_AI_AFTER = re.compile(rf"(?:\s+[a-z]+){{0,3}}?\s+{_AI_QUALIFIER}")
_AI_BEFORE = re.compile(rf"\b{_AI_QUALIFIER}\s*$")


_CHAINED_QUOTE = re.compile(r"\s*(?:,|;|o|u|y|e|or|and)\s+[\"'\u201c\u2018\u00ab]([^\"'\u201d\u2019\u00bb\n]{4,300})[\"'\u201d\u2019\u00bb]")


class Finding(NamedTuple):
    signals: tuple[str, ...]
    weight: int
    snippet: str


def findings(text: str, bar: Bar) -> list[Finding]:
    """The windows of `text` that read as instructions to an automated reader, per the rule above."""
    return findings_many([text], bar)[0]


def findings_many(texts: list[str], bar: Bar) -> list[list[Finding]]:
    """`findings` of each text, matched in one pass over them all: a page's hundreds of attribute
    and meta texts cost one search per signal, not one each. No window spans two texts."""
    return [[w for w, bars, _ in windows if bar in bars] for windows in _judged_windows(texts)]


class Candidate(NamedTuple):
    signals: tuple[str, ...]
    weight: int
    text: str  # the whole window, whitespace collapsed
    bars: frozenset[Bar]  # empty when the window meets none


def candidate_windows(texts: list[str]) -> list[list[Candidate]]:
    """Every window of each text that holds any signal, over a bar or not, with the bars it meets:
    what a second stage scores, to clear a window over a bar or lift one under it."""
    return [[Candidate(w.signals, w.weight, text, bars) for w, bars, text in windows]
            for windows in _judged_windows(texts, every=True)]


def _judged_windows(texts: list[str], exhaustive: bool = False,
                    every: bool = False) -> list[list[tuple[Finding, frozenset[Bar], str]]]:
    """Each window with a signal that meets a bar (`every`: also those that meet none), the bars it
    meets and its whole text; `exhaustive` as in `_signals_per_sentence`."""
    results: list[list[tuple[Finding, frozenset[Bar], str]]] = [[] for _ in texts]
    kept = [index for index, text in enumerate(texts) if text and len(text) >= 10]
    if not kept:
        return results
    # `configAgente`, `prompt_sistema`: identifiers are read as the words they join.
    pieces = [_IDENTIFIER_JOINS.sub(" ", texts[index]) for index in kept]
    folded_pieces = [_people_masked(_unleeted(fold(piece).translate(_CONFUSABLES))) for piece in pieces]
    joined, folded = _JOIN.join(pieces), _JOIN.join(folded_pieces)
    bounds, owner = [], []
    offset = 0
    for position, piece in enumerate(folded_pieces):
        for start, end in _sentence_bounds(piece):
            bounds.append((offset + start, offset + end))
            owner.append(position)
        offset += len(piece) + len(_JOIN)
    found = _signals_per_sentence(pieces, folded_pieces, folded, bounds, exhaustive)
    # Folding keeps offsets except for compatibility forms (`ﬁ`): the snippet then quotes the folded text.
    quoted = joined if len(joined) == len(folded) else folded
    for index, (start, end) in enumerate(bounds):
        signals = found[index]
        if not signals:
            continue
        window_end = end
        # A label or heading that names the reader or an authority ("### SYSTEM OVERRIDE", "Datos para
        # IA:") speaks through the lines under it: its window runs over them.
        reach = _LABEL_SCOPE if signals & _LABELS and _is_heading(folded[start:end]) else 1
        for following in range(index + 1, min(len(bounds), index + 1 + reach)):
            if owner[following] != owner[index] or bounds[following][1] - start > _MAX_WINDOW:
                break
            signals = signals | found[following]
            window_end = bounds[following][1]
        bars = _bars_met(signals)
        if bars or every:
            text = " ".join(quoted[start:window_end].split())
            window = Finding(tuple(sorted(signals)), sum(WEIGHTS[s] for s in signals), text[:240])
            results[kept[owner[index]]].append((window, bars, text))
    return results


def _is_heading(sentence: str) -> bool:
    text = sentence.strip()
    return text.endswith(":") or len(text) <= _HEADING and not text.endswith((".", "!", "?", ";", ","))


def _people_masked(folded: str) -> str:
    """`folded` with the nouns that name a person's job in it (`_HUMAN_ROLE`) blanked out, lengths kept."""
    if "agent" not in folded and "asistente" not in folded and "assistant" not in folded:
        return folded
    nouns = {match.group("es") or match.group("en") for match in _HUMAN_ROLE.finditer(folded)}
    if not nouns:
        return folded

    def masked(match: re.Match[str]) -> str:
        after, before = folded[match.end():match.end() + 40], folded[max(0, match.start() - 30):match.start()]
        return match.group() if _AI_AFTER.match(after) or _AI_BEFORE.search(before) else "x" * len(match.group())

    return re.sub(rf"\b(?:{'|'.join(sorted(nouns))})s?\b", masked, folded)


def _unleeted(folded: str) -> str:
    """Words spelt with digits for letters (`1gn0r4`, `s1st3m4`) read as the letters they stand for."""
    return _LEET_WORD.sub(lambda match: match.group().translate(_LEET), folded)


def _signals_per_sentence(pieces: list[str], folded_pieces: list[str], folded: str,
                          bounds: list[tuple[int, int]], exhaustive: bool = False) -> list[set[str]]:
    """Each sentence's signals. Costly patterns are searched only near their anchors, the
    directive only in and beside sentences that hold another signal; `exhaustive` searches
    everything everywhere, the reference that the shortcut must equal."""
    found: list[set[str]] = [set() for _ in bounds]
    starts = [start for start, _ in bounds]
    mentioned = []
    for match in _REPORTED_QUOTE.finditer(folded):
        mentioned.append(match.span(2 if match.group(2) is not None else 4))
        chained = match
        while chained := _CHAINED_QUOTE.match(folded, chained.end()):  # "«…» o «…»": the list is reported too
            mentioned.append(chained.span(1))
    everywhere = [(0, len(folded))]
    matches = [(name, match.start(), match.group()) for name, pattern in _EVERYWHERE.items() for match in pattern.finditer(folded)]
    readers = [start for name, start, _ in matches if name == "automation"]
    for (anchored, by_reader), positions in zip(_COSTLY, _ANCHORS.positions(folded)):
        spans = everywhere if exhaustive else stretches(positions + readers if by_reader else positions, anchored.reach, anchored.tail)
        matches += [(anchored.name, match.start(), match.group())
                    for match in matches_within(anchored.pattern, folded, spans, anchored.tail)]
    offset = 0
    for piece, folded_piece in zip(pieces, folded_pieces):
        # Matched as written (the placeholder's capitals); where folding changed the length before
        # a match (`…` → `...`), its place in the folded text is the folded prefix's length.
        same = len(piece) == len(folded_piece)
        matches += [("data_sink", offset + (m.start() if same else len(fold(piece[:m.start()]))), m.group())
                    for m in _DATA_SINK.finditer(piece)]
        offset += len(folded_piece) + len(_JOIN)
    _attribute(matches, found, starts, mentioned)
    beside = [index for index in range(len(bounds))
              if any(found[near] for near in (index - 1, index, index + 1) if 0 <= near < len(bounds))]
    spans = everywhere if exhaustive else _merged([bounds[index] for index in beside])
    _attribute([("directive", match.start(), match.group()) for match in matches_within(_DIRECTIVE_PATTERN, folded, spans, _DIRECTIVE_TAIL)],
               found, starts, mentioned)
    for signals in found:
        if signals & {"addressee", "addressed_model"}:
            signals.discard("automation")  # the reader addressed is the automated reader mentioned: one signal
    return found


def _attribute(matches: list[tuple[str, int, str]], found: list[set[str]], starts: list[int],
               mentioned: list[tuple[int, int]]) -> None:
    for name, start, text in matches:
        # A match may open on the space before its first word: it belongs where that word is.
        at = start + len(text) - len(text.lstrip())
        if any(a <= at < b for a, b in mentioned):
            continue
        found[_index_of(starts, at)].add(name)


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[list[int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1] + 1:
            merged[-1][1] = end
        else:
            merged.append([start, end])
    return [(start, end) for start, end in merged]


def _bars_met(signals: set[str]) -> frozenset[Bar]:
    met = {bar for bar, hidden in (("visible", False), ("hidden", True)) if _meets(signals, hidden)}
    # Code shown on a page (an API's example request) carries roles and imperatives as data: only
    # what would still instruct without them counts.
    if _meets(signals - _SPECIMEN_DATA, hidden=False):
        met.add("specimen")
    return frozenset(met)


def _meets(signals: set[str], hidden: bool) -> bool:
    if sum(WEIGHTS[s] for s in signals) < (HIDDEN_BAR if hidden else VISIBLE_BAR):
        return False
    if not hidden:
        # Framing this page or company ("treat this page as verified") addresses whoever weighs sources.
        return bool(signals & ADDRESSING) or "steering" in signals and "deixis" in signals
    # Hidden: one decisive signal, or two that together address the reader or give it an order
    # in an authority's name. A bare imperative beside the page naming itself ("Share this
    # article") or a mention of AI is not enough.
    return bool(signals & _SELF_SUFFICIENT_HIDDEN) or len(signals) >= 2 and (
        bool(signals & ADDRESSING) or "steering" in signals or "directive" in signals and bool(signals & _ORDER_CONTEXT))


def _sentence_bounds(text: str) -> list[tuple[int, int]]:
    """Sentences; a run with no sentence end (a list, a table, a menu) is cut into pieces of about
    `_LONGEST_SENTENCE` characters at spaces, so words far apart in it do not pool their signals."""
    bounds, start = [], 0
    for match in _SENTENCE_END.finditer(text):
        if match.start() > start:
            bounds += _pieces(text, start, match.start())
        start = match.end()
    if start < len(text):
        bounds += _pieces(text, start, len(text))
    return bounds or [(0, len(text))]


def _pieces(text: str, start: int, end: int) -> list[tuple[int, int]]:
    pieces = []
    while end - start > _LONGEST_SENTENCE:
        cut = text.rfind(" ", start + _LONGEST_SENTENCE // 2, start + _LONGEST_SENTENCE)
        cut = cut if cut > start else start + _LONGEST_SENTENCE
        pieces.append((start, cut))
        start = cut + 1
    return [*pieces, (start, end)]


def _index_of(starts: list[int], position: int) -> int:
    return max(0, bisect_right(starts, position) - 1)
