"""Widget panels that also work headless: controls on top, ordinary cell output below.

Introduced in chapter 4 (the fault switchboard); the :class:`Panel` pattern is
reused by any chapter that wants a control a learner can flip.

A panel displays its controls (ipywidgets) and then its result area as plain
cell outputs, each with a fixed ``display_id``. So:

- a notebook executed headless (nbclient, nbval, CI) stores the *default*
  state's output like any other output, and nbval compares it;
- in a live JupyterLab, flipping a control recomputes and calls
  ``update_display`` with the same ids, so the same output area changes in
  place, no Output widget needed;
- tests set ``panel.controls[name].value`` from Python and read
  ``panel.result`` (what was computed) and ``panel.outputs()`` (the mime
  bundles that are, or would be, displayed).

Example (chapter 4)::

    from fcourse.lab.panels import switchboard
    switchboard()          # a dropdown of scenarios over the real runtime
"""

from __future__ import annotations

import html
import itertools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets
from IPython.display import display, update_display

from fcourse.lab.diagrams import MermaidDiagram, recovery_flowchart

__all__ = [
    "DEFAULT_SCENARIO",
    "LEDGER_COLUMNS",
    "Panel",
    "ScenarioView",
    "TextView",
    "switchboard",
]

#: The scenario the chapter-4 switchboard opens on: timed out, but already refunded.
DEFAULT_SCENARIO = "timeout_after_success"

_ids = itertools.count(1)


@dataclass(frozen=True)
class TextView:
    """A plain-text result (``text/plain`` only): also how a panel shows its own error."""

    text: str

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/plain": self.text}


class Panel:
    """Controls plus a result area that re-renders when a control changes.

    ``controls`` maps a name to an ipywidgets value widget (its ``value`` is
    what ``compute`` receives under that name). ``compute(values)`` returns
    the panel's ``result``; ``render(result)`` returns a fixed-length sequence
    of displayable objects (anything with ``_repr_mimebundle_`` or a plain
    value), one output each. ``slots`` fixes how many outputs the result
    area has (by default: as many as the first render returns); a render that
    returns fewer is padded with blanks, so a failed run (one error line) and
    a good one can replace each other in place. ``name`` only makes the
    display ids readable.
    """

    def __init__(
        self,
        controls: Mapping[str, ipywidgets.ValueWidget],
        compute: Callable[[dict[str, Any]], Any],
        render: Callable[[Any], Sequence[Any]],
        name: str = "panel",
        slots: int | None = None,
    ) -> None:
        self.controls: dict[str, ipywidgets.ValueWidget] = dict(controls)
        self.compute = compute
        self.render = render
        self.name = name
        self.slots = slots
        self.display_id = f"fcourse-{name}-{next(_ids)}"
        self.result: Any = None
        self.error: BaseException | None = None
        self._views: list[Any] = []
        self._shown = False
        self.box = ipywidgets.VBox(list(self.controls.values()))
        for control in self.controls.values():
            control.observe(self._on_change, names="value")
        self.refresh()

    @property
    def values(self) -> dict[str, Any]:
        """The controls' current values, by name."""
        return {name: control.value for name, control in self.controls.items()}

    @property
    def views(self) -> list[Any]:
        """The objects currently shown in the result area, in order."""
        return list(self._views)

    def outputs(self) -> list[dict[str, Any]]:
        """The mime bundle of each view, as it is (or would be) displayed."""
        return [_mimebundle(view) for view in self._views]

    def text(self) -> str:
        """All views' ``text/plain``, joined: handy in tests and doctests."""
        return "\n".join(str(bundle.get("text/plain", "")) for bundle in self.outputs())

    def refresh(self) -> None:
        """Recompute from the controls and update the displayed outputs in place."""
        try:
            self.result = self.compute(self.values)
            self.error = None
            views = list(self.render(self.result))
        except Exception as error:  # noqa: BLE001 - shown in the panel, not lost in a widget log
            self.result, self.error = None, error
            views = [TextView(f"{type(error).__name__}: {error}")]
        if self.slots is None and self.error is None:
            self.slots = len(views)
        if self.slots is not None:
            # the result area has a fixed number of outputs; pad with blanks
            views = (views + [TextView("")] * self.slots)[: self.slots]
        self._views = views
        if self._shown:
            for index, view in enumerate(self._views):
                update_display(view, display_id=f"{self.display_id}-{index}")

    def _on_change(self, change: Mapping[str, Any]) -> None:
        self.refresh()

    def placeholder(self) -> str:
        """The controls' ``text/plain``: what a notebook shows where widgets can't render.

        An untrusted notebook (any fresh clone) or a plain-text viewer shows
        this instead of the live controls; it is also what nbval compares.
        """
        values = ", ".join(f"{name}={value!r}" for name, value in self.values.items())
        return f"controls: {values} (interactive once the notebook runs)"

    def _ipython_display_(self) -> None:
        bundle = self.box._repr_mimebundle_()
        if bundle:
            bundle = dict(bundle)
            bundle["text/plain"] = self.placeholder()
            display(bundle, raw=True)
        else:  # pragma: no cover - a widget without a view
            display(self.box)
        for index, view in enumerate(self._views):
            display(view, display_id=f"{self.display_id}-{index}")
        self._shown = True

    def __repr__(self) -> str:
        return f"Panel({self.name!r}, values={self.values!r})"


def _mimebundle(view: Any) -> dict[str, Any]:
    method = getattr(view, "_repr_mimebundle_", None)
    if method is not None:
        bundle = method()
        return dict(bundle[0] if isinstance(bundle, tuple) else bundle)
    return {"text/plain": repr(view)}


