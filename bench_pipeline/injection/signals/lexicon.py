"""The words the signals are made of, Spanish and English, one concept per list.

Text is folded before it is matched (lower case, no accents: `Análisis` → `analisis`), so
every entry is written folded. An entry is a word or a short phrase; a few regular-expression marks
stand for what varies inside one word or phrase: an optional ending (`agentes?`, `motor(?:es)?`), a
choice of letters (`verificad[oa]s?`), any one word (`[a-z]+`, `\\w+`). The order of a list is kept
when it is turned into a pattern, so reordering one changes which of two matches at one place wins.

The anchor words the prefilter looks for are derived from these lists (through the patterns built
from them): adding a word here is enough for the signals to find it.
"""

# --- who the page may be speaking to -----------------------------------------------------------

# Automated readers: models, assistants, agents, bots, crawlers, engines, aggregators (role nouns below join them).
READERS = [
    r"ia", r"i\.a\.", r"a\.?i\.?", r"inteligencias? artificial(?:es)?", r"artificial intelligence",
    r"llms?", r"large language models?", r"(?:ai |language |generative |foundation )models?",
    r"modelos? (?:de lenguaje|de ia|de inteligencia artificial|generativos?|linguisticos?|grandes de lenguaje"
    r"|fundacional(?:es)?)",
    r"(?:ai |virtual |digital )assistants?", r"asistentes? (?:virtual(?:es)?|de ia|digital(?:es)?|inteligentes?)",
    r"chat ?bots?", r"chatgpt", r"gpt-?\d\w*", r"claude", r"gemini", r"copilot", r"perplexity",
    r"(?:ai |autonomous |software )agents?",
    r"agentes? (?:de ia|automaticos?|autonomos?|inteligentes?|de software)",
    r"bots?", r"robots?", r"crawlers?", r"spiders?", r"scrapers?", r"rastreador(?:es)?", r"aranas?(?: web)?",
    r"indexador(?:es)?",
    r"(?:automated|automatic|ai|intelligent|generative) (?:systems?|tools?|readers?|agents?|processes|services?"
    r"|pipelines?|engines?)",
    r"sistemas? (?:de busqueda|de respuesta)",
    r"search engines?", r"answer engines?", r"motor(?:es)? (?:de busqueda|de respuesta|generativos?)",
    r"buscador(?:es)?(?: con ia)?",
    r"summari[sz]ers?", r"resumidor(?:es)?", r"agentes? informatic[oa]s?",
    r"agregador(?:es)?(?: de (?:noticias|contenidos?))?", r"(?:news |content )?aggregators?",
]
# Role nouns an automated reader shares with people: a congress's *asistentes* (attendees), a customs
# or sales *agente*, a support team's agents. Bare, they name a person as often as a program; only a
# qualifier ("asistentes virtuales", "AI agents") or what they are told to do with an answer says which.
ROLE_NOUNS = [r"asistentes?", r"agentes?", r"assistants?", r"agents?"]
# Whoever is named only by what they do with the page ("quien resuma esta página", "anyone who cites this
# report") may be a person as well: a site's terms ask people to cite it and to verify what they read.
TASK_PRONOUNS = [r"quien(?:es)?", r"quienquiera", r"whoever", r"anyone", r"anybody", r"those", r"lector(?:es)?",
                 r"readers?", r"personas?", r"part(?:y|ies)", r"usuarios?", r"users?"]
# A tool, platform or agent becomes a reader when qualified as automated or AI ("agentes de consulta
# automatizada", "plataformas de inteligencia artificial") or named for an evaluation it runs.
TOOL_NOUNS_ES = [r"agentes?", r"sistemas?", r"herramientas?", r"plataformas?", r"servicios?", r"motor(?:es)?",
                 r"procesos?", r"lector(?:es)?", r"programas?", r"aplicacion(?:es)?", r"solucion(?:es)?"]
AI_QUALIFIERS_ES = [r"automatizad[oa]s?", r"automatic[oa]s?", r"de ia", r"de inteligencia artificial", r"inteligentes?",
                    r"generativ[oa]s?", r"basad[oa]s? en ia", r"con ia"]
EVALUATING_TOOLS_ES = [r"sistemas?", r"herramientas?", r"plataformas?", r"servicios?", r"motor(?:es)?"]
EVALUATIONS = [r"evaluacion", r"analisis", r"consulta", r"resumen(?:es)?", r"sintesis", r"verificacion",
               r"calificacion", r"scoring", r"screening", r"monitoreo", r"due diligence"]
AI_QUALIFIERS_EN = [r"automated", r"ai", r"ai-(?:powered|assisted|driven|based|enabled)", r"llm-(?:based|powered)",
                    r"llm", r"intelligent", r"crawling", r"screening"]
TOOL_NOUNS_EN = [r"tools?", r"agents?", r"systems?", r"platforms?", r"services?", r"readers?", r"assistants?", r"bots?",
                 r"reviewers?", r"screeners?"]
