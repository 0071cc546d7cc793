"""RSS and Atom feeds: what a feed reader shows, and the rest of the feed as metadata.

A reader shows each feed's and item's title, description, summary and content — HTML where the
feed carries HTML, read as a document of its own (its hidden elements are hidden there too). The
other elements (categories, authors, podcast and media fields) are metadata (`meta_tag`), and
comments in the feed are `html_comment`.
"""

from __future__ import annotations

import re

from lxml import etree

from bench_pipeline.injection.channels import Channel, Nested

# A feed's root element, after the XML declaration, comments, processing instructions and a doctype.
FEED_ROOT = re.compile(rb"^(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*|<\?[^>]*>\s*|<!DOCTYPE[^>]*>\s*)*"
                       rb"<(?:rss|feed|rdf:RDF)\b", re.DOTALL | re.IGNORECASE)
_XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>")
_SHOWN = frozenset({"title", "description", "summary", "content", "encoded", "subtitle", "tagline"})
_MARKUP = re.compile(r"<[A-Za-z!/][^<>]*>")


def feed_parts(text: str) -> list[Channel | Nested]:
    parser = etree.XMLParser(resolve_entities=False, no_network=True, recover=True, huge_tree=False)
    try:
        root = etree.fromstring(_XML_DECLARATION.sub("", text, count=1).encode("utf-8"), parser)
    except etree.XMLSyntaxError:
        root = None
    if root is None:
        raise ValueError("a feed whose XML cannot be parsed")
    parts: list[Channel | Nested] = []
    shown: list[str] = []
    for element in root.iter():
        if isinstance(element, etree._Comment):
            if (element.text or "").strip():
                parts.append(Channel("html_comment", element.text))
            continue
        if not isinstance(element.tag, str):
            continue
        name = etree.QName(element).localname.lower()
        if name in _SHOWN:
            body = _body(element)
            if _MARKUP.search(body):
                parts.append(Nested(body.encode("utf-8"), None, "html"))
            elif body.strip():
                shown.append(body.strip())
        elif len(element) == 0 and len((element.text or "").split()) >= 2:
            parts.append(Channel("meta_tag", element.text.strip()))
    if shown:
        parts.append(Channel("system_imitation", "\n".join(shown)))
    return parts


def _body(element) -> str:
    """An element's text; an Atom `type="xhtml"` body is its markup."""
    if element.get("type") == "xhtml" or len(element):
        return "".join(etree.tostring(child, encoding="unicode") for child in element) or (element.text or "")
    return element.text or ""
