"""A page's style rules as the screens a person reads it on would apply them.

CSS is read block by block (strings and comments respected): style rules give a selector list and
their declarations; `@media` blocks are evaluated against each reference screen (a desktop and a
phone), so print-only and speech-only rules never apply and a width-conditional rule applies where
its width does; `@supports`, `@layer` and `@container` blocks apply; at-rules that style nothing on
the page (`@font-face`, `@keyframes`, `@page`…) are skipped. A `<style media=…>` element's media
list is evaluated the same way.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from bench_pipeline.injection.css_values import length_px


class Screen(NamedTuple):
    width: float
    height: float


# The screens a page is read on: an element a person could see on either is not hidden.
SCREENS = (Screen(1280.0, 800.0), Screen(390.0, 844.0))


class Rule(NamedTuple):
    selector: str  # one selector of the rule's list, pseudo-element included
    declarations: dict[str, str]  # property -> value, both lower case (`content` keeps its case), `!important` dropped
    important: frozenset[str]  # the properties declared `!important`
    order: int  # source order over the whole page
    screens: tuple[bool, ...]  # whether the rule applies on each of SCREENS


_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
_DECLARATION = re.compile(r"([-\w]+)\s*:\s*((?:\"[^\"]*\"|'[^']*'|[^;\"'])+)")
_IMPORTANT = re.compile(r"!\s*important\s*$", re.IGNORECASE)
_GROUPING = ("@media", "@supports", "@layer", "@container", "@document", "@-moz-document", "@scope")
_SCREEN_TYPES = frozenset({"all", "screen"})
_FEATURE = re.compile(r"\(\s*([-\w]+)\s*(?::\s*([^)]*))?\)")
_RANGE = re.compile(r"\(\s*([^<>=()]+?)\s*([<>]=?|=)\s*([^<>=()]+?)\s*(?:([<>]=?|=)\s*([^<>=()]+?)\s*)?\)")
# Features of a plain colour screen with a mouse, light theme, at rest.
_FIXED_FEATURES = {
    "orientation": None, "prefers-color-scheme": "light", "hover": "hover", "any-hover": "hover",
    "pointer": "fine", "any-pointer": "fine", "prefers-reduced-motion": "no-preference", "scripting": "enabled",
    "color": None, "color-gamut": "srgb", "display-mode": "browser", "grid": "0", "update": "fast",
    "forced-colors": "none", "inverted-colors": "none", "prefers-contrast": "no-preference", "monochrome": "0",
}


def page_rules(css_blocks: list[tuple[str, str | None]]) -> list[Rule]:
    """The rules of each `(stylesheet text, media attribute)` in page order."""
    rules: list[Rule] = []
    for text, media in css_blocks:
        screens = media_applies(media) if media else (True,) * len(SCREENS)
        if any(screens):
            _read_block(_COMMENT.sub(" ", text), screens, rules)
    return rules


def declarations(text: str) -> dict[str, str]:
    """A declaration block's properties, later ones winning, `!important` dropped."""
    return _declarations(text)[0]


def _declarations(text: str) -> tuple[dict[str, str], frozenset[str]]:
    found, important = {}, set()
    for name, value in _DECLARATION.findall(text):
        name = name.lower()
        if _IMPORTANT.search(value):
            important.add(name)
            value = _IMPORTANT.sub("", value)
        found[name] = value.strip() if name == "content" else value.strip().lower()  # `content` keeps its case
    return found, frozenset(important)


def media_applies(query_list: str) -> tuple[bool, ...]:
    """Whether a media query list matches each of SCREENS."""
    return tuple(any(_query_matches(query, screen) for query in query_list.split(",")) for screen in SCREENS)


def _read_block(text: str, screens: tuple[bool, ...], rules: list[Rule]) -> None:
    position = 0
    while position < len(text):
        opening, end = _next_block(text, position)
        if opening < 0:
            return
        prelude = text[position:opening].strip()
        # A statement at-rule (`@import …;`) before this block ends at its semicolon.
        prelude = prelude.rsplit(";", 1)[-1].strip()
        body = text[opening + 1 : end]
        position = end + 1
        if prelude.startswith("@"):
            keyword = prelude.split(None, 1)[0].lower()
            if keyword == "@media":
                inner = tuple(a and b for a, b in zip(screens, media_applies(prelude[6:])))
                if any(inner):
                    _read_block(body, inner, rules)
            elif keyword in _GROUPING:
                _read_block(body, screens, rules)
            continue
        own, important = _declarations(_top_level(body))
        if own and prelude:
            for selector in _selectors(prelude):
                rules.append(Rule(selector, own, important, len(rules), screens))


