"""Inline SVG charts for report.html: horizontal bars with interval whiskers, markers and stacked
segments, on a linear value axis scaled to the data with round ticks, and a labelled category axis.

Hand-placed coordinates on purpose: the four charts need whiskers, a second marker and stacking on
one small grammar, output must carry no script and no remote resource, and text must stay text
(readable, selectable, printable). Every axis is a `<g class="axis">` of `<g class="tick">`
(line + label), which is what scripts/check_report_html.py looks for.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape

ROW = 16          # height of one bar row
GROUP_GAP = 8     # space between category groups
CHAR = 6.3        # average width of an 11 px label character: margins are sized to the longest label
TOP, BOTTOM = 10, 46
MIN_PLOT = 160


@dataclass
class Segment:
    value: float
    colour: str
    label: str


@dataclass
class Bar:
    """One row: a bar (or stacked segments) from 0, an optional whisker and marker, and the text after it."""

    label: str
    value: float | None
    colour: str
    note: str = ""
    low: float | None = None
    high: float | None = None
    marker: float | None = None
    segments: list[Segment] = field(default_factory=list)
    group: str = ""


def nice_ticks(high: float, count: int = 5) -> tuple[list[float], int]:
    """Round ticks from 0 to at least `high`, at most `count` + 1 of them, and the decimals their labels
    need. Of the round steps that fit, the one whose last tick overshoots `high` least wins."""
    if high <= 0:
        return [0.0, 1.0], 0
    candidates = []
    for wanted in range(2, max(2, count) + 1):
        raw = high / wanted
        magnitude = 10 ** math.floor(math.log10(raw))
        step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw * (1 - 1e-9))
        ticks = [round(i * step, 12) for i in range(math.ceil(high / step - 1e-9) + 1)]
        decimals = max(0, -math.floor(math.log10(step) + 1e-9)) + (1 if round(step / magnitude, 3) == 2.5 else 0)
        candidates.append((ticks[-1], -len(ticks), ticks, decimals))
    _, _, ticks, decimals = min(candidates)
    return ticks, decimals


def _bar_rows(bars: list[Bar]) -> list[tuple[float, Bar]]:
    """Each bar's top y, with a gap between groups."""
    y, out, previous = float(TOP), [], None
    for bar in bars:
        if previous is not None and bar.group != previous:
            y += GROUP_GAP
        out.append((y, bar))
        previous = bar.group
        y += ROW
    return out


