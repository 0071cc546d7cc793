"""CSS values that decide a box's geometry and its generated text: lengths, transforms, clips, `content`."""

from __future__ import annotations

import math
import re

_LENGTH = re.compile(r"^\s*([-+]?\d*\.?\d+(?:e[-+]?\d+)?)\s*([a-z%]*)", re.IGNORECASE)
# Absolute units in CSS px, and the reference sizes the relative ones are taken against.
_ABSOLUTE = {"px": 1.0, "pt": 4 / 3, "pc": 16.0, "in": 96.0, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6}
_TRANSFORM = re.compile(r"([a-z0-9]+)\(([^()]*)\)", re.IGNORECASE)
_CSS_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6})\s?|\\(.)", re.DOTALL)
_CONTENT_PART = re.compile(r"\"((?:[^\"\\]|\\.)*)\"|'((?:[^'\\]|\\.)*)'|attr\(\s*([-\w]+)[^)]*\)", re.DOTALL)


def length_px(value: str | None, font_px: float = 16.0, viewport: tuple[float, float] = (1280.0, 800.0),
              percent_of: float | None = None) -> float | None:
    """A CSS length in px; None when it is not one (`auto`, `calc(…)`, a keyword) or a percentage
    with nothing to take it of."""
    if not value:
        return None
    match = _LENGTH.match(value)
    if not match:
        return None
    number, unit = float(match.group(1)), match.group(2).lower()
    if unit in _ABSOLUTE:
        return number * _ABSOLUTE[unit]
    relative = {"em": font_px, "rem": 16.0, "ex": font_px / 2, "ch": font_px / 2, "vw": viewport[0] / 100,
                "vh": viewport[1] / 100, "vmin": min(viewport) / 100, "vmax": max(viewport) / 100}
    if unit in relative:
        return number * relative[unit]
    if unit == "%":
        return None if percent_of is None else number / 100 * percent_of
    return number if unit == "" and (number == 0 or percent_of is None) else None


def transform_scale(transform: str) -> float:
    """How much a `transform` (or the `scale` property's value, given as `scale(…)`) shrinks text:
    the smaller of its two axis scales (text squashed flat in either direction is unreadable)."""
    scale_x = scale_y = 1.0
    for name, arguments in _TRANSFORM.findall(transform.lower()):
        numbers = _numbers(arguments)
        if not numbers:
            continue
        if name in ("scale", "scale3d"):
            scale_x *= numbers[0]
            scale_y *= numbers[1] if len(numbers) > 1 else numbers[0]
        elif name == "scalex":
            scale_x *= numbers[0]
        elif name == "scaley":
            scale_y *= numbers[0]
        elif name == "matrix" and len(numbers) == 6:
            scale_x *= math.hypot(numbers[0], numbers[1])
            scale_y *= math.hypot(numbers[2], numbers[3])
        elif name == "matrix3d" and len(numbers) == 16:
            scale_x *= math.hypot(numbers[0], numbers[1])
            scale_y *= math.hypot(numbers[4], numbers[5])
    return min(abs(scale_x), abs(scale_y))


def transform_shift(transform: str, font_px: float) -> float:
    """The most negative translation a `transform` applies, in px (0 when none)."""
    shifts = [0.0]
    for name, arguments in _TRANSFORM.findall(transform.lower()):
        if name in ("translate", "translatex", "translatey", "translate3d"):
            parts = [part for part in re.split(r"[\s,]+", arguments.strip()) if part]
            shifts += [px for px in (length_px(part, font_px) for part in parts[:2]) if px is not None]
    return min(shifts)


def clips_everything(clip: str, clip_path: str) -> bool:
    """`clip: rect(…)` or `clip-path` leaving no area: an empty rectangle, `inset()` eating half or
    more from both sides, a circle or ellipse of radius 0, a polygon of one point."""
    rect = re.search(r"rect\(([^)]*)\)", clip.lower())
    if rect:
        edges = [part for part in re.split(r"[\s,]+", rect.group(1).strip()) if part]
        if len(edges) == 4:
            top, right, bottom, left = (length_px(edge) for edge in edges)
            if (top is not None and bottom is not None and bottom <= top) or \
                    (left is not None and right is not None and right <= left):
                return True
    path = clip_path.lower()
    if inset := re.search(r"inset\(([^)]*)\)", path):
        sides = [part for part in inset.group(1).split("round")[0].split() if part]
        if sides:
            top, right, bottom, left = _four_sides([float(side[:-1]) if side.endswith("%") else None for side in sides])
            if (top is not None and bottom is not None and top + bottom >= 100) or \
                    (left is not None and right is not None and left + right >= 100):
                return True
    if shape := re.search(r"(circle|ellipse)\(\s*([^)]*)\)", path):
        radii = shape.group(2).split(" at ")[0].split()
        return bool(radii) and all(length_px(radius) == 0 for radius in radii)
    if polygon := re.search(r"polygon\(([^)]*)\)", path):
        points = {point.strip() for point in polygon.group(1).split(",") if point.strip()}
        return len(points) == 1
    return False


def generated_text(content: str, attribute) -> str:
    """The text a `content:` value generates: its strings (escapes decoded) and `attr(name)` values
    read through `attribute(name)`; counters, quotes and images generate no words."""
    parts = []
    for double, single, name in _CONTENT_PART.findall(content):
        if name:
            parts.append(attribute(name) or "")
        else:
            parts.append(_unescape(double or single))
    return "".join(parts).strip()


def _four_sides(values: list):
    """CSS's one-to-four-value shorthand as (top, right, bottom, left)."""
    if len(values) == 1:
        return values[0], values[0], values[0], values[0]
    if len(values) == 2:
        return values[0], values[1], values[0], values[1]
    if len(values) == 3:
        return values[0], values[1], values[2], values[1]
    return tuple(values[:4])


def _unescape(text: str) -> str:
    def replace(match: re.Match) -> str:
        if match.group(1):
            code = int(match.group(1), 16)
            return chr(code) if 0 < code <= 0x10FFFF else ""
        return "" if match.group(2) == "\n" else match.group(2)

    return _CSS_ESCAPE.sub(replace, text)


def _numbers(arguments: str) -> list[float]:
    numbers = []
    for part in re.split(r"[\s,]+", arguments.strip()):
        if not part:
            continue
        try:
            numbers.append(float(part[:-1]) / 100 if part.endswith("%") else float(part))
        except ValueError:
            return []
    return numbers
