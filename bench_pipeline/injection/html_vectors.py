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
from bench_pipeline.injection.computed_style import hidden_elements
from bench_pipeline.reading.textmap import BLOCK_TAGS, collapse_ws

_SCRIPT_BLOCK = re.compile(r"<(script|style)\b.*?</\1\s*>", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"</?[A-Za-z][^<>]{0,1000}>|<!(?:\[[^<>]{0,100}|doctype[^<>]{0,200})>", re.IGNORECASE)
_CODE_DENSITY = 0.15  # code symbols per letter: prose, even quoting a JSON snippet, stays under 0.11; tracking code is 0.3+
_INSTRUCTION_KEY = re.compile(
    r"^(?:instructions?|system_?prompt|prompt|(?:ai|llm|assistant|model|agent|bot)[_ -]?(?:instructions?|prompt|notes?|directive))$"
    r"|note_?(?:for|to)_?(?:ai|assistant|llm|model)|instrucciones?(?:_?para_?(?:ia|asistente|modelo))?$",
    re.IGNORECASE,
)


# XPath picks the few elements worth a look, so a page's thousands of plain elements cost nothing.
_ATTRIBUTE_VALUES = etree.XPath(
    "//@alt | //@title | //@aria-label | //@aria-description | //@placeholder"
    " | //input[translate(@type, 'HIDEN', 'hiden')='hidden']/@value"
    " | //@*[starts-with(name(), 'data-') and string-length(.) > 10]",
    smart_strings=False,  # plain strings: the values are only read, never traced back to their element
)
_NOT_READ = frozenset({"script", "style", "noscript", "template", "head", "title"})
# Code shown on the page is read apart (`code_blocks`): an API's example request is data.
_NOT_PROSE = _NOT_READ | {"pre"}
_CODE_BLOCKS = etree.XPath("//body//pre[not(ancestor::pre)]")
_STYLABLE = ("style", "class", "id", "hidden", "aria-hidden")
_ELEMENT_TEXT = etree.XPath(".//text()[not(ancestor::script or ancestor::style)]", smart_strings=False)
_OUT_OF_BAND = etree.XPath("//template | //noscript | //meta[@content] | //script[@type]")


def out_of_band_channels(root) -> Iterator[Channel]:
    """Text outside the rendered body: comments, attributes, template/noscript, meta tags, JSON-LD."""
    for comment in root.iter(etree.Comment):
        prose = commented_prose(comment.text or "")
        if prose:
            yield Channel("html_comment", prose)
    for value in _ATTRIBUTE_VALUES(root):
        yield Channel("attribute_text", value)
    for element in _OUT_OF_BAND(root):
        yield from _out_of_band(element)


def commented_prose(text: str) -> str:
    """What a comment says in words: commented-out markup loses its tags and scripts, and a
    comment that is code (tracking snippets, conditional includes) says nothing."""
    text = _TAG.sub(" ", _SCRIPT_BLOCK.sub(" ", text))
    letters = sum(ch.isalpha() for ch in text)
    code = sum(ch in "{}();=+[]<>$\\|&" for ch in text)
    return "" if letters == 0 or code / letters > _CODE_DENSITY else text


def block_text(root) -> str:
    """What a person reads, as the detector judges it: the body's text with a line break at every
    block element (so a paragraph after a heading with no full stop starts its own sentence) and at
    every element a stylesheet can hide, other inline markup joined; scripts, styles, templates,
    noscript and code blocks left out."""
    parts: list[str] = []
    body = root.find(".//body")
    walker = etree.iterwalk(body if body is not None else root, events=("start", "end"))
    for event, element in walker:
        tag = element.tag.lower() if isinstance(element.tag, str) else None
        if event == "start":
            if tag is None or tag in _NOT_PROSE:
                walker.skip_subtree()
                continue
            if _breaks(element, tag):
                parts.append("\n")
            parts.append(element.text or "")
        else:
            if tag is not None and _breaks(element, tag):
                parts.append("\n")
            parts.append(element.tail or "")
    return "\n".join(line for line in (collapse_ws(line) for line in "".join(parts).split("\n")) if line)


