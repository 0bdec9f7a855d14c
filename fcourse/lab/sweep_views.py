"""Showing chapter 1's sweep: a table, a stacked-bar chart, and a progress bar nbval can compare.

Introduced in chapter 1. Every view answers ``_repr_mimebundle_`` with
``text/html`` (what JupyterLab shows) and ``text/plain`` (what nbval compares),
both computed from a :class:`fcourse.prompting.sweep.SweepResult`, so no figure
is ever typed by hand. The chart is plain HTML (no plotting dependency): one
bar per strategy, split into the three outcomes.

:class:`ProgressBar` is an ipywidgets ``IntProgress``. Its ``text/plain`` is a
fixed sentence, and nbval skips the widget view itself (its model id is random),
so a notebook that shows it stays byte-stable.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets
from IPython.display import display

from fcourse.prompting.sweep import OUTCOME_LABELS, OUTCOMES, SweepResult

__all__ = ["OUTCOME_COLOURS", "ProgressBar", "SweepChart", "SweepTable"]

#: one colour per outcome: green for right, grey for a loud failure, red for the dangerous one
OUTCOME_COLOURS: dict[str, str] = {"right": "#2d6a4f", "loud": "#9aa0a6", "wrong": "#c0392b"}
_TEXT_MARKS = {"right": "=", "loud": ".", "wrong": "X"}


def _percent(count: int, total: int) -> str:
    return f"{100 * count / total:.1f}%" if total else "-"


def _caption(result: SweepResult) -> str:
    check = "checked against the tools' schemas" if result.checked_against_tools else "no schema check"
    return f"{result.n} sampled replies (temperature {result.temperature:g}, seeds 0..{result.n - 1}), {check}"


class SweepTable:
    """Outcome counts per strategy, with percentages."""

    def __init__(self, result: SweepResult) -> None:
        self.result = result
        self.counts = result.counts()

    def text(self) -> str:
        """The ``text/plain`` table."""
        heads = ["strategy", *(OUTCOME_LABELS[o] for o in OUTCOMES)]
        rows = [
            [s, *(f"{self.counts[s][o]} ({_percent(self.counts[s][o], self.result.n)})" for o in OUTCOMES)]
            for s in self.result.strategies
        ]
        widths = [max(len(r[i]) for r in [heads, *rows]) for i in range(len(heads))]
        lines = [_caption(self.result)]
        lines += ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
                  for row in [heads, *rows]]
        return "\n".join(lines)

    def html(self) -> str:
        """The ``text/html`` table."""
        head = "".join(f"<th>{html.escape(OUTCOME_LABELS[o])}</th>" for o in OUTCOMES)
        body = "".join(
            f"<tr><td><code>{html.escape(s)}</code></td>"
            + "".join(
                f"<td style='text-align:right'>{self.counts[s][o]} ({_percent(self.counts[s][o], self.result.n)})</td>"
                for o in OUTCOMES
            )
            + "</tr>"
            for s in self.result.strategies
        )
        return (f"<p>{html.escape(_caption(self.result))}</p>"
                f"<table><thead><tr><th>strategy</th>{head}</tr></thead><tbody>{body}</tbody></table>")

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/plain": self.text(), "text/html": self.html()}


class SweepChart:
    """One horizontal bar per strategy, split into right / loud / wrong."""

    def __init__(self, result: SweepResult, width: int = 60) -> None:
        self.result = result
        self.counts = result.counts()
        self.width = width

    def _segments(self, strategy: str) -> list[tuple[str, int]]:
        """Each outcome's share of ``width`` characters (largest remainders, so they add up)."""
        n = self.result.n or 1
        exact = {o: self.counts[strategy][o] * self.width / n for o in OUTCOMES}
        sizes = {o: int(exact[o]) for o in OUTCOMES}
        for o in sorted(OUTCOMES, key=lambda o: (-(exact[o] - sizes[o]), OUTCOMES.index(o))):
            if sum(sizes.values()) >= self.width:
                break
            sizes[o] += 1
        return [(o, sizes[o]) for o in OUTCOMES]

    def text(self) -> str:
        """The ``text/plain`` chart: ``=`` right, ``.`` failed loudly, ``X`` parsed but wrong."""
        name_width = max(len(s) for s in self.result.strategies)
        lines = [_caption(self.result)]
        for s in self.result.strategies:
            bar = "".join(_TEXT_MARKS[o] * size for o, size in self._segments(s))
            counts = " · ".join(f"{self.counts[s][o]} {o}" for o in OUTCOMES)
            lines.append(f"{s.ljust(name_width)} |{bar}| {counts}")
        lines.append("legend: " + ", ".join(f"{_TEXT_MARKS[o]} {OUTCOME_LABELS[o]}" for o in OUTCOMES))
        return "\n".join(lines)

    def html(self) -> str:
        """The ``text/html`` chart: stacked bars drawn with CSS widths."""
        n = self.result.n or 1
        rows = []
        for s in self.result.strategies:
            parts = "".join(
                f"<div title='{html.escape(OUTCOME_LABELS[o])}: {self.counts[s][o]}' "
                f"style='width:{100 * self.counts[s][o] / n:.2f}%;background:{OUTCOME_COLOURS[o]};"
                f"color:white;font-size:11px;text-align:center;overflow:hidden'>"
                f"{self.counts[s][o] if self.counts[s][o] else ''}</div>"
                for o in OUTCOMES
            )
            rows.append(
                f"<div style='display:flex;align-items:center;margin:3px 0'>"
                f"<code style='width:7em'>{html.escape(s)}</code>"
                f"<div style='display:flex;width:32em;height:1.4em'>{parts}</div></div>"
            )
        legend = " ".join(
            f"<span style='color:{OUTCOME_COLOURS[o]}'>■</span> {html.escape(OUTCOME_LABELS[o])}" for o in OUTCOMES
        )
        return f"<p>{html.escape(_caption(self.result))}</p>{''.join(rows)}<p>{legend}</p>"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/plain": self.text(), "text/html": self.html()}


class ProgressBar:
    """An ipywidgets progress bar whose stored output never changes from run to run.

    ``bar = ProgressBar(240, "sampling")``; show it (``display(bar)`` or as a
    cell's last value), then pass ``bar.update`` as a sweep's ``progress``.
    Headless, the widget view is skipped by nbval and the ``text/plain`` is a
    fixed sentence; the final value lives in the widget state only.
    """

    def __init__(self, total: int, description: str = "progress") -> None:
        self.total = total
        self.widget = ipywidgets.IntProgress(value=0, min=0, max=total, description=description)

    @property
    def value(self) -> int:
        """How many steps are done."""
        return int(self.widget.value)

    def update(self, done: int, total: int | None = None) -> None:
        """Set the bar to ``done`` (of ``total``, if it changed)."""
        if total is not None and total != self.widget.max:
            self.widget.max = total
        self.widget.value = done

    def placeholder(self) -> str:
        """What nbval compares, and what a viewer without widgets shows."""
        return f"progress bar: {self.widget.description}, {self.total} steps (live in JupyterLab)"

    def _ipython_display_(self) -> None:
        bundle = dict(self.widget._repr_mimebundle_() or {})
        bundle["text/plain"] = self.placeholder()
        display(bundle, raw=True)
