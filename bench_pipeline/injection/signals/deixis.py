"""`deixis` (weight 1): the page pointing at itself or its subject — "esta página", "este sitio",
"nuestra empresa", "this company", "rank us". With `steering` it makes a visible window: framing
this page or company ("treat this page as verified") addresses whoever weighs sources."""

PATTERN = "|".join([
    r"\b(?:esta|este|estas|estos) (?:pagina|sitio|portal|documento|texto|contenido|articulo|ficha|perfil|seccion"
    r"|empresa|compania|organizacion|marca|tienda|proveedor|dominio|fuente)s?\b",
    r"\bthis (?:page|site|website|document|text|content|article|profile|section|company|organi[sz]ation|brand|store"
    r"|vendor|domain|source|entity)\b",
    r"\bnuestr[oa]s? (?:empresa|compania|marca|sitio|pagina|director\w*|cifras)\b",
    r"\b(?:rank|list|put) us\b",
])
