"""The verdict every "your turn" checker returns: one row per case, shown as text and HTML.

Introduced in chapter 0 (the first checked exercise) and used by every chapter's
checkers since. A report is plain data: ``cases`` (what was tried, what should
happen, what did, the verdict, and for a failure a ``hint``: what to look at)
and ``notes`` (extra lines, e.g. the first error). Its ``text()`` is the
``text/plain`` nbval compares, its ``_repr_html_`` what JupyterLab shows.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

__all__ = ["CheckCase", "CheckReport", "function_entry"]


@dataclass(frozen=True)
class CheckCase:
    """One checked case: what was tried, what should happen, what did, whether that is right, what to look at."""

    case: str
    expected: str
    got: str
    passed: bool
    hint: str = ""


#: what a checker's own report carries: a report built by hand (``CheckReport(...)``) never says it passed
_SEAL = object()


@dataclass(frozen=True)
class CheckReport:
    """A checker's verdict: every case, in the order they ran, plus notes; ``verdict`` ends the text.

    A checker makes its report with :meth:`sealed`; ``passed`` is True only for such a report whose every
    case passed, so a report built by hand in a notebook cell cannot stand in for the checker's.
    """

    cases: tuple[CheckCase, ...]
    notes: tuple[str, ...] = ()
    verdict: str = "all cases pass"
    seal: Any = field(default=None, repr=False, compare=False)

    @classmethod
    def sealed(cls, *fields: Any, **named: Any) -> Any:
        """The report as a checker makes it (the same fields as the constructor)."""
        return cls(*fields, **named, seal=_SEAL)

    @property
    def passed(self) -> bool:
        """A checker's report, every case passed (and there was at least one)."""
        return self.seal is _SEAL and bool(self.cases) and all(case.passed for case in self.cases)

    def failures(self) -> list[CheckCase]:
        """The cases that failed."""
        return [case for case in self.cases if not case.passed]

    def last_line(self) -> str:
        """``n/m cases passed``, followed by the verdict when all did (or a warning for a report built by hand)."""
        done = sum(case.passed for case in self.cases)
        forged = "" if self.seal is _SEAL else " - not a checker's report (built by hand), so it does not pass"
        return f"{done}/{len(self.cases)} cases passed" + (f": {self.verdict}" if self.passed else forged)

    def text(self) -> str:
        """The report as aligned plain text."""
        rows = [("case", "expected", "got", "verdict")]
        rows += [(c.case, c.expected, c.got, "pass" if c.passed else "FAIL") for c in self.cases]
        widths = [max(len(row[i]) for row in rows) for i in range(3)]
        lines = ["  ".join(row[i].ljust(widths[i]) for i in range(3)) + "  " + row[3] for row in rows]
        return "\n".join([*lines, *self.hints(), *self.notes, self.last_line()])

    def hints(self) -> list[str]:
        """``look at: ...`` for each distinct hint of the failed cases, in the order they failed."""
        seen: list[str] = []
        for case in self.failures():
            if case.hint and case.hint not in seen:
                seen.append(case.hint)
        return [f"look at: {hint}" for hint in seen]

    def _repr_html_(self) -> str:
        esc = html.escape
        left = "style='text-align:left'"  # JupyterLab right-aligns table cells by default
        head = "<tr>" + "".join(f"<th {left}>{name}</th>" for name in ("case", "expected", "got", "verdict")) + "</tr>"
        body = "".join(
            f"<tr><td {left}>{esc(c.case)}</td><td {left}><code>{esc(c.expected)}</code></td>"
            f"<td {left}><code>{esc(c.got)}</code></td>"
            f"<td style='text-align:left;color:{'#1b4332' if c.passed else '#c0392b'}'>"
            f"<b>{'pass' if c.passed else 'FAIL'}</b></td></tr>"
            for c in self.cases
        )
        notes = "".join(f"<p>{esc(note)}</p>" for note in [*self.hints(), *self.notes])
        return f"<table>{head}{body}</table>{notes}<p><b>{esc(self.last_line())}</b></p>"

    def __repr__(self) -> str:
        return self.text()


def function_entry(name: str, description: str, parameters: dict[str, Any]) -> dict[str, Any]:
    """One Chat Completions tools-menu entry, for a checker's hidden tools."""
    return {"type": "function", "function": {"name": name, "description": description, "parameters": parameters}}
