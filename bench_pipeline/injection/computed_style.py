"""Which body elements a browser would not let a person read, judged from their computed style.

A small cascade, enough to decide visibility: every `<style>` rule whose selector lxml's cssselect
can compile, ordered by specificity then source order, then the inline `style`, then inheritance
down the tree (colour, background, font size). An element is hidden from a reader when:

- `display:none`, `visibility:hidden|collapse`, the `hidden` attribute (`hidden_css`), or
  `aria-hidden="true"` (`aria_hidden`);
- its opacity, multiplied down the tree, is below 0.1, or its text colour's alpha is (`hidden_css`);
- its computed font size is below 4 px (3 pt), zero included (`hidden_css`);
- its text colour against its effective background (the nearest painted ancestor background,
  white when none) has a WCAG contrast ratio below 1.5:1 (`hidden_css`) — dark on dark as much as
  white on white, in any colour syntax;
- it is clipped to nothing, pushed 999+ px off-screen, or boxed to zero height/width with
  overflow hidden (`offscreen`).

Media queries are not evaluated: a rule inside one applies. The cascade runs only on pages whose
text already holds something instruction-like, so its cost is paid rarely.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple

from cssselect import SelectorError
from lxml import etree
from lxml.cssselect import CSSSelector

from bench_pipeline.injection.css_colours import RGBA, contrast_ratio, over, parse_colour

MIN_CONTRAST = 1.5
MIN_FONT_PX = 4.0
MIN_OPACITY = 0.1
_WHITE: RGBA = (255.0, 255.0, 255.0, 1.0)
_BLACK: RGBA = (0.0, 0.0, 0.0, 1.0)
_RULE = re.compile(r"([^{}@;]+)\{([^{}]*)\}")
_DECLARATION = re.compile(r"([-\w]+)\s*:\s*([^;]+)")
_LENGTH = re.compile(r"(-?\d*\.?\d+)\s*(px|pt|em|rem|%|vw|vh|ex|ch)?", re.IGNORECASE)
_PSEUDO_ELEMENT = re.compile(r"::?(?:before|after|placeholder|selection|marker|first-line|first-letter|-webkit-[\w-]+|-moz-[\w-]+)")
_RELEVANT = ("display", "visibility", "opacity", "font-size", "font", "color", "background", "background-color",
             "clip", "clip-path", "position", "left", "top", "right", "text-indent", "margin-left", "height",
             "width", "max-height", "overflow", "transform")
_SKIP = {"script", "style", "noscript", "template", "head", "title", "meta", "link"}
_BRACKETED = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)


class HiddenText(NamedTuple):
    vector: str  # hidden_css | aria_hidden | offscreen
    element: etree._Element


class _Inherited(NamedTuple):
    colour: RGBA
    background: RGBA
    font_px: float
    opacity: float


def hidden_elements(root) -> Iterator[HiddenText]:
    """The outermost hidden element of every hidden subtree of `<body>` that holds text."""
    rules = _stylesheet_rules(root)
    body = root.find(".//body")
    if body is None:
        body = root
    stack: list[tuple[etree._Element, _Inherited]] = [(body, _Inherited(_BLACK, _WHITE, 16.0, 1.0))]
    while stack:
        element, inherited = stack.pop()
        if not isinstance(element.tag, str) or element.tag.lower() in _SKIP:
            continue
        style = {**rules.get(element, {}), **_declarations(element.get("style") or "")}
        state = _computed(style, inherited)
        vector = _hiding_vector(element, style, state)
        if vector:
            if _has_text(element):
                yield HiddenText(vector, element)
            continue
        stack.extend((child, state) for child in reversed(element))


def _stylesheet_rules(root) -> dict:
    """Element → the declarations `<style>` rules give it, later and more specific rules winning."""
    ranked = []
    for order, style in enumerate(root.iter("style")):
        for selectors, body in _RULE.findall(style.text or ""):
            declarations = _declarations(body)
            if not declarations:
                continue
            for selector in selectors.split(","):
                selector = _PSEUDO_ELEMENT.sub("", selector.strip())
                if selector:
                    ranked.append((_specificity(selector), order, selector, declarations))
    applied: dict = {}
    present = _names_present(root) if ranked else (set(), set(), set())
    matched: dict[str, list] = {}  # a selector repeated (media queries, themes) is evaluated once
    for _, _, selector, declarations in sorted(ranked, key=lambda item: (item[0], item[1])):
        if selector not in matched:
            matched[selector] = _elements(root, selector) if _may_match(selector, *present) else []
        for element in matched[selector]:
            applied.setdefault(element, {}).update(declarations)
    return applied


def _elements(root, selector: str) -> list:
    compiled = _compiled(selector)
    if compiled is None:
        return []  # pseudo-classes cssselect cannot compile (:hover, :has…) never hide text at rest
    try:
        return compiled(root)
    except etree.XPathError:
        return []


def _names_present(root) -> tuple[set[str], set[str], set[str]]:
    """The tags, classes and ids the page's elements carry."""
    tags, classes, ids = set(), set(), set()
    for element in root.iter():
        if isinstance(element.tag, str):
            tags.add(element.tag)
            classes.update((element.get("class") or "").split())
            if element.get("id"):
                ids.add(element.get("id"))
    return tags, classes, ids


