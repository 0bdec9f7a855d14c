"""The four reference scenarios and the description-swap fault injection.

Introduced in chapter 3 (the original articles' series, part 3). The runtime has already looked the
order up and injects its verified status as a system message; the model only
chooses:

============================  ==============================
paid O-100 + refund request   ``refund_order(O-100)``
unpaid O-200 + cancel request ``cancel_order(O-200)``
no order id                   ask back, no call
no refund or cancel intent    a plain answer, no call
============================  ==============================

The fault injection swaps *only* the two descriptions - names, schemas and
messages stay byte-for-byte the same (:func:`changed_fields` proves it) - and
runs the scenarios again: routing flips, the order ids stay right. Restoring the
descriptions makes the regression pass again. The cases live in
``data/reference_scenarios.json``.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from fcourse.evaluation.cases import CaseSet, load_cases, with_tools
from fcourse.evaluation.charts import Table
from fcourse.evaluation.harness import run_cases
from fcourse.evaluation.metrics import Report

__all__ = [
    "SwapExperiment",
    "changed_fields",
    "reference_scenarios",
    "reference_tools",
    "run_scenarios",
    "swap_descriptions",
    "swap_experiment",
]


def reference_scenarios() -> CaseSet:
    """The four reference scenarios (a :class:`CaseSet` of four cases)."""
    return load_cases("reference")


def reference_tools() -> list[dict[str, Any]]:
    """``refund_order`` and ``cancel_order`` as the scenarios offer them (a fresh copy)."""
    return reference_scenarios()[0].tool_list()


def _index(tools: Sequence[dict[str, Any]], name: str) -> int:
    for i, tool in enumerate(tools):
        if (tool.get("function") or {}).get("name") == name:
            return i
    raise KeyError(f"no tool named {name!r} among {[t.get('function', {}).get('name') for t in tools]}")


def swap_descriptions(tools: Sequence[dict[str, Any]], first: str = "refund_order",
                      second: str = "cancel_order") -> list[dict[str, Any]]:
    """A copy of ``tools`` with the descriptions of ``first`` and ``second`` exchanged, nothing else."""
    out = copy.deepcopy(list(tools))
    i, j = _index(out, first), _index(out, second)
    a, b = out[i]["function"], out[j]["function"]
    a["description"], b["description"] = b.get("description", ""), a.get("description", "")
    return out


def changed_fields(before: Any, after: Any, path: str = "tools") -> list[str]:
    """The paths where two JSON-like values differ (``tools[0].function.description``)."""
    if isinstance(before, dict) and isinstance(after, dict):
        out = []
        for key in sorted(set(before) | set(after)):
            if key not in before or key not in after:
                out.append(f"{path}.{key}")
            else:
                out += changed_fields(before[key], after[key], f"{path}.{key}")
        return out
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        return [p for i, (x, y) in enumerate(zip(before, after)) for p in changed_fields(x, y, f"{path}[{i}]")]
    return [] if before == after else [path]


def run_scenarios(client: Any = None, model: str | None = None, tools: list[dict[str, Any]] | None = None,
                  **params: Any) -> Report:
    """Run the four scenarios, offering ``tools`` instead of the reference tools when given."""
    cases = reference_scenarios()
    return run_cases(with_tools(cases, tools) if tools is not None else cases, client, model, **params)


class SwapExperiment:
    """Baseline, swapped and restored runs of the scenarios, and the table comparing them."""

    def __init__(self, baseline: Report, swapped: Report, restored: Report, changed: list[str]) -> None:
        self.baseline, self.swapped, self.restored = baseline, swapped, restored
        self.changed = changed

    def rows(self) -> list[tuple[str, str, str, str, str, str]]:
        """scenario, expected, baseline, swapped, restored, ids kept under the swap."""
        rows = []
        for b, s, r in zip(self.baseline.first_runs(), self.swapped.first_runs(), self.restored.first_runs()):
            ids_b = [args for _, args in b.calls]
            ids_s = [args for _, args in s.calls]
            kept = "yes" if ids_b == ids_s else "no"
            rows.append((b.case.id, b.expected_text(), _mark(b), s.got_text(), _mark(r), kept))
        return rows

    def flipped(self) -> int:
        """Scenarios whose tool changed under the swap while the arguments stayed the same."""
        return sum(
            1 for b, s in zip(self.baseline.first_runs(), self.swapped.first_runs())
            if b.kind == s.kind == "call" and b.got_label != s.got_label
            and [a for _, a in b.calls] == [a for _, a in s.calls]
        )

    def table(self) -> Table:
        """The before/after table the notebook shows."""
        return Table.of(
            ["scenario", "expected", "baseline", "descriptions swapped", "restored", "same arguments"],
            self.rows(),
        )


def _mark(result: Any) -> str:
    return f"{'PASS' if result.passed else 'FAIL'} {result.got_text()}"


def swap_experiment(client: Any = None, model: str | None = None, first: str = "refund_order",
                    second: str = "cancel_order") -> SwapExperiment:
    """Baseline → swap only the two descriptions → restore, on the four scenarios."""
    tools = reference_tools()
    swapped = swap_descriptions(tools, first, second)
    return SwapExperiment(
        baseline=run_scenarios(client, model, tools),
        swapped=run_scenarios(client, model, swapped),
        restored=run_scenarios(client, model, reference_tools()),
        changed=changed_fields(tools, swapped),
    )
