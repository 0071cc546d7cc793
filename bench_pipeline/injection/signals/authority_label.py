"""`authority_label` (weight 2, addressing): text labelled as a system, operator or developer
instruction — a bracketed, ruled or colon label holding such a word (`[SYSTEM]`, `### operador ###`,
`Admin:`), "instrucciones del sistema" or "system prompt" as a heading or before a colon (mid-sentence
it is a noun), a configuration section for the reader's output, a line labelled for the reader."""

from bench_pipeline.injection.signals import lexicon
from bench_pipeline.injection.signals.grammar import DETERMINER, READER, alt

_AUTHORITY_WORD = alt(*lexicon.AUTHORITY_WORDS)
# Inside brackets or a tag a label may also name the reader or a control word: `<configuracion_agente>`.
_BRACKET_WORD = alt(_AUTHORITY_WORD, READER, *lexicon.CONTROL_WORDS)
_SYSTEM_SIDE = (
    r"(?:(?:instrucciones|indicaciones|mensaje|nota|aviso|directiva|reglas|configuracion|actualizacion|politicas?)"
    r" (?:interna |internas |operativa |prioritaria )?(?:del|de|para el) (?:sistema|desarrollador|operador"
    r"|administrador|agente|asistente|modelo|plataforma)"
    r"|(?:system|developer|operator|admin) (?:prompt|message|instructions?|notice|note|directive|override|update)"
    r"|(?:agent|assistant|model|ai) (?:configuration|config|instructions|directives|policy))\b"
)
# A heading naming "the system message" with an article is about it ("Write the system message",
# "Cómo redactar el mensaje del sistema"); a label stands bare ("SYSTEM MESSAGE", "New system prompt").
_NOT_AFTER_ARTICLE = r"(?<!\bthe )(?<!\bel )(?<!\bla )(?<!\blos )(?<!\blas )(?<!\ba )(?<!\ban )"
# A JSON document is read as `path.key: value` lines: a heading may open a value.
_JSON_KEY = r"(?:[a-z][\w. ]{0,60}:[ \t]*)?"
PATTERN = "|".join([
    # A heading set off by brackets, rules or a line start + colon, holding an authority word.
    rf"(?:^|(?<=[\n.:;!?\"]))\s*[\[<{{(]{{1,3}}[^\]>}})\n]{{0,40}}\b{_BRACKET_WORD}\b"
    rf"[^\]>}})\n]{{0,40}}[\]>}})]{{1,3}}",
    rf"(?:^|\n)\s*{_JSON_KEY}(?:[#=*\-_~]{{2,}}\s*)[^\n]{{0,40}}\b{_BRACKET_WORD}\b[^\n]{{0,40}}",
    rf"(?:^|\n)\s*(?:\w+\s+){{0,4}}{_AUTHORITY_WORD}(?:\s+\w+){{0,3}}\s*(?::|::|=>)",
    # A phrase naming a system-side instruction, where a label stands: alone on its line (a heading,
    # a few words around it) or right before a colon, dash or rule. Mid-sentence it is a noun ("the
    # system message holds the instructions").
    rf"(?:^|\n)[ \t]*{_JSON_KEY}[\[(<#*>|=_~\-\t ]*(?:\w+[ \t]+){{0,3}}{_NOT_AFTER_ARTICLE}{_SYSTEM_SIDE}"
    rf"(?:[ \t]+\w+){{0,6}}[ \t]*[\])>*#=:~\-]*[ \t]*(?=\n|$)",
    rf"\b{_SYSTEM_SIDE}(?:[ \t]*\([^)\n]{{0,60}}\))?[ \t]*[:=\u2014/|\]]",
    rf"\b{_NOT_AFTER_ARTICLE}{_SYSTEM_SIDE}(?:[ \t]*\([^)\n]{{0,60}}\))?[ \t]*(?:\n|$)",
    # A configuration section for the reader's output: `resumen_ia:`, `ai_summary_policy:`.
    r"(?:^|\n)[ \t]*(?:[a-z]+ ){0,2}(?:ia|ai|llm|gpt|bot|agente?s?|modelo?s?"
    r"|models?)(?: [a-z]+){0,2}[ \t]*:[ \t]*(?=\n)",
    # A line labelled for the reader: "Datos para IA:", "Checklist para el bot:", "descripcion para agentes:".
    rf"(?:^|\n)[ \t]*[#*>\-\[(]*[ \t]*(?:[a-z]+[ \t]+){{1,4}}(?:para|to|for)[ \t]+{DETERMINER}(?:{READER}|modelos?"
    rf"|models?)\b[^.\n]{{0,30}}?(?::|[ \t]*(?=\n|$))",
])
