"""Showing chapter 1's sweep: a table, a stacked-bar chart, and a progress bar nbval can compare.

Introduced in chapter 1. Every view answers ``_repr_mimebundle_`` with
``text/html`` (what JupyterLab shows) and ``text/plain`` (what nbval compares),
both computed from a :class:`fcourse.prompting.sweep.SweepResult`, so no figure
is ever typed by hand. The chart is a matplotlib PNG: one stacked bar per
strategy, split into the four outcomes, with a ``text/plain`` of its counts.

:class:`ProgressBar` is an ipywidgets ``IntProgress``. Its ``text/plain`` is a
fixed sentence, and nbval skips the widget view itself (its model id is random),
so a notebook that shows it stays byte-stable.
"""

from __future__ import annotations

import base64
import html
import io
from typing import Any

import ipywidgets
from IPython.display import display

from fcourse.prompting.sweep import OUTCOME_LABELS, OUTCOMES, SweepResult

__all__ = ["OUTCOME_COLOURS", "OUTCOME_HATCHES", "ProgressBar", "SweepChart", "SweepTable"]

#: one colour per outcome, far apart in lightness (dark green, light grey, mid red, dark purple)
OUTCOME_COLOURS: dict[str, str] = {"right": "#1b5e20", "loud": "#d9d9d9", "wrong": "#e06666", "invented": "#4a148c"}
#: and a hatch each, so the bars also part in greyscale
OUTCOME_HATCHES: dict[str, str] = {"right": "", "loud": "..", "wrong": "xx", "invented": "//"}


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
    """Stacked horizontal bars, one per strategy, split into the four outcomes: a matplotlib PNG.

    The bundle carries ``image/png`` (JupyterLab, GitHub, VS Code and nbviewer
    all show it) and a ``text/plain`` line per strategy with the counts, which
    is what nbval compares (it skips image bytes). Colours are chosen to differ
    in lightness and each outcome has its own hatch, so the chart also reads in
    greyscale.
    """

    def __init__(self, result: SweepResult, title: str | None = None) -> None:
        self.result = result
        self.counts = result.counts()
        self.title = title or _caption(result)

    def text(self) -> str:
        """The ``text/plain`` form: the caption, then each strategy's counts."""
        name_width = max(len(s) for s in self.result.strategies)
        lines = [self.title]
        for s in self.result.strategies:
            lines.append(f"{s.ljust(name_width)}  " + " · ".join(
                f"{self.counts[s][o]} {OUTCOME_LABELS[o]}" for o in OUTCOMES))
        return "\n".join(lines)

    def figure(self) -> Any:
        """The chart as a ``matplotlib.figure.Figure`` (no pyplot: no global state, no window)."""
        from matplotlib.figure import Figure

        strategies = list(self.result.strategies)
        figure = Figure(figsize=(8.4, 1.2 + 0.55 * len(strategies)), dpi=100, layout="constrained")
        axes = figure.add_subplot()
        rows = range(len(strategies))
        left = [0] * len(strategies)
        for outcome in OUTCOMES:
            widths = [self.counts[s][outcome] for s in strategies]
            bars = axes.barh(rows, widths, left=left, color=OUTCOME_COLOURS[outcome], hatch=OUTCOME_HATCHES[outcome],
                             edgecolor="#222222", linewidth=0.6, label=OUTCOME_LABELS[outcome])
            labels = [str(w) if w >= self.result.n * 0.03 else "" for w in widths]
            axes.bar_label(bars, labels=labels, label_type="center", fontsize=8,
                           color="white" if outcome in ("right", "invented") else "black",
                           bbox={"boxstyle": "round,pad=0.15", "facecolor": OUTCOME_COLOURS[outcome],
                                 "edgecolor": "none"})
            left = [a + b for a, b in zip(left, widths)]
        axes.set_yticks(list(rows), strategies)
        axes.invert_yaxis()
        axes.set_xlim(0, self.result.n)
        axes.set_xlabel(f"sampled replies (of {self.result.n})")
        axes.set_ylabel("parsing strategy")
        axes.set_title(self.title, fontsize=9)
        axes.legend(loc="lower center", bbox_to_anchor=(0.5, 1.12), ncols=len(OUTCOMES), fontsize=8, frameon=False)
        return figure

    def png(self) -> bytes:
        """The chart as PNG bytes (no metadata that would change from one run to the next)."""
        buffer = io.BytesIO()
        self.figure().savefig(buffer, format="png", metadata={"Software": None})
        return buffer.getvalue()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"image/png": base64.b64encode(self.png()).decode("ascii"), "text/plain": self.text()}


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
