"""A piece of a document's text and the route it took to get there."""

from __future__ import annotations

from typing import NamedTuple

VECTORS = (
    "html_comment", "hidden_css", "offscreen", "aria_hidden", "template_noscript", "attribute_text",
    "meta_tag", "structured_metadata", "zero_width", "pdf_hidden_text", "system_imitation",
    "pdf_annotation", "pdf_form_field", "office_hidden_text", "office_comment", "email_unseen_part",
)


class Channel(NamedTuple):
    vector: str  # one of VECTORS
    text: str
    suspicious: bool = False  # suspicious by its form alone (an invented "instructions" field), whatever it says
    displayed_code: bool = False  # code a page shows (`<pre>`, a fenced block): judged as a specimen


class Nested(NamedTuple):
    """A document inside another (a data: URL, an iframe's `srcdoc`, a feed item's HTML, an e-mail
    part or attachment), read as a document of its own. `vector` is where its host puts it: None
    when the host shows it (its own channels stand), a hiding vector when it does not (then its
    visible text is hidden text of that vector)."""

    data: bytes
    vector: str | None
    media: str | None = None  # the document's type when the host says it; sniffed when None
