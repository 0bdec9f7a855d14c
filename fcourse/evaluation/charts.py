"""Tables and charts for chapter 3's figures, as deterministic text nbval can compare.

Introduced in chapter 3. Three displayable objects, each with a ``text/plain``
form (what nbval compares and a plain-text viewer shows) and a rich form:

- :class:`Table`: rows of cells, as aligned text and an HTML table;
- :func:`confusion_chart`: the confusion matrix as an HTML table shaded by count
  (the diagonal green, mistakes red) - a heat map with no plotting library;
- :func:`line_chart`: a mermaid ``xychart-beta`` line chart (``text/vnd.mermaid``,
  drawn offline by JupyterLab 4.6). mermaid-py has no builder for xychart, so the
  few lines of its syntax are written here.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fcourse.lab.diagrams import MermaidDiagram

__all__ = ["ConfusionChart", "Table", "confusion_chart", "line_chart", "percent"]


def percent(value: float) -> str:
    """0.875 -> ``87.5%`` (one decimal, no trailing ``.0``)."""
    return f"{value * 100:.1f}".removesuffix(".0") + "%"


@dataclass(frozen=True)
class Table:
    """A small table: ``columns`` and ``rows`` of cells (anything ``str()`` can show)."""

    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    title: str = ""

    @classmethod
    def of(cls, columns: Sequence[str], rows: Sequence[Sequence[Any]], title: str = "") -> Table:
        """Build from any sequences."""
        return cls(tuple(columns), tuple(tuple(r) for r in rows), title)

    def text(self) -> str:
        """Aligned plain text (``text/plain``)."""
        cells = [[str(c) for c in self.columns]] + [[str(c) for c in row] for row in self.rows]
        widths = [max(_width(row[i]) for row in cells) for i in range(len(self.columns))]
        lines = [self.title] if self.title else []
        for n, row in enumerate(cells):
            lines.append(" | ".join(c + " " * (w - _width(c)) for c, w in zip(row, widths)).rstrip())
            if n == 0:
                lines.append("-+-".join("-" * w for w in widths))
        return "\n".join(lines)

    def html(self) -> str:
        """An HTML table (``text/html``)."""
        esc = html.escape
        head = "".join(f"<th>{esc(str(c))}</th>" for c in self.columns)
        body = "".join(
            "<tr>" + "".join(f"<td><code>{esc(str(c))}</code></td>" for c in row) + "</tr>" for row in self.rows
        )
        caption = f"<caption>{esc(self.title)}</caption>" if self.title else ""
        return f"<table>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/plain": self.text(), "text/html": self.html()}


def _width(text: str) -> int:
    """Display width: CJK characters take two columns."""
    return sum(2 if "\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" else 1 for ch in text)


@dataclass(frozen=True)
class ConfusionChart:
    """A confusion matrix shown as a shaded table (rows: expected, columns: got)."""

    labels: tuple[str, ...]
    matrix: tuple[tuple[int, ...], ...]
    title: str = "Confusion matrix (rows: expected, columns: got)"

    def text(self) -> str:
        """The counts as aligned text, rows expected, columns got."""
        rows = [(f"expected {label}", *(n or "." for n in row)) for label, row in zip(self.labels, self.matrix)]
        return Table.of(["", *self.labels], rows, self.title).text()

    def html(self) -> str:
        """An HTML heat table: green on the diagonal, red off it, darker for more cases."""
        esc = html.escape
        peak = max([n for row in self.matrix for n in row] + [1])
        head = "<th>expected \\ got</th>" + "".join(f"<th><code>{esc(label)}</code></th>" for label in self.labels)
        rows = []
        for i, (label, row) in enumerate(zip(self.labels, self.matrix)):
            cells = []
            for j, n in enumerate(row):
                alpha = 0.15 + 0.75 * n / peak if n else 0.0
                colour = f"rgba(45,106,79,{alpha:.2f})" if i == j else f"rgba(192,57,43,{alpha:.2f})"
                style = f"background:{colour};text-align:center;min-width:3em"
                cells.append(f"<td style='{style}'>{n if n else ''}</td>")
            rows.append(f"<tr><th><code>{esc(label)}</code></th>{''.join(cells)}</tr>")
        return (f"<table><caption>{esc(self.title)}</caption><thead><tr>{head}</tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table>")

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/plain": self.text(), "text/html": self.html()}


def confusion_chart(labels: Sequence[str], matrix: Sequence[Sequence[int]], title: str | None = None) -> ConfusionChart:
    """The chart of a confusion matrix (``Report.confusion()`` gives both arguments)."""
    if len(matrix) != len(labels) or any(len(row) != len(labels) for row in matrix):
        raise ValueError("the matrix must be square, one row and one column per label")
    kwargs = {"title": title} if title else {}
    return ConfusionChart(tuple(labels), tuple(tuple(int(n) for n in row) for row in matrix), **kwargs)


def _quote(text: str) -> str:
    return '"' + str(text).replace('"', "'") + '"'


def line_chart(title: str, x_title: str, x_labels: Sequence[Any], series: dict[str, Sequence[float]],
               y_title: str = "accuracy (%)", y_range: tuple[float, float] = (0, 100)) -> MermaidDiagram:
    """A mermaid ``xychart-beta`` line chart: one line per series, values in ``y_range``.

    ``series`` maps a name to one value per x label (already scaled, e.g. percent).
    mermaid draws no legend for xychart lines, so the series names are listed in
    the title, in drawing order.
    """
    for name, values in series.items():
        if len(values) != len(x_labels):
            raise ValueError(f"series {name!r} has {len(values)} values for {len(x_labels)} x labels")
    names = " vs ".join(series) if len(series) > 1 else ""
    full_title = f"{title} ({names})" if names else title
    lines = [
        "xychart-beta",
        f"    title {_quote(full_title)}",
        f"    x-axis {_quote(x_title)} [{', '.join(_quote(x) for x in x_labels)}]",
        f"    y-axis {_quote(y_title)} {y_range[0]:g} --> {y_range[1]:g}",
    ]
    for values in series.values():
        lines.append(f"    line [{', '.join(f'{v:.1f}'.removesuffix('.0') for v in values)}]")
    return MermaidDiagram("\n".join(lines) + "\n")