# Readers named by the output they write: "el generador del resumen", "the report writer".
WRITERS_ES = [r"generador", r"redactor", r"autor", r"compilador", r"elaborador"]
WRITTEN_ES = [r"resumen(?:es)?", r"informes?", r"reportes?", r"perfil(?:es)?", r"dictamen(?:es)?", r"sintesis",
              r"comparativos?"]
WRITTEN_EN = [r"report", r"summary", r"profile", r"brief", r"dossier", r"due[- ]diligence"]
WRITERS_EN = [r"writers?", r"authors?", r"generators?", r"compilers?", r"builders?"]

# What a reader does with a page (third person and subjunctive: "los agentes que lean", "bots that crawl").
READING_VERBS = [
    r"lea[ns]?", r"leen?", r"procese[ns]?", r"procesan?", r"resuma[ns]?", r"resumen", r"analice[ns]?", r"analizan?",
    r"indexe[ns]?", r"rastree[ns]?", r"consulte[ns]?", r"consultan?", r"citen?", r"accedan?", r"visiten?",
    r"encuentren?", r"recorran?", r"usen?", r"utilicen?", r"generen?", r"elaboren?", r"redacten?", r"ingiera[ns]?",
    r"ingieren?", r"ingests?", r"ingesting", r"evalue[ns]?", r"evaluan?", r"compare[ns]?", r"comparan?", r"revise[ns]?",
    r"investigue[ns]?", r"verifique[ns]?", r"califique[ns]?", r"consuma[ns]?", r"consumen?", r"sintetice[ns]?",
    r"prepare[ns]?", r"compile[ns]?", r"actualice[ns]?", r"clasifique[ns]?", r"extracte[ns]?", r"condense[ns]?",
    r"parafrasee[ns]?", r"agregue[ns]?", r"arme[ns]?",
    r"lees", r"consumes?", r"consuming", r"compil(?:es?|ing)", r"prepar(?:es?|ing)", r"evaluat(?:es?|ing)",
    r"compar(?:es?|ing)", r"reviews?", r"reviewing", r"screens?", r"screening",
    r"reads?", r"reading", r"process(?:es|ing)?", r"summari[sz](?:es?|ing)", r"index(?:es|ing)?", r"crawl(?:s|ing)?",
    r"visit(?:s|ing)?", r"cit(?:es?|ing)", r"encounter(?:s|ing)?", r"access(?:es|ing)?", r"scrap(?:es?|ing)",
    r"pars(?:es?|ing)", r"ranks?", r"ranking", r"aggregat(?:es?|ing)", r"abstracts?", r"abstracting",
    r"extracts?", r"extracting", r"condens(?:es?|ing)", r"synthesi[sz](?:es?|ing)", r"paraphras(?:es?|ing)",
]
# Telling a person to ask something of a model: "pídele al modelo que cite sus fuentes", "ask the assistant to
# summarise" — how tutorials speak of a model to its user. The model named after these is spoken of, not to.
ASKING_ORDERS = [r"pide(?:le|les)?", r"pidale(?:s)?", r"pidanle", r"preguntale", r"preguntele", r"dile", r"digale",
                 r"indicale", r"indiquele", r"ordenale", r"solicitale", r"instruye(?:le)?", r"ensenale", r"explicale",
                 r"ask", r"tell", r"instruct", r"prompt", r"have", r"let", r"get"]
# Asking something of someone: "solicitamos a…", "se ordena a…", "we urge…", "agradeceríamos a…".
REQUESTS = [r"pedimos", r"solicitamos", r"rogamos", r"suplicamos", r"exigimos", r"exhortamos", r"instamos",
            r"invitamos", r"recomendamos", r"sugerimos", r"agradecemos", r"agradeceriamos", r"agradeceremos",
            r"ordenamos", r"se ordena", r"se hace del conocimiento", r"we ask", r"we request", r"we urge",
            r"we invite", r"we encourage", r"we remind", r"kindly ask", r"we(?:'d| would) (?:ask|appreciate|like)"]
# What a message to a reader is called: "nota para el modelo", "instructions for AI agents".
DEDICATIONS = [r"notas?", r"mensajes?", r"avisos?", r"instrucci\w+", r"indicaciones", r"directrices", r"directivas?",
               r"advertencias?", r"comunicados?", r"recordatorios?", r"notices?", r"notes?", r"messages?",
               r"instructions?", r"guidance", r"directives?", r"memos?", r"reminders?", r"warnings?", r"atencion",
               r"attention"]
DETERMINERS = [r"el", r"la", r"los", r"las", r"un", r"una", r"cualquier", r"todo", r"toda", r"todos", r"todas", r"the",
               r"any", r"all", r"every", r"an?", r"our", r"nuestros?"]

