"""Two selection experiments: more similar tools, and a vaguer and vaguer description.

Introduced in chapter 3 (the training article and the guide among the original articles: a few
tools with precise descriptions beat many with sloppy ones). Both run the harness on the cases of
``data/distractor_cases.json`` and return the accuracy at each step, ready for
:func:`fcourse.evaluation.charts.line_chart`:

- :func:`distractor_curve`: offer ``refund_order`` and ``cancel_order`` plus the
  first ``n - 2`` similar tools of the file's ``distractors`` list (refund only the
  shipping fee, cancel one item, store credit ...), for each ``n`` in
  ``tool_counts`` (2, 4, 8, 16);
- :func:`vagueness_curve`: replace one tool's description by each step of the
  file's ``vagueness`` ladder, from precise ("Refund a paid order ...") to
  useless ("Does things."), everything else unchanged.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from fcourse.evaluation.cases import CaseSet, load_cases, with_tools
from fcourse.evaluation.charts import Table, line_chart, percent
from fcourse.evaluation.grading import verdict
from fcourse.evaluation.harness import Verdict, run_cases
from fcourse.evaluation.metrics import Report
from fcourse.lab.diagrams import MermaidDiagram

__all__ = ["Curve", "distractor_curve", "vagueness_curve"]


@dataclass(frozen=True)
class Curve:
    """Accuracy at each step of an experiment, with the reports behind it."""

    title: str
    x_title: str
    steps: tuple[str, ...]
    reports: tuple[Report, ...]

    @property
    def accuracies(self) -> tuple[float, ...]:
        """Accuracy at each step."""
        return tuple(r.accuracy for r in self.reports)

    def points(self) -> list[tuple[str, float]]:
        """(step, accuracy) pairs."""
        return list(zip(self.steps, self.accuracies))

    def table(self) -> Table:
        """Step, passed, accuracy, wrong and unnecessary calls."""
        rows = [(step, f"{r.passed}/{len(r)}", percent(r.accuracy), r.wrong_calls, r.unnecessary_calls,
                 r.verdicts()["missed_call"]) for step, r in zip(self.steps, self.reports)]
        return Table.of([self.x_title, "passed", "accuracy", "wrong calls", "unnecessary calls", "missed calls"],
                        rows, self.title)

    def chart(self, labels: tuple[str, ...] | None = None) -> MermaidDiagram:
        """The curve as a mermaid line chart (accuracy in percent)."""
        return line_chart(self.title, self.x_title, labels or self.steps,
                          {"accuracy": [a * 100 for a in self.accuracies]})


def _data(cases: CaseSet | None) -> CaseSet:
    return cases if cases is not None else load_cases("distractors")


def distractor_curve(client: Any = None, model: str | None = None, cases: CaseSet | None = None,
                     counts: tuple[int, ...] | None = None, *, grade: Verdict = verdict) -> Curve:
    """Accuracy as similar tools are added: ``counts`` tools offered in total (default 2, 4, 8, 16).

    ``grade`` gives each reply its verdict, as in :func:`run_cases` (chapter 3 passes the learner's judge).
    """
    data = _data(cases)
    base = data[0].tool_list()
    distractors = list(data.extra.get("distractors", []))
    counts = tuple(counts or data.extra.get("tool_counts", (2, 4, 8, 16)))
    reports = []
    for n in counts:
        if n < len(base) or n - len(base) > len(distractors):
            raise ValueError(f"{n} tools: need between {len(base)} and {len(base) + len(distractors)}")
        tools = base + copy.deepcopy(distractors[: n - len(base)])
        reports.append(run_cases(with_tools(data, tools), client, model, grade=grade))
    return Curve("Accuracy as similar tools are added", "tools offered", tuple(str(n) for n in counts),
                 tuple(reports))


def vagueness_curve(client: Any = None, model: str | None = None, cases: CaseSet | None = None, *,
                    grade: Verdict = verdict) -> Curve:
    """Accuracy as one tool's description is made vaguer, step by step (``grade``: as in :func:`run_cases`)."""
    data = _data(cases)
    ladder = data.extra.get("vagueness") or {}
    name, steps = ladder.get("tool"), list(ladder.get("steps") or [])
    if not name or not steps:
        raise ValueError("the case file has no 'vagueness' ladder ({'tool': ..., 'steps': [...]})")
    reports = []
    for description in steps:
        tools = data[0].tool_list()
        for tool in tools:
            if tool["function"]["name"] == name:
                tool["function"]["description"] = description
        reports.append(run_cases(with_tools(data, tools), client, model, grade=grade))
    return Curve(f"Accuracy as the {name} description gets vaguer", "vagueness step",
                 tuple(str(i) for i in range(len(steps))), tuple(reports))
