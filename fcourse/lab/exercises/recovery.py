"""Chapter 4's exercise checker: grade a learner's recovery decision on the real runtime, then on harder cases.

Introduced in chapter 4. The learner writes ``decide(situation) -> action``. ``situation`` is a
dict: ``status`` (what the refund domain says happened under the idempotency key:
``"SUCCEEDED"``, ``"NOT_EXECUTED"``, ``"UNKNOWN"``, or ``None`` when the status lookup itself
failed), ``same_arguments`` (whether the key was recorded with this call's arguments: True,
False, or None when nobody can tell) and ``retries`` (how many retries were made already).
The action is one of ``REPLAY_SUCCESS``, ``RETRY_ONCE``, ``AWAIT_RECONCILIATION``,
``MANUAL_REVIEW``.

``check_recovery_policy(decide)`` does two things. It builds the demo world
(``fcourse.shop.world``) once per fault of ``fcourse.shop.faults``, injects the fault,
sends one ``refund_order`` through the recovering runtime with ``decide`` plugged in, and
says per fault whether the action was right and what went wrong (double execution, success
claimed without a ledger effect, a retry while UNKNOWN, ...). Then it asks ``decide`` about
situations a first timeout never shows, whose answers the notebook does not print: the
retry timed out too, the status lookup is down, a SUCCEEDED recorded under other arguments.
(The package's runtime settles those three before it asks its own ``decide_recovery``, which
is why that one needs only the status.) The report prints as tables and renders as HTML.

It lives here, in the notebook furniture, rather than in
``fcourse.runtime.recovery``: grading needs the example business and its
scenarios, and the runtime must not depend on them.
"""

from __future__ import annotations

import html
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fcourse.lab.exercises.report import CheckCase
from fcourse.runtime.recovery import CORRECT_ACTIONS, RecoveryOutcome
from fcourse.runtime.status import IdempotencyStatus
from fcourse.shop.faults import Fault
from fcourse.shop.world import DEMO_ARGUMENTS, DEMO_KEY, DEMO_SESSION, build_world

__all__ = ["SITUATIONS", "RecoveryCheck", "RecoveryReport", "check_recovery_policy", "solution_decide"]

#: a learner's decision: the situation after a timed-out refund in, the action out
DecideSituation = Callable[[dict[str, Any]], Any]

_WAIT = ("AWAIT_RECONCILIATION", "MANUAL_REVIEW")

#: (situation, what decide receives, the right actions, what the situation is about)
SITUATIONS: tuple[tuple[str, dict[str, Any], tuple[str, ...], str], ...] = (
    ("the status lookup itself is down", {"status": None, "same_arguments": None, "retries": 0}, _WAIT,
     "a failed lookup tells you nothing: neither retry nor claim success when nobody can say what happened"),
    ("the retry timed out too; NOT_EXECUTED again", {"status": "NOT_EXECUTED", "same_arguments": True, "retries": 1},
     _WAIT, "retry once means once: after one retry, hand the refund on instead of retrying again"),
    ("the retry timed out too, but it went through", {"status": "SUCCEEDED", "same_arguments": True, "retries": 1},
     ("REPLAY_SUCCESS",), "a success is a success, on the first try or the retry: replay the stored result"),
    ("the retry timed out too; UNKNOWN", {"status": "UNKNOWN", "same_arguments": True, "retries": 1}, _WAIT,
     "UNKNOWN after a retry is still UNKNOWN: neither retry nor claim success"),
    ("SUCCEEDED, under other arguments", {"status": "SUCCEEDED", "same_arguments": False, "retries": 0},
     ("MANUAL_REVIEW",), "the key holds a refund with other arguments: its result is not this call's, and the key "
     "is taken, so neither replay nor retry; a person must look (reconciliation cannot settle it)"),
    ("SUCCEEDED, arguments unknown", {"status": "SUCCEEDED", "same_arguments": None, "retries": 0}, _WAIT,
     "a success you cannot tie to this call's arguments is not this call's success: do not replay it"),
    ("a status you have never seen", {"status": "PARTIALLY_REFUNDED", "same_arguments": True, "retries": 0}, _WAIT,
     "when you do not know what a status means, do not act on it: wait or hand it to a person"),
)