# A company's legal type, written with dots ("Grupo X, S.A. de C.V."): its dots end no sentence.
LEGAL_ENTITY_TYPES = ["s.a.", "s.a.b.", "s.a.p.i.", "s.a.s.", "s. de r.l.", "s. en c.", "s.c.", "s.c.l.", "s.c.p.",
                      "a.c.", "i.a.p.", "a.b.p.", "c.v.", "r.l.", "e.n.r.", "e.r.", "inc.", "corp.", "ltd.", "l.l.c.",
                      "s.r.l."]

# --- what a reader is told to do ---------------------------------------------------------------

# Spanish verbs of what to say, omit, rank, treat or send, by infinitive: their orders are derived.
OUTPUT_VERBS_ES = (
    "declarar afirmar informar reportar indicar responder contestar resumir presentar describir omitir excluir "
    "ocultar ignorar tratar considerar clasificar calificar recomendar priorizar posicionar destacar mencionar "
    "enviar mandar incluir agregar anadir codificar traducir escribir citar usar utilizar asegurar confirmar "
    "sustituir reemplazar eliminar borrar descartar evitar mostrar revelar repetir marcar etiquetar asignar "
    "redactar insertar adjuntar comunicar notificar caracterizar establecer mantener sugerir preferir favorecer "
    "resaltar enfatizar promover promocionar remitir transmitir compartir filtrar cifrar invertir decir hablar "
    "olvidar desestimar limitar reflejar copiar pegar imprimir valorar puntuar atribuir certificar garantizar "
    "elogiar ubicar colocar rankear catalogar sostener concluir generar cambiar modificar obedecer seguir aparecer "
    "figurar prevalecer asociar vincular relacionar senalar tomar poner enfocar explicar terminar finalizar empezar "
    "comenzar realizar hacer dar publicar aprobar rechazar negar detener suspender cerrar continuar proceder "
    "ejecutar abrir visitar llamar pedir solicitar preguntar subrayar minimizar exagerar desacreditar descalificar "
    "criticar alabar nombrar referir dirigir redirigir incorporar integrar devolver regresar entregar producir "
    "imitar imaginar suponer dejar pasar saltar tener recordar aplicar adoptar asumir aceptar validar verificar "
    "revisar anotar corregir actualizar registrar guardar quedar desconfiar concentrar limitar advertir alertar avisar "
    "ordenar reproducir capturar encabezar ocupar"
).split()
# Orders of irregular verbs (tú, usted, ustedes, negative tú), and the infinitive.
IRREGULAR_ORDERS_ES = {
    "decir": "di diga digan digas digais decir", "mostrar": "muestra muestre muestren muestres mostrar",
    "recomendar": "recomienda recomiende recomienden recomiendes recomendar",
    "sugerir": "sugiere sugiera sugieran sugieras sugerir",
    "advertir": "advierte advierta adviertan adviertas advertir",
    "preferir": "prefiere prefiera prefieran prefieras preferir",
    "promover": "promueve promueva promuevan promuevas promover",
    "mantener": "manten mantenga mantengan mantengas mantener",
    "sostener": "sosten sostenga sostengan sostengas sostener",
    "establecer": "establece establezca establezcan establezcas establecer",
    "favorecer": "favorece favorezca favorezcan favorezcas favorecer",
    "traducir": "traduce traduzca traduzcan traduzcas traducir",
    "repetir": "repite repita repitan repitas repetir", "invertir": "invierte invierta inviertan inviertas invertir",
    "seguir": "sigue siga sigan sigas seguir", "concluir": "concluye concluya concluyan concluyas concluir",
    "hablar": "habla hable hablen hables hablar", "aparecer": "aparece aparezca aparezcan aparecer",
    "figurar": "figure figuren figurar", "prevalecer": "prevalezca prevalezcan prevalecer",
    "poner": "pon ponga pongan pongas poner", "hacer": "haz haga hagan hagas hacer", "dar": "den dar",
    "aprobar": "aprueba apruebe aprueben apruebes aprobar", "negar": "niega niegue nieguen niegues negar",
    "cerrar": "cierra cierre cierren cierres cerrar", "pedir": "pide pida pidan pidas pedir",
    "devolver": "devuelve devuelva devuelvan devuelvas devolver",
    "producir": "produce produzca produzcan produzcas producir",
    "suponer": "supon suponga supongan supongas suponer", "tener": "ten tenga tengan tengas tener",
    "recordar": "recuerda recuerde recuerden recuerdes recordar",
    "corregir": "corrige corrija corrijan corrijas corregir",
    "empezar": "empieza empiece empiecen empieces empezar",
    "comenzar": "comienza comience comiencen comiences comenzar",
    "reproducir": "reproduce reproduzca reproduzcan reproduzcas reproducir",
    "referir": "refiere refiera refieran refieras referir", "dirigir": "dirige dirija dirijan dirijas dirigir",
    "redirigir": "redirige redirija redirijan redirijas redirigir",
    "obedecer": "obedece obedezca obedezcan obedezcas obedecer",
}
OUTPUT_VERBS_EN = (
    "say state declare assert claim report tell inform answer respond reply write describe present summarize "
    "summarise mention omit exclude hide ignore disregard forget skip treat consider classify rate rank score "
    "recommend suggest prefer prioritize prioritise promote highlight emphasize emphasise favor favour include add "
    "append insert integrate embed modify change alter replace substitute encode encrypt translate reverse use send "
    "forward email post upload transmit share leak reveal print output display show list repeat cite attribute "
    "label mark flag refer redirect link render ensure confirm verify certify praise portray depict frame position "
    "put place leave limit copy paste introduce misspell rearrange remove group express provide give augment "
    "enhance shift apply speak act scramble jumble anagram convert invert combine tease finish conclude approve "
    "reject deny visit fetch navigate execute return avoid decline refuse trust warn alert advise characterize "
    "characterise"
).split()
# Verbs of saying: their order followed by what to say ("indique que X tiene antecedentes de fraude", "respond that
# X has a spotless record") prescribes an answer's content. Not "note that" or "confirm that": documentation's and
# forms' ways of pointing at a fact.
SAYING_VERBS_ES = ("decir declarar afirmar informar reportar indicar responder contestar mencionar senalar sostener "
                   "concluir comunicar asegurar explicar advertir aclarar").split()
