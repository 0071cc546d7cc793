"""`authority_claim` (weight 1): text vouching for itself in someone's name — "verificado por",
"registro oficial", "por disposición de", "site operator", "verified by", a compliance team. Official
pages say this of themselves all the time, so it only adds weight to another signal."""

PATTERN = "|".join([
    r"\b(?:verificad[oa]s?|validad[oa]s?|certificad[oa]s?|autorizad[oa]s?|aprobad[oa]s?|avalad[oa]s?|verified"
    r"|validated|certified|approved|endorsed|authorized)\s+(?:\w+\s+){0,2}(?:por|by)\b",
    r"\b(?:registro|fuente|version|informacion|dato) (?:publico |oficial|autorizad[oa])\w*",
    r"\bofficial (?:registry|record|source|version|data|notice)\b",
    r"\b(?:sello|certificado|constancia|dictamen|aviso) (?:de \w+ )?(?:emitid[oa]|otorgad[oa]|expedid[oa]) por\b",
    r"\b(?:emitid[oa]|issued|signed) by\b",
    r"\b(?:aviso|notice) (?:del|de la|from the) (?:notari\w+|oficina|office|registro|autoridad|authority)\b",
    r"\bpor (?:disposicion|orden|mandato|instruccion) de\b",
    r"\bby (?:order|mandate|instruction) of\b",
    r"\bde conformidad con\b",
    r"\b(?:operador|administrador(?:es)?|administracion|responsables?) (?:oficial(?:es)? )?del"
    r" (?:sitio|dominio|portal)\b",
    r"\bsite (?:operator|owner|admin\w*)\b",
    r"\b(?:equipo|area|departamento) de (?:cumplimiento|verificacion|seguridad|confianza)\b",
    r"\b(?:compliance|trust and safety|verification) team\b",
])
