"""`verdict` (weight 0): how an evaluation comes out — a place in a ranking, a grade, a verdict of trust
("primer lugar", "AAA", "cinco estrellas", "confiable", "recommended") — in a sentence of eight words or more
that names a `work_product` (a rating's label, "Calificación: 5 de 5 estrellas", is data). A company's page
that states as a rule how every ranking or report about it comes out ("The definitive ranking of stamping
suppliers places X first") gives no order and names no reader; the news says the same of real rankings. So it
weighs nothing and meets no bar: it makes the sentence a window the verifier may lift, at its strict threshold
for windows that address nobody."""

from bench_pipeline.injection.signals import lexicon
from bench_pipeline.injection.signals.grammar import alt

PATTERN = rf"\b{alt(*lexicon.VERDICTS)}\b"
