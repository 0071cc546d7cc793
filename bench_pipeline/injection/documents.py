"""Every type of document a provider can return, named by its content and read as channels.

`sniff_media` names a document's type from its bytes, never from a file name: PDF, office and
OpenDocument files, JSON, feeds, HTML (and SVG, XHTML, any XML), e-mail, CSV/TSV, plain text and
markdown. Bytes of no type the detector reads are refused (`UnreadableDocumentError`), never
scanned as if they were text.

`document_channels` reads one into channels. Documents inside documents (`data:` URLs, an
iframe's `srcdoc`, a feed item's HTML, e-mail parts and attachments, the pages inside a recorded
fetch) are read the same way, up to a few levels down, and placed where their host puts them: a
host that shows one keeps its channels as they are; one that does not turns its visible text into
hidden text of the host's vector.

A provider's JSON carries the pages it read: the body fields of a result (an object with a URL:
Firecrawl's `markdown`, Tavily's `content`, Exa's `text` and `highlights`, Serper's and Brave's
snippets) are what the page shows, read as text documents at the visible bar; everything else in
the JSON (ids, scores, a page's `metadata`, any other API's fields) is structure and metadata,
judged as hidden channels.
"""

from __future__ import annotations

import json
import re
from typing import Literal

from lxml.etree import ParserError
from markdown_it import MarkdownIt
from pydantic import ValidationError

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.injection.channels import Channel, Nested
from bench_pipeline.injection.feed_vectors import FEED_ROOT, feed_parts
from bench_pipeline.injection.html_vectors import (
    block_text, code_blocks, embedded_documents, hidden_element_channels, json_channels, out_of_band_channels,
    role_tag_channels,
)
from bench_pipeline.injection.mail_vectors import looks_like_mail, mail_parts
from bench_pipeline.injection.office_vectors import office_parts
from bench_pipeline.injection.pdf_vectors import pdf_parts
from bench_pipeline.injection.table_vectors import table_channels, table_dialect
from bench_pipeline.injection.unicode_vectors import unicode_channels
from bench_pipeline.reading.decode import decode_html, parse_html

Media = Literal["html", "pdf", "json", "text", "feed", "office", "email", "table"]
_MAX_DEPTH = 4
_HTML_SNIFF = re.compile(rb"<(?:!doctype html|html|head|body|div|p|meta|title|svg|\?xml)[\s>]", re.IGNORECASE)
_FENCE = re.compile(r"^[ \t]*```[^\n]*\n(.*?)^[ \t]*```", re.MULTILINE | re.DOTALL)
# Markup a markdown renderer passes through to the page: a comment or an HTML tag.
_MARKUP = re.compile(r"<!--|</?[A-Za-z][\w:-]*(?:\s[^<>]*)?/?>")
_URL = re.compile(r"^https?://\S+$")
# The fields in which search and extraction APIs return what a page shows (Firecrawl `markdown`,
# `html`; Tavily `content`, `raw_content`, `answer`; Exa `text`, `highlights`, `summary`; Serper and
# Brave `snippet`, `description`, `extra_snippets`; everyone's `title`).
PAGE_TEXT_KEYS = frozenset({
    "markdown", "html", "rawhtml", "content", "raw_content", "answer", "text", "highlights", "summary", "snippet",
    "snippets", "description", "extra_snippets", "title",
})
_METADATA = frozenset({"metadata", "meta"})
_HTML_DOCUMENT = re.compile(r"^\s*(?:<!doctype html|<html[\s>])", re.IGNORECASE)
_MARKDOWN = MarkdownIt("commonmark", {"html": True, "breaks": True}).enable("table")


class UnreadableDocumentError(ValueError):
    """The bytes are no document the detector can read (a broken archive, an image, binary data)."""


def sniff_media(data: bytes) -> Media:
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"%PDF"):
        return "pdf"
    if head.startswith(b"PK\x03\x04"):
        return "office"
    if head[:1] in (b"{", b"["):
        try:
            json.loads(data)
            return "json"
        except ValueError:
            pass
    if FEED_ROOT.search(head):
        return "feed"
    if looks_like_mail(head):
        return "email"
    if _HTML_SNIFF.search(head):
        return "html"
    if b"\x00" in head or _binary(head):
        raise UnreadableDocumentError("binary content of no document type the detector reads")
    if table_dialect(decode_html(data[:8192])) is not None:
        return "table"
    return "text"


def document_channels(data: bytes, media: str | None = None, depth: int = 0) -> list[Channel]:
    """Every channel of a document; nested documents read in their place."""
    media = media or sniff_media(data)
    if media == "html":
        return html_channels(decode_html(data), depth)
    if media == "pdf":
        return _expanded(pdf_parts(data), depth)
    if media == "office":
        return _expanded(office_parts(data), depth)
    if media == "email":
        return _expanded(mail_parts(data), depth)
    text = decode_html(data)
    if media == "feed":
        return _expanded(feed_parts(text), depth)
    if media == "json":
        return _json_channels(json.loads(text), depth)
    if media == "table":
        return table_channels(text)
    return text_channels(text, depth)


