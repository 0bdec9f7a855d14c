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
retry timed out too, the status lookup is down, a SUCCEEDED recorded under other arguments;
then, beside the reference, about generated sequences of situations (a decision that counts
its own calls, or edits the situation it is given, shows there).
(The package's runtime settles those three before it asks its own ``decide_recovery``, which
is why that one needs only the status.) The report prints as tables and renders as HTML.

It lives here, in the notebook furniture, rather than in
``fcourse.runtime.recovery``: grading needs the example business and its
scenarios, and the runtime must not depend on them.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fcourse.lab.exercises.compare import Outcome, changed, first_difference, generated_row, run_all, short
from fcourse.lab.exercises.integrity import borrowed, borrowed_row, keep, restore, tampered_row
from fcourse.lab.exercises.report import CheckCase
from fcourse.runtime.recovery import CORRECT_ACTIONS, RecoveryOutcome
from fcourse.runtime.status import IdempotencyStatus
from fcourse.shop.faults import Fault
from fcourse.shop.world import DEMO_ARGUMENTS, DEMO_KEY, DEMO_SESSION, build_world

__all__ = ["RecoveryCheck", "RecoveryReport", "check_recovery_policy", "solution_decide"]

#: a learner's decision: the situation after a timed-out refund in, the action out
DecideSituation = Callable[[dict[str, Any]], Any]

_WAIT = ("AWAIT_RECONCILIATION", "MANUAL_REVIEW")


def _situations() -> list[tuple[str, dict[str, Any], str]]:
    """(situation, what decide receives, what it is about): situations a first timeout never shows. The right
    actions are worked out from the reference after the learner's function has answered."""
    return [
        ("the status lookup itself is down", {"status": None, "same_arguments": None, "retries": 0},
         "a failed lookup tells you nothing: neither retry nor claim success when nobody can say what happened"),
        ("the retry timed out too; NOT_EXECUTED again",
         {"status": "NOT_EXECUTED", "same_arguments": True, "retries": 1},
         "retry once means once: after one retry, hand the refund on instead of retrying again"),
        ("NOT_EXECUTED after two retries", {"status": "NOT_EXECUTED", "same_arguments": True, "retries": 2},
         "retry once means once: after one retry or more, hand the refund on (retries == 0, not retries < 2)"),
        ("the retry timed out too, but it went through",
         {"status": "SUCCEEDED", "same_arguments": True, "retries": 1},
         "a success is a success, on the first try or the retry: replay the stored result"),
        ("the retry timed out too; UNKNOWN", {"status": "UNKNOWN", "same_arguments": True, "retries": 1},
         "UNKNOWN after a retry is still UNKNOWN: neither retry nor claim success"),
        ("SUCCEEDED, under other arguments", {"status": "SUCCEEDED", "same_arguments": False, "retries": 0},
         "the key holds a refund with other arguments: its result is not this call's, and the key is taken, so "
         "neither replay nor retry; a person must look (reconciliation cannot settle it)"),
        ("SUCCEEDED, arguments unknown", {"status": "SUCCEEDED", "same_arguments": None, "retries": 0},
         "a success you cannot tie to this call's arguments is not this call's success: do not replay it"),
        ("a status you have never seen", {"status": "PARTIALLY_REFUNDED", "same_arguments": True, "retries": 0},
         "when you do not know what a status means, do not act on it: wait or hand it to a person"),
        ("a status in small letters", {"status": "succeeded", "same_arguments": True, "retries": 0},
         "statuses are compared exactly: 'succeeded' is not a status the domain reports, so do not act on it"),
    ]


def _right(situation: dict[str, Any]) -> tuple[str, ...]:
    """The actions that are right for ``situation``: the reference's, or either way of waiting when it waits."""
    action = solution_decide(dict(situation))
    return _WAIT if action == "AWAIT_RECONCILIATION" else (action,)


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


def _answer(outcome: Outcome) -> str:
    if not outcome.returned:
        return outcome.shown(60)
    return str(getattr(outcome.value, "value", outcome.value))