def bar_chart(bars: list[Bar], *, title: str, axis_label: str, width: int = 580) -> str:
    """A horizontal bar chart; the value axis runs from 0 to the largest value, whisker or marker shown."""
    extent = [v for b in bars for v in (b.value, b.high, b.marker) if v is not None]
    extent += [sum(s.value for s in b.segments) for b in bars if b.segments]
    left = 14 + CHAR * max((len(_row_name(bar, None)) for bar in bars), default=0)
    right = 10 + CHAR * max((len(_note(bar)) for bar in bars), default=0)
    # A long note widens the chart rather than squeezing the plot below readability.
    plot = max(MIN_PLOT, width - left - right)
    width = round(left + plot + right)
    # At most one tick per 55 px, so labels like "10000" never run into each other.
    ticks, decimals = nice_ticks(max(extent, default=0.0), count=min(6, int(plot // 55)))
    rows = _bar_rows(bars)
    bottom = (rows[-1][0] + ROW if rows else TOP) + 4
    height = bottom + BOTTOM

    def x(value: float) -> float:
        return left + value / ticks[-1] * plot

    parts = [f'<svg class="chart" role="img" aria-label="{escape(title)}" width="{width}" height="{height:.0f}" '
             f'viewBox="0 0 {width} {height:.0f}" xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>']
    parts.append('<g class="axis x-axis">'
                 f'<line class="domain" x1="{left:.1f}" y1="{bottom:.1f}" x2="{left + plot:.1f}" y2="{bottom:.1f}" stroke="#555"/>')
    for tick in ticks:
        parts.append(f'<g class="tick"><line x1="{x(tick):.1f}" y1="{TOP}" x2="{x(tick):.1f}" y2="{bottom + 5:.1f}" '
                     f'stroke="#ddd"/><line x1="{x(tick):.1f}" y1="{bottom:.1f}" x2="{x(tick):.1f}" y2="{bottom + 5:.1f}" '
                     f'stroke="#555"/><text x="{x(tick):.1f}" y="{bottom + 17:.1f}" text-anchor="middle">'
                     f'{tick:.{decimals}f}</text></g>')
    parts.append(f'<text class="axis-label" x="{left + plot / 2:.1f}" y="{bottom + 36:.1f}" text-anchor="middle">'
                 f'{escape(axis_label)}</text></g>')
    parts.append(f'<g class="axis y-axis"><line class="domain" x1="{left:.1f}" y1="{TOP}" x2="{left:.1f}" y2="{bottom:.1f}" stroke="#555"/>')
    shown_group = None
    for top, bar in rows:
        middle = top + ROW / 2
        name = _row_name(bar, shown_group)
        shown_group = bar.group
        parts.append(f'<g class="tick"><line x1="{left - 4:.1f}" y1="{middle:.1f}" x2="{left:.1f}" y2="{middle:.1f}" stroke="#555"/>'
                     f'<text x="{left - 7:.1f}" y="{middle + 4:.1f}" text-anchor="end">{escape(name)}</text></g>')
    parts.append("</g>")
    for top, bar in rows:
        parts.append(_bar(bar, top, x))
    parts.append("</svg>")
    return "".join(parts)


def _row_name(bar: Bar, previous_group: str | None) -> str:
    """The first row of a group carries the group's name."""
    return bar.label if bar.group == previous_group or not bar.group else f"{bar.group} · {bar.label}"


def _note(bar: Bar) -> str:
    return bar.note or ("not measured" if bar.value is None and not bar.segments else "")


def _bar(bar: Bar, top: float, x) -> str:
    middle = top + ROW / 2
    out = []
    if bar.segments:
        start = 0.0
        for seg in bar.segments:
            out.append(f'<rect x="{x(start):.1f}" y="{top + 2:.1f}" width="{x(start + seg.value) - x(start):.1f}" '
                       f'height="{ROW - 4}" fill="{seg.colour}"><title>{escape(seg.label)}</title></rect>')
            start += seg.value
        end = start
    elif bar.value is not None:
        out.append(f'<rect x="{x(0):.1f}" y="{top + 3:.1f}" width="{x(bar.value) - x(0):.1f}" height="{ROW - 6}" '
                   f'fill="{bar.colour}"/>')
        end = bar.value
    else:
        end = 0.0
    if bar.low is not None and bar.high is not None:
        out.append(f'<g class="whisker" stroke="#222"><line x1="{x(bar.low):.1f}" y1="{middle:.1f}" x2="{x(bar.high):.1f}" '
                   f'y2="{middle:.1f}"/><line x1="{x(bar.low):.1f}" y1="{top + 3:.1f}" x2="{x(bar.low):.1f}" y2="{top + ROW - 3:.1f}"/>'
                   f'<line x1="{x(bar.high):.1f}" y1="{top + 3:.1f}" x2="{x(bar.high):.1f}" y2="{top + ROW - 3:.1f}"/></g>')
        end = max(end, bar.high)
    if bar.marker is not None:
        out.append(f'<path d="M{x(bar.marker):.1f} {top + 2:.1f}l4 6-4 6-4-6z" fill="#222"/>')
        end = max(end, bar.marker)
    out.append(f'<text x="{x(end) + 6:.1f}" y="{middle + 4:.1f}">{escape(_note(bar))}</text>')
    return "".join(out)


def legend(entries: list[tuple[str, str]]) -> str:
    """Colour swatches with their names (the chart's rows name every provider too: colour is never alone)."""
    return "<p class='legend'>" + "".join(
        f'<span><svg width="12" height="12" aria-hidden="true"><rect width="12" height="12" fill="{colour}"/></svg> '
        f'{escape(name)}</span>' for name, colour in entries) + "</p>"
