"""Where HTML hides text from a reader but not from an extractor, and the text a
person reads that an extractor does not (CSS generated content, SVG text, embedded documents).

Hidden channels are not suspicious by themselves — menus, modals, `sr-only` text and decorative
icons use them — the detector flags one only when its text is instruction-like.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from lxml import etree

from bench_pipeline.injection.base64_runs import decoded_runs
from bench_pipeline.injection.channels import Channel, Nested
from bench_pipeline.injection.computed_style import render
from bench_pipeline.injection.css_values import generated_text
from bench_pipeline.injection.data_urls import decode_data_url
from bench_pipeline.injection.signals import candidate_windows, findings_many
from bench_pipeline.reading.textmap import BLOCK_TAGS

_ROLE_TAG = re.compile(r"<\s*/?\s*(?:system|assistant|user_message|im_start|im_end)\s*>", re.IGNORECASE)
_SCRIPT_BLOCK = re.compile(r"<(script|style)\b.*?</\1\s*>", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"</?[A-Za-z][^<>]{0,1000}>|<!(?:\[[^<>]{0,100}|doctype[^<>]{0,200})>", re.IGNORECASE)
# Code symbols per letter: prose, even quoting a JSON snippet, stays under 0.11; tracking code is 0.3+.
_CODE_DENSITY = 0.15
_CODE_SYMBOLS = "{}();=+[]<>$\\|&"
_INSTRUCTION_KEY = re.compile(
    r"^(?:instructions?|system_?prompt|prompt"
    r"|(?:ai|llm|assistant|model|agent|bot)[_ -]?(?:instructions?|prompt|notes?|directive))$"
    r"|note_?(?:for|to)_?(?:ai|assistant|llm|model)|instrucciones?(?:_?para_?(?:ia|asistente|modelo))?$",
    re.IGNORECASE,
)


# XPath picks the few elements worth a look, so a page's thousands of plain elements cost nothing.
_ATTRIBUTE_VALUES = etree.XPath(
    "//@alt | //@title | //@aria-label | //@aria-description | //@placeholder"
    " | //input[translate(@type, 'HIDEN', 'hiden')='hidden']/@value | //data/@value"
    " | //@*[starts-with(name(), 'data-') and string-length(.) > 10]",
    smart_strings=False,  # plain strings: the values are only read, never traced back to their element
)
# SVG's title (a tooltip), description and metadata are never drawn.
# An iframe's own content is fallback markup, kept as raw text and never drawn where frames are shown.
_NOT_READ = frozenset({"script", "style", "noscript", "template", "iframe", "head", "title", "desc", "metadata"})
# Code shown on the page is read apart (`code_blocks`): an API's example request is data.
_NOT_PROSE = _NOT_READ | {"pre"}
_CODE_BLOCKS = etree.XPath("//body//pre[not(ancestor::pre)]")
# A block ends a line, and so does an inline element that can be styled out of sight: the text of a
# hidden span inside a sentence then starts its own, as a reader of the source would.
_STYLABLE = frozenset({"style", "class", "id", "hidden", "aria-hidden"})
_NUL_RUN = re.compile("\x00+")
# One token (no space, no underscore joining words) that is a link or a path, or holds a digit; braces and angle
# brackets are a template's placeholders, kept.
_WORDLESS = re.compile(r"(?:[a-z][a-z0-9+.-]*://|/)[^\s_{}<>]*|[^\s_{}<>]*\d[^\s_{}<>]*", re.IGNORECASE)
_ELEMENT_TEXT = etree.XPath(".//text()[not(ancestor::script or ancestor::style)]", smart_strings=False)
_OUT_OF_BAND = etree.XPath("//template | //noscript | //iframe | //*[@content] | //script[@type]"
                           " | //svg//title | //svg//desc | //svg//metadata")
_ITEMS = etree.XPath("//*[@itemscope]")
# An item's own properties: those whose nearest item is it (a node set of one when united with it).
_ITEM_PROPERTIES = etree.XPath(".//*[@itemprop][count(ancestor::*[@itemscope][1] | $item) = 1]")
# A microdata property's value where no one sees it (WHATWG microdata, "values").
_UNSEEN_VALUE = {"meta": "content", "data": "value", "meter": "value"}
# A quoted string may hold `;` and `}`: the value runs to the first one outside quotes.
_VALUE = r"((?:\"[^\"]*\"|'[^']*'|[^;}\"'])*)"
_CONTENT_VALUE = re.compile(r"(?<![-\w])content\s*:\s*" + _VALUE, re.IGNORECASE)
# The same, for lowered text: a pattern that opens on a case-sensitive literal is searched for that
# literal at C speed, one that ignores case is tried at every character of a page's stylesheets.
_CONTENT_LOWERED = re.compile(r"content(?<![-\w]content)\s*:\s*" + _VALUE)
_ATTR_READ = re.compile(r"attr\(\s*([-\w]+)", re.IGNORECASE)
_DATA_URLS = etree.XPath("//@*[starts-with(., 'data:')]")
_STYLES_WITH_DATA = etree.XPath("//style[contains(., 'data:')]/text() | //@style[contains(., 'data:')]",
                                smart_strings=False)
_CSS_DATA_URL = re.compile(r"url\(\s*[\"']?(data:[^\"')]+)", re.IGNORECASE)
# SVG that holds no text element (most icons) is a picture, not a document to read.
_SVG_TEXT = re.compile(rb"<(?:\w+:)?(?:text|title|desc|metadata|foreignobject)\b", re.IGNORECASE)
# Where a document embedded by URL is drawn on the page (the others only point at it).
_RENDERS = frozenset({("iframe", "src"), ("frame", "src"), ("object", "data"), ("embed", "src"), ("img", "src"),
                      ("image", "href"), ("image", "xlink:href"), ("input", "src")})
_TEMPLATE_SCRIPT = ("html", "template", "handlebars", "mustache", "x-tmpl")


def role_tag_channels(source: str) -> list[Channel]:
    """Chat-template role tags (`<system>`, `<|im_start|>`…) anywhere in the source: suspicious by form."""
    return [Channel("system_imitation", tag.group(0), suspicious=True) for tag in _ROLE_TAG.finditer(source)]


def out_of_band_channels(root, comments: list[str]) -> Iterator[Channel]:
    """Text outside the rendered body: `comments` (the tree's, taken out of it: `parse_html`), attributes,
    template/noscript/iframe fallback, meta tags, JSON-LD."""
    for comment in comments:
        prose = commented_prose(comment)
        if prose:
            yield Channel("html_comment", prose)
    for value in _ATTRIBUTE_VALUES(root):
        if says_words(value):
            yield Channel("attribute_text", value)
    for element in _OUT_OF_BAND(root):
        yield from _out_of_band(element)
    for item in _ITEMS(root):
        yield from _microdata_item(item)
    yield from generated_channels(root)


def commented_prose(text: str) -> str:
    """What a comment says in words: commented-out markup loses its tags and scripts, and a
    comment that is code (tracking snippets, conditional includes) says nothing."""
    text = _TAG.sub(" ", _SCRIPT_BLOCK.sub(" ", text))
    # Counted by C loops (a comment can hold a whole commented-out page), not a generator per character.
    letters = sum(map(str.isalpha, text))
    code = sum(map(text.count, _CODE_SYMBOLS))
    return "" if letters == 0 or code / letters > _CODE_DENSITY else text


def block_text(root) -> str:
    """What a person reads, as the detector judges it: the body's text with a line break at every
    block element (so a paragraph after a heading with no full stop starts its own sentence) and at
    every element a stylesheet can hide, other inline markup joined; scripts, styles, templates,
    noscript, iframe fallback and code blocks left out. Read from `root`'s whole document, by an XSLT
    transform (libxslt walks the tree in C, where a Python walk cost a proxy object per element)."""
    return _collapsed(str(_VISIBLE_TEXT(root)))


def _visible_text_stylesheet() -> str:
    skipped = "|".join(sorted(_NOT_PROSE))
    breaking = "|".join(sorted(BLOCK_TAGS)) + "|*[" + " or ".join(f"@{name}" for name in sorted(_STYLABLE)) + "]"
    newline = "<xsl:text>&#10;</xsl:text>"
    # The body's tail is read too: text a parser left after `</body>` is drawn.
    return f"""<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
        <xsl:output method="text" encoding="utf-8"/>
        <xsl:template match="/">
          <xsl:choose>
            <xsl:when test="//body">
              <xsl:apply-templates select="(//body)[1]"/>
              <xsl:value-of select="(//body)[1]/following-sibling::node()[1][self::text()]"/>
            </xsl:when>
            <xsl:otherwise><xsl:apply-templates/></xsl:otherwise>
          </xsl:choose>
        </xsl:template>
        <xsl:template match="{skipped}" priority="2"/>
        <xsl:template match="{breaking}" priority="1">{newline}<xsl:apply-templates/>{newline}</xsl:template>
        <xsl:template match="comment()|processing-instruction()"/>
    </xsl:stylesheet>"""


_VISIBLE_TEXT = etree.XSLT(etree.XML(_visible_text_stylesheet()))


def _collapsed(text: str) -> str:
    """Each line's whitespace collapsed and its ends trimmed, empty lines dropped. String methods run at
    C speed over the whole text: a line break becomes a NUL word among the words (XML text holds no NUL),
    and a run of them one line break."""
    words = " ".join(text.replace("\n", " \x00 ").split()).replace(" \x00", "\x00").replace("\x00 ", "\x00")
    return _NUL_RUN.sub("\n", words).strip("\n")


def code_blocks(root) -> list[str]:
    """The text of each `<pre>` block in the body: code the page shows."""
    return [text for text in ("".join(_ELEMENT_TEXT(block)).strip() for block in _CODE_BLOCKS(root)) if text]


def hidden_element_channels(root) -> tuple[list[Channel], str | None]:
    """Body elements a browser would not let a person read (`computed_style`), and the page's
    visible text once they are taken out (None when there are none). Takes them out of `root`."""
    hidden = render(root).texts()
    channels = [Channel(item.vector, _element_text(item.element)) for item in hidden]
    if not hidden:
        return channels, None
    for item in hidden:
        if item.element.getparent() is not None:
            item.element.drop_tree()  # the text after it (its tail) stays: it is visible
    return channels, block_text(root)


def generated_channels(root) -> list[Channel]:
    """The text of `::before`/`::after` `content`, in its hiding vector when its box leaves no ink
    (`computed_style`) and as visible text when it does. The page is rendered for it only when one
    of the texts its `content` values can generate (their strings, the attributes `attr()` reads)
    holds a window the detector would judge: one over the hidden bar, or one the verifier may lift."""
    values = [value for style in root.iter("style") for value in _content_values(style.text or "")]
    if not values:
        return []
    strings = [generated_text(value, lambda _: "") for value in values]
    for name in {name.lower() for value in values for name in _ATTR_READ.findall(value)}:
        strings += [str(text) for text in root.xpath("//@*[local-name() = $name]", name=name)]
    if not any(candidate_windows([text for text in strings if len(text.split()) >= 2])):
        return []
    generated = render(root).generated
    shown = [text for vector, text in generated if vector is None]
    channels = [Channel(vector, text) for vector, text in generated if vector is not None]
    return channels + ([Channel("system_imitation", "\n".join(shown))] if shown else [])


def _content_values(css: str) -> list[str]:
    """What `_CONTENT_VALUE.findall(css)` finds, read off the lowered stylesheet where lowering keeps
    every offset (no letter lowers to two)."""
    lowered = css.lower()
    if len(lowered) != len(css):
        return _CONTENT_VALUE.findall(css)
    return [css[match.start(1):match.end(1)] for match in _CONTENT_LOWERED.finditer(lowered)]


def embedded_documents(root) -> list[Nested]:
    """Documents inside the page: `<iframe srcdoc>` and text-bearing `data:` URLs in attributes and
    stylesheets. One drawn in a box of the page (an iframe, object, embed, image) is shown as the box
    is; one only pointed at (a link, a stylesheet's background) is text nobody sees: `attribute_text`."""
    found: list[tuple[etree._Element | None, bytes, str | None]] = []
    for frame in root.iter("iframe"):
        if frame.get("srcdoc"):
            found.append((frame, frame.get("srcdoc").encode("utf-8"), "html"))
    for value in _DATA_URLS(root):
        decoded = _document_in(str(value))
        if decoded is not None:
            element = value.getparent()
            drawn = (element.tag.lower() if isinstance(element.tag, str) else "", value.attrname.lower()) in _RENDERS
            found.append((element if drawn else None, decoded, None))
    for url in dict.fromkeys(url for style in _STYLES_WITH_DATA(root) for url in _CSS_DATA_URL.findall(style)):
        decoded = _document_in(url)
        if decoded is not None:
            found.append((None, decoded, None))
    # Where a drawn document sits matters only when its text could instruct even as hidden text:
    # the page is rendered for it then, and only then.
    drawn = [data.decode("utf-8", "replace") for element, data, _ in found if element is not None]
    rendering = render(root) if any(findings_many([_TAG.sub(" ", text) for text in drawn], "hidden")) else None
    return [Nested(data, "attribute_text" if element is None else rendering.vector_of(element) if rendering else None,
                   media) for element, data, media in found]


def _document_in(url: str) -> bytes | None:
    """The text-bearing document a data: URL carries (an SVG only when it holds a text element)."""
    decoded = decode_data_url(url)
    if decoded is None or (url[5:].lstrip().lower().startswith("image/svg") and not _SVG_TEXT.search(decoded)):
        return None
    return decoded


def _microdata_item(item) -> Iterator[Channel]:
    """A microdata item's never-drawn values (`<meta itemprop content>`, `<data value>`) read
    together, as an object of JSON-LD is: an order split over several properties is read whole."""
    lines = []
    for element in _ITEM_PROPERTIES(item, item=item):
        value = (element.get(_UNSEEN_VALUE.get(element.tag.lower(), "content")) or "").strip()
        if value:
            lines.append(f"{element.get('itemprop')}: {value}")
    if len(lines) > 1:
        yield Channel("structured_metadata", "\n".join(lines))


def _out_of_band(element) -> Iterator[Channel]:
    tag = element.tag.lower()
    kind = (element.get("type") or "").lower()
    if tag in ("template", "noscript"):
        yield Channel("template_noscript", _element_text(element))
    elif tag == "iframe":
        # Raw fallback markup: read for what it says in words, as a comment is.
        prose = _collapsed(commented_prose(element.text or ""))
        if prose:
            yield Channel("template_noscript", prose)
    elif tag == "title":
        yield Channel("attribute_text", _element_text(element))
    elif tag in ("desc", "metadata"):
        yield Channel("meta_tag", _element_text(element))
    elif element.get("content") is not None:
        # Any content attribute whose value is words: description, og:, twitter:, microdata
        # `itemprop`, RDFa `property` alike; none is drawn.
        content = element.get("content") or ""
        if element.get("http-equiv") is None and len(content.split()) >= 2:
            yield Channel("meta_tag", content)
    elif kind in ("application/ld+json", "application/json"):
        yield from _structured(element.text or "")
    elif tag == "script" and any(word in kind for word in _TEMPLATE_SCRIPT):
        # A client-side template: markup the page may render later, not now.
        yield Channel("template_noscript", _collapsed(_TAG.sub(" ", element.text or "")))


def _structured(text: str) -> Iterator[Channel]:
    try:
        data = json.loads(text)
    except ValueError:
        yield Channel("structured_metadata", text)
        return
    yield from json_channels(data)


def json_channels(data, vector: str = "structured_metadata", page_text=None) -> Iterator[Channel]:
    """A JSON document walked in full. Every object is one text of `path.key: value` lines — its
    scalars and those of the objects right inside it — so an instruction split across fields (a
    `role: system` beside its `content`, an action under an invented key) is read whole; strings
    in lists outside any object are read one by one. A value under an instructions-like key is
    suspicious whatever it says. `page_text(object)` names the keys whose values are page text read
    apart (a provider's result bodies): they are left out of the lines."""
    skipped: dict[int, set[str]] = {}

    def skip(value: dict) -> set[str]:
        if id(value) not in skipped:
            skipped[id(value)] = page_text(value) if page_text else set()
        return skipped[id(value)]

    stack: list[tuple[str, object]] = [("", data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                if isinstance(item, (dict, list)) and key not in skip(value):
                    stack.append((f"{path}{key}.", item))
                elif isinstance(item, str) and item.strip() and isinstance(key, str) and _INSTRUCTION_KEY.search(key):
                    yield Channel("structured_metadata", f"{key}: {item}", suspicious=True)
            lines = _object_lines(value, path, skip, nested=True)
            worded = [line for line, words in lines if words]  # numbers, ids and links are read by no signal
            if worded:  # keys and nesting are structure no reader is shown: metadata
                yield Channel("structured_metadata" if len(lines) > 1 else vector, "\n".join(worded))
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, str) and item.strip():
                    yield Channel(vector, item)
                elif isinstance(item, (dict, list)):
                    stack.append((path, item))


def _object_lines(value: dict, path: str, skip, nested: bool) -> list[tuple[str, bool]]:
    """`path.key: value` for an object's scalars (and strings in its lists), then, one level down,
    those of the objects inside it; each with whether its value says anything in words."""
    lines: list[tuple[str, bool]] = []
    skipped = skip(value)
    for key, item in value.items():
        if key in skipped:
            continue
        if isinstance(item, (str, int, float, bool)) and not (isinstance(item, str) and not item.strip()):
            lines.append((f"{path}{key}: {item}", isinstance(item, str) and says_words(item)))
        elif isinstance(item, list):
            lines += [(f"{path}{key}: {element}", says_words(element)) for element in item
                      if isinstance(element, str) and element.strip()]
            if nested:
                for element in item:
                    if isinstance(element, dict):
                        lines += _object_lines(element, f"{path}{key}.", skip, nested=False)
        elif isinstance(item, dict) and nested:
            lines += _object_lines(item, f"{path}{key}.", skip, nested=False)
    return lines


def says_words(value: str) -> bool:
    """Whether a JSON string or an attribute's value can say anything in words: not blank, and not one token
    that is a link, a path or holds a digit (an identifier, a hash, a date, a price), unless it holds a
    placeholder or is base64 that decodes to words. A news page's state object is mostly such values, and
    reading them cost the signals as much as the rest of the page."""
    value = value.strip()
    return bool(value) and (not _WORDLESS.fullmatch(value) or bool(decoded_runs(value)))


def _element_text(element) -> str:
    """An element's text one text node a line (a span's text inside a sentence starts its own), each
    keeping its own line breaks as the visible text does (a hidden CSV's rows, a hidden label's line);
    the code of scripts and styles inside it is not text."""
    return "\n".join(_collapsed(text) for text in _ELEMENT_TEXT(element) if text.strip())
