"""Metrics over graded results: accuracy, per-language figures, confusion matrix, pass^k.

Introduced in chapter 3. Everything here is arithmetic on :class:`CaseResult`
records, so it can be tested on hand-made results without any model.

pass^k (from tau-bench): the chance that *all* of k independent tries at a case
pass. With n runs of a case of which c passed, the unbiased estimate is
C(c, k) / C(n, k), averaged over cases. k = 1 is plain accuracy; a model that
passes a case 4 times in 5 has pass^1 = 0.8 there but pass^4 = 0.2. The teaching
model is deterministic, so every run repeats the first and pass^k = pass^1.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import Any

from fcourse.evaluation.cases import Case
from fcourse.evaluation.grading import VERDICTS

__all__ = [
    "CaseResult",
    "Report",
    "accuracy",
    "confusion_matrix",
    "pass_hat_k",
    "verdict_counts",
]


@dataclass(frozen=True)
class CaseResult:
    """One run of one case: what was expected, what came back, and the verdict."""

    case: Case
    kind: str  # call / ask / answer / error
    calls: tuple[tuple[str, Any], ...] = ()  # (name, parsed arguments or None)
    content: str | None = None
    verdict: str = "pass"
    run: int = 0
    usage: dict[str, int] = field(default_factory=dict)
    error: str | None = None

    @property
    def passed(self) -> bool:
        """True when the reply is exactly what the case expects."""
        return self.verdict == "pass"

    @property
    def expected_label(self) -> str:
        """The case's outcome label (see :func:`fcourse.evaluation.grading.label_of`)."""
        return self.case.expected_label

    @property
    def got_label(self) -> str:
        """The reply's outcome label."""
        if self.kind == "call":
            return "+".join(sorted({name for name, _ in self.calls}))
        return self.kind

    def expected_text(self) -> str:
        """What the case wanted, in one line."""
        if self.case.kind != "call":
            return self.case.kind
        return " ; ".join(_call_text(c.name, c.arguments if c.arguments is not None else "…")
                          for c in self.case.calls)

    def got_text(self) -> str:
        """What came back, in one line."""
        if self.kind == "call":
            return " ; ".join(_call_text(name, args) for name, args in self.calls)
        if self.kind == "error":
            return f"error: {self.error}"
        return self.kind


def _call_text(name: str, arguments: Any) -> str:
    if isinstance(arguments, dict):
        return f"{name}({json.dumps(arguments, ensure_ascii=False, sort_keys=True)})"
    return f"{name}({arguments})"


def accuracy(results: Iterable[CaseResult]) -> float:
    """The share of results that pass (0.0 for no results)."""
    results = list(results)
    return sum(r.passed for r in results) / len(results) if results else 0.0


def verdict_counts(results: Iterable[CaseResult]) -> dict[str, int]:
    """How many results got each verdict (every verdict listed, zeros included)."""
    counts = Counter(r.verdict for r in results)
    return {v: counts.get(v, 0) for v in VERDICTS}


def confusion_matrix(results: Iterable[CaseResult]) -> tuple[list[str], list[list[int]]]:
    """Labels and counts: ``matrix[i][j]`` = results expected ``labels[i]`` that got ``labels[j]``.

    Labels are the tools in the order they first appear as expected outcomes, then
    ``ask`` and ``answer``, then any label only ever *got* (a tool nobody expected).
    """
    results = list(results)
    labels: list[str] = []
    for label in [r.expected_label for r in results if r.case.kind == "call"] + ["ask", "answer"]:
        if label not in labels:
            labels.append(label)
    for r in results:
        if r.got_label not in labels:
            labels.append(r.got_label)
    index = {label: i for i, label in enumerate(labels)}
    matrix = [[0] * len(labels) for _ in labels]
    for r in results:
        matrix[index[r.expected_label]][index[r.got_label]] += 1
    return labels, matrix


