"""`automation` (weight 1): any mention of an automated reader — a model, an assistant, AI, agents,
bots, crawlers, automated systems, search engines. It is not counted again in a sentence whose
reader is addressed (`addressee`, `addressed_model`): that is one reader, named once."""

from bench_pipeline.injection.signals.grammar import READER

PATTERN = rf"\b{READER}\b"
