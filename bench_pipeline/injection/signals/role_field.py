"""`role_field` (weight 2, addressing): a conversation role written as a field whose value ends
there — `"role": "system"`, `rol=asistente`, `speaker: model`. A job title in a staff list
(`"rol": "Asistente administrativo"`) goes on, so it is not one."""

_VALUE_END = (r"(?=[ \t]*(?:[^a-z \t]|$|[a-z]+\s*[:=]"
              # a camelCase value read as words: `instruccionPrioritaria`, `systemOverride`
              r"|(?:prioritari[oa]|principal|urgente|oficial|intern[oa]|critic[oa]|priority|urgent|official|internal"
              r"|override|prompt|message|mensaje)\b))")
PATTERN = "|".join([
    r"\b(?:role|rol|speaker|author|autor|from|sender|emisor\w*|origen|source|persona|tipo\w*|type|nivel|level"
    r"|de)(?: \w+)?\W{0,3}\s*[:=]\s*\W{0,3}(?:system|sistema|developer|desarrollador|operador|operator|root"
    r"|plataforma|platform|interno|instrucci\w+|instruction\w*|directiv\w*|comando|command|override\w*)\b"
    + _VALUE_END,
    r"\b(?:role|rol|speaker|quien|who|hablante|interlocutor|author|autor|sender"
    r"|emisor\w*)\W{0,3}\s*[:=]\s*\W{0,3}(?:user|usuario|assistant|asistente|model|modelo|ai|ia|bot)\b"
    + _VALUE_END,
])
