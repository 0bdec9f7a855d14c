"""Charts of numbers, drawn with matplotlib and stored as PNG outputs every notebook viewer shows.

Introduced in chapter 3 (accuracy against the number of tools and against vagueness, the
confusion matrix) and used in chapter 4 (the claim race, doubles per try) and chapter 5 (injected
reviews, as grouped bars). Each function
returns a :class:`Plot`: a notebook shows its ``image/png``; its ``text/plain`` states the
numbers drawn, so a text-only viewer, a screen reader and nbval (which compares text, not
image bytes) all read the same figures.

The figures are built on ``matplotlib.figure.Figure`` directly, not through ``pyplot``: no
global figure state, nothing shown twice by the inline backend, nothing left open. Colours
are the Okabe-Ito palette (safe for colour-blind readers), and every series also differs by
marker and line style (lines) or hatch (bars), so the chart still reads when printed in grey. The PNG is written
without a timestamp or version stamp, so an unchanged chart gives the same bytes on a re-run.
"""

from __future__ import annotations

import base64
import io
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Plot", "bar_chart", "cumulative", "heatmap", "line_plot"]

#: Okabe-Ito colours, then a marker, a line style and a hatch per series (greyscale needs the last three)
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
MARKERS = ("o", "s", "^", "D", "v", "P", "X")
LINES = ("-", "--", ":", "-.", (0, (5, 1)), (0, (3, 1, 1, 1)), (0, (1, 3)))
HATCHES = ("", "//", "..", "xx", "\\\\", "++", "oo")


@dataclass(frozen=True)
class Plot:
    """A finished chart: its PNG bytes and a plain-text statement of what it draws."""

    png: bytes
    summary: str

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"image/png": base64.b64encode(self.png).decode("ascii"), "text/plain": self.summary}

    def __repr__(self) -> str:
        return self.summary


def _figure(width: float, height: float) -> Any:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), dpi=100, layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def _finish(figure: Any, summary: str) -> Plot:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100, metadata={"Software": None})
    return Plot(buffer.getvalue(), summary)


def _number(value: float) -> str:
    return f"{value:.1f}".removesuffix(".0")