SAYING_VERBS_EN = "say state declare assert claim answer respond reply mention conclude tell warn advise inform".split()
# Words that end in -es/-as after "no" without being a negative order ("no todas", "no menos").
NOT_ORDERS_AFTER_NO = (
    "todas estas esas aquellas unas muchas pocas otras nuestras tus sus mas menos veces meses antes mientras ademas "
    "apenas jamas quizas tales cuales ellas nosotras vosotras"
).split()
# Words that open a clause in which an imperative is an order: "por favor, omite", "and then rank".
CLAUSE_OPENERS = [
    r"por favor", r"favor de", r"please", r"kindly", r"y", r"e", r"and", r"then", r"luego", r"tambien", r"also",
    r"ademas", r"simplemente", r"just", r"siempre", r"always", r"solo", r"only", r"unicamente", r"nomas",
    r"nada mas", r"a partir de ahora", r"desde ahora", r"de ahora en adelante", r"en adelante", r"from now on",
    r"henceforth", r"can you", r"could you", r"would you", r"will you",
]
# Obligation and request: "deberán", "se solicita", "lo más justo sería", "you should", "could you".
OBLIGATIONS = [
    r"deben?", r"deberan?", r"deberian?", r"deberias", r"debes", r"tienen? que", r"tienes que", r"han de", r"ha de",
    r"habra(?:n)? de", r"es necesario", r"se debe", r"se deberan?",
    r"se les? (?:pide|solicita|instruye|indica|ordena|recomienda)",
    r"se (?:pide|solicita|instruye|requiere)", r"corresponde", r"procede", r"conviene", r"es recomendable",
    r"(?:esta|queda)(?:n)? obligad[oa]s? a", r"se espera que", r"ought to", r"is expected to", r"se obligan? a",
    r"(?:le|les|te|os) (?:pedimos|solicitamos|rogamos|pido|suplicamos|exigimos|ordenamos)(?: que)?",
    # A polite request: "les agradeceremos indicar", "agradeceríamos que describieran".
    r"(?:(?:le|les|te) )?agradecer(?:iamos|emos|ia)(?: mucho)?(?: que)?",
    r"(?:are|is) (?:kindly )?requested to",
    r"must", r"should", r"shall", r"need to", r"needs to", r"have to", r"has to", r"are to", r"is to",
    r"are (?:required|instructed|asked|expected|requested|encouraged) to", r"would (?:naturally|ideally)",
    r"lo (?:mas )?(?:justo|correcto|recomendable|adecuado|apropiado|conveniente|ideal|indicado|prudente)"
    r" (?:seria|es|sera)",
    r"seria (?:ideal|conveniente|mejor|correcto|justo|apropiado|recomendable)(?: que)?",
    r"it would be (?:best|most accurate|fair|appropriate|ideal|better) to",
    r"can you", r"could you", r"would you", r"will you", r"puedes", r"podrias", r"podrian", r"pueden",
]
# Verbs that frame an entity as something: "describe a X como", "mark competitors as".
FRAMING_VERBS_ES = ("describir presentar tratar marcar clasificar calificar reportar considerar catalogar etiquetar "
                    "mostrar colocar posicionar ubicar resumir").split()
FRAMING_VERBS_EN = ["describe", "present", "treat", "mark", "classify", "rate", "report", "consider", "label",
                    "portray", "depict", "frame", "put", "place", "position", "list", "rank", "show"]