def nested_channels(parts: list[Nested], depth: int = 0) -> list[Channel]:
    """The channels of documents inside another, each placed where its host puts it. One that
    cannot be read adds nothing: its host was read."""
    channels: list[Channel] = []
    if depth >= _MAX_DEPTH:
        return channels
    for part in parts:
        try:
            inner = document_channels(part.data, part.media, depth + 1)
        except (UnreadableDocumentError, ValueError, RecursionError):
            continue
        channels += inner if part.vector is None else [_placed(channel, part.vector) for channel in inner]
    return channels


def html_channels(text: str, depth: int = 0) -> list[Channel]:
    """Every channel of an HTML (or SVG, or XML) document, its hidden elements found by rendering it."""
    channels = role_tag_channels(text)
    try:
        root, comments = parse_html(text)
    except (ParserError, ValueError):
        return [*channels, *text_channels(text, depth)]
    code = code_blocks(root)
    visible = block_text(root)
    channels += unicode_channels("\n".join([visible, *code]))
    channels += out_of_band_channels(root, comments)
    channels += nested_channels(embedded_documents(root), depth)
    hidden, seen = hidden_element_channels(root)
    channels += hidden
    if seen is not None:
        visible, code = seen, code_blocks(root)
    channels.append(Channel("system_imitation", visible))
    return channels + [Channel("system_imitation", block, displayed_code=True) for block in code]


def text_channels(text: str, depth: int = 0) -> list[Channel]:
    """Plain text or markdown. Markdown holding HTML is rendered first, as a markdown page is shown:
    its comments and styled-away spans are hidden there too."""
    if _MARKUP.search(text):
        return html_channels(_MARKDOWN.render(text), depth)
    prose = _FENCE.sub("\n", text)
    shown = [Channel("system_imitation", block.group(1), displayed_code=True) for block in _FENCE.finditer(text)]
    return [*unicode_channels(text), Channel("system_imitation", prose), *shown]


def _json_channels(parsed, depth: int) -> list[Channel]:
    fetched = _fetched_page(parsed)
    if fetched is not None:
        return document_channels(fetched, None, depth + 1)
    # A JSON-LD document is metadata through and through; other JSON carries page text in its values.
    linked_data = isinstance(parsed, dict) and ("@context" in parsed or "@type" in parsed or "@graph" in parsed)
    pages: list[str] = []
    values = list(json_channels(parsed, "structured_metadata" if linked_data else "system_imitation",
                                page_text=None if linked_data else _page_text(pages)))
    channels = [*values, *unicode_channels("\n".join(value.text for value in values))]
    for page in dict.fromkeys(pages):
        channels += html_channels(page, depth + 1) if _HTML_DOCUMENT.match(page) else text_channels(page, depth + 1)
    return channels


def _page_text(pages: list[str]):
    """The fields of a provider's JSON that are what a page (or the provider's answer) shows: a
    body field (`PAGE_TEXT_KEYS`) of a result, an object holding a URL or whose object right inside
    does, or of the envelope holding a list of results. Collected into `pages` and left out of the
    object's lines. A `metadata` object mirrors the page's meta tags: never page text."""
    mirrors: set[int] = set()  # the ids of the metadata objects of results seen so far (parents come first)

    def taken(value: dict) -> set[str]:
        if id(value) in mirrors or not (_is_result(value) or _holds_results(value)):
            return set()
        mirrors.update(id(item) for key, item in value.items() if isinstance(item, dict) and key in _METADATA)
        keys = set()
        for key, item in value.items():
            if not (isinstance(key, str) and key.lower() in PAGE_TEXT_KEYS):
                continue
            texts = item if isinstance(item, list) else [item]
            if texts and all(isinstance(text, str) for text in texts):
                keys.add(key)
                pages.extend(text for text in texts if text.strip())
        return keys
    return taken


def _is_result(value: dict) -> bool:
    def has_url(obj: dict) -> bool:
        return any(isinstance(item, str) and _URL.match(item) for item in obj.values())
    return has_url(value) or any(isinstance(item, dict) and has_url(item) for item in value.values())


def _holds_results(value: dict) -> bool:
    return any(isinstance(item, list) and any(isinstance(element, dict) and _is_result(element) for element in item)
               for item in value.values())


def _fetched_page(parsed) -> bytes | None:
    """The page inside a recorded fetch exchange (`body_text`/`body_b64`), read as what it is."""
    if not (isinstance(parsed, dict) and "operation" in parsed and isinstance(parsed.get("response"), dict)):
        return None
    try:
        exchange = Exchange.model_validate(parsed)
    except ValidationError:
        return None
    response = exchange.response
    if response is None or (response.body_text is None and response.body_b64 is None):
        return None
    return response.raw_bytes()


def _expanded(parts: list, depth: int) -> list[Channel]:
    channels = [part for part in parts if isinstance(part, Channel)]
    return channels + nested_channels([part for part in parts if isinstance(part, Nested)], depth)


def _placed(channel: Channel, vector: str) -> Channel:
    """A nested document's channel where its host does not show it: visible text becomes hidden text."""
    if channel.vector != "system_imitation":
        return channel
    return Channel(vector, channel.text, channel.suspicious)


def _binary(head: bytes) -> bool:
    """Bytes that are not text in any encoding the reader decodes: control characters other than
    whitespace in more than 1 % of them."""
    if not head:
        return False
    controls = sum(1 for byte in head if byte < 32 and byte not in (9, 10, 12, 13, 27))
    return controls / len(head) > 0.01
