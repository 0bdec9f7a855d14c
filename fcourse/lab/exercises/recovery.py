"""Chapter 4's exercise checker: grade a learner's recovery decision function on the real runtime.

Introduced in chapter 4. ``check_recovery_policy(decide)`` builds the demo
world (``fcourse.shop.world``) once per fault of ``fcourse.shop.faults``,
injects the fault, sends one ``refund_order`` through the recovering runtime
with ``decide`` plugged in, and says per fault whether the action was right
and what went wrong (double execution, success claimed without a ledger
effect, a retry while UNKNOWN, ...). The report prints as a table and renders
as HTML in a notebook.

It lives here, in the notebook furniture, rather than in
``fcourse.runtime.recovery``: grading needs the example business and its
scenarios, and the runtime must not depend on them.
"""

from __future__ import annotations

import html
import tempfile
from dataclasses import dataclass
from pathlib import Path

from fcourse.runtime.recovery import CORRECT_ACTIONS, Decide, RecoveryOutcome, decide_recovery
from fcourse.runtime.status import IdempotencyStatus
from fcourse.shop.faults import Fault
from fcourse.shop.world import DEMO_ARGUMENTS, DEMO_KEY, DEMO_SESSION, build_world

__all__ = ["RecoveryCheck", "RecoveryReport", "check_recovery_policy"]


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

    @property
    def passed(self) -> bool:
        """True when every fault passed."""
        return all(check.passed for check in self.checks)

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
        passed = sum(c.passed for c in self.checks)
        lines.append(f"{passed}/{len(self.checks)} faults handled correctly")
        return "\n".join(lines)

    __str__ = __repr__

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self._COLUMNS)
        body = []
        for check, row in zip(self.checks, self._rows(), strict=True):
            color = "#e6f4ea" if check.passed else "#fce8e6"
            cells = "".join(f"<td>{html.escape(cell)}</td>" for cell in row)
            body.append(f'<tr style="background:{color}">{cells}</tr>')
        passed = sum(c.passed for c in self.checks)
        return (
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
            f"<p>{passed}/{len(self.checks)} faults handled correctly</p>"
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


def check_recovery_policy(
    decide: Decide = decide_recovery,
) -> RecoveryReport:
    """Run the decision function ``decide`` through the real runtime against every fault; say what went wrong.

    Each fault gets a fresh database file in a temporary directory (deleted
    afterwards), the demo's fixed clock and data, and one ``refund_order``
    call. The report is deterministic, so a notebook can print it.
    """
    checks = []
    with tempfile.TemporaryDirectory(prefix="fcourse-recovery-") as tmp:
        for fault in Fault:
            if fault is Fault.NONE:
                continue
            world = build_world(str(Path(tmp) / f"{fault.value.lower()}.db"), decide=decide)
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
    return RecoveryReport(tuple(checks))