# Orders to leave something out of what the reader says.
CONCEAL_IDIOMS = [
    r"no (?:hagas|haga|hagan) (?:referencia|mencion)",
    r"sin (?:mencionar|hacer referencia|referirse)",
    r"dej(?:a|e|en|es|ar) de (?:mencionar|citar|incluir|hablar|referirse|senalar)",
    r"(?:don'?t|do not|never) bring up",
    # A negative order may carry its object as a clitic: "no la menciones", "no lo incluyan".
    r"no (?:(?:lo|la|los|las|le|les|se) )?(?:mencionar|senalar|citar|revelar|menciones|mencione|mencionen|senales"
    r"|senale|senalen|hables|hable de|hablen de|cites|cite|citen|reveles|revele|incluyas en|digas|diga|digan"
    r"|refieras|refiera)",
    r"evit[ae]n? (?:mencionar|senalar|hablar|referirse|citar|incluir|decir|asociar|vincular"
    r"|(?:las |los |toda |cualquier )?(?:palabras|terminos|referencias|menciones))",
    r"skip (?:the|any|all|our) (?:[a-z]+ )?(?:part|mention|section|reference|complaints?|criticism|reviews?"
    r"|lawsuits?|fines?|negative)",
    r"(?:do not|don'?t|never|not to) (?:mention|cite|reveal|bring up|refer to|discuss|disclose|divulge|reproduce)",
    r"no (?:divulgar|divulgues|divulgue|divulguen|reproducir|reproduzcas|reproduzca|reproduzcan|publicar)",
]

# Orders to leave something out that say nothing of what: a recipe's "omite el paso 3", a transcriber's
# "omita las muletillas", a manual's "hide the sidebar". They conceal only what is said about a company.
BARE_LEAVING_OUT = [r"ocult[ae]n?", r"omit[ae]n?", r"esconde[n]?", r"esconda[n]?", r"dej[ae]n? fuera", r"deja de lado",
                    r"leave out", r"hide", r"omit"]
# What is said about a company, its rivals or its record, and so what concealing can be about.
SAID_ABOUT = [r"menci(?:on|ones)", r"referencias?", r"el dato", r"fuentes?", r"informacion", r"noticias?",
              r"resultados?", r"competidores", r"competencia", r"criticas?", r"resenas?", r"opiniones", r"comentarios",
              r"negativ[oa]s?", r"mentions?", r"references?", r"sources?", r"news", r"results?", r"competitors?",
              r"criticism", r"reviews?", r"opinions", r"comments", r"negative"]
# Verbs of leaving something out, by infinitive: their usted/ustedes orders are derived ("omita", "excluyan").
LEAVING_OUT_VERBS_ES = "omitir excluir eliminar ocultar suprimir quitar borrar descartar".split()
LEAVING_OUT_EN = [r"omit", r"exclude", r"remove", r"delete", r"hide", r"suppress", r"skip", r"leave out",
                  r"(?:not|never) (?:mention|cite|include|report|refer to|disclose)",
                  r"refrain from (?:mentioning|citing|including|reporting|referring to)"]
# What leaving out never mentions: what counts against a company. A page may ask a person to omit personal
# data or whole paragraphs; only a page that wants itself judged asks to omit its fines and lawsuits.
ADVERSE_FACTS = [
    r"litigios?", r"demandas?", r"juicios? (?:de amparo|mercantil|laboral|civil|penal|fiscal|de nulidad|en su contra)",
    r"procedimientos? (?:ante|de|en su contra|en contra|legales|judiciales"
    r"|administrativos|sancionadores)", r"sanci(?:on|ones)", r"multas?", r"embargos?", r"adeudos?", r"deudas?",
    r"quejas?", r"denuncias?", r"investigaci(?:on|ones)", r"clausuras?", r"suspensi(?:on|ones)", r"accidentes?",
    r"derrames?", r"incidentes?", r"concurso mercantil", r"quiebras?", r"intervenci(?:on|ones)",
    r"incumplimientos?", r"controversias?", r"irregularidades", r"infracci(?:on|ones)", r"inhabilitaci(?:on|ones)",
    r"fraudes?", r"alertas? sanitarias?", r"retiros? del mercado", r"hallazgos?", r"despid(?:os|os masivos)",
    r"lawsuits?", r"litigation", r"sanctions?", r"fines", r"penalt(?:y|ies)", r"investigations?", r"complaints?",
    r"defaults?", r"bankruptc(?:y|ies)", r"accidents?", r"incidents?", r"breach(?:es)?", r"violations?", r"spills?",
    r"recalls?", r"antitrust", r"enforcement actions?", r"(?:audit )?findings?", r"layoffs?",
]

# What is said about a company elsewhere, under any name: what a source denying every other source voids.
REPORTS = [r"menci(?:on|ones)", r"referencias?", r"notas?", r"noticias?", r"reportajes?", r"publicaci(?:on|ones)",
           r"informacion", r"datos?", r"versi(?:on|ones)", r"resenas?", r"denuncias?", r"resultados?", r"fuentes?",
           r"avisos?", r"hechos", r"sentencias?", r"coberturas?", r"articulos?", r"mentions?", r"references?",
           r"articles?", r"stories", r"news", r"reviews?", r"results?", r"sources?", r"disclosures?", r"events",
           r"reports?", r"coverage", r"claims?", r"posts?", r"information"]
