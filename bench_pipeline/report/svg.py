"""Inline SVG charts for report.html: horizontal bars with interval whiskers, markers and stacked
segments, on a linear value axis scaled to the data with round ticks, and a labelled category axis.
Each bar's note is set right after the bar's end, and the plot is as wide as the notes allow, so a
chart fills its panel instead of reserving a column for its longest note.

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
LEGEND_ROW = 22   # height of the legend line under the axis label
MIN_PLOT = 160
NOTE_GAP = 6      # between a bar's end and its note


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
    # A hollow marker: the value it marks is not to be trusted (a p95 over too few calls).
    marker_open: bool = False
    segments: list[Segment] = field(default_factory=list)
    group: str = ""
    # Drawn pale: shown for audit, not in the running (a disqualified provider).
    faded: bool = False


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


def _end(bar: Bar) -> float:
    """The furthest value the bar draws (bar, stack, whisker or marker): its note starts after it."""
    drawn = [v for v in (bar.value, bar.high, bar.marker) if v is not None]
    drawn += [sum(s.value for s in bar.segments)] if bar.segments else []
    return max(drawn, default=0.0)


def _note_width(bar: Bar) -> float:
    return NOTE_GAP + CHAR * len(_note(bar)) if _note(bar) else 0.0


def _plot_width(bars: list[Bar], left: float, width: int, top: float) -> float:
    """The widest plot whose every note, set after its bar, still ends inside `width`."""
    plot = width - left - 10
    for bar in bars:
        share = _end(bar) / top
        if share > 0:
            plot = min(plot, (width - 4 - left - _note_width(bar)) / share)
    return max(MIN_PLOT, plot)


def _ticks(bars: list[Bar], left: float, width: int) -> tuple[float, list[float], int]:
    """(plot width, ticks, decimals): the ticks depend on the plot's width (one per 55 px at most, so labels
    like "10000" never run into each other) and the plot on the last tick, so the two are settled together."""
    high = max((_end(b) for b in bars), default=0.0)
    count = max(2, min(6, int((width - left - 10) // 55)))
    while True:
        ticks, decimals = nice_ticks(high, count=count)
        plot = _plot_width(bars, left, width, ticks[-1])
        if count <= 2 or count <= plot // 55:
            return plot, ticks, decimals
        count -= 1


def bar_chart(bars: list[Bar], *, title: str, axis_label: str, width: int = 580,
              legend: list[tuple[str, str]] | None = None) -> str:
    """A horizontal bar chart; the value axis runs from 0 to the largest value, whisker or marker shown.
    `legend` (name, colour) is drawn inside the chart, under the axis label."""
    left = 14 + CHAR * max((len(_row_name(bar, None)) for bar in bars), default=0)
    plot, ticks, decimals = _ticks(bars, left, width)
    # A note too long for the panel widens the chart rather than squeezing the plot below readability.
    width = round(max([left + plot + 10] + [left + _end(b) / ticks[-1] * plot + _note_width(b) + 4 for b in bars]))
    rows = _bar_rows(bars)
    bottom = (rows[-1][0] + ROW if rows else TOP) + 4
    height = bottom + BOTTOM + (LEGEND_ROW if legend else 0)

    def x(value: float) -> float:
        return left + value / ticks[-1] * plot

    parts = [f'<svg class="chart" role="img" aria-label="{escape(title)}" width="{width}" height="{height:.0f}" '
             f'viewBox="0 0 {width} {height:.0f}" xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>',
             f'<g class="axis x-axis"><line class="domain" x1="{left:.1f}" y1="{bottom:.1f}" x2="{left + plot:.1f}" '
             f'y2="{bottom:.1f}" stroke="#555"/>']
    for tick in ticks:
        at = f"{x(tick):.1f}"
        parts.append(f'<g class="tick"><line x1="{at}" y1="{TOP}" x2="{at}" y2="{bottom + 5:.1f}" stroke="#ddd"/>'
                     f'<line x1="{at}" y1="{bottom:.1f}" x2="{at}" y2="{bottom + 5:.1f}" stroke="#555"/>'
                     f'<text x="{at}" y="{bottom + 17:.1f}" text-anchor="middle">{tick:.{decimals}f}</text></g>')
    parts.append(f'<text class="axis-label" x="{left + plot / 2:.1f}" y="{bottom + 36:.1f}" text-anchor="middle">'
                 f'{escape(axis_label)}</text></g>')
    parts.append(f'<g class="axis y-axis"><line class="domain" x1="{left:.1f}" y1="{TOP}" x2="{left:.1f}" '
                 f'y2="{bottom:.1f}" stroke="#555"/>')
    shown_group = None
    for top, bar in rows:
        middle = top + ROW / 2
        name = _row_name(bar, shown_group)
        shown_group = bar.group
        parts.append(f'<g class="tick"><line x1="{left - 4:.1f}" y1="{middle:.1f}" x2="{left:.1f}" y2="{middle:.1f}" '
                     f'stroke="#555"/><text x="{left - 7:.1f}" y="{middle + 4:.1f}" text-anchor="end">'
                     f'{escape(name)}</text></g>')
    parts.append("</g>")
    for top, bar in rows:
        parts.append(_bar(bar, top, x))
    if legend:
        parts.append(_legend(legend, left, bottom + 36 + LEGEND_ROW - 4))
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
    elif bar.value is not None:
        pale = ' opacity=".35"' if bar.faded else ""
        out.append(f'<rect x="{x(0):.1f}" y="{top + 3:.1f}" width="{x(bar.value) - x(0):.1f}" height="{ROW - 6}" '
                   f'fill="{bar.colour}"{pale}/>')
    if bar.low is not None and bar.high is not None:
        low, high = f"{x(bar.low):.1f}", f"{x(bar.high):.1f}"
        out.append(f'<g class="whisker" stroke="#222"><line x1="{low}" y1="{middle:.1f}" x2="{high}" '
                   f'y2="{middle:.1f}"/><line x1="{low}" y1="{top + 3:.1f}" x2="{low}" y2="{top + ROW - 3:.1f}"/>'
                   f'<line x1="{high}" y1="{top + 3:.1f}" x2="{high}" y2="{top + ROW - 3:.1f}"/></g>')
    if bar.marker is not None:
        fill = 'fill="#fff" stroke="#222"' if bar.marker_open else 'fill="#222"'
        out.append(f'<path d="M{x(bar.marker):.1f} {top + 2:.1f}l4 6-4 6-4-6z" {fill}/>')
    out.append(f'<text x="{x(_end(bar)) + NOTE_GAP:.1f}" y="{middle + 4:.1f}">{escape(_note(bar))}</text>')
    return "".join(out)


def _legend(entries: list[tuple[str, str]], left: float, baseline: float) -> str:
    """Colour swatches with their names, in one line inside the chart (the rows name every bar too:
    colour is never alone)."""
    out, x = ['<g class="legend">'], left
    for name, colour in entries:
        out.append(f'<rect x="{x:.1f}" y="{baseline - 10:.1f}" width="11" height="11" fill="{colour}"/>'
                   f'<text x="{x + 15:.1f}" y="{baseline:.1f}">{escape(name)}</text>')
        x += 15 + CHAR * len(name) + 16
    return "".join(out) + "</g>"


@dataclass
class Point:
    """One point of a scatter chart, with optional whiskers on both axes; `label` is drawn beside it."""

    label: str
    x: float
    y: float
    title: str
    x_low: float | None = None
    x_high: float | None = None
    y_low: float | None = None
    y_high: float | None = None
    emphasis: bool = False


def _axis_ticks(kind: str, ticks: list[float], decimals: int, place) -> str:
    """Tick marks and labels of one axis; `place(tick)` gives (x1, y1, x2, y2, text x, text y, anchor)."""
    parts = []
    for tick in ticks:
        x1, y1, x2, y2, tx, ty, anchor = place(tick)
        parts.append(f'<g class="tick"><line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#555"/>'
                     f'<text x="{tx:.1f}" y="{ty:.1f}" text-anchor="{anchor}">{tick:.{decimals}f}</text></g>')
    return f'<g class="axis {kind}">' + "".join(parts)


def scatter_chart(points: list[Point], *, title: str, x_label: str, y_label: str, y_max: float = 1.0,
                  width: int = 390, height: int = 250) -> str:
    """Points on two linear axes from 0 (x scaled to the data and whiskers, y to `y_max`), whiskers drawn
    as lines; points that fall on the same spot share one label ("1·3")."""
    left, right, top, bottom = 52, 16, 22, 44
    plot_w, plot_h = width - left - right, height - top - bottom
    x_ticks, x_dec = nice_ticks(max((v for p in points for v in (p.x, p.x_high) if v is not None), default=0.0),
                                count=min(5, int(plot_w // 60)))
    y_ticks, y_dec = nice_ticks(y_max, count=4)

    def x(value: float) -> float:
        return left + value / x_ticks[-1] * plot_w

    def y(value: float) -> float:
        return top + plot_h - value / y_ticks[-1] * plot_h

    base = top + plot_h
    parts = [f'<svg class="chart" role="img" aria-label="{escape(title)}" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>']
    parts.append(_axis_ticks("x-axis", x_ticks, x_dec,
                             lambda t: (x(t), base, x(t), base + 5, x(t), base + 17, "middle"))
                 + f'<line class="domain" x1="{left}" y1="{base}" x2="{left + plot_w}" y2="{base}" stroke="#555"/>'
                 f'<text class="axis-label" x="{left + plot_w / 2:.1f}" y="{height - 6}" text-anchor="middle">'
                 f'{escape(x_label)}</text></g>')
    parts.append(_axis_ticks("y-axis", y_ticks, y_dec,
                             lambda t: (left - 5, y(t), left, y(t), left - 8, y(t) + 4, "end"))
                 + f'<line class="domain" x1="{left}" y1="{top}" x2="{left}" y2="{base}" stroke="#555"/>'
                 f'<text class="axis-label" transform="rotate(-90)" x="{-(top + plot_h / 2):.1f}" y="12" '
                 f'text-anchor="middle">{escape(y_label)}</text></g>')
    parts += [f'<line x1="{left}" y1="{y(t):.1f}" x2="{left + plot_w}" y2="{y(t):.1f}" stroke="#eee"/>'
              for t in y_ticks[1:]]
    spots: list[tuple[float, float, list[str]]] = []
    for p in points:
        px, py = x(p.x), y(p.y)
        if p.x_low is not None and p.x_high is not None:
            parts.append(f'<line class="whisker" x1="{x(p.x_low):.1f}" y1="{py:.1f}" x2="{x(p.x_high):.1f}" '
                         f'y2="{py:.1f}" stroke="#222"/>')
        if p.y_low is not None and p.y_high is not None:
            parts.append(f'<line class="whisker" x1="{px:.1f}" y1="{y(p.y_low):.1f}" x2="{px:.1f}" '
                         f'y2="{y(p.y_high):.1f}" stroke="#222"/>')
        ring = ' stroke="#2e7d32" stroke-width="3" fill="#fff"' if p.emphasis else ' fill="#1b6ca8"'
        parts.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="{6 if p.emphasis else 4}"{ring}>'
                     f'<title>{escape(p.title)}</title></circle>')
        # Labels of points closer than a label's width share one, so none is drawn over another.
        near = next((s for s in spots if abs(s[0] - px) < 16 and abs(s[1] - py) < 10), None)
        if near is None:
            spots.append((px, py, [p.label]))
        else:
            near[2].append(p.label)
    parts += [f'<text class="point-label" x="{sx + 8:.1f}" y="{sy - 6:.1f}">{escape("·".join(labels))}</text>'
              for sx, sy, labels in spots]
    parts.append("</svg>")
    return "".join(parts)