def _selectors(prelude: str) -> list[str]:
    """A selector list split at its top-level commas (`:is(a, b)` stays whole)."""
    return [part.strip() for part in re.split(r",(?![^()]*\))", prelude) if part.strip()]


_STRUCTURE = re.compile(r"[{}\"']")


def _next_block(text: str, start: int) -> tuple[int, int]:
    """The `{` of the next block at or after `start` and its matching `}` (strings skipped)."""
    opening, depth, position = -1, 0, start
    while True:
        found = _STRUCTURE.search(text, position)
        if found is None:
            return (opening, len(text)) if opening >= 0 else (-1, -1)
        ch, position = found.group(0), found.end()
        if ch in "\"'":
            position = _string_end(text, position, ch)
        elif ch == "{":
            if depth == 0:
                opening = found.start()
            depth += 1
        elif depth > 0:
            depth -= 1
            if depth == 0:
                return opening, found.start()


def _string_end(text: str, position: int, quote: str) -> int:
    """The index after the quote that closes a string opened before `position` (escapes skipped)."""
    while True:
        end = text.find(quote, position)
        if end < 0:
            return len(text)
        backslashes = len(text[position:end]) - len(text[position:end].rstrip("\\"))
        if backslashes % 2 == 0:
            return end + 1
        position = end + 1


def _top_level(body: str) -> str:
    """A rule body without the rules nested in it (CSS nesting): its own declarations."""
    if "{" not in body:
        return body
    kept, depth = [], 0
    for ch in body:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif depth == 0:
            kept.append(ch)
    return "".join(kept)


def _query_matches(query: str, screen: Screen) -> bool:
    words = query.strip().lower()
    negated = words.startswith("not ")
    words = re.sub(r"^(?:not|only)\s+", "", words)
    media_type = re.match(r"[a-z-]+", words)
    matches = True
    if media_type and not words.startswith("("):
        matches = media_type.group(0) in _SCREEN_TYPES
        words = words[media_type.end():]
    if matches:
        matches = all(_feature_matches(feature, screen) for feature in _features(words))
    return matches != negated


def _features(words: str) -> list[re.Match]:
    return [match for match in re.finditer(r"\([^()]*\)", words)]


def _feature_matches(feature: re.Match, screen: Screen) -> bool:
    text = feature.group(0)
    ranged = _RANGE.fullmatch(text)
    if ranged:
        return _range_matches(ranged, screen)
    plain = _FEATURE.fullmatch(text)
    if not plain:
        return True
    name, value = plain.group(1), (plain.group(2) or "").strip()
    prefix, _, dimension = name.partition("-") if name.startswith(("min-", "max-")) else ("", "", name)
    if dimension in ("width", "height", "device-width", "device-height"):
        size = screen.width if dimension.endswith("width") else screen.height
        limit = length_px(value)
        if limit is None:
            return True
        return size >= limit if prefix == "min" else size <= limit if prefix == "max" else size == limit
    if dimension == "orientation":
        return value == ("landscape" if screen.width > screen.height else "portrait")
    expected = _FIXED_FEATURES.get(dimension)
    return expected is None or not value or value == expected


def _range_matches(ranged: re.Match, screen: Screen) -> bool:
    """`(width >= 600px)`, `(400px <= width <= 700px)`."""
    parts = [part for part in ranged.groups() if part is not None]
    sizes = {"width": screen.width, "height": screen.height}
    values = [sizes.get(part.strip()) if part.strip() in sizes else length_px(part) for part in parts[::2]]
    if any(value is None for value in values):
        return True
    comparisons = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
                   ">=": lambda a, b: a >= b, "=": lambda a, b: a == b}
    return all(comparisons[operator](values[i], values[i + 1]) for i, operator in enumerate(parts[1::2]))