def line_plot(title: str, x_label: str, x_values: Sequence[Any], series: Mapping[str, Sequence[float]], *,
              y_label: str = "accuracy (%)", y_range: tuple[float, float] | None = (0, 100),
              step: bool = False) -> Plot:
    """Lines with markers and a legend: one per entry of ``series``, one value per x value.

    ``x_values`` are drawn evenly spaced and labelled as given (2, 4, 8, 16 tools read
    better that way than on a log axis); ``step=True`` draws each line as steps, for
    running counts.
    """
    if not series:
        raise ValueError("a line plot needs at least one series")
    for name, values in series.items():
        if len(values) != len(x_values):
            raise ValueError(f"series {name!r} has {len(values)} values for {len(x_values)} x values")
    figure = _figure(6.4, 3.8)
    axes = figure.add_subplot()
    positions = list(range(len(x_values)))
    dense = len(x_values) > 30
    for i, (name, values) in enumerate(series.items()):
        style = {"color": COLOURS[i % len(COLOURS)], "linestyle": LINES[i % len(LINES)], "linewidth": 2,
                 "label": name}
        if step:
            axes.step(positions, list(values), where="post", **style)
        else:
            axes.plot(positions, list(values), marker=MARKERS[i % len(MARKERS)], markersize=7,
                      markevery=max(1, len(values) // 10) if dense else 1, **style)
    if dense:
        ticks = sorted({0, *range(0, len(x_values), max(1, len(x_values) // 8)), len(x_values) - 1})
        axes.set_xticks(ticks, [str(x_values[t]) for t in ticks])
    else:
        axes.set_xticks(positions, [str(x) for x in x_values])
    if y_range is not None:  # a little headroom, so a point at the top is not cut in half
        axes.set_ylim(y_range[0], y_range[1] + 0.04 * (y_range[1] - y_range[0]))
    axes.set_title(title)
    axes.set_xlabel(x_label)
    axes.set_ylabel(y_label)
    axes.grid(True, color="#dddddd", linewidth=0.8)
    axes.legend(loc="best", frameon=True)
    lines = [f"{title} ({y_label} by {x_label}: {', '.join(str(x) for x in x_values)})" if not dense
             else f"{title} ({y_label} by {x_label}, {len(x_values)} points)"]
    for name, values in series.items():
        shown = values if not dense else [values[-1]]
        lines.append(f"  {name}: {', '.join(_number(v) for v in shown)}" + (" (last point)" if dense else ""))
    return _finish(figure, "\n".join(lines))


def heatmap(title: str, labels: Sequence[str], matrix: Sequence[Sequence[int]], *, row_label: str = "expected",
            column_label: str = "got") -> Plot:
    """A square matrix of counts as a heat map, each count written in its cell.

    One hue (darker is more), the count in every non-empty cell and the diagonal framed,
    so the chart needs no colour to be read: right answers sit on the framed diagonal,
    every other number is a mistake of the kind its row and column name.
    """
    if len(matrix) != len(labels) or any(len(row) != len(labels) for row in matrix):
        raise ValueError("the matrix must be square, one row and one column per label")
    import numpy as np
    from matplotlib.patches import Rectangle

    values = np.array(matrix, dtype=float)
    size = len(labels)
    figure = _figure(2.4 + 0.75 * size, 1.8 + 0.6 * size)
    axes = figure.add_subplot()
    peak = max(values.max(), 1.0)
    image = axes.imshow(values, cmap="Blues", vmin=0, vmax=peak)
    for i in range(size):
        for j in range(size):
            count = int(values[i, j])
            if count:
                colour = "white" if count > 0.55 * peak else "black"
                axes.text(j, i, str(count), ha="center", va="center", color=colour, fontsize=11, fontweight="bold")
        axes.add_patch(Rectangle((i - 0.5, i - 0.5), 1, 1, fill=False, edgecolor="#000000", linewidth=1.5))
    axes.set_xticks(range(size), labels, rotation=35, ha="right")
    axes.set_yticks(range(size), labels)
    axes.set_xlabel(column_label)
    axes.set_ylabel(row_label)
    axes.set_title(title)
    figure.colorbar(image, ax=axes, label="cases", shrink=0.8)
    right = int(np.trace(values))
    total = int(values.sum())
    off = [(labels[i], labels[j], int(values[i, j])) for i in range(size) for j in range(size)
           if i != j and values[i, j]]
    lines = [f"{title}: {right} of {total} on the diagonal ({row_label} = {column_label})"]
    lines += [f"  {row_label} {a}, {column_label} {b}: {n}" for a, b, n in off]
    return _finish(figure, "\n".join(lines))


def bar_chart(title: str, x_label: str, groups: Sequence[str], series: Mapping[str, Sequence[float]], *,
              y_label: str = "count") -> Plot:
    """Grouped bars, one group per entry of ``groups`` and one bar per series, each value written on its bar.

    Introduced in chapter 5 (injected reviews: proposals, calls that reached the shop, handler runs).
    Each series has its own colour *and* hatch, and every value is printed, so a bar of 0 is still
    read as 0 and the chart needs no colour at all.
    """
    if not series:
        raise ValueError("a bar chart needs at least one series")
    for name, values in series.items():
        if len(values) != len(groups):
            raise ValueError(f"series {name!r} has {len(values)} values for {len(groups)} groups")
    figure = _figure(7.2, 4.4)
    axes = figure.add_subplot()
    width = 0.8 / len(series)
    peak = max([max(values) for values in series.values()] + [1])
    for i, (name, values) in enumerate(series.items()):
        positions = [g + (i - (len(series) - 1) / 2) * width for g in range(len(groups))]
        bars = axes.bar(positions, list(values), width, label=name, color=COLOURS[i % len(COLOURS)],
                        hatch=HATCHES[i % len(HATCHES)], edgecolor="#222222", linewidth=0.8)
        for bar, value in zip(bars, values):
            axes.text(bar.get_x() + bar.get_width() / 2, bar.get_height() + 0.015 * peak, _number(value),
                      ha="center", va="bottom", fontsize=9)
    axes.set_xticks(range(len(groups)), [textwrap.fill(str(group), 16) for group in groups])
    axes.set_ylim(0, peak * (1.25 + 0.12 * len(series)))
    if all(float(v).is_integer() for values in series.values() for v in values):  # counts: whole-number ticks
        from matplotlib.ticker import MaxNLocator

        axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_title(title)
    axes.set_xlabel(x_label)
    axes.set_ylabel(y_label)
    axes.grid(True, axis="y", color="#dddddd", linewidth=0.8)
    axes.set_axisbelow(True)
    axes.legend(loc="upper left", frameon=True)  # above the bars: the axis leaves room for it
    lines = [f"{title} ({y_label} by {x_label})"]
    lines += [f"  {group}: " + ", ".join(f"{name} {_number(values[g])}" for name, values in series.items())
              for g, group in enumerate(groups)]
    return _finish(figure, "\n".join(lines))


def cumulative(counts: Sequence[int]) -> list[int]:
    """Running totals: [0, 1, 0, 2] -> [0, 1, 1, 3]."""
    total, out = 0, []
    for count in counts:
        total += count
        out.append(total)
    return out