def _may_match(selector: str, tags: set[str], classes: set[str], ids: set[str]) -> bool:
    """False when a compound of the selector needs a tag, class or id no element has: a stylesheet
    shared across a site styles hundreds of classes a given page never uses. What sits in brackets
    or parentheses (`[href]`, `:not(.x)`) is left to the selector engine."""
    bare, previous = _CSS_COMMENT.sub(" ", selector), None
    if "\\" in bare or "|" in bare or "/*" in bare:
        return True  # escaped or namespaced names, an unclosed comment
    while bare != previous:
        bare, previous = _BRACKETED.sub("", bare), bare
    for compound in re.split(r"[\s>+~]+", bare.strip()):
        tag = re.match(r"[a-zA-Z][\w-]*", compound)
        if tag and tag.group() not in tags \
                or not all(name in classes for name in re.findall(r"\.([\w-]+)", compound)) \
                or not all(name in ids for name in re.findall(r"#([\w-]+)", compound)):
            return False
    return True


@lru_cache(maxsize=4096)
def _compiled(selector: str) -> CSSSelector | None:
    try:
        return CSSSelector(selector)
    except (SelectorError, etree.XPathError, ValueError, TypeError):
        return None


def _specificity(selector: str) -> tuple[int, int, int]:
    ids = selector.count("#")
    classes = selector.count(".") + selector.count("[") + len(re.findall(r":(?!:)", selector))
    tags = len(re.findall(r"(?:^|[\s>+~])[a-zA-Z][\w-]*", selector))
    return (ids, classes, tags)


def _declarations(text: str) -> dict[str, str]:
    found = {}
    for name, value in _DECLARATION.findall(text):
        name = name.lower()
        if name in _RELEVANT:
            found[name] = value.replace("!important", "").strip().lower()
    return found


def _computed(style: dict[str, str], inherited: _Inherited) -> _Inherited:
    font_px = _font_px(style.get("font-size") or _font_shorthand_size(style.get("font", "")), inherited.font_px)
    background = inherited.background
    painted = parse_colour(style.get("background-color") or style.get("background") or "")
    if painted is not None and painted[3] > 0:
        background = over(painted, inherited.background)
    colour = parse_colour(style.get("color", "")) or inherited.colour
    opacity = inherited.opacity
    if "opacity" in style:
        try:
            opacity *= float(style["opacity"].rstrip("%")) / (100 if style["opacity"].endswith("%") else 1)
        except ValueError:
            pass
    return _Inherited(colour, background, font_px, opacity)


def _font_px(value: str | None, parent_px: float) -> float:
    if not value:
        return parent_px
    match = _LENGTH.match(value)
    if not match:
        return parent_px
    number, unit = float(match.group(1)), (match.group(2) or "px").lower()
    return {"px": number, "pt": number * 4 / 3, "em": number * parent_px, "rem": number * 16.0,
            "%": number / 100 * parent_px, "ex": number * parent_px / 2, "ch": number * parent_px / 2}.get(unit, parent_px)


def _font_shorthand_size(font: str) -> str | None:
    match = re.search(r"(?:^|\s)(\d*\.?\d+(?:px|pt|em|rem|%))(?:/|\s)", font + " ")
    return match.group(1) if match else None


def _hiding_vector(element, style: dict[str, str], state: _Inherited) -> str | None:
    if element.get("aria-hidden", "").lower() == "true":
        return "aria_hidden"
    if element.get("hidden") is not None or style.get("display", "").startswith("none") \
            or style.get("visibility", "") in ("hidden", "collapse"):
        return "hidden_css"
    if state.opacity < MIN_OPACITY or state.colour[3] < MIN_OPACITY or state.font_px < MIN_FONT_PX:
        return "hidden_css"
    if contrast_ratio(over(state.colour, state.background), state.background) < MIN_CONTRAST:
        return "hidden_css"
    if _offscreen(style):
        return "offscreen"
    return None


def _offscreen(style: dict[str, str]) -> bool:
    if re.match(r"rect\(\s*0(?:px)?[\s,]+0", style.get("clip", "")) or "inset(50%" in style.get("clip-path", "").replace(" ", ""):
        return True
    if re.search(r"scale\(\s*0(?:\.0*)?\s*[,)]", style.get("transform", "")):
        return True
    for side in ("left", "top", "right", "text-indent", "margin-left"):
        match = _LENGTH.match(style.get(side, ""))
        if match and float(match.group(1)) <= -999:
            return True
    boxed = any(re.fullmatch(r"0(?:px)?", style.get(side, "")) for side in ("height", "width", "max-height"))
    return boxed and style.get("overflow", "") == "hidden"


def _has_text(element) -> bool:
    return any(text.strip() for text in element.itertext())