def pass_hat_k(outcomes: Sequence[Sequence[bool]], k: int) -> float:
    """pass^k over cases, each given as the list of its runs' pass/fail (n >= k runs each)."""
    if k < 1:
        raise ValueError("k must be at least 1")
    if not outcomes:
        return 0.0
    total = 0.0
    for runs in outcomes:
        n, c = len(runs), sum(bool(x) for x in runs)
        if n < k:
            raise ValueError(f"pass^{k} needs at least {k} runs of every case, one case has {n}")
        total += comb(c, k) / comb(n, k)
    return total / len(outcomes)


@dataclass(frozen=True)
class Report:
    """All results of a harness run (``k`` runs of each case) and the figures computed from them."""

    results: tuple[CaseResult, ...]
    k: int = 1
    model: str = ""

    def first_runs(self) -> list[CaseResult]:
        """Run 0 of each case (the figures below are over these, except pass^k)."""
        return [r for r in self.results if r.run == 0]

    @property
    def accuracy(self) -> float:
        """The share of cases whose first run passes."""
        return accuracy(self.first_runs())

    @property
    def passed(self) -> int:
        """How many cases passed on their first run."""
        return sum(r.passed for r in self.first_runs())

    def __len__(self) -> int:
        return len(self.first_runs())

    def runs_by_case(self) -> dict[str, list[bool]]:
        """Case id -> pass/fail of each of its runs, in run order."""
        runs: dict[str, list[bool]] = defaultdict(list)
        for r in sorted(self.results, key=lambda r: r.run):
            runs[r.case.id].append(r.passed)
        return dict(runs)

    def pass_hat_k(self, k: int | None = None) -> float:
        """pass^k over the cases (k defaults to the number of runs)."""
        return pass_hat_k(list(self.runs_by_case().values()), k or self.k)

    def by(self, attribute: str) -> dict[str, tuple[int, int, float]]:
        """``attribute`` value (``lang``, ``category``) -> (passed, cases, accuracy)."""
        groups: dict[str, list[CaseResult]] = defaultdict(list)
        for r in self.first_runs():
            groups[getattr(r.case, attribute)].append(r)
        return {key: (sum(r.passed for r in rs), len(rs), accuracy(rs)) for key, rs in groups.items()}

    def verdicts(self) -> dict[str, int]:
        """Verdict -> how many cases got it on their first run."""
        return verdict_counts(self.first_runs())

    @property
    def unnecessary_calls(self) -> int:
        """Cases where no call was wanted and the model called a tool anyway."""
        return self.verdicts()["unnecessary_call"]

    @property
    def wrong_calls(self) -> int:
        """Cases where a call was wanted and the model called the wrong tool or with wrong arguments."""
        v = self.verdicts()
        return v["wrong_tool"] + v["wrong_arguments"]

    def confusion(self) -> tuple[list[str], list[list[int]]]:
        """The confusion matrix of the first runs (see :func:`confusion_matrix`)."""
        return confusion_matrix(self.first_runs())

    def failures(self) -> list[CaseResult]:
        """The first runs that did not pass."""
        return [r for r in self.first_runs() if not r.passed]

    def usage(self) -> dict[str, int]:
        """Tokens used by every run, summed."""
        total: Counter[str] = Counter()
        for r in self.results:
            total.update({k: v for k, v in r.usage.items() if isinstance(v, int)})
        return dict(total)

    def summary(self) -> dict[str, Any]:
        """The headline figures as plain data."""
        return {
            "model": self.model,
            "cases": len(self),
            "passed": self.passed,
            "accuracy": round(self.accuracy, 4),
            "by_language": {k: f"{p}/{n}" for k, (p, n, _) in sorted(self.by("lang").items())},
            "unnecessary_calls": self.unnecessary_calls,
            "wrong_calls": self.wrong_calls,
            "verdicts": {k: v for k, v in self.verdicts().items() if v},
            f"pass^{self.k}": round(self.pass_hat_k(), 4),
        }
