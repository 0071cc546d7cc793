"""CSS colours in any syntax as sRGB + alpha, how one is painted over another (alpha and the
separable blend modes), and the WCAG 2.x contrast ratio between two of them."""

from __future__ import annotations

import colorsys
import re

RGBA = tuple[float, float, float, float]  # 0..255 channels, alpha 0..1

# CSS Color Module Level 4 named colours (the 148 keywords), as hex.
_NAMED = dict(item.split(":") for item in (
    "aliceblue:f0f8ff antiquewhite:faebd7 aqua:00ffff aquamarine:7fffd4 azure:f0ffff beige:f5f5dc bisque:ffe4c4 "
    "black:000000 blanchedalmond:ffebcd blue:0000ff blueviolet:8a2be2 brown:a52a2a burlywood:deb887 cadetblue:5f9ea0 "
    "chartreuse:7fff00 chocolate:d2691e coral:ff7f50 cornflowerblue:6495ed cornsilk:fff8dc crimson:dc143c cyan:00ffff "
    "darkblue:00008b darkcyan:008b8b darkgoldenrod:b8860b darkgray:a9a9a9 darkgreen:006400 darkgrey:a9a9a9 "
    "darkkhaki:bdb76b darkmagenta:8b008b darkolivegreen:556b2f darkorange:ff8c00 darkorchid:9932cc darkred:8b0000 "
    "darksalmon:e9967a darkseagreen:8fbc8f darkslateblue:483d8b darkslategray:2f4f4f darkslategrey:2f4f4f "
    "darkturquoise:00ced1 darkviolet:9400d3 deeppink:ff1493 deepskyblue:00bfff dimgray:696969 dimgrey:696969 "
    "dodgerblue:1e90ff firebrick:b22222 floralwhite:fffaf0 forestgreen:228b22 fuchsia:ff00ff gainsboro:dcdcdc "
    "ghostwhite:f8f8ff gold:ffd700 goldenrod:daa520 gray:808080 green:008000 greenyellow:adff2f grey:808080 "
    "honeydew:f0fff0 hotpink:ff69b4 indianred:cd5c5c indigo:4b0082 ivory:fffff0 khaki:f0e68c lavender:e6e6fa "
    "lavenderblush:fff0f5 lawngreen:7cfc00 lemonchiffon:fffacd lightblue:add8e6 lightcoral:f08080 lightcyan:e0ffff "
    "lightgoldenrodyellow:fafad2 lightgray:d3d3d3 lightgreen:90ee90 lightgrey:d3d3d3 lightpink:ffb6c1 "
    "lightsalmon:ffa07a lightseagreen:20b2aa lightskyblue:87cefa lightslategray:778899 lightslategrey:778899 "
    "lightsteelblue:b0c4de lightyellow:ffffe0 lime:00ff00 limegreen:32cd32 linen:faf0e6 magenta:ff00ff maroon:800000 "
    "mediumaquamarine:66cdaa mediumblue:0000cd mediumorchid:ba55d3 mediumpurple:9370db mediumseagreen:3cb371 "
    "mediumslateblue:7b68ee mediumspringgreen:00fa9a mediumturquoise:48d1cc mediumvioletred:c71585 "
    "midnightblue:191970 mintcream:f5fffa mistyrose:ffe4e1 moccasin:ffe4b5 navajowhite:ffdead navy:000080 "
    "oldlace:fdf5e6 olive:808000 olivedrab:6b8e23 orange:ffa500 orangered:ff4500 orchid:da70d6 palegoldenrod:eee8aa "
    "palegreen:98fb98 paleturquoise:afeeee palevioletred:db7093 papayawhip:ffefd5 peachpuff:ffdab9 peru:cd853f "
    "pink:ffc0cb plum:dda0dd powderblue:b0e0e6 purple:800080 rebeccapurple:663399 red:ff0000 rosybrown:bc8f8f "
    "royalblue:4169e1 saddlebrown:8b4513 salmon:fa8072 sandybrown:f4a460 seagreen:2e8b57 seashell:fff5ee "
    "sienna:a0522d silver:c0c0c0 skyblue:87ceeb slateblue:6a5acd slategray:708090 slategrey:708090 snow:fffafa "
    "springgreen:00ff7f steelblue:4682b4 tan:d2b48c teal:008080 thistle:d8bfd8 tomato:ff6347 turquoise:40e0d0 "
    "violet:ee82ee wheat:f5deb3 white:ffffff whitesmoke:f5f5f5 yellow:ffff00 yellowgreen:9acd32"
).split())
_FUNCTION = re.compile(r"(rgba?|hsla?)\(\s*([^)]*)\)", re.IGNORECASE)
_HEX = re.compile(r"#([0-9a-f]{3,8})\b", re.IGNORECASE)
_WORD = re.compile(r"[a-z]+", re.IGNORECASE)


