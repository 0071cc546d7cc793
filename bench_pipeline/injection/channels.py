"""A piece of a document's text and the route it took to get there."""

from __future__ import annotations

from typing import NamedTuple

VECTORS = (
    "html_comment", "hidden_css", "offscreen", "aria_hidden", "template_noscript", "attribute_text",
    "meta_tag", "structured_metadata", "zero_width", "pdf_hidden_text", "system_imitation",
)


class Channel(NamedTuple):
    vector: str  # one of VECTORS
    text: str
    suspicious: bool = False  # suspicious by its form alone (an invented "instructions" field), whatever it says
    displayed_code: bool = False  # code a page shows (`<pre>`, a fenced block): judged as a specimen