def solution_decide(situation: dict[str, Any]) -> str:
    """The reference decision (the notebook reveals it on request)."""
    status = situation["status"]
    if status == "SUCCEEDED" and situation["same_arguments"] is True:
        return "REPLAY_SUCCESS"  # it happened, to this very call: hand back the stored result
    if status == "SUCCEEDED" and situation["same_arguments"] is False:
        return "MANUAL_REVIEW"  # another refund holds this key: a person must look
    if status == "NOT_EXECUTED" and situation["retries"] == 0:
        return "RETRY_ONCE"  # confirmed not done, and not retried yet: one retry, same key
    return "AWAIT_RECONCILIATION"  # anything else: neither retry nor claim success


@dataclass(frozen=True)
class RecoveryCheck:
    """One fault's verdict on a recovery decision function."""

    fault: str
    idempotency_status: str | None
    expected: tuple[str, ...]
    action: str | None
    final: str
    handler_execution_count: int
    refund_requests: int
    passed: bool
    problem: str = ""


@dataclass(frozen=True)
class RecoveryReport:
    """The verdicts of ``check_recovery_policy``, one per fault; prints as a table."""

    checks: tuple[RecoveryCheck, ...]
    situations: tuple[CheckCase, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def passed(self) -> bool:
        """True when every fault and every situation passed."""
        return all(check.passed for check in self.checks) and all(case.passed for case in self.situations)

    def failures(self) -> list[RecoveryCheck]:
        """The checks that failed."""
        return [check for check in self.checks if not check.passed]

    _COLUMNS = ("fault", "status", "action", "final", "executions", "verdict")

    def _rows(self) -> list[tuple[str, ...]]:
        return [
            (
                c.fault,
                c.idempotency_status or "-",
                c.action or "-",
                c.final,
                str(c.handler_execution_count),
                "pass" if c.passed else f"FAIL: {c.problem}",
            )
            for c in self.checks
        ]

    def __repr__(self) -> str:
        rows = [self._COLUMNS, *self._rows()]
        widths = [max(len(row[i]) for row in rows) for i in range(len(self._COLUMNS) - 1)]
        lines = []
        for row in rows:
            cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=False)]
            lines.append("  ".join([*cells, row[-1]]).rstrip())
        lines.append(self._situation_text())
        lines.extend(self.notes)
        lines.append(self.last_line())
        return "\n".join(lines)

    __str__ = __repr__

    def last_line(self) -> str:
        """How many faults and situations were handled correctly."""
        faults = sum(c.passed for c in self.checks)
        line = f"{faults}/{len(self.checks)} faults handled correctly"
        if self.situations:
            line += f", {sum(c.passed for c in self.situations)}/{len(self.situations)} harder situations"
        return line

    def _situation_text(self) -> str:
        if not self.situations:
            return ""
        rows = [("situation", "right actions", "your action", "verdict")]
        rows += [(c.case, c.expected, c.got, "pass" if c.passed else "FAIL") for c in self.situations]
        widths = [max(len(row[i]) for row in rows) for i in range(3)]
        return "\n".join("  ".join(row[i].ljust(widths[i]) for i in range(3)) + "  " + row[3] for row in rows)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self._COLUMNS)
        body = []
        for check, row in zip(self.checks, self._rows(), strict=True):
            color = "#e6f4ea" if check.passed else "#fce8e6"
            cells = "".join(f"<td>{html.escape(cell)}</td>" for cell in row)
            body.append(f'<tr style="background:{color}">{cells}</tr>')
        situations = "".join(
            f'<tr style="background:{"#e6f4ea" if c.passed else "#fce8e6"}"><td>{html.escape(c.case)}</td>'
            f"<td>{html.escape(c.expected)}</td><td>{html.escape(c.got)}</td>"
            f"<td>{'pass' if c.passed else 'FAIL'}</td></tr>"
            for c in self.situations
        )
        second = (
            "<table><thead><tr><th>situation</th><th>right actions</th><th>your action</th><th>verdict</th></tr>"
            f"</thead><tbody>{situations}</tbody></table>" if self.situations else ""
        )
        notes = "".join(f"<p>{html.escape(note)}</p>" for note in self.notes)
        return (
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>{second}{notes}"
            f"<p><b>{html.escape(self.last_line())}</b></p>"
        )