def parse_colour(value: str) -> RGBA | None:
    """The first colour in a CSS value (`#fff`, `#ffffff80`, `rgb(0 0 0 / 50%)`, `hsl(0,0%,100%)`,
    `white`, `transparent`); None when the value names none (`inherit`, `var(--x)`, a gradient)."""
    value = value.strip().lower()
    if match := _FUNCTION.search(value):
        return _functional(match.group(1), match.group(2))
    if match := _HEX.search(value):
        return _hex(match.group(1))
    for word in _WORD.findall(value):
        if word == "transparent":
            return (0.0, 0.0, 0.0, 0.0)
        if word in _NAMED:
            return _hex(_NAMED[word])
    return None


def _hex(digits: str) -> RGBA | None:
    if len(digits) in (3, 4):
        digits = "".join(ch * 2 for ch in digits)
    if len(digits) not in (6, 8):
        return None
    channels = [int(digits[i : i + 2], 16) for i in range(0, len(digits), 2)]
    alpha = channels[3] / 255 if len(channels) == 4 else 1.0
    return (float(channels[0]), float(channels[1]), float(channels[2]), alpha)


def _functional(name: str, arguments: str) -> RGBA | None:
    parts = [part for part in re.split(r"[\s,/]+", arguments.strip()) if part]
    if len(parts) < 3:
        return None
    try:
        alpha = _number(parts[3], 1.0) if len(parts) > 3 else 1.0
        if name.lower().startswith("rgb"):
            rgb = [_number(part, 255.0) for part in parts[:3]]
        else:
            hue = float(parts[0].rstrip("deg"))
            saturation, lightness = _number(parts[1], 1.0), _number(parts[2], 1.0)
            rgb = [channel * 255 for channel in colorsys.hls_to_rgb((hue % 360) / 360, lightness, saturation)]
    except ValueError:
        return None
    return (rgb[0], rgb[1], rgb[2], max(0.0, min(1.0, alpha)))


def _number(text: str, scale: float) -> float:
    """`50%` is half of `scale`; a bare number is taken as is, except alpha where 0..1 is the scale."""
    if text.endswith("%"):
        return float(text[:-1]) / 100 * scale
    value = float(text)
    return value if scale != 1.0 or value <= 1 else value / 100


def over(top: RGBA, bottom: RGBA, blend: str = "normal") -> RGBA:
    """`top` painted over an opaque `bottom`: blended by `mix-blend-mode` (Compositing Level 1's
    separable modes; the others are taken as normal), then alpha-composited."""
    mode = _BLEND.get(blend, _BLEND["normal"])
    alpha = top[3]
    mixed = [255 * mode(bottom[i] / 255, top[i] / 255) for i in range(3)]
    return (*(mixed[i] * alpha + bottom[i] * (1 - alpha) for i in range(3)), 1.0)


def _soft_light(b: float, s: float) -> float:
    if s <= 0.5:
        return b - (1 - 2 * s) * b * (1 - b)
    d = ((16 * b - 12) * b + 4) * b if b <= 0.25 else b ** 0.5
    return b + (2 * s - 1) * (d - b)


def _hard_light(b: float, s: float) -> float:
    return b * 2 * s if s <= 0.5 else 1 - (1 - b) * (1 - (2 * s - 1))


# B(backdrop, source) per channel, 0..1.
_BLEND = {
    "normal": lambda b, s: s,
    "multiply": lambda b, s: b * s,
    "screen": lambda b, s: b + s - b * s,
    "overlay": lambda b, s: _hard_light(s, b),
    "darken": min,
    "lighten": max,
    "color-dodge": lambda b, s: 0.0 if b == 0 else 1.0 if s >= 1 else min(1.0, b / (1 - s)),
    "color-burn": lambda b, s: 1.0 if b >= 1 else 0.0 if s <= 0 else 1 - min(1.0, (1 - b) / s),
    "hard-light": _hard_light,
    "soft-light": _soft_light,
    "difference": lambda b, s: abs(b - s),
    "exclusion": lambda b, s: b + s - 2 * b * s,
}


def contrast_ratio(first: RGBA, second: RGBA) -> float:
    """WCAG 2.x contrast ratio (1 to 21) of two opaque colours."""
    lighter, darker = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _luminance(colour: RGBA) -> float:
    def linear(channel: float) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(colour[i]) for i in range(3))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
