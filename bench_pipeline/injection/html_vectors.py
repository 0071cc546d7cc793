"""Where HTML hides text from a reader but not from an extractor (security.md B.2).

Hidden channels are not suspicious by themselves — menus, modals, `sr-only` text and decorative
icons use them — the detector flags one only when its text is instruction-like.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from lxml import etree

from bench_pipeline.injection.channels import Channel
from bench_pipeline.reading.textmap import collapse_ws

_HIDING_STYLE = re.compile(
    r"display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d])(?:px|pt|em|rem|%)?\s*(?:;|$|!)"
    r"|opacity\s*:\s*0(?:\.0*)?\s*(?:;|$|!)|(?<![-\w])color\s*:\s*(?:#fff(?:fff)?\b|white\b|rgba?\(\s*255\s*,\s*255\s*,\s*255)"
    r"|(?:height|width|max-height)\s*:\s*0(?:px)?\s*;[^\"']*overflow\s*:\s*hidden",
    re.IGNORECASE,
)
_OFFSCREEN_STYLE = re.compile(
    r"(?:left|top|right|text-indent|margin-left)\s*:\s*-\d{3,}|clip\s*:\s*rect\(\s*0|clip-path\s*:\s*inset\(\s*50%",
    re.IGNORECASE,
)
_CSS_RULE = re.compile(r"([^{}@]+)\{([^{}]*)\}")
_SIMPLE_SELECTOR = re.compile(r"^[.#]([A-Za-z_][\w-]*)$")
_META_NAMES = re.compile(r"^(?:description|keywords|abstract|subject|summary|og:|twitter:|dc\.)", re.IGNORECASE)
_INSTRUCTION_KEY = re.compile(
    r"^(?:instructions?|system_?prompt|prompt|(?:ai|llm|assistant|model|agent|bot)[_ -]?(?:instructions?|prompt|notes?|directive))$"
    r"|note_?(?:for|to)_?(?:ai|assistant|llm|model)|instrucciones?(?:_?para_?(?:ia|asistente|modelo))?$",
    re.IGNORECASE,
)


# XPath picks the few elements worth a look, so a page's thousands of plain elements cost nothing.
_ATTRIBUTE_VALUES = etree.XPath(
    "//@alt | //@title | //@aria-label | //@aria-description | //@placeholder"
    " | //input[translate(@type, 'HIDEN', 'hiden')='hidden']/@value"
    " | //@*[starts-with(name(), 'data-') and string-length(.) > 20]"
)
_MAYBE_HIDDEN = etree.XPath("//*[@style or @hidden or @aria-hidden]")
_WITH_CLASS_OR_ID = etree.XPath("//body//*[@class or @id]")
_OUT_OF_BAND = etree.XPath("//template | //noscript | //meta[@content] | //script[@type]")


def out_of_band_channels(root) -> Iterator[Channel]:
    """Text outside the rendered body: comments, attributes, template/noscript, meta tags, JSON-LD."""
    for comment in root.iter(etree.Comment):
        yield Channel("html_comment", comment.text or "")
    for value in _ATTRIBUTE_VALUES(root):
        yield Channel("attribute_text", str(value))
    for element in _OUT_OF_BAND(root):
        yield from _out_of_band(element)


def hidden_element_channels(root) -> Iterator[Channel]:
    """Body elements a browser would not show (inline style, `hidden`, `aria-hidden`, or a
    `<style>` rule on their class or id). Their text is also part of the visible-text walk."""
    for element in _MAYBE_HIDDEN(root):
        vector = _hiding_vector(element)
        if vector:
            yield Channel(vector, _element_text(element))
    hidden_classes, offscreen_classes = _stylesheet_classes(root)
    if not (hidden_classes or offscreen_classes):
        return
    for element in _WITH_CLASS_OR_ID(root):
        names = set((element.get("class") or "").split())
        if element.get("id"):
            names.add("#" + element.get("id"))
        if names & hidden_classes:
            yield Channel("hidden_css", _element_text(element))
        elif names & offscreen_classes:
            yield Channel("offscreen", _element_text(element))


def _out_of_band(element) -> Iterator[Channel]:
    tag = element.tag.lower()
    if tag in ("template", "noscript"):
        yield Channel("template_noscript", _element_text(element))
    elif tag == "meta":
        if _META_NAMES.match(element.get("name") or element.get("property") or ""):
            yield Channel("meta_tag", element.get("content"))
    elif (element.get("type") or "").lower() in ("application/ld+json", "application/json"):
        yield from _structured(element.text or "")


def _hiding_vector(element) -> str | None:
    if element.get("aria-hidden", "").lower() == "true":
        return "aria_hidden"
    style = element.get("style") or ""
    if element.get("hidden") is not None or _HIDING_STYLE.search(style):
        return "hidden_css"
    if _OFFSCREEN_STYLE.search(style):
        return "offscreen"
    return None


def _stylesheet_classes(root) -> tuple[set[str], set[str]]:
    """Classes and ids (`#id`) that `<style>` rules hide or push off-screen (simple selectors only)."""
    hidden: set[str] = set()
    offscreen: set[str] = set()
    for style in root.iter("style"):
        for selectors, declarations in _CSS_RULE.findall(style.text or ""):
            target = hidden if _HIDING_STYLE.search(declarations) else (
                offscreen if _OFFSCREEN_STYLE.search(declarations) else None)
            if target is None:
                continue
            for selector in selectors.split(","):
                match = _SIMPLE_SELECTOR.match(selector.strip())
                if match:
                    target.add(match[1] if selector.strip()[0] == "." else "#" + match[1])
    return hidden, offscreen


def _structured(text: str) -> Iterator[Channel]:
    try:
        data = json.loads(text)
    except ValueError:
        yield Channel("structured_metadata", text)
        return
    yield from json_channels(data)


def json_channels(data, vector: str = "structured_metadata") -> Iterator[Channel]:
    """String values of a JSON document; a value under an instructions-like key is marked as such."""
    stack = [(None, data)]
    while stack:
        key, value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.items())
        elif isinstance(value, list):
            stack.extend((key, item) for item in value)
        elif isinstance(value, str) and value.strip():
            if isinstance(key, str) and _INSTRUCTION_KEY.search(key):
                yield Channel("structured_metadata", f"{key}: {value}", suspicious=True)
            yield Channel(vector, value)


def _element_text(element) -> str:
    return collapse_ws("".join(element.itertext()))