# --------------------------------------------------------------------- chapter 4


class ScenarioView:
    """One scenario's outcome as text and HTML: trace, handler count, ledger, response.

    ``ledger_columns`` picks which ledger columns to show (those missing from
    the rows are skipped); None shows every column.
    """

    def __init__(self, result: Any, ledger_columns: Sequence[str] | None = None) -> None:
        self.result = result
        self.ledger_columns = tuple(ledger_columns) if ledger_columns is not None else None

    def _response_dict(self) -> dict[str, Any]:
        response = getattr(self.result, "response", None)
        if response is None:
            return {}
        if hasattr(response, "to_dict"):
            return dict(response.to_dict())
        fields = ("status", "error_code", "message", "data", "retry_safe")
        return {name: getattr(response, name, None) for name in fields}

    def _ledger(self) -> tuple[list[str], list[list[str]]]:
        rows = [dict(row) for row in getattr(self.result, "ledger_rows", ()) or ()]
        columns: list[str] = []
        for row in rows:
            columns += [key for key in row if key not in columns]
        if self.ledger_columns is not None:
            columns = [c for c in self.ledger_columns if c in columns]
        return columns, [[_cell(row.get(c)) for c in columns] for row in rows]

    def text(self) -> str:
        """The ``text/plain`` form (what nbval compares)."""
        r = self.result
        lines = [f"scenario: {r.name}", "trace:"]
        lines += [f"  {line}" for line in r.trace]
        lines.append(f"handler_execution_count (from the ledger): {r.handler_execution_count}")
        lines.append("response: " + json.dumps(self._response_dict(), sort_keys=True, default=str))
        columns, rows = self._ledger()
        if rows:
            widths = [max(len(c), *(len(row[i]) for row in rows)) for i, c in enumerate(columns)]
            lines.append("ledger:")
            lines.append("  " + " | ".join(c.ljust(w) for c, w in zip(columns, widths)).rstrip())
            for row in rows:
                lines.append("  " + " | ".join(v.ljust(w) for v, w in zip(row, widths)).rstrip())
        else:
            lines.append("ledger: (no rows: the handler was never reached)")
        return "\n".join(lines)

    def html(self) -> str:
        """The ``text/html`` form JupyterLab shows."""
        r = self.result
        esc = html.escape
        count = r.handler_execution_count
        parts = [
            (
                f"<div class='fcourse-scenario'><p><b>scenario</b> <code>{esc(r.name)}</code> &nbsp; "
                f"<b>handler_execution_count</b> (from the ledger): <code>{esc(str(count))}</code></p>"
            ),
            "<pre class='fcourse-trace'>" + esc("\n".join(r.trace)) + "</pre>",
        ]
        columns, rows = self._ledger()
        if rows:
            head = "".join(f"<th>{esc(c)}</th>" for c in columns)
            body = "".join(
                "<tr>" + "".join(
                    f"<td style='white-space:nowrap'><code>{esc(v)}</code></td>" for v in row
                ) + "</tr>"
                for row in rows
            )
            parts.append(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
        else:
            parts.append("<p><i>ledger: no rows (the handler was never reached)</i></p>")
        response = json.dumps(self._response_dict(), sort_keys=True, default=str, indent=1)
        parts.append("<p><b>response</b></p><pre>" + esc(response) + "</pre></div>")
        return "".join(parts)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/plain": self.text(), "text/html": self.html()}


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, dict | list | tuple):
        return json.dumps(value, sort_keys=True, default=str, ensure_ascii=False)
    return str(value)


#: The ledger columns the switchboard shows: enough to see one refund per key.
LEDGER_COLUMNS = ("seq", "refund_id", "idempotency_key", "order_id", "amount_cents", "created_at")


def _scenario_views(result: Any) -> tuple[ScenarioView, MermaidDiagram]:
    return (
        ScenarioView(result, LEDGER_COLUMNS),
        recovery_flowchart(taken=getattr(result, "flow_path", None)),
    )


def switchboard(
    run: Callable[[str], Any] | None = None,
    scenarios: Sequence[str] | None = None,
    default: str = DEFAULT_SCENARIO,
) -> Panel:
    """The chapter-4 switchboard: pick a scenario, watch the real runtime handle it.

    A scenario is a story (the call the model proposes, and the fault the
    order service shows, if any): ``timeout_unknown``, for instance, injects
    ``Fault.CRASH_IN_FLIGHT``. The control is named ``"scenario"``.

    ``run(name)`` runs one scenario and returns a result with ``name``,
    ``trace``, ``response``, ``handler_execution_count``, ``ledger_rows`` and
    ``flow_path``; it defaults to :func:`fcourse.shop.demo.run_scenario` (imported
    when first needed), and ``scenarios`` to :data:`fcourse.shop.demo.SCENARIOS`.
    The result area shows the trace, the handler count, the ledger rows and
    the response, then the recovery flowchart with the path taken highlighted.
    """
    if run is None or scenarios is None:
        from fcourse.shop import demo

        run = run or demo.run_scenario
        scenarios = scenarios or demo.SCENARIOS
    if default not in scenarios:
        raise ValueError(f"default scenario {default!r} is not one of {tuple(scenarios)}")
    # The control lists scenarios (a story: which call, which fault injected), not faults.
    scenario = ipywidgets.Dropdown(
        options=list(scenarios),
        value=default,
        description="scenario",
        style={"description_width": "initial"},
    )
    runner = run
    return Panel(
        {"scenario": scenario},
        compute=lambda values: runner(values["scenario"]),
        render=_scenario_views,
        name="switchboard",
        slots=2,
    )
