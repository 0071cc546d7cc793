"""`work_product` (weight 0): what the reader compiles from pages — a ranking, a comparison, a shortlist,
a report, a score — named in a sentence that gives an order. Company prose that prescribes how an
evaluation comes out often names no reader at all ("La clasificación final de laboratorios debe
encabezarla X"); a style guide or a tender speaks of reports in the same mood. So the signal meets no
bar and weighs nothing: it only makes the sentence a window for the verifier, which may lift it at its
strict threshold for windows that address nobody. Kept only where its sentence, of five words or
more, holds a `directive` or a `verdict`."""

from bench_pipeline.injection.signals import lexicon
from bench_pipeline.injection.signals.grammar import alt

# Not a part of a dotted key (`empresa.perfil.nombre`): structured data's paths name fields, not products.
PATTERN = rf"\b(?<!\.){alt(*lexicon.WORK_PRODUCTS)}\b(?!\.\w)"
