"""Which body elements leave no visible ink on a screen, judged from a small rendering model.

**The cascade.** Each element's properties come from, lowest first: a user-agent sheet (`[hidden]`,
a closed `<dialog>`, SVG's never-painted containers, embedded content clipped to its box), the
element's presentational attributes (SVG `fill`, `opacity`, `transform`…; `<font color>`,
`bgcolor`, `width`/`height`), the page's `<style>` rules as each reference screen applies them
(`stylesheet`: print-only rules never apply), by specificity then source order, the inline
`style`, then `!important` declarations over all of those; inherited properties flow down the tree.

**The box.** From them, per element, a `Box`: whether it is laid out at all; its opacity, multiplied
down the tree; the colours that paint its glyphs (text colour or `-webkit-text-fill-color`, SVG fill
and stroke, text shadows) and what lies under them (the nearest painted background composited over
its ancestors', unknown over an image); its blend mode; its text size after every transform's
scale; whether a clip, or a box of no size with its overflow cut, leaves it no area; how far it is
pushed off the screen.

**The decision** is one function of the box, `ink`: hidden when it is not laid out, has no area or
lies off the screen, when its text is too small to read, or when none of its inks, painted over what
lies under it, stands out from it (WCAG contrast below 1.5:1). A person could read text visible on
either reference screen (a desktop, a phone), so text is hidden only when hidden on both.

`::before`/`::after` `content` is text a person reads too: judged by the same function on its own
box, a child of its element's. `aria-hidden="true"` is judged apart: the text is drawn, but hidden
from a person who reads with a screen reader (`aria_hidden`). The cascade runs only on pages whose
text already holds something instruction-like, so its cost is paid rarely.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from cssselect import SelectorError
from lxml import etree
from lxml.cssselect import CSSSelector

from bench_pipeline.injection.css_colours import RGBA, contrast_ratio, over, parse_colour
from bench_pipeline.injection.css_values import (
    clips_everything, generated_text, length_px, transform_scale, transform_shift,
)
from bench_pipeline.injection.stylesheet import SCREENS, Rule, Screen, declarations, page_rules

MIN_CONTRAST = 1.5
MIN_FONT_PX = 4.0  # on a screen
# A paged document (PDF, office) is read zoomed in: text is legible there down to 1.5 pt.
MIN_PAGED_FONT_PX = 1.5 * 4 / 3
MIN_ALPHA = 0.1  # ink this transparent is invisible whatever lies under it
OFFSCREEN_PX = 999.0
TINY_BOX_PX = 1.0
_WHITE: RGBA = (255.0, 255.0, 255.0, 1.0)
_BLACK: RGBA = (0.0, 0.0, 0.0, 1.0)
_USER_AGENT_CSS = (
    "[hidden], dialog:not([open]), datalist, defs, symbol, clippath, mask, pattern, marker, lineargradient,"
    " radialgradient, filter { display: none } iframe, object, embed, img, svg { overflow: hidden }"
)
_SVG_PRESENTATION = ("fill", "fill-opacity", "stroke", "stroke-width", "opacity", "visibility", "display",
                     "font-size", "transform", "color", "clip-path")
_HTML_HINTS = {"color": "color", "bgcolor": "background-color", "width": "width", "height": "height"}
_PSEUDO_ELEMENT = re.compile(r"::?([a-z-]+)(?:\([^)]*\))?\s*$", re.IGNORECASE)
_GENERATING = ("before", "after")
_POSITIONED = ("absolute", "fixed", "relative", "sticky")
_CUT = ("hidden", "clip", "scroll", "auto")
_SKIP = {"script", "style", "noscript", "template", "head", "title", "meta", "link"}
_BRACKETED = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
# The properties the model reads: a rule that sets none of them (most of a site's stylesheet) is not matched.
RENDERING_PROPERTIES = frozenset({
    "display", "visibility", "content-visibility", "opacity", "filter", "font-size", "font", "color",
    "-webkit-text-fill-color", "fill", "fill-opacity", "stroke", "stroke-width", "-webkit-text-stroke",
    "-webkit-text-stroke-width", "-webkit-text-stroke-color", "text-shadow", "background", "background-color",
    "background-image", "background-clip", "-webkit-background-clip", "mix-blend-mode", "clip", "clip-path",
    "position", "left", "top", "right", "bottom", "margin-left", "margin-top", "text-indent", "transform", "scale",
    "zoom", "width", "height", "max-width", "max-height", "overflow", "overflow-x", "overflow-y", "content",
})


class Box(NamedTuple):
    """The computed properties that decide whether an element's text leaves ink on a screen."""

    laid_out: bool  # display, visibility, content-visibility
    clipped: bool  # a clip or a box of no size with overflow cut leaves no area
    offset_px: float  # the most negative shift of its position (left, top, margins, indent, translate)
    font_px: float  # text size after every scale on the way down
    opacity: float  # its own times every ancestor's
    inks: tuple[RGBA | None, ...]  # what paints the glyphs; None when an image does
    backdrop: RGBA | None  # what lies under the text; None when an image does
    blend: str  # mix-blend-mode


