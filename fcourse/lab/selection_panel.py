"""The chapter-3 selection panel: edit or swap two descriptions, re-run the four scenarios live.

Introduced in chapter 3. Two text boxes hold the descriptions of
``refund_order`` and ``cancel_order``; a checkbox swaps them. Every change
re-runs the four reference scenarios through the real SDK client and shows

1. the scenarios' table (expected, got, pass/fail), and
2. beside each scenario, the teaching model's decision record: the score of each
   tool with the words that carried it, and where each argument came from.

It follows :class:`fcourse.lab.panels.Panel`: headless, the default state's
output is ordinary cell output that nbval compares; tests set
``panel.controls["refund"].value`` and read ``panel.text()``. On a provider
there is no decision record; the panel says so and still runs the scenarios.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import ipywidgets

from fcourse.evaluation.charts import Table
from fcourse.evaluation.glassbox import decision_tables
from fcourse.evaluation.metrics import Report
from fcourse.evaluation.scenarios import reference_scenarios, reference_tools, run_scenarios, swap_descriptions
from fcourse.lab.panels import Panel

__all__ = ["DecisionsView", "scenario_tools", "selection_panel"]


def scenario_tools(refund: str, cancel: str, swap: bool = False) -> list[dict[str, Any]]:
    """The reference tools with these two descriptions (exchanged when ``swap``)."""
    tools = reference_tools()
    for tool in tools:
        name = tool["function"]["name"]
        if name == "refund_order":
            tool["function"]["description"] = refund
        elif name == "cancel_order":
            tool["function"]["description"] = cancel
    return swap_descriptions(tools) if swap else tools


@dataclass(frozen=True)
class DecisionsView:
    """Each scenario's request and decision record, as text and HTML."""

    blocks: tuple[tuple[str, str, tuple[Table, ...]], ...]  # (scenario id, request, tables)

    def text(self) -> str:
        """Plain text: one block per scenario."""
        parts = []
        for case_id, request, tables in self.blocks:
            parts.append(f"[{case_id}] {request}")
            parts += ["  " + line for table in tables for line in table.text().splitlines()]
        return "\n".join(parts)

    def html(self) -> str:
        """HTML: one block per scenario."""
        parts = []
        for case_id, request, tables in self.blocks:
            parts.append(f"<h4><code>{html.escape(case_id)}</code> {html.escape(request)}</h4>")
            parts += [table.html() for table in tables]
        return "<div class='fcourse-decisions'>" + "".join(parts) + "</div>"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/plain": self.text(), "text/html": self.html()}


def _results_table(report: Report, swap: bool) -> Table:
    rows = [(r.case.id, r.expected_text(), r.got_text(), "PASS" if r.passed else "FAIL") for r in report.first_runs()]
    title = f"four scenarios, descriptions {'SWAPPED' if swap else 'as written'}: {report.passed}/{len(report)} pass"
    return Table.of(["scenario", "expected", "got", ""], rows, title)


def selection_panel(connection: Any = None, refund: str | None = None, cancel: str | None = None) -> Panel:
    """The panel, on ``connection`` (default: ``fcourse.connect(quiet=True)``).

    ``refund`` / ``cancel`` are the descriptions the text boxes open with
    (default: the reference ones).
    """
    if connection is None:
        from fcourse.client import connect

        connection = connect(quiet=True)
    defaults = {t["function"]["name"]: t["function"]["description"] for t in reference_tools()}
    layout = ipywidgets.Layout(width="95%")
    style = {"description_width": "initial"}
    controls = {
        "refund": ipywidgets.Textarea(value=refund or defaults["refund_order"], description="refund_order",
                                      layout=layout, style=style),
        "cancel": ipywidgets.Textarea(value=cancel or defaults["cancel_order"], description="cancel_order",
                                      layout=layout, style=style),
        "swap": ipywidgets.Checkbox(value=False, description="swap the two descriptions", style=style),
    }
    cases = reference_scenarios()

    def compute(values: dict[str, Any]) -> tuple[Report, DecisionsView, bool]:
        tools = scenario_tools(values["refund"], values["cancel"], bool(values["swap"]))
        report = run_scenarios(connection.client, connection.model, tools)
        blocks = []
        for case in cases:
            try:
                tables: tuple[Table, ...] = decision_tables(connection.explain(case.messages(), tools))
            except Exception as error:  # noqa: BLE001 - a provider has no glass box: say so, keep going
                tables = (Table.of(["decision record"], [(f"not available: {error}",)]),)
            blocks.append((case.id, case.user, tables))
        return report, DecisionsView(tuple(blocks)), bool(values["swap"])

    def render(result: tuple[Report, DecisionsView, bool]) -> list[Any]:
        report, decisions, swap = result
        return [_results_table(report, swap), decisions]

    return Panel(controls, compute=compute, render=render, name="selection", slots=2)
