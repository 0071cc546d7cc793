"""Bytes of a stored HTML artifact to the str that `offset:` spans index.

The rule, in order (offsets depend on it, so it never changes silently):
1. a byte-order mark decides (UTF-8, UTF-16);
2. bytes that are valid UTF-8 are UTF-8, whatever the page declares — real pages declare
   ISO-8859-1 and send UTF-8, and UTF-8 validity is almost never an accident;
3. otherwise the charset the page declares (`<meta charset>` or `http-equiv`), if it decodes cleanly;
4. otherwise cp1252, with undecodable bytes replaced (the common superset of Latin-1 on Spanish sites).
"""

from __future__ import annotations

import codecs
import re
from typing import NamedTuple

import lxml.html
from lxml import etree

_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))
_DECLARED = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_:.-]+)""", re.IGNORECASE)


def decode_html(data: bytes) -> str:
    return decoded_html(data)[0]


def decoded_html(data: bytes) -> tuple[str, str]:
    """The text, and the codec that decoded it."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return data.decode(codec, errors="replace"), codec
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    declared = _declared_charset(data)
    if declared:
        try:
            return data.decode(declared), declared
        except (LookupError, UnicodeDecodeError):
            pass
    return data.decode("cp1252", errors="replace"), "cp1252"


def _declared_charset(data: bytes) -> str | None:
    match = _DECLARED.search(data[:4096])
    return match[1].decode("ascii").lower() if match else None


_XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>")
# No index of `id` attributes: nothing looks elements up by id (CSS `#id` is an attribute test), and building it
# is an eighth of the parse. trafilatura shares one parser per process the same way.
_PARSER = lxml.html.HTMLParser(collect_ids=False)


def parse_html_tree(text: str) -> lxml.html.HtmlElement:
    """lxml's HTML tree of decoded text. An XHTML page's `<?xml … encoding=…?>` line is dropped first:
    lxml refuses a str that declares an encoding, and the text is already decoded."""
    return lxml.html.document_fromstring(_XML_DECLARATION.sub("", text, count=1), parser=_PARSER)


class ParsedHtml(NamedTuple):
    root: lxml.html.HtmlElement  # without comments
    comments: list[str]  # the text of each comment the tree held, in document order


def parse_html(text: str) -> ParsedHtml:
    """`parse_html_tree` with the comments taken out of the tree and kept apart: the tree trafilatura's own
    parser builds (it drops comments), so the page is parsed once for reading and scanning, and one whose
    text a comment no longer cuts in two (`ig<!-- -->nore` reads as a browser shows it)."""
    root = parse_html_tree(text)
    comments = [comment.text or "" for comment in root.iter(etree.Comment)]
    if comments:
        etree.strip_tags(root, etree.Comment)
    return ParsedHtml(root, comments)
