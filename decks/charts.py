"""Deck statistics drawn as server-rendered SVG: bar charts and the plot table.

Pure: strings in, an SVG string out (no Django, no JavaScript, no library). Every chart is an
accessible image (``role="img"`` labelled by its ``<title>`` and a ``<desc>`` spelling out the
data) with a visible number on each bar. All text is XML-escaped, so card names are safe.

Elements carry CSS classes (``chart``, ``chart-title``, ``bar series-0``, ``value``, ``label``,
``axis``, ``legend``, ``plot-row``) for the site's stylesheet, and their colors as presentation
attributes from a :class:`Palette` (which any CSS rule overrides), so a chart also looks right
on its own, as a file or an ``<img>``. Bars also hold ``data-label``, ``data-series`` and
``data-value``. Ids are derived from the title; pass ``chart_id`` to keep them unique on a page.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

from decks.stats import CRESTS, DECK_TYPES, ICONS, DeckStats, PlotStats

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
_ID = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*\Z")
_CHAR_WIDTH = 5.2  # rough width of a 9-10px character, to lay out legends and truncate names


@dataclass(frozen=True)
class Palette:
    """The colors of a chart: one per series (cycled), text, secondary text and axis lines."""

    series: tuple[str, ...] = ("#8a6d1f", "#7a2e12", "#3d5a80", "#4d6b3c")
    text: str = "#24211c"
    muted: str = "#6d665b"
    axis: str = "#ddd4c3"

    def color(self, index: int) -> str:
        return self.series[index % len(self.series)] if self.series else self.text


DEFAULT_PALETTE = Palette()


def _attr(value: object) -> str:
    """Text made safe for an XML attribute value or element content."""
    return escape(str(value), quote=True)


def _num(value: float) -> str:
    """A coordinate or a value: integral numbers without decimals, others with one."""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.1f}"


def _chart_id(title: str, chart_id: str | None) -> str:
    if chart_id is None:
        slug = re.sub(r"[^a-z0-9]+", "-", title.casefold()).strip("-")
        return f"chart-{slug}" if slug else "chart"
    if not _ID.match(chart_id):
        raise ValueError(f"chart_id {chart_id!r} is not a valid id (a letter, then [A-Za-z0-9_.-])")
    return chart_id


def _open_svg(chart_id: str, title: str, desc: str, width: int, height: int, kind: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" id="{_attr(chart_id)}" class="chart {kind}" '
        f'role="img" aria-labelledby="{_attr(chart_id)}-title {_attr(chart_id)}-desc" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        f'font-family="{_attr(FONT)}">'
        f'<title id="{_attr(chart_id)}-title">{_attr(title)}</title>'
        f'<desc id="{_attr(chart_id)}-desc">{_attr(desc)}</desc>'
    )


def _text(x: float, y: float, text: str, css: str, fill: str, **attrs: str | float) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{_attr(v)}"' for k, v in attrs.items())
    return (
        f'<text class="{css}" x="{_num(x)}" y="{_num(y)}" fill="{_attr(fill)}"{extra}>'
        f"{_attr(text)}</text>"
    )


def _series(
    labels: Sequence[str], values: Sequence[float] | Mapping[str, Sequence[float]]
) -> list[tuple[str, list[float]]]:
    """The series as (name, values), checked: as many values as labels, finite, not negative."""
    named = list(values.items()) if isinstance(values, Mapping) else [("", values)]
    if not named:
        raise ValueError("values must hold at least one series")
    result = []
    for name, numbers in named:
        numbers = list(numbers)
        if len(numbers) != len(labels):
            which = f"series {name!r}" if name else "values"
            raise ValueError(f"{which} has {len(numbers)} numbers for {len(labels)} labels")
        for number in numbers:
            if isinstance(number, bool) or not isinstance(number, int | float):
                raise ValueError(f"bar values must be numbers, not {number!r}")
            if not math.isfinite(number) or number < 0:
                raise ValueError(f"bar values must be finite and not negative, not {number!r}")
        result.append((str(name), numbers))
    return result


def describe(title: str, labels: Sequence[str], series: list[tuple[str, list[float]]]) -> str:
    """The text alternative of a bar chart: every value, by series then label.

    >>> describe("Crests", ["War", "Noble"], [("", [3, 0])])
    'Crests. War: 3, Noble: 0.'
    """
    if not labels:
        return f"{title}. No data."
    parts = []
    for name, numbers in series:
        pairs = ", ".join(f"{label}: {_num(n)}" for label, n in zip(labels, numbers, strict=True))
        parts.append(f"{name}: {pairs}" if name else pairs)
    return f"{title}. {'; '.join(parts)}."


def bar_chart_svg(
    title: str,
    labels: Sequence[str],
    values: Sequence[float] | Mapping[str, Sequence[float]],
    *,
    description: str | None = None,
    width: int = 300,
    height: int = 160,
    palette: Palette = DEFAULT_PALETTE,
    chart_id: str | None = None,
) -> str:
    """A bar chart of ``values`` (one per label) as an SVG string.

    ``values`` is one series (a sequence of numbers) or several, ``{name: numbers}``, drawn as
    groups of bars side by side with a legend. Each bar shows its value above it. The
    ``<desc>`` is ``description``, or lists every value. Raises :class:`ValueError` when a
    series does not have one number per label, or a number is negative or not finite.

    >>> svg = bar_chart_svg("Crests", ["War", "Noble"], [3, 1])
    >>> svg.count('class="bar series-0"'), 'data-value="3"' in svg
    (2, True)
    """
    chart_id = _chart_id(title, chart_id)
    series = _series(labels, values)
    desc = description if description is not None else describe(title, labels, series)
    parts = [_open_svg(chart_id, title, desc, width, height, "bar-chart")]
    parts.append(_text(4, 12, title, "chart-title", palette.text, font_size=11, font_weight="bold"))
    if len(series) > 1:
        parts.append(_legend([name for name, _ in series], width, palette))

    base, top, left, right = height - 16, 30.0, 4.0, width - 4.0
    parts.append(
        f'<line class="axis" x1="{_num(left)}" y1="{_num(base)}" x2="{_num(right)}" '
        f'y2="{_num(base)}" stroke="{_attr(palette.axis)}"/>'
    )
    if not labels:
        parts.append(
            _text(
                width / 2,
                (top + base) / 2,
                "No data",
                "empty",
                palette.muted,
                font_size=10,
                text_anchor="middle",
            )
        )
    peak = max((n for _, numbers in series for n in numbers), default=0)
    scale = (base - top) / peak if peak else 0.0
    group = (right - left) / max(len(labels), 1)
    bar = group * 0.8 / len(series)
    for i, label in enumerate(labels):
        start = left + group * i + group * 0.1
        for s, (name, numbers) in enumerate(series):
            x, h = start + bar * s, numbers[i] * scale
            tip = f"{name}, {label}: {_num(numbers[i])}" if name else f"{label}: {_num(numbers[i])}"
            parts.append(
                f'<rect class="bar series-{s}" x="{_num(round(x, 1))}" '
                f'y="{_num(round(base - h, 1))}" width="{_num(round(bar, 1))}" '
                f'height="{_num(round(h, 1))}" fill="{_attr(palette.color(s))}" '
                f'data-label="{_attr(label)}" data-series="{_attr(name)}" '
                f'data-value="{_num(numbers[i])}"><title>{_attr(tip)}</title></rect>'
            )
            parts.append(
                _text(
                    round(x + bar / 2, 1),
                    round(base - h - 2, 1),
                    _num(numbers[i]),
                    "value",
                    palette.text,
                    font_size=9 if len(series) == 1 else 8,
                    text_anchor="middle",
                )
            )
        parts.append(
            _text(
                round(left + group * (i + 0.5), 1),
                height - 4,
                str(label),
                "label",
                palette.muted,
                font_size=9,
                text_anchor="middle",
            )
        )
    parts.append("</svg>")
    return "".join(parts)


def _legend(names: list[str], width: int, palette: Palette) -> str:
    """Swatches and series names on the title's line, aligned right."""
    items = []
    x = width - 4.0
    for s, name in reversed(list(enumerate(names))):
        x -= len(name) * _CHAR_WIDTH
        items.append(_text(round(x, 1), 12, name, "legend-name", palette.muted, font_size=9))
        x -= 11
        items.append(
            f'<rect class="legend-swatch series-{s}" x="{_num(round(x, 1))}" y="5" width="8" '
            f'height="8" fill="{_attr(palette.color(s))}"/>'
        )
        x -= 6
    return f'<g class="legend">{"".join(reversed(items))}</g>'