def ink(box: Box, screen: Screen = SCREENS[0], legible_px: float = MIN_FONT_PX) -> str | None:
    """The hiding vector of a box that leaves no visible ink on `screen`, None when it leaves some;
    text under `legible_px` is too small to read."""
    if not box.laid_out:
        return "hidden_css"
    if box.clipped or box.offset_px <= -min(OFFSCREEN_PX, screen.width):
        return "offscreen"
    if box.font_px < legible_px:
        return "hidden_css"
    for paint in box.inks:
        if paint is None:
            return None
        alpha = paint[3] * box.opacity
        if alpha < MIN_ALPHA:
            continue
        if box.backdrop is None:
            return None
        shown = over((paint[0], paint[1], paint[2], alpha), box.backdrop, box.blend)
        if contrast_ratio(shown, box.backdrop) >= MIN_CONTRAST:
            return None
    return "hidden_css"


class HiddenText(NamedTuple):
    vector: str  # hidden_css | aria_hidden | offscreen
    element: etree._Element


class Rendering(NamedTuple):
    hidden: dict  # element -> vector, the outermost hidden element of every hidden subtree
    generated: list[tuple[str | None, str]]  # ::before/::after text and its hiding vector (None: shown)

    def texts(self) -> list[HiddenText]:
        """The hidden elements that hold text."""
        return [HiddenText(vector, element) for element, vector in self.hidden.items() if _has_text(element)]

    def vector_of(self, element) -> str | None:
        """The hiding vector of an element or of its nearest hidden ancestor."""
        for node in (element, *element.iterancestors()):
            if node in self.hidden:
                return self.hidden[node]
        return None


class _Inherited(NamedTuple):
    colour: RGBA
    text_fill: RGBA | None  # -webkit-text-fill-color; None: the text colour
    svg_fill: RGBA | str  # SVG fill: a colour, "none", or "paint" (a gradient or pattern)
    stroke: RGBA | None
    shadows: tuple[RGBA, ...]
    backdrop: RGBA | None
    font_px: float
    scale: float
    opacity: float
    in_svg: bool


_USER_AGENT_RULES = len(page_rules([(_USER_AGENT_CSS, None)]))
_ROOT_STATE = _Inherited(_BLACK, None, _BLACK, None, (), _WHITE, 16.0, 1.0, 1.0, False)


def render(root) -> Rendering:
    """The page's hidden elements and its generated text, each judged on every reference screen.
    The last page's rendering is kept: generated text, embedded documents and hidden elements are
    read from one rendering of a page (before hidden elements are taken out of its tree)."""
    if _last_rendering and _last_rendering[0] is root:
        return _last_rendering[1]
    rendering = _rendered(root)
    _last_rendering[:] = [root, rendering]
    return rendering


_last_rendering: list = []


def _rendered(root) -> Rendering:
    sheets = [(style.text or "", style.get("media")) for style in root.iter("style")]
    rules = page_rules([(_USER_AGENT_CSS, None), *sheets])
    matched = _matched_rules(root, rules)
    varies = any(not all(rule.screens) for rule in rules)
    passes = [_walk(root, _cascade(matched, index), SCREENS[index])
              for index in (range(len(SCREENS)) if varies else (0,))]
    hidden = passes[0][0]
    generated = dict(passes[0][1])
    for other_hidden, other_generated in passes[1:]:
        hidden = _hidden_on_both(hidden, other_hidden)
        for key, (vector, text) in other_generated.items():
            if key in generated and (generated[key][0] is None or vector is None):
                generated[key] = (None, text)
    return Rendering(hidden, list(generated.values()))


