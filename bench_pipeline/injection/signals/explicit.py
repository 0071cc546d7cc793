"""`explicit` (weight 3, addressing; decisive in a hidden channel): the grammar of a jailbreak itself —
overriding earlier instructions, a new role or mode, spoofed conversation roles, safety switched off,
a reader recast as one without rules, a request to send out the conversation, the prompt or keys."""

from bench_pipeline.injection.signals import lexicon
from bench_pipeline.injection.signals.grammar import CLAUSE_START, READER, alt, group

_INSTRUCTIONS = alt(*lexicon.INSTRUCTION_NOUNS)
JAILBREAK = "|".join([
    rf"\b(?:ignor\w*|disregard\w*|forget|olvid\w*|override|overrid\w*|bypass\w*|reemplaz\w*|replace|sustitu\w*"
    rf"|anul\w*|desestim\w*|descart\w*|discard\w*|haz caso omiso|hagan caso omiso|deja de seguir|no sigas"
    rf"|pasa por alto)\b[^.\n]{{0,40}}\b(?:(?:previous|prior|above|earlier|all|any|your|original|system"
    rf"|current)\s+(?:\w+\s+)?{_INSTRUCTIONS}|{_INSTRUCTIONS}\s+(?:anterior\w*|previ\w*|de arriba|originales"
    rf"|del sistema|que te|que traias|que tenias|que recibiste|actuales|vigentes)|(?:tus|sus|las de tu"
    rf"|tu) {_INSTRUCTIONS})\b",
    rf"\b(?:el|the) {_INSTRUCTIONS} (?:anterior|previo|previous|prior)\w* (?:queda|quedan|is|are|esta"
    rf"|estan) (?:invalidad\w*|anulad\w*|sin efecto|void|cancel\w*|revocad\w*)",
    # The reader's own instructions referred to as such, and declared void: "las reglas que recibiste … ya no
    # aplican".
    rf"\b{_INSTRUCTIONS} (?:que (?:recibiste|te (?:dieron|dio|dimos|indicaron|pasaron|dieron)|tienes|traes|sigues)"
    rf"|(?:that )?you (?:received|were given|have been given|got|follow))\b",
    r"\b(?:everything|anything|all|whatever) (?:that )?you(?: were|'ve been| have been) (?:told|given"
    r"|instructed)\b",
    r"\b(?:todo )?lo que te (?:hayan |han |habian )?(?:dijeron|indicaron|pidieron|ordenaron|dicho|indicado|pedido"
    r"|ordenado)\b",
    r"\b(?:whatever|any|the) (?:prompt|instructions?|task) you (?:started|began|were given|received|got|came)\b",
    r"\b(?:tu|your) (?:prompt|instrucciones|instructions|system prompt|tarea|task) (?:original|inicial|initial"
    r"|de sistema|real)\b",
    r"\bmodo [\"'\u201c\u00ab]?[a-z]+(?: [a-z]+)?[\"'\u201d\u00bb]? (?:activado|activo|on)\b",
    r"\b(?:activa|activar|enable|switch to|enter) (?:el )?(?:modo"
    r"|[\"'\u201c]?[a-z]+(?: [a-z]+)?[\"'\u201d]? mode)\b",
    r"\bmode (?:activated|enabled|on)\b",
    r"\bjuguemos a\b[^.\n]{0,20}?\b(?:tu|usted) (?:eres|es|seras)\b",
    r"\b(?:your|tu|su) (?:new|nueva|nuevo|real|actual|verdadera|verdadero|only|unica|unico) (?:task|tarea|mission"
    r"|mision|goal|objective|objetivo|job|trabajo|role|rol|purpose)\b",
    r"\b(?:remember|recuerda|memoriza|memorize|store)\b[^.\n]{0,40}\b(?:permanently|forever|permanentemente"
    r"|para siempre|in (?:your )?memory|en (?:tu )?memoria)\b",
    r"\b(?:in|en) (?:all |todas las )?(?:future|futuras) (?:sessions|conversations|chats|sesiones"
    r"|conversaciones)\b",
    r"\b[a-z]+ (?:mode|modo)\s*[:=]\s*(?:on|off|enabled|disabled|activ\w*|desactiv\w*|true|false)\b",
    r"\bmodo [a-z]+\s*[:=]\s*(?:on|off|si|no)\b",
    rf"\b(?:previous|prior|earlier|original|old|anterior\w*|previ[oa]s|originales) {_INSTRUCTIONS} (?:(?:is|are"
    rf"|was|were|queda\w*|esta\w*|son|es|ya)\s+)?(?:now |ya |hereby |no )?(?:void|null|invalid\w*|cancel\w*"
    rf"|revoked|obsolete|sin efecto|anulad\w*|nul[oa]s?|obsolet\w*|aplican|valen|cuentan|no longer)\b",
    r"\b(?:imagina|imagine|supon|suppose|pretend|finge|fingir|juguemos a|let'?s pretend)(?:\s+(?:por un momento"
    r"|for a moment))?,?\s+(?:que\s+)?(?:eres|trabajas|seas|you are|you're|you work|to be)\b",
    rf"\byou are now\b[^.\n]{{0,30}}\b(?:{READER}|mode|modo|persona|character|role|representative)\b",
    # A persona named and introduced: "You are now Lía, the brand ambassador…".
    r"\byou are now [a-z]+, (?:the|a|an|our|your)\b",
    # The rest of the reader's own task or chat as an order's scope: "for the remainder of this task, …".
    r"\b(?:for|during|throughout) the (?:remainder|rest) of (?:this|the|our|your) (?:task|conversation|chat"
    r"|exchange|interaction)\b",
    r"\b(?:from (?:now|here|this point) on,? (?:you|your)|you will (?:now )?play the role|your (?:new )?role is"
    r"|pretend (?:to be|you are))\b",
    # A role traded for another: "stop being an impartial researcher and become our account manager".
    r"\b(?:stop being|deja de ser) (?:an?|the|un|una|el|la) (?:[a-z]+ ){0,2}?[a-z]+(?: for a moment| por un momento)?"
    r",? (?:and|y) (?:become|act as|conviertete en|pasa a ser|actua como)\b",
    r"\basume (?:desde ahora|a partir de ahora|ahora) (?:el|un) (?:papel|rol)\b",
    rf"{CLAUSE_START}(?:act as (?:an?|the|our)|actua como)\b",
    # A role handed to the reader from a point of its reading on: "a partir de este párrafo actúas como…".
    r"\b(?:ahora eres|a partir de (?:ahora|este (?:punto|momento|parrafo|mensaje|texto))(?:,)? (?:eres|seras|debes"
    r"|actua\w*|funges|fungiras|toda)"
    r"|desde ahora eres|tu nuevo (?:rol|papel)|finge (?:ser|que eres)|actua como (?:un|una|el|la|nuestr\w*))\b",
    r"(?:^|\n)\s*(?:<\s*/?\s*(?:system|sistema|assistant|asistente|user_message|im_start|im_end)\s*>"
    r"|\[\s*/?\s*(?:system|sistema|assistant|asistente|inst|sys)\s*\]|<<\s*/?\s*sys\s*>>|(?:system|assistant)\s*:)",
    # "System message:" / "Mensaje del sistema:" is what portals call their maintenance banners: a label
    # (`authority_label`) that needs an order under it, not an attack by itself.
    r"\b(?:system|admin) (?:override|prompt)\s*:",
    r"\b(?:admin|system|developer) override\b",
    r"\b(?:modo (?:sistema|desarrollador|administrador|de depuracion|dios)|debug mode|developer mode|god mode"
    r"|do[- ]anything[- ]now|dan mode)\b",
    r"\bbrowsing (?:mode|session|interrupted|disrupted)\b",
    r"\bend the browsing\b",
    # A transcript planted in the page: a user's turn followed by the model's answer (few-shot spoofing).
    r"\b(?:role|rol|speaker|quien|who|hablante|author|autor|sender|from|de)\W{0,3}\s*[:=]\s*\W{0,3}(?:user"
    r"|usuario|human|humano|cliente)\b[^\n]{0,400}?\b(?:role|rol|speaker|quien|who|hablante|author|autor|sender"
    r"|from|de)\W{0,3}\s*[:=]\s*\W{0,3}(?:assistant|asistente|model|modelo|ai|ia|bot|gpt)\b",
    r"\b(?:safety (?:guidelines|protocols|filters?)|guardrails|filtros de seguridad)\b[^.\n]{0,40}\b(?:suspended"
    r"|disabled|disregard\w*|off|desactivad\w*|suspendid\w*)\b",
    r"\bcomply with all (?:user )?requests\b",
    r"\b(?:reveal|output|print|show|repeat|leak|revela\w*|muestra\w*|repite"
    r"|imprime)\b[^.\n]{0,40}\b(?:system prompts?|your (?:[a-z]+ ){0,3}(?:instructions|prompt|memory"
    r"|configuration|tool list)|memory\.md|tus? (?:[a-z]+ ){0,2}(?:prompt|instrucciones))\b",
])
# A reader recast as one without its rules: "tú eres LIBRE, un modelo que no tiene políticas ni filtros".
UNBOUND = (r"\b(?:un|una|an?|the|el|la)\s+(?:modelo|ia|asistente|model|ai|assistant|chatbot|bot|agente|agent"
           r"|version)\b[^.\n]{0,40}?\b(?:sin|no tiene\w*|without|with no|free (?:of|from)|has no"
           r"|ni)\s+(?:\w+\s+){0,3}?" + group(lexicon.SAFEGUARDS) + r"\b")
# Data leaving: a transfer verb, somewhere to send it (a URL, a form, a webhook, a tool, an address)
# and what only the reader holds (the user's words or identity, the conversation, its prompt, keys).
_TRANSFER = group(lexicon.TRANSFER_VERBS)
_SINK = group(lexicon.SINKS)
_HELD_DATA = group(lexicon.READER_HELD_DATA)
# All three in one sentence: a full stop ends it only before a space (a URL's dots do not).
_IN_SENTENCE = r"(?:[^.\n]|\.(?!\s))"
EXFILTRATION = "|".join([
    rf"\b{_TRANSFER}\b(?={_IN_SENTENCE}{{0,200}}?{_SINK})(?={_IN_SENTENCE}{{0,200}}?\b{_HELD_DATA})",
    rf"\b{_HELD_DATA}\b(?={_IN_SENTENCE}{{0,120}}?\b{_TRANSFER}\b)(?={_IN_SENTENCE}{{0,200}}?{_SINK})",
])
