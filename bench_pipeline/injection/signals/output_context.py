"""`output_context` (weight 2, addressing): the reader's own output or its act of answering — "en tu
respuesta", "your summary", "toda respuesta sobre", "al describir a", "si el usuario pregunta",
settings of the output written as configuration, rewriting its letters or words."""

from bench_pipeline.injection.signals.grammar import CLAUSE_START, OUTPUT, OWN_OUTPUT

PATTERN = "|".join([
    rf"\byour\s+(?:own\s+|final\s+)?{OWN_OUTPUT}\b",
    rf"\b(?:en|a|de|con|dentro de|al final de|al inicio de"
    rf"|al principio de)\s+tus?\s+(?:propi[oa]s?\s+)?{OWN_OUTPUT}\b",
    rf"\b(?:toda|todo|cualquier|cada|any|every)\s+(?:\w+\s+)?{OUTPUT}\b",
    rf"\b{OUTPUT}\s+(?:\w+\s+)?(?:generad[oa]s?|automatic[oa]s?|automatizad[oa]s?|generated|automated)\b",
    rf"\b{OUTPUT} (?:de|of|sobre|about) (?:esta|este|this) (?:pagina|sitio|page|site|documento|document|perfil"
    rf"|profile|empresa|company)\b",
    r"\b(?:al|antes de) (?:responder|contestar|resumir|describir)\b",
    # Generating is the reader's act only when what it makes is an answer ("antes de generar el resumen"),
    # not a payroll file ("antes de generar el archivo de pago"); drafting and preparing a report
    # ("al elaborar el informe, el auditor deberá…") is what people do.
    rf"\b(?:al|antes de) generar (?:el |la |los |las |un |una |tu |tus |su |sus )?{OUTPUT}\b",
    # Receiving a query is the moment an assistant answers one: "al recibir cualquier consulta sobre X".
    r"\b(?:al|cuando|si|en cuanto) (?:recibir|recibas|reciba|recibes) (?:cualquier|una|alguna|la|toda)"
    r" (?:consulta|pregunta|solicitud|peticion)\b",
    r"\b(?:upon|on|when|after) receiving (?:any|a|the) (?:query|question|request|prompt)\b",
    r"\bcuando (?:respondas|contestes|resumas|describas|generes|redactes|elabores|te pregunten|te pidan)\b",
    r"\b(?:when|before|after|while) (?:answering|responding|summari[sz]ing|describing|generating|writing about"
    r"|you answer|you respond|you summari[sz]e|you describe)\b",
    r"\bsi (?:te|le|les) (?:preguntan?|piden?|consultan?)\b",
    r"\bif (?:you are|you're) asked\b",
    r"\bsi (?:el|un|algun) usuario (?:te |le )?(?:pregunta|pide|consulta|solicita|busca|quiere saber|menciona)\b",
    r"\bif (?:the|a|any) user (?:asks|requests|wants|mentions|searches|queries|is)\b",
    # The reader's output as the subject of a condition or an order: "si tu respuesta…", "Tu conclusión debe…".
    rf"\bsi tus? (?:propi[oa]s? )?{OWN_OUTPUT}\b",
    rf"(?:^|(?<=[.!?\n]))\s*tus? (?:[a-z]+ )?{OWN_OUTPUT}\b",
    # Somebody asking is the moment the reader answers.
    r"\bcuando (?:alguien|algun usuario|un usuario|el usuario|un cliente|la gente|se) (?:te |le )?(?:pregunte"
    r"|consulte|pida|busque)n?\b",
    r"\b(?:el|un|algun|cualquier) (?:usuario|cliente) (?:te |le )?(?:pregunte|consulte|pida|busque)\b",
    r"\bwhen(?:ever)? (?:someone|anyone|a user|users|people|somebody) (?:asks?|searches?|quer(?:y|ies)"
    r"|looks? up)\b",
    r"\bwhen(?:ever)? you (?:talk|speak|write|tell|answer) (?:about|of|on)\b",
    r"\bcuando (?:hables|escribas|opines|respondas) (?:de|sobre|acerca)\b",
    # A condition on the reader's own situation or task: "si vas a dar un veredicto", "en caso de que
    # estés evaluando", "cuando se te solicite", "si la persona que te consulta", "if you can send email".
    r"\b(?:si|cuando|en caso de que|mientras|siempre que)\s+(?:[a-z]+\s+){0,4}?(?:"
    r"est[ae]s (?:evaluando|comparando|analizando|generando|redactando|resumiendo|elaborando|investigando"
    r"|revisando|calificando|compilando|actualizando|construyendo|armando)"
    r"|vas a (?:dar|emitir|generar|redactar|resumir|evaluar|recomendar|calificar|responder|escribir|comparar)"
    r"|tienes acceso|puedes (?:enviar|mandar|acceder|navegar|ejecutar|usar herramientas)"
    r"|(?:ves|encuentras|encuentres|lees) (?:informacion|datos|noticias|resenas|quejas|referencias|menciones"
    r"|resultados)"
    r"|te (?:consultan?|preguntan?|piden?|solicitan?)|se te (?:solicite|pida|pregunte|consulte)"
    r"|te (?:pidan|pregunten|consulten|soliciten))\b",
    # The person the reader searches or answers for, the one an agent works for: "la persona que te consultó",
    # "para quien está realizando esta búsqueda", "researching suppliers on someone's behalf". Helping,
    # booking or filing for someone is what people do ("the person you are helping", "en nombre de un tercero").
    r"\bla persona (?:que te (?:consulta|consulto|pide|pidio|pregunta|pregunto|encarga|encargo)\b|para (?:la )?quien"
    r" (?:estas|esta) (?:buscando|investigando|realizando|haciendo|consultando|comparando|evaluando)\b)",
    r"\bquien te (?:consulto|pidio|encargo) (?:esta|la|una) (?:busqueda|investigacion|consulta|comparacion)\b",
    r"\b(?:ayudando|asistiendo) a (?:alguien|otra persona|una persona|tu usuario) a (?:elegir|decidir|comparar"
    r"|encontrar|buscar|seleccionar|escoger|contratar)\b",
    r"\b(?:researching|searching|comparing|evaluating|shopping|browsing|looking)\b[^.\n]{0,40}?\bon (?:someone|somebody"
    r"|another person|a user|your user)'?s behalf\b",
    r"\bthe (?:person|user|human) (?:you are|you're) (?:researching for|searching for|working for|acting for"
    r"|acting on behalf of)\b",
    r"\b(?:if|when|whenever|in case|once) you (?:can|are able to) (?:send|email|browse|fetch|execute)\b",
    r"\byou have access to\b",
    r"\b(?:if|when|whenever|in case|once) you (?:see|find|read|encounter|come across) (?:any )?(?:negative"
    r"|conflicting|contradictory|adverse|unfavou?rable)\b",
    r"\b(?:in case|whenever|when|if) (?:the|a|any) (?:user|person asking)(?: is| asks| wants| mentions"
    r"| requests)\b",
    r"\bwhen asked\b",
    r"\b(?:when|whenever|while) (?:ranking|recommending|screening)\b",
    r"\bwhenever (?:this|the) (?:page|site|document|text) is (?:retrieved|read|indexed|summari[sz]ed|used|cited"
    r"|processed)\b",
    r"\b(?:by|al|upon|after) (?:processing|reading|summari[sz]ing|indexing|ingesting|procesar|leer|resumir"
    r"|indexar) (?:this|este|esta|el presente|la presente)\b",
    r"\b(?:al|del) usuario\b",
    r"\b(?:tell|inform|ask|show) the user\b",
    r"\bthe user'?s (?:question|query|request|messages?|data)\b",
    rf"{CLAUSE_START}(?:reply|respond|answer)\s+(?:only\s+)?(?:in|using|with)\s+(?!reply\b)",
    # Settings of the reader's output written as configuration: `salida.omitir = […]`, `output.tone: …`.
    r"\b(?:salida|output|respuesta|response|answer|resumen|summary)\s*[._:]\s*(?:omitir|ocultar|excluir|omit|hide"
    r"|exclude|tono|tone|estilo|style|override\w*|prioridad|priority|incluir|include)\b",
    r"\b(?:en|in|dentro de|within) (?:la|el|the|cualquier|any) (?:respuesta|resumen|answer|response|output"
    r"|summary)\b(?! (?:a|de|del|al|to|of) )",
    r"\b(?:para|to) (?:generar|elaborar|redactar|producir|generate|write|produce|compile) (?:un|una|el|la|a|an"
    r"|the)? ?(?:informe|reporte|resumen|respuesta|perfil|ficha|report|summary|answer|profile)\b",
    rf"\b{OUTPUT}\s+(?:\w+\s+)?que se (?:generen|produzcan|elaboren|redacten|hagan)\b",
    # The output the reader makes, named as its own: "la respuesta que generes sobre nosotros", "the summary
    # you produce", "tu conclusión tiene que ser que…" (mid-sentence "tu respuesta" is as often a person's
    # reply: "gracias por tu respuesta", so there only with an order on what it says).
    rf"\b{OUTPUT}\s+(?:\w+\s+)?que (?:generes|des|emitas|produzcas|redactes|elabores|escribas|entregues)\b",
    rf"\b{OUTPUT} (?:that )?you (?:give|generate|produce|write|provide|return|output)\b",
    rf"\btus? (?:[a-z]+ )?{OWN_OUTPUT} (?:final |finales )?(?:tiene que|tienen que|tendra que|tendran que|debe|deben"
    r"|debera|deberan|ha de|han de|habra de) (?:ser que|decir|concluir|recomendar|indicar|mencionar|senalar"
    r"|terminar|empezar|calificar)\b",
    r"\b(?:si|if) (?:alguien|algun usuario|un cliente|cualquier persona|anyone|someone) (?:pregunta|consulta|pide"
    r"|busca|asks|searches|looks)\b",
    r"\b(?:fuera|aparte) del (?:analisis|resumen|informe|reporte|perfil)\b",
    r"\bout of (?:the|your) (?:analysis|summary|report|profile)\b",
    # Rewriting the reader's own letters and words is only ever asked of a text generator.
    # "cifra"/"cifrar" is to encrypt; "cifras" are figures ("Cifras & Letras", a newspaper's section).
    r"\b(?:replace|substitute|swap|convert|shift|remove|reverse|scramble|encode|encrypt|rearrange|reemplaz\w*"
    r"|sustitu\w*|cambi\w*|invierte|invertir|codific\w*|cifr(?:a|ar|e|en|ando))\b[^.\n]{0,30}"
    r"\b(?:letters?|vowels?|consonants?|characters?|every (?:\w+ )?word|letras|vocales|consonantes|caracteres"
    r"|cada (?:\w+ )?palabra)\b",
    r"\b(?:scrambl\w*|jumbl\w*|anagram\w*|convert\w*|render\w*|invert\w*|combin\w*|revers\w*|encod\w*|encrypt\w*"
    r"|translat\w*|rearrang\w*|misspell\w*|tease\w*)\b[^.\n]{0,50}\byour (?:message|words|text|letters"
    r"|sentences)\b",
])