class _Matched(NamedTuple):
    rule: Rule
    specificity: tuple[int, int, int]
    pseudo: str | None  # before | after | None (the element itself)
    elements: list


def _matched_rules(root, rules: list[Rule]) -> list[_Matched]:
    """Every rule that styles an element's box or its generated text, with the elements it matches
    (rules on other pseudo-elements, `::placeholder` or `::selection`, style no text at rest)."""
    present = _names_present(root)
    found = []
    for rule in rules:
        if RENDERING_PROPERTIES.isdisjoint(rule.declarations):
            continue
        selector, pseudo = rule.selector, None
        if marker := _PSEUDO_ELEMENT.search(selector):
            pseudo = marker.group(1).lower()
            if pseudo not in _GENERATING:
                if "::" in marker.group(0) or pseudo in ("first-line", "first-letter"):
                    continue
                pseudo = None  # a pseudo-class (`:not(…)`, `:first-child`): the selector engine judges it
            else:
                selector = selector[: marker.start()]
        if not selector.strip() or not _may_match(selector, *present):
            continue
        compiled = _compiled(selector)
        if compiled is None:
            continue  # pseudo-classes cssselect cannot compile (:hover, :has…) never hide text at rest
        try:
            elements = compiled(root)
        except etree.XPathError:
            continue
        if elements:
            found.append(_Matched(rule, _specificity(selector), pseudo, elements))
    return found


def _cascade(matched: list[_Matched], screen: int) -> dict:
    """(element, pseudo) -> its declared properties on one screen: user-agent rules, then author rules
    by specificity and order; `!important` author declarations after them (the inline style goes in
    between, in `_style`)."""
    def rank(item: _Matched) -> tuple:
        return (item.rule.order >= _USER_AGENT_RULES, item.specificity, item.rule.order)

    applied: dict = {}
    for item in sorted(matched, key=rank):
        if not item.rule.screens[screen]:
            continue
        for element in item.elements:
            entry = applied.setdefault((element, item.pseudo), [{}, {}])
            for name, value in item.rule.declarations.items():
                entry[1 if name in item.rule.important else 0][name] = value
    return applied


def _walk(root, applied: dict, screen: Screen) -> tuple[dict, dict]:
    hidden: dict = {}
    generated: dict = {}
    generating = any(pseudo for _, pseudo in applied)
    body = root.find(".//body")
    if body is None:
        body = root
    stack: list[tuple[etree._Element, _Inherited]] = [(body, _ROOT_STATE)]
    while stack:
        element, inherited = stack.pop()
        if not isinstance(element.tag, str) or element.tag.lower() in _SKIP:
            continue
        tag = element.tag.lower()
        box, state = _box(_style(element, tag, applied.get((element, None)), inherited.in_svg), inherited, tag, screen)
        vector = "aria_hidden" if element.get("aria-hidden", "").lower() == "true" else ink(box, screen)
        if vector:
            hidden[element] = vector
            for node in element.iter() if generating else ():
                for pseudo in _GENERATING:
                    _generate(node, pseudo, applied, lambda _, hiding=vector: hiding, generated)
            continue
        for pseudo in _GENERATING:
            _generate(element, pseudo, applied, lambda style: ink(_box(style, state, "::", screen)[0], screen),
                      generated)
        stack.extend((child, state) for child in reversed(element))
    return hidden, generated


def _generate(element, pseudo: str, applied: dict, judge: Callable, generated: dict) -> None:
    declared = applied.get((element, pseudo))
    if declared is None:
        return
    style = {**declared[0], **declared[1]}
    text = generated_text(style.get("content", ""), element.get)
    if text:
        generated[(element, pseudo)] = (judge(style), text)


def _style(element, tag: str, declared: list | None, in_svg: bool) -> dict[str, str]:
    style = {}
    if in_svg or tag == "svg":
        style.update({name: element.get(name) for name in _SVG_PRESENTATION if element.get(name) is not None})
    else:
        hints = {prop: element.get(attribute) for attribute, prop in _HTML_HINTS.items()
                 if element.get(attribute) is not None and (attribute != "color" or tag == "font")}
        style.update({prop: value + "px" if prop in ("width", "height") and value.strip().isdigit() else value
                      for prop, value in hints.items()})
    inline = element.get("style")
    if declared is not None:
        style.update(declared[0])
    if inline:
        style.update(declarations(inline))
    if declared is not None:
        style.update(declared[1])
    return style