def _judge_situations(decide: DecideSituation) -> tuple[list[CheckCase], list[str]]:
    situations = _situations()
    given = [dict(situation) for _, situation, _ in situations]
    outcomes = run_all(decide, [((situation,), {}) for situation in given])
    rows, notes = [], []
    for (name, situation, about), seen, outcome in zip(situations, given, outcomes):
        right, shown = _right(situation), _answer(outcome)
        where = changed(situation, seen)
        passed = shown in right and not where
        rows.append(CheckCase(name, " or ".join(right), shown, passed))
        if where:
            notes.append(f"{name}: your decide changed the situation it was given, at {where}: read it, do not edit it")
        elif not passed:
            notes.append(f"{name}: {about}")
    if all(row.passed for row in rows):
        difference, tried = first_difference(_generated(), _compare(decide), show=_show, examples=30, budget=90)
        rows.append(generated_row("generated situations, in sequence", difference, tried, notes))
    else:
        notes.append("generated situations are compared with the reference once every situation above passes")
    return rows, notes


def _generated() -> Any:
    from hypothesis import strategies as st

    situation = st.fixed_dictionaries({
        "status": st.sampled_from(["SUCCEEDED", "NOT_EXECUTED", "UNKNOWN", None, "IN_PROGRESS", "PARTIALLY_REFUNDED"]),
        "same_arguments": st.sampled_from([True, True, False, None]), "retries": st.integers(0, 2)})
    return st.lists(situation, min_size=1, max_size=4)


def _show(value: Any) -> str:
    return " then ".join(short(s, 80) for s in value)


def _compare(decide: DecideSituation) -> Callable[[Any], tuple[str, str] | None]:
    def compare(value: Any) -> tuple[str, str] | None:
        given = [dict(situation) for situation in value]
        outcomes = run_all(decide, [((situation,), {}) for situation in given], timeout=10)
        for situation, seen, outcome in zip(value, given, outcomes):
            right, shown = _right(situation), _answer(outcome)
            if changed(situation, seen):
                return "it changed the situation it was given", "read the situation, do not edit it"
            if shown not in right:
                return (f"for {short(situation, 80)} yours: {shown}, right: {' or '.join(right)}",
                        "decide from this situation alone, the same way every time (keep no count between calls): "
                        "replay only a SUCCEEDED with the same arguments, retry only a NOT_EXECUTED never retried, "
                        "MANUAL_REVIEW for a SUCCEEDED under other arguments, else wait")
        return None

    return compare


def check_recovery_policy(decide: DecideSituation) -> RecoveryReport:
    """Run ``decide`` through the real runtime against every fault, then on the harder situations.

    Each fault gets a fresh in-memory database, the demo's fixed clock and data, and one ``refund_order``
    call. The report is deterministic, so a notebook can print it.
    """
    replaced = restore()
    first = [row for row in (tampered_row(replaced), borrowed_row(decide, _REFERENCES)) if row is not None]
    if borrowed(decide, _REFERENCES):
        return RecoveryReport((), tuple(first), tuple(f"{row.case}: {row.hint}" for row in first))
    situations, notes = _judge_situations(decide)
    notes = [*(f"{row.case}: {row.hint}" for row in first), *notes]
    runtime_decide = _as_runtime_decide(decide)
    checks = []
    for fault in Fault:
        if fault is Fault.NONE:
            continue
        world = build_world(":memory:", decide=runtime_decide)
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
        checks.append(RecoveryCheck(fault=str(fault), idempotency_status=status, expected=expected, action=action,
                                    final=outcome.final, handler_execution_count=count, refund_requests=requests,
                                    passed=not problem, problem=problem))
    return RecoveryReport(tuple(checks), tuple([*first, *situations]), tuple(notes))


#: the reference: a decision that is (or calls) it is not the learner's
_REFERENCES = {"fcourse.lab.exercises.recovery.solution_decide": solution_decide}

keep(__name__)