def code_blocks(root) -> list[str]:
    """The text of each `<pre>` block in the body: code the page shows."""
    return [text for text in ("".join(_ELEMENT_TEXT(block)).strip() for block in _CODE_BLOCKS(root)) if text]


def _breaks(element, tag: str) -> bool:
    """A block ends a line, and so does an inline element that can be styled out of sight: the
    text of a hidden span inside a sentence then starts its own, as a reader of the source would."""
    return tag in BLOCK_TAGS or any(element.get(name) is not None for name in _STYLABLE)


def hidden_element_channels(root) -> tuple[list[Channel], str | None]:
    """Body elements a browser would not let a person read (`computed_style`), and the page's
    visible text once they are taken out (None when there are none). Takes them out of `root`."""
    hidden = list(hidden_elements(root))
    channels = [Channel(item.vector, _element_text(item.element)) for item in hidden]
    if not hidden:
        return channels, None
    for item in hidden:
        if item.element.getparent() is not None:
            item.element.drop_tree()  # the text after it (its tail) stays: it is visible
    return channels, block_text(root)


def _out_of_band(element) -> Iterator[Channel]:
    tag = element.tag.lower()
    if tag in ("template", "noscript"):
        yield Channel("template_noscript", _element_text(element))
    elif tag == "meta":
        # Any meta whose content is words: description, og:, twitter:, microdata `itemprop` alike.
        content = element.get("content") or ""
        if element.get("http-equiv") is None and len(content.split()) >= 2:
            yield Channel("meta_tag", content)
    elif (element.get("type") or "").lower() in ("application/ld+json", "application/json"):
        yield from _structured(element.text or "")


def _structured(text: str) -> Iterator[Channel]:
    try:
        data = json.loads(text)
    except ValueError:
        yield Channel("structured_metadata", text)
        return
    yield from json_channels(data)


def json_channels(data, vector: str = "structured_metadata") -> Iterator[Channel]:
    """A JSON document walked in full. Every object is one text of `path.key: value` lines — its
    scalars and those of the objects right inside it — so an instruction split across fields (a
    `role: system` beside its `content`, an action under an invented key) is read whole; strings
    in lists outside any object are read one by one. A value under an instructions-like key is
    suspicious whatever it says."""
    stack: list[tuple[str, object]] = [("", data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                if isinstance(item, (dict, list)):
                    stack.append((f"{path}{key}.", item))
                elif isinstance(item, str) and item.strip() and isinstance(key, str) and _INSTRUCTION_KEY.search(key):
                    yield Channel("structured_metadata", f"{key}: {item}", suspicious=True)
            lines = _object_lines(value, path, nested=True)
            if lines:  # keys and nesting are structure no reader is shown: metadata
                yield Channel("structured_metadata" if len(lines) > 1 else vector, "\n".join(lines))
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, str) and item.strip():
                    yield Channel(vector, item)
                elif isinstance(item, (dict, list)):
                    stack.append((path, item))


def _object_lines(value: dict, path: str, nested: bool) -> list[str]:
    """`path.key: value` for an object's scalars (and strings in its lists), then, one level down,
    those of the objects inside it."""
    lines: list[str] = []
    for key, item in value.items():
        if isinstance(item, (str, int, float, bool)) and not (isinstance(item, str) and not item.strip()):
            lines.append(f"{path}{key}: {item}")
        elif isinstance(item, list):
            lines += [f"{path}{key}: {element}" for element in item if isinstance(element, str) and element.strip()]
            if nested:
                for element in item:
                    if isinstance(element, dict):
                        lines += _object_lines(element, f"{path}{key}.", nested=False)
        elif isinstance(item, dict) and nested:
            lines += _object_lines(item, f"{path}{key}.", nested=False)
    return lines


def _element_text(element) -> str:
    """An element's text one text node a line (a span's text inside a sentence starts its own);
    the code of scripts and styles inside it is not text."""
    return "\n".join(collapse_ws(text) for text in _ELEMENT_TEXT(element) if text.strip())