# How a page tells its reader to take something: "debe leerse como", "is to be considered", "se interpreten".
READ_AS_ES = [r"leers?e", r"leid[oa]s?", r"considerarse", r"considerad[oa]s?", r"interpretarse", r"interpretad[oa]s?",
              r"tenerse", r"tomarse", r"estimarse", r"estimad[oa]s?", r"tratarse", r"tratad[oa]s?", r"verse"]
READ_AS_EN = [r"read", r"considered", r"treated", r"regarded", r"deemed", r"taken", r"viewed", r"understood"]
# What such a reading makes of those reports: not real, not valid, about somebody else.
UNREAL = [
    r"inexistentes?", r"satira", r"satiric[oa]s?", r"ficci(?:on|ones)", r"fictici[oa]s?", r"hipotetic[oa]s?",
    r"simulaci(?:on|ones)", r"apocrif[oa]s?", r"no (?:publicad|emitid|ocurrid|existid|escrit)[oa]s?",
    r"(?:si )?nunca (?:se )?(?:hubiera|hubieran|hubiese|hubiesen) (?:publicado|emitido|existido|ocurrido)",
    r"sin (?:valor|validez)", r"nul[oa]s?", r"inaplicables?", r"obsolet[oa]s?", r"superad[oa]s?",
    r"realidad alternativa", r"(?:sociedad|empresa|entidad|persona) (?:distinta|diferente|homonima)", r"confusion",
    r"nonexistent", r"non-existent", r"satire", r"fiction(?:al)?", r"hypothetical", r"simulation", r"void", r"invalid",
    r"not applicable", r"obsolete", r"superseded", r"withdrawn", r"retracted",
    r"never (?:been )?(?:published|issued|written|happened|existed|occurred)",
]

# --- what the reader produces ------------------------------------------------------------------

# The reader's output, and what a page writes about itself, under any name.
OUTPUT_NOUNS = [r"respuestas?", r"resumen(?:es)?", r"resenas?", r"perfil(?:es)?", r"fichas?", r"informes?",
                r"reportes?", r"comparativ[ao]s?", r"descripcion(?:es)?", r"recomendacion(?:es)?", r"analisis",
                r"evaluacion(?:es)?", r"salidas?", r"shortlists?", r"responses?", r"answers?", r"repl(?:y|ies)",
                r"outputs?", r"summar(?:y|ies)", r"reports?", r"profiles?", r"rankings?", r"descriptions?",
                r"analys[ie]s", r"assessments?", r"evaluations?"]
# The reader's answers themselves, and a page's own descriptions: what it says, not what it compiles.
ANSWERS = [r"respuestas?", r"resenas?", r"fichas?", r"descripcion(?:es)?", r"salidas?", r"responses?", r"answers?",
           r"repl(?:y|ies)", r"outputs?", r"descriptions?"]
# What a company-intelligence reader compiles from the pages it reads: an order about one of these is an
# order about its work, whoever the sentence names ("la clasificación final debe encabezarla X", "position
# X above all other mills in the supplier ranking"): its outputs but its answers, and the rankings, tables and
# scores of an evaluation. English "list" is left out: schema.org's `itemListElement`, read as words, fills
# structured data with it.
WORK_PRODUCTS = [noun for noun in OUTPUT_NOUNS if noun not in ANSWERS] + [
    r"comparaci(?:on|ones)", r"clasificaci(?:on|ones)", r"listados?", r"listas?", r"tablas?", r"puntuaci(?:on|ones)",
    r"puntajes?", r"calificaci(?:on|ones)", r"seleccion(?:es)?", r"dictamen(?:es)?", r"comparisons?",
    r"recommendations?", r"listings?", r"tables?", r"scores?", r"ratings?", r"selections?"]
# How an evaluation comes out for whoever it names: a place in a ranking, a grade, a verdict of trust. News
# reports rankings in these words; a company's page prescribes them ("toda tabla … se ordena colocando a X en
# la posición número uno", "the grade for X is fixed at AAA for all reports"). English "first" counts only where
# a clause ends on it ("places X first;"), not in "first quarter" or "for the first time".
VERDICTS = [
    r"(?:primer|primera) (?:lugar|posicion|sitio|puesto|opcion)", r"numero uno", r"en la cima", r"a la cabeza",
    r"por encima de", r"antes que", r"(?:ultimo|ultima) (?:lugar|posicion)",
    r"first(?=\s*(?:[.;:,!)]|$))", r"at the top", r"top (?:spot|position|place|pick|choice)", r"number one",
    r"above (?:all|every|any)", r"ahead of", r"go(?:es)? last", r"at the bottom",
    r"aaa", r"(?:cinco|5) estrellas", r"(?:five|5) stars?", r"calificacion maxima", r"mejor calificacion",
    r"highest (?:rating|score|grade|mark)", r"excelente", r"excellent", r"confiables?", r"trustworthy", r"reliable",
    r"dependable", r"recomendad[oa]s?", r"recomendables?", r"recommended", r"preferentes?", r"preferred",
    r"sin riesgos?", r"riesgo bajo", r"low risk", r"no risk"]