def _box(style: dict[str, str], parent: _Inherited, tag: str, screen: Screen) -> tuple[Box, _Inherited]:
    in_svg = parent.in_svg or tag == "svg"
    font_px = _font_px(style, parent.font_px)
    colour = _colour(style.get("color"), parent.colour)
    opacity = parent.opacity * _fraction(style.get("opacity")) * _filter_opacity(style.get("filter", ""))
    scale = parent.scale * transform_scale(style.get("transform", "")) * _fraction(style.get("zoom"))
    scale *= transform_scale(f"scale({style.get('scale', '1')})")
    clipped_by_text = "text" in style.get("background-clip", "") or "text" in style.get("-webkit-background-clip", "")
    backdrop = parent.backdrop if clipped_by_text else _backdrop(style, parent.backdrop)
    text_fill = parent.text_fill
    if "-webkit-text-fill-color" in style:
        text_fill = _colour(style["-webkit-text-fill-color"], None)
    svg_fill = _svg_paint(style.get("fill"), colour, parent.svg_fill, _fraction(style.get("fill-opacity")))
    stroke = _stroke(style, colour, parent.stroke)
    shadows = parent.shadows if "text-shadow" not in style else _shadows(style["text-shadow"], colour)
    state = _Inherited(colour, text_fill, svg_fill, stroke, shadows, backdrop, font_px, scale, opacity, in_svg)
    inks: list[RGBA | None] = list(shadows) + ([stroke] if stroke else [])
    if clipped_by_text and _paints_image(style):
        inks.append(None)
    elif not in_svg:
        inks.append(text_fill or colour)
    elif svg_fill != "none":
        inks.append(None if svg_fill == "paint" else svg_fill)
    box = Box(
        laid_out=not (style.get("display", "").startswith("none") or style.get("content-visibility", "") == "hidden"
                      or style.get("visibility", "") in ("hidden", "collapse")),
        clipped=_clipped(style, font_px),
        offset_px=_offset(style, font_px, screen),
        font_px=font_px * scale,
        opacity=opacity,
        inks=tuple(inks),
        backdrop=backdrop,
        blend=style.get("mix-blend-mode", "normal").strip().lower(),
    )
    return box, state


def _font_px(style: dict[str, str], parent_px: float) -> float:
    value = style.get("font-size") or _font_shorthand_size(style.get("font", ""))
    if not value:
        return parent_px
    keyword = {"xx-small": 9.0, "x-small": 10.0, "small": 13.0, "medium": 16.0, "large": 18.0, "x-large": 24.0,
               "xx-large": 32.0, "smaller": parent_px / 1.2, "larger": parent_px * 1.2}.get(value.strip().lower())
    if keyword is not None:
        return keyword
    size = length_px(value, parent_px, percent_of=parent_px)
    return parent_px if size is None else size


def _font_shorthand_size(font: str) -> str | None:
    match = re.search(r"(?:^|\s)(\d*\.?\d+(?:px|pt|em|rem|%))(?:/|\s)", font + " ")
    return match.group(1) if match else None


def _colour(value: str | None, inherited):
    if not value or "currentcolor" in value.lower():
        return inherited
    return parse_colour(value) or inherited


def _fraction(value: str | None) -> float:
    """An opacity-like number (`0.5`, `50%`); 1 when absent or unreadable."""
    if not value:
        return 1.0
    text = value.strip()
    try:
        number = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        return 1.0
    return max(0.0, min(1.0, number)) if number <= 1 or text.endswith("%") else 1.0


def _filter_opacity(value: str) -> float:
    found = re.search(r"opacity\(\s*([\d.]+%?)\s*\)", value.lower())
    return _fraction(found.group(1)) if found else 1.0


def _paints_image(style: dict[str, str]) -> bool:
    image = style.get("background-image", "") + " " + style.get("background", "")
    return bool(re.search(r"url\(|gradient\(|image\(|element\(", image.lower()))


def _backdrop(style: dict[str, str], parent: RGBA | None) -> RGBA | None:
    """What lies under the element's text: its own background over its parent's, or unknown when
    it paints an image or gradient."""
    if _paints_image(style):
        return None
    painted = parse_colour(style.get("background-color") or style.get("background") or "")
    if painted is None or painted[3] == 0:
        return parent
    if parent is None:
        return painted if painted[3] >= 1 else None
    return over(painted, parent)


