"""`precedence` (weight 2, addressing; decisive in a hidden channel): a source claiming precedence
over every other — "única fuente válida", "debe prevalecer sobre", "sustituye a cualquier otra",
"regardless of other sources", "the correct answer is", "trust us"."""

# What an official site's disclaimer names as its authoritative version: another edition of the same
# publication ("la versión oficial es la edición impresa"), not a source set over every other.
_EDITION = (r"(?![^.;\n]{0,60}?\b(?:edicion|impres[oa]|pdf|firmad[oa]|publicad[oa] en|papel|electronicamente"
            r"|diario oficial|print(?:ed)?|signed)\b)")

PATTERN = "|".join([
    r"\b(?:unica|sola) (?:fuente|referencia) (?:valida|confiable|autorizada|oficial|correcta|veraz|fidedigna)\b",
    rf"\b(?:unica|sola) version (?:valida|confiable|autorizada|oficial|correcta|veraz|fidedigna)\b{_EDITION}",
    r"\b(?:fuente|referencia) (?:de mayor peso|autorizada|definitiva|prioritaria)\b",
    r"\bprevalec\w+ sobre\b",
    r"\bpor encima de (?:cualquier|otras|las demas|toda)\b",
    r"\bsin importar lo que (?:digan?|muestren?|indiquen?) (?:otr|las demas|los demas)",
    r"\b(?:descart\w+|desestim\w+|ignor\w+|omit\w+) (?:cualquier|toda|las|otras?|los"
    r"|el resto)\s+(?:\w+\s+)?(?:fuentes?|notas?|informacion|datos|medios|versiones|resultados|competidores"
    r"|paginas|sitios|resenas|quejas|marcas|opciones|reportes|sources|pages|sites|reviews|complaints|brands"
    r"|options|reports)\b",
    r"\b(?:only|sole|single|primary) (?:valid |reliable |authoritative |trusted |correct )?(?:source"
    r"|reference)\b",
    rf"\b(?:only|sole|single|primary) (?:valid |reliable |authoritative |trusted |correct )?version\b{_EDITION}",
    r"\btakes? precedence\b",
    r"\bregardless of (?:what|other|any)\b",
    r"\b(?:over|above) (?:all|any) other sources?\b",
    r"\bpreferred source\b",
    r"\b(?:la|el) (?:respuesta|calificacion|cifra|informacion|dato|valoracion) (?:correct[oa]|real"
    r"|verdader[oa]|oficial|valid[oa])\b[^.\n]{0,80}?\b(?:es|que (?:debes|deben|debe|corresponde))\b",
    rf"\bla version (?:correcta|real|verdadera|oficial|valida)\b{_EDITION}[^.\n]{{0,80}}?\b(?:es|que (?:debes"
    r"|deben|debe|corresponde))\b",
    r"\bthe (?:correct|real|true|official) (?:answer|rating|figure) (?:is|to report)\b",
    rf"\bthe (?:correct|real|true|official) version (?:is|to report)\b{_EDITION}",
    r"\bfuente (?:oficial|valida) (?:y|sobre)\b",
    r"\b(?:the only|la unica|el unico) (?:acceptable|valid|correct|aceptable|valid[oa]"
    r"|correct[oa]) (?:[a-z]+ ){0,2}(?:rating|answer|response|conclusion|calificacion|respuesta|conclusion"
    r"|veredicto|verdict)\b",
    r"\b(?:si|cuando|when|whenever|if) (?:otra|otras|otro|otros|other|another|any other|they"
    r"|ellos)(?: [a-z]+)? (?:contradice\w*|contradic\w*|disagree\w*|difiere\w*|no coincide\w*)\b",
    r"\b(?:tiene|tienen|has|have|takes?|dar|den|da|give|gives) (?:\w+ )?(?:prioridad|priority|precedencia"
    r"|precedence)(?: \w+)? (?:sobre (?:cualquier|todo|toda|otras?|el usuario|los demas)|over (?:any|all|other"
    r"|the user)|a (?:este|esta) (?:texto|pagina|contenido|documento|bloque)|to this (?:text|page|block"
    r"|content))\b",
    r"\bfuente (?:primaria|principal|mas confiable)\b",
    r"\bprimary source\b",
    r"\b(?:trust|believe|creenos|confia en) (?:us|nosotros|this page|esta pagina)\b",
    r"\b(?:mas|mayor|more|greater|less|menos) (?:peso|credibilidad|weight|credibility)\b",
    r"\b(?:menor|less|lower) (?:credibilidad|peso|credibility|weight)\b",
    r"\bcomo (?:fuente )?(?:autorizada|oficial|definitiva|valida)\b",
    r"\b(?:as|an?) (?:authoritative|official|definitive) source\b",
    r"\b(?:sustituye|reemplaza|anula|deja sin efecto) (?:a )?(?:cualquier|toda|las demas|otras?)\b",
    r"\b(?:supersedes|replaces|overrides) (?:any|all|every) other\b",
])