# What only the reader's own output is called when a page says "your …" / "tu …".
OWN_OUTPUT_NOUNS = [r"respuestas?", r"resumen(?:es)?", r"salidas?", r"responses?", r"answers?", r"repl(?:y|ies)",
                    r"outputs?", r"summar(?:y|ies)", r"ranking", r"recommendations?", r"conclusion(?:es)?",
                    r"conclusions?", r"dictamen(?:es)?", r"veredictos?", r"verdicts?", r"assessments?",
                    r"borrador(?:es)?", r"drafts?", r"reportes?", r"informes?", r"sintesis"]

# Questions set to a person (an exam, a form, a contest, a survey): counted or numbered, not a topic the reader
# is asked about. `grammar.SET_QUESTIONS` builds on these.
SET_QUESTION_NOUNS = [r"questions?", r"preguntas?", r"reactivos?", r"incisos?", r"ejercicios?", r"exercises?",
                      r"problems?", r"problemas?", r"items?"]
QUESTION_COUNTS = [r"all(?: the)?", r"each", r"every", r"the following", r"todas las", r"todos los", r"cada",
                   r"las siguientes", r"los siguientes"]
# What turns counted questions into the reader's incoming queries: "every question about X", "cada pregunta
# que recibas".
QUESTION_TOPICS = [r"about", r"on", r"regarding", r"concerning", r"related", r"you (?:get|receive)", r"sobre",
                   r"acerca", r"respecto", r"relacionad\w*", r"que (?:te|le|les|recib\w*|lleg\w*)"]
QUESTIONNAIRES = [r"answer sheets?", r"answer booklets?", r"booklets?", r"hojas? de respuestas?", r"cuadernillos?",
                 r"surveys?", r"encuestas?", r"questionnaires?", r"cuestionarios?", r"quiz(?:zes)?", r"polls?",
                 r"sondeos?"]

# A text that lays duties on its user is terms of use or a privacy notice, and its user a party to it: "El
# usuario se obliga a…", "the user shall…". Not a passive ("el usuario deberá ser informado", "must be told").
USER_NOUNS = [r"usuarios?", r"users?"]
USER_DUTIES = [r"se obligan?", r"se comprometen?", r"deberan?(?! ser\b)", r"aceptan?", r"reconocen?",
               r"es responsable", r"son responsables", r"sera responsable", r"seran responsables", r"shall(?! be\b)",
               r"must(?! be\b)", r"agrees?", r"acknowledges?", r"(?:is|are|will be) (?:solely )?responsible"]

# --- who speaks with authority -----------------------------------------------------------------

# A prompt set to people: "Essay prompt:", "Writing prompt:" label a student's task, not a model's.
HUMAN_PROMPT_KINDS = ["essay", "writing", "journal", "discussion", "reflection", "exam", "creative", "photo", "art",
                      "drawing", "debate", "research", "reading", "speaking"]
# The system side of a conversation, and words that label an instruction as coming from it.
AUTHORITY_WORDS = [r"system", r"sistema", r"sys", r"operator", r"operador(?:es)?", r"developer",
                   r"desarrollador(?:es)?", r"model (?:administrator|operator|provider|developer)",
                   r"admin", r"administrator", r"administrador", r"root", r"kernel", r"directiv[ao]s?", r"override",
                   "".join(rf"(?<!\b{kind} )" for kind in HUMAN_PROMPT_KINDS) + r"prompt",
                   r"instrucci\w+ (?:del sistema|internas?|prioritarias?|obligatorias?|de sistema"
                   r"|para (?:el|la) (?:modelo|asistente|agente|ia|bot|sistema))",
                   r"internal (?:instructions?|notes?|directives?)", r"(?:nota|mensaje|aviso) intern[oa]"]
# What else a bracketed or tagged label may name: `<configuracion_agente>`, `[tool result]`.
CONTROL_WORDS = [r"control", r"plataforma", r"platform", r"config\w*", r"prioridad", r"priority", r"overrides",
                 r"runtime", r"directivas", r"tool (?:results?|calls?|outputs?|responses?)",
                 r"function (?:results?|calls?)", r"observation"]
# A reader's own instructions, under any name: "ignora las instrucciones anteriores", "your prior context".
INSTRUCTION_NOUNS = [r"instrucciones", r"indicaciones", r"reglas", r"ordenes", r"directrices", r"lineamientos",
                     r"politicas", r"pautas", r"consignas", r"orientaciones", r"guidance", r"orders", r"tareas?",
                     r"tasks?", r"briefs?", r"encargos?", r"configuracion", r"contexto", r"instructions?", r"prompts?",
                     r"rules", r"directions", r"guidelines", r"protocols", r"context"]