def _truncate(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[: max(chars - 1, 1)].rstrip() + "…"


def plot_table_svg(
    plots: PlotStats,
    *,
    title: str = "Plots",
    width: int = 300,
    palette: Palette = DEFAULT_PALETTE,
    chart_id: str | None = None,
) -> str:
    """The plot deck as an SVG table: each plot's gold, initiative and claim, then averages.

    The height grows with the plots (13 pixels a row). Long names are shortened with "…" and
    given in full in the row's ``<title>`` and in the ``<desc>``.
    """
    chart_id = _chart_id(title, chart_id)
    columns = (("Gold", "income"), ("Init.", "initiative"), ("Claim", "claim"))
    rows = [
        (
            f"{line.name} ×{line.count}" if line.count > 1 else line.name,
            [getattr(line, field) for _, field in columns],
        )
        for line in plots.plots
    ]
    averages = [getattr(plots, f"{field}_average") for _, field in columns]
    height = 16 + 14 * (len(rows) + 2) + 4

    def numbers(values: list[int | float | None]) -> str:
        return ", ".join(
            f"{head.casefold().rstrip('.')} {'-' if v is None else _num(round(v, 1))}"
            for (head, _), v in zip(columns, values, strict=True)
        )

    if rows:
        desc = "; ".join(f"{name}: {numbers(values)}" for name, values in rows)
        desc = f"{title}. {desc}; average: {numbers(averages)}."
    else:
        desc = f"{title}. No plots."
    parts = [_open_svg(chart_id, title, desc, width, height, "plot-table")]
    parts.append(_text(4, 12, title, "chart-title", palette.text, font_size=11, font_weight="bold"))
    col_x = [width - 4 - 40 * (len(columns) - 1 - i) for i in range(len(columns))]
    name_chars = int((col_x[0] - 40 - 4) / _CHAR_WIDTH)

    def row(y: float, name: str, values: list[str], css: str, color: str, tip: str = "") -> str:
        cells = [_text(4, y, _truncate(name, name_chars), "name", color, font_size=10)]
        cells += [
            _text(x, y, value, "number", color, font_size=10, text_anchor="end")
            for x, value in zip(col_x, values, strict=True)
        ]
        tip = f"<title>{_attr(tip)}</title>" if tip else ""
        return f'<g class="{css}">{tip}{"".join(cells)}</g>'

    y = 28.0
    parts.append(row(y, "Plot", [head for head, _ in columns], "plot-head", palette.muted))
    parts.append(
        f'<line class="axis" x1="4" y1="{_num(y + 3)}" x2="{width - 4}" y2="{_num(y + 3)}" '
        f'stroke="{_attr(palette.axis)}"/>'
    )
    if not rows:
        parts.append(_text(4, y + 14, "No plots", "empty", palette.muted, font_size=10))
    for name, values in rows:
        y += 14
        cells = ["-" if v is None else _num(v) for v in values]
        parts.append(row(y, name, cells, "plot-row", palette.text, f"{name}: {numbers(values)}"))
    if rows:
        y += 14
        cells = ["-" if v is None else _num(round(v, 1)) for v in averages]
        parts.append(row(y, "Average", cells, "plot-average", palette.muted))
    parts.append("</svg>")
    return "".join(parts)


_TYPE_LABELS = {"character": "Char.", "location": "Loc.", "attachment": "Att.", "event": "Event"}


def deck_charts(
    stats: DeckStats, *, palette: Palette = DEFAULT_PALETTE, id_prefix: str = "deck"
) -> dict[str, str]:
    """Every chart of a deck's statistics, as SVG strings keyed by name.

    Keys: ``cost_curve`` (printed and effective cost), ``types`` (House deck card types),
    ``icons`` (characters with each challenge icon, and naval icons), ``strength``, ``crests``
    and ``plots`` (the plot table). Ids start with ``id_prefix``.
    """
    costs = list(stats.cost_curve_effective)
    charts = {
        "cost_curve": (
            "Cost curve",
            costs,
            {
                "Printed": [stats.cost_curve_printed.get(c, 0) for c in costs],
                "Effective": [stats.cost_curve_effective[c] for c in costs],
            },
        ),
        "types": (
            "Card types",
            # Short labels: four full type names overlap under 300-pixel-wide bars.
            [_TYPE_LABELS.get(t, t.capitalize()) for t in DECK_TYPES],
            [stats.by_type.get(t, 0) for t in DECK_TYPES],
        ),
        "icons": (
            "Challenge icons",
            [icon.capitalize() for icon in ICONS],
            {
                "Characters": [stats.icons[i] for i in ICONS],
                "Naval": [stats.naval_icons[i] for i in ICONS],
            },
        ),
        "strength": ("Character strength", list(stats.strength), list(stats.strength.values())),
        "crests": ("Crests", [c.capitalize() for c in CRESTS], [stats.crests[c] for c in CRESTS]),
    }
    svgs = {
        key: bar_chart_svg(
            title, labels, values, palette=palette, chart_id=f"{id_prefix}-{key.replace('_', '-')}"
        )
        for key, (title, labels, values) in charts.items()
    }
    svgs["plots"] = plot_table_svg(stats.plots, palette=palette, chart_id=f"{id_prefix}-plots")
    return svgs