def _svg_paint(value: str | None, colour: RGBA, inherited: RGBA | str, fill_opacity: float) -> RGBA | str:
    if value is None:
        paint = inherited
    else:
        text = value.strip().lower()
        if text == "none":
            return "none"
        if text.startswith("url("):
            return "paint"
        paint = colour if "currentcolor" in text else (parse_colour(text) or inherited)
    if isinstance(paint, tuple) and fill_opacity < 1:
        return (paint[0], paint[1], paint[2], paint[3] * fill_opacity)
    return paint


def _stroke(style: dict[str, str], colour: RGBA, inherited: RGBA | None) -> RGBA | None:
    """An outline drawn around the glyphs (SVG `stroke`, `-webkit-text-stroke`) of some width."""
    outlines = (("stroke-width", "stroke"), ("-webkit-text-stroke-width", "-webkit-text-stroke-color"))
    for width_name, colour_name in outlines:
        if colour_name in style:
            width = length_px(style.get(width_name, "1"), percent_of=1.0)
            if style[colour_name].strip().lower() == "none" or width == 0:
                return None
            return _colour(style[colour_name], None) or inherited
    if "-webkit-text-stroke" in style:
        parts = style["-webkit-text-stroke"].split(None, 1)
        width = length_px(parts[0])
        if width:
            return _colour(parts[1] if len(parts) > 1 else None, colour)
        return None
    return inherited


def _shadows(value: str, colour: RGBA) -> tuple[RGBA, ...]:
    if value.strip().lower() == "none":
        return ()
    shadows = []
    for shadow in re.split(r",(?![^()]*\))", value):
        if shadow.strip():
            shadows.append(parse_colour(shadow) or colour)
    return tuple(shadows)


def _clipped(style: dict[str, str], font_px: float) -> bool:
    if clips_everything(style.get("clip", ""), style.get("clip-path", "")):
        return True
    cut = any(style.get(name, "").strip().lower() in _CUT for name in ("overflow", "overflow-x", "overflow-y"))
    if not cut:
        return False
    for name in ("height", "width", "max-height", "max-width"):
        size = length_px(style.get(name), font_px)
        if size is not None and size <= TINY_BOX_PX:
            return True
    indent = length_px(style.get("text-indent"), font_px)
    return indent is not None and indent >= OFFSCREEN_PX


def _offset(style: dict[str, str], font_px: float, screen: Screen) -> float:
    """How far the element is pushed up or left of the page, in px (negative), 0 when not."""
    viewport = (screen.width, screen.height)

    def px(name: str, sign: float = 1.0) -> float:
        value = length_px(style.get(name), font_px, viewport, percent_of=screen.width)
        return sign * value if value is not None else 0.0

    shifts = [px("margin-left"), px("margin-top"), px("text-indent")]
    shifts.append(transform_shift(style.get("transform", ""), font_px))
    if style.get("position", "").strip().lower() in _POSITIONED:
        shifts += [px("left"), px("top"), px("right", -1.0), px("bottom", -1.0)]
    return min(shifts)


def _names_present(root) -> tuple[set[str], set[str], set[str]]:
    """The tags (local names, lower case), classes and ids the page's elements carry."""
    tags, classes, ids = set(), set(), set()
    for element in root.iter():
        if isinstance(element.tag, str):
            # An HTML parser keeps prefixed tags whole (`fb:comments`), which `etree.QName` refuses.
            tags.add(element.tag.rsplit("}", 1)[-1].lower())
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
        if tag and tag.group().lower() not in tags \
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


def _hidden_on_both(first: dict, second: dict) -> dict:
    """Elements hidden on both screens: those of one pass inside (or equal to) a hidden element of
    the other, outermost only."""
    def inside(element, other: dict) -> bool:
        return any(node in other for node in (element, *element.iterancestors()))

    kept = {element: vector for element, vector in first.items() if inside(element, second)}
    kept.update({element: vector for element, vector in second.items()
                 if element not in kept and inside(element, first)})
    return {element: vector for element, vector in kept.items()
            if not any(ancestor in kept for ancestor in element.iterancestors())}


def _has_text(element) -> bool:
    return any(text.strip() for text in element.itertext())