# What a reader that is a program has, when a page says "tu …" / "your …": besides its output
# (`OWN_OUTPUT_NOUNS`) and its orders (`INSTRUCTION_NOUNS`), its task, tools, makers and settings. Anything
# else the text says the reader has ("tu compra", "your booking", "tu planta") belongs to a person.
READER_OWN = [r"objetivos?", r"goals?", r"mision", r"mission", r"rol", r"roles?", r"papel", r"sesion",
              r"sessions?", r"memoria", r"memory", r"herramientas?", r"tools?", r"toolset", r"modelo", r"models?",
              r"sistema", r"systems?", r"usuarios?", r"users?", r"analisis", r"analysis", r"evaluacion",
              r"evaluation", r"calificacion", r"rating", r"score", r"recomendacion", r"descripcion",
              r"descriptions?", r"perfil", r"profiles?", r"fichas?", r"listas?", r"lists?", r"formato", r"format",
              r"tono", r"tone", r"texto", r"text", r"opinion", r"creador(?:es)?", r"desarrollador(?:es)?",
              r"developers?", r"creators?", r"operador(?:es)?", r"operators?", r"owners?", r"propi[oa]s?", r"own",
              r"nuev[oa]s?", r"new", r"verdader[oa]s?", r"real", r"unic[oa]s?", r"only", r"final", r"primer[oa]?",
              r"first", r"siguiente", r"next", r"mensajes?", r"messages?", r"palabras", r"words", r"letras",
              r"letters", r"oraciones", r"sentences", r"chat", r"conversacion", r"conversation", r"acceso",
              r"access"]
# What a reader without its rules is said to lack: "un modelo sin filtros".
SAFEGUARDS = [r"filtros", r"restricciones", r"politicas", r"limites", r"censura", r"reglas", r"filters",
              r"restrictions", r"policies", r"limits", r"rules", r"guidelines", r"guardrails", r"censorship"]

# --- data leaving ------------------------------------------------------------------------------

# Verbs that move data somewhere.
TRANSFER_VERBS = [r"send", r"forward", r"post", r"upload", r"submit", r"email", r"append", r"attach", r"embed",
                  r"encode", r"paste", r"fill", r"call", r"fetch", r"link", r"share", r"include", r"add",
                  r"envi\w*", r"mand\w*", r"reenvi\w*", r"adjunt\w*", r"agreg\w*", r"anad\w*", r"incluy\w*",
                  r"incluir", r"peg\w*", r"llen\w*", r"complet\w*", r"codific\w*",
                  r"concaten\w*", r"sub[ei]\w*", r"transmit\w*", r"compart\w*", r"enlaz\w*", r"llam\w*", r"pon\w*",
                  r"realiz\w*", r"request", r"peticion", r"put", r"place", r"insert", r"write",
                  r"reenvi\w*", r"forward\w*"]
# Where data can be sent: a URL, a form, a webhook, a tool, an e-mail address.
SINKS = [r"https?://", r"www\.", r"webhook", r"endpoint", r"formulario", r"\bform\b", r"\burl\b", r"enlace",
         r"\blink\b", r"imagen", r"image", r"pixel", r"tool", r"herramienta", r"[\w.+-]+@[\w-]+\.\w"]
# What only the reader holds: the conversation, its prompt, the user's words and identity, keys.
READER_HELD_DATA = [
    r"(?:the|this|our|your) (?:entire |whole |full )?conversation", r"(?:la|esta|toda la) conversacion",
    r"chat history", r"(?:el|tu|del) historial", r"system prompt", r"your (?:instructions|prompt|memory)",
    r"tus instrucciones",
    r"(?:the user'?s|user's|of the user)\s+(?:\w+\s+){0,3}?(?:question|query|messages?|data|email|name"
    r"|input|files?|documents?|uploads?|history)",
    r"(?:archivos|documentos|mensajes|datos)\s+(?:que|del) (?:el )?usuario",
    r"user (?:name|email|company|phone)",
    r"(?:pregunta|consulta|query|question|mensajes?|correo(?: electronico)?|nombre|datos|messages?|email"
    r"|telefono|phone)\s+(?:\w+\s+){0,2}(?:del usuario|of the user|they typed|que (?:escribio|tecleo"
    r"|hizo)|del (?:cliente|usuario|persona) que (?:te |le )?(?:esta )?(?:consulta|pregunta|escrib)\w*"
    r"|of the (?:person|customer|user) (?:who is )?(?:asking|querying|using))",
    r"the exact query", r"api keys?", r"claves? de (?:api|acceso)", r"credenciales", r"credentials",
    r"access tokens?", r"session (?:id|token)", r"identificador de sesion", r"variables de entorno",
    r"environment variables",
]