def _verdict(
    status: str | None, action: str | None, final: str, count: int, requests: int, outcome: RecoveryOutcome
) -> str:
    problems = []
    if outcome.decision_error:
        problems.append(f"your function raised {outcome.decision_error}")
    if status is not None and action is not None and not outcome.decision_error:
        correct = {str(a) for a in CORRECT_ACTIONS[IdempotencyStatus(status)]}
        if action not in correct:
            if status == "SUCCEEDED" and action == "RETRY_ONCE":
                problems.append(
                    f"retried after SUCCEEDED: the handler was called again (refund requests={requests}); "
                    f"handler_execution_count={count} only because the domain replayed the key"
                )
            elif status == "SUCCEEDED":
                problems.append(
                    f"did not replay a refund that SUCCEEDED: final={final} although handler_execution_count={count}"
                )
            elif status == "NOT_EXECUTED" and action == "REPLAY_SUCCESS":
                problems.append(f"claimed success after NOT_EXECUTED: handler_execution_count={count}")
            elif status == "NOT_EXECUTED":
                problems.append(f"gave up although a retry was safe (NOT_EXECUTED): final={final}")
            elif action == "REPLAY_SUCCESS":
                problems.append(f"claimed success while UNKNOWN: handler_execution_count={count}")
            else:
                retry = outcome.retry.code if outcome.retry is not None else "-"
                problems.append(
                    f"retried while UNKNOWN: the handler was called again (refund requests={requests}) and got "
                    f"{retry}; only the domain's idempotency record stood between it and a second refund"
                )
    if final == "SUCCESS" and count == 0:
        problems.append("reported success without a ledger effect")
    if count > 1:
        problems.append(f"double execution: handler_execution_count={count}")
    return "; ".join(dict.fromkeys(problems))


def _as_runtime_decide(decide: DecideSituation) -> Callable[[IdempotencyStatus], Any]:
    """The runtime asks with the status only, after one failed attempt whose arguments it has matched."""
    return lambda status: decide({"status": str(status), "same_arguments": True, "retries": 0})


def _situations(decide: DecideSituation) -> tuple[list[CheckCase], list[str]]:
    rows, notes = [], []
    for name, situation, right, about in SITUATIONS:
        try:
            answer = decide(dict(situation))
            shown = str(getattr(answer, "value", answer))
        except Exception as error:  # noqa: BLE001 - a raising decision is a finding
            shown = f"raised {type(error).__name__}: {error}"
        passed = shown in right
        rows.append(CheckCase(name, " or ".join(right), shown, passed))
        if not passed:
            notes.append(f"{name}: {about}")
    return rows, notes


def check_recovery_policy(decide: DecideSituation = solution_decide) -> RecoveryReport:
    """Run ``decide`` through the real runtime against every fault, then on the harder situations.

    Each fault gets a fresh database file in a temporary directory (deleted
    afterwards), the demo's fixed clock and data, and one ``refund_order``
    call. The report is deterministic, so a notebook can print it.
    """
    situations, notes = _situations(decide)
    runtime_decide = _as_runtime_decide(decide)
    checks = []
    with tempfile.TemporaryDirectory(prefix="fcourse-recovery-") as tmp:
        for fault in Fault:
            if fault is Fault.NONE:
                continue
            world = build_world(str(Path(tmp) / f"{fault.value.lower()}.db"), decide=runtime_decide)
            try:
                world.service.inject(fault, times=1)
                outcome = world.runtime.run("refund_order", dict(DEMO_ARGUMENTS), DEMO_SESSION)
                count = world.domain.execution_count(DEMO_SESSION.user_id, DEMO_KEY)
                requests = world.service.requests
            finally:
                world.close()
            status, action = outcome.idempotency_status, outcome.runtime_action
            expected = tuple(sorted(str(a) for a in CORRECT_ACTIONS[IdempotencyStatus(status)])) if status else ()
            problem = _verdict(status, action, outcome.final, count, requests, outcome)
            checks.append(
                RecoveryCheck(
                    fault=str(fault),
                    idempotency_status=status,
                    expected=expected,
                    action=action,
                    final=outcome.final,
                    handler_execution_count=count,
                    refund_requests=requests,
                    passed=not problem,
                    problem=problem,
                )
            )
    return RecoveryReport(tuple(checks), tuple(situations), tuple(notes))
