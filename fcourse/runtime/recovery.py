"""Recovery after a side-effecting tool fails: ask the domain, then replay, retry once, or wait.

Introduced in chapter 4. The runtime owns the *decision*; the domain owns the
*fact*; the model owns nothing. When a side-effecting tool with an
idempotency key answers ``EXECUTION_ERROR`` (a timeout: it may or may not
have happened), the runtime never guesses. It asks the domain for the real
status of the key, and a policy -- ``decide_recovery(status) -> RuntimeAction``,
pluggable so a learner can write their own -- picks the action::

    SUCCEEDED     -> REPLAY_SUCCESS        the stored result; the handler is NOT called again
    NOT_EXECUTED  -> RETRY_ONCE            confirmed not executed: one retry, same key
    UNKNOWN       -> AWAIT_RECONCILIATION  no retry, no claimed success; the domain's
                     (or MANUAL_REVIEW)    reconciliation (or a person) settles it

A status lookup that itself fails counts as UNKNOWN. The trace reads, for
the "timed out but already succeeded" case::

    refund_order response=EXECUTION_ERROR
    idempotency_status=SUCCEEDED
    runtime_action=REPLAY_SUCCESS
    final=SUCCESS

(``fcourse.shop.demo`` appends ``refund_order handler_execution_count=1``, counted
from the ledger.) ``check_recovery_policy(decide)`` runs any policy through
this real runtime against every fault of ``fcourse.shop.faults`` and says, per
fault, whether it passed and what went wrong.
"""

from __future__ import annotations

import enum
import html
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from fcourse.shop.refunds import IdempotencyStatus, StatusReport
from fcourse.runtime.registry import PRE_EXECUTION_CODES, ErrorCode, ToolRegistry, ToolResponse
from fcourse.runtime.security import Session

__all__ = [
    "PolicyCheck",
    "PolicyReport",
    "RecoveryOutcome",
    "Runtime",
    "RuntimeAction",
    "check_recovery_policy",
    "decide_recovery",
]


class RuntimeAction(enum.StrEnum):
    """What the runtime does after a side-effecting call failed with an unknown outcome."""

    REPLAY_SUCCESS = "REPLAY_SUCCESS"
    RETRY_ONCE = "RETRY_ONCE"
    AWAIT_RECONCILIATION = "AWAIT_RECONCILIATION"
    MANUAL_REVIEW = "MANUAL_REVIEW"


#: The actions that are correct for each status (UNKNOWN allows either hand-off).
CORRECT_ACTIONS: dict[IdempotencyStatus, frozenset[RuntimeAction]] = {
    IdempotencyStatus.SUCCEEDED: frozenset({RuntimeAction.REPLAY_SUCCESS}),
    IdempotencyStatus.NOT_EXECUTED: frozenset({RuntimeAction.RETRY_ONCE}),
    IdempotencyStatus.UNKNOWN: frozenset({RuntimeAction.AWAIT_RECONCILIATION, RuntimeAction.MANUAL_REVIEW}),
}


def decide_recovery(status: IdempotencyStatus | str) -> RuntimeAction:
    """The default policy: SUCCEEDED -> replay, NOT_EXECUTED -> retry once, anything else -> wait.

    ``status`` is an ``IdempotencyStatus`` (a ``str`` enum, so ``"SUCCEEDED"``
    works too). Anything unrecognised is treated as UNKNOWN: never retry, never
    claim success, when you do not know.
    """
    if status == IdempotencyStatus.SUCCEEDED:
        return RuntimeAction.REPLAY_SUCCESS
    if status == IdempotencyStatus.NOT_EXECUTED:
        return RuntimeAction.RETRY_ONCE
    return RuntimeAction.AWAIT_RECONCILIATION


@dataclass(frozen=True)
class RecoveryOutcome:
    """Everything one call through the ``Runtime`` produced.

    ``response`` is what goes back to the model/loop; ``first`` the registry's
    first answer; ``retry`` the retry's answer (RETRY_ONCE only).
    ``final`` is ``SUCCESS``, ``REJECTED`` (refused before or by the handler:
    nothing happened), ``FAILED`` (execution failed and nothing happened, as
    far as the runtime can know) or ``PENDING`` (outcome unknown: handed to
    reconciliation or review). ``idempotency_status``/``runtime_action`` are
    None when recovery was not involved. ``trace`` holds the trace lines.
    """

    tool: str
    response: ToolResponse
    first: ToolResponse
    final: str
    trace: tuple[str, ...]
    idempotency_status: str | None = None
    runtime_action: str | None = None
    retry: ToolResponse | None = None
    status_report: StatusReport | None = None
    lookup_error: str | None = None
    policy_error: str | None = None

    def __str__(self) -> str:
        return "\n".join(self.trace)


class Runtime:
    """The registry plus recovery: ``execute`` a proposed call, recovering from unknown outcomes.

    ``decide`` is the recovery policy (``decide_recovery`` by default); it is
    called only after an ``EXECUTION_ERROR`` of a side-effecting tool that
    has an idempotency key and a status lookup.
    """

    def __init__(
        self,
        registry: ToolRegistry,
        *,
        decide: Callable[[IdempotencyStatus], RuntimeAction | str] = decide_recovery,
    ) -> None:
        self.registry = registry
        self.decide = decide

    def execute(
        self,
        name: str,
        arguments: str | Mapping[str, Any] | None,
        session: Session | None = None,
        *,
        confirmation_token: str | None = None,
    ) -> RecoveryOutcome:
        """Run one proposed call through the registry and, if needed, recovery. Never raises."""
        first = self.registry.execute(name, arguments, session, confirmation_token=confirmation_token)
        trace = [f"{first.tool} response={first.code}"]
        tool = self.registry.get(first.tool)

        if first.ok:
            return self._done(first, first, "SUCCESS", trace)
        recoverable = (
            first.error_code == ErrorCode.EXECUTION_ERROR
            and tool is not None
            and tool.side_effects
            and tool.status_lookup is not None
            and first.idempotency_key is not None
        )
        if not recoverable:
            if first.error_code == ErrorCode.EXECUTION_ERROR:
                final = "FAILED"
            elif first.error_code == ErrorCode.DUPLICATE_IN_PROGRESS:
                final = "PENDING"
            else:
                final = "REJECTED"
            return self._done(first, first, final, trace)
        assert tool is not None and tool.status_lookup is not None and first.idempotency_key is not None

        key = first.idempotency_key
        report: StatusReport | None = None
        lookup_error = None
        try:
            report = tool.status_lookup(session, key, dict(first.arguments or {}))  # type: ignore[arg-type]
            status = IdempotencyStatus(report.status)
        except Exception as error:
            lookup_error = f"{type(error).__name__}: {error}"
            status = IdempotencyStatus.UNKNOWN
            trace.append("idempotency_lookup=FAILED")
        trace.append(f"idempotency_status={status}")
        match = getattr(report, "arguments_match", None) if lookup_error is None else None
        if match is False:
            # The key was recorded with other arguments: this call cannot have run under it
            # (the domain refuses a key's second set of arguments), whatever the fault was.
            trace.append("idempotency_arguments=MISMATCH")
            return self._done(
                self._mismatch(first, key),
                first,
                "REJECTED",
                trace,
                idempotency_status=str(status),
                status_report=report,
            )
        if status is IdempotencyStatus.SUCCEEDED and match is not True:
            # a success we cannot tie to this call's arguments is not this call's success
            trace.append("idempotency_arguments=UNVERIFIED")
            status = IdempotencyStatus.UNKNOWN
            trace.append(f"idempotency_status={status}")

        policy_error = None
        try:
            action = RuntimeAction(self.decide(status))
        except Exception as error:
            policy_error = f"{type(error).__name__}: {error}"
            action = RuntimeAction.MANUAL_REVIEW
            trace.append("policy_error=" + type(error).__name__)
        trace.append(f"runtime_action={action}")

        retry = None
        if action is RuntimeAction.REPLAY_SUCCESS:
            stored = report.result if report is not None else None
            response = replace(
                first,
                status="SUCCESS",
                error_code=None,
                message="the refund had already succeeded; replayed the stored result (handler not called again)",
                data=stored,
                retry_safe=True,
                replayed=True,
            )
            final = "SUCCESS"
        elif action is RuntimeAction.RETRY_ONCE:
            retry = self.registry.execute(first.tool, arguments, session, retry_of=first)
            trace.append(f"{first.tool} retry response={retry.code}")
            response = retry
            if retry.ok:
                final = "SUCCESS"
            elif retry.error_code in PRE_EXECUTION_CODES or (
                retry.error_code == ErrorCode.EXECUTION_ERROR and retry.retry_safe
            ):
                final = "FAILED"
            elif retry.error_code in (ErrorCode.EXECUTION_ERROR, ErrorCode.DUPLICATE_IN_PROGRESS):
                final = "PENDING"
                response = self._pending(first, status, action, key)
            else:
                final = "REJECTED"
        else:
            response = self._pending(first, status, action, key)
            final = "PENDING"
        return self._done(
            response,
            first,
            final,
            trace,
            idempotency_status=str(status),
            runtime_action=str(action),
            retry=retry,
            status_report=report,
            lookup_error=lookup_error,
            policy_error=policy_error,
        )

    @staticmethod
    def _mismatch(first: ToolResponse, key: str) -> ToolResponse:
        return replace(
            first,
            status="ERROR",
            error_code=ErrorCode.IDEMPOTENCY_KEY_MISMATCH,
            message=(
                f"idempotency key {key!r} was already used with different arguments; "
                "this call was not executed. Use a new key for a new request."
            ),
            data={"idempotency_key": key, "reason": "ARGUMENTS_DIFFER"},
            retry_safe=True,
        )

    @staticmethod
    def _pending(first: ToolResponse, status: IdempotencyStatus, action: RuntimeAction, key: str) -> ToolResponse:
        who = "a person will review it" if action is RuntimeAction.MANUAL_REVIEW else "reconciliation will settle it"
        return replace(
            first,
            status="PENDING",
            error_code=None,
            message=(
                f"the outcome of {first.tool} is not known yet; {who}. "
                "Do not tell the user it succeeded or failed, and do not call it again."
            ),
            data={"idempotency_key": key, "idempotency_status": str(status), "runtime_action": str(action)},
            retry_safe=False,
        )

    @staticmethod
    def _done(
        response: ToolResponse, first: ToolResponse, final: str, trace: list[str], **extra: Any
    ) -> RecoveryOutcome:
        trace.append(f"final={final}")
        return RecoveryOutcome(
            tool=first.tool, response=response, first=first, final=final, trace=tuple(trace), **extra
        )


# --- checking a learner's policy through the real runtime -----------------------------------


@dataclass(frozen=True)
class PolicyCheck:
    """One fault's verdict on a policy."""

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
class PolicyReport:
    """The verdicts of ``check_recovery_policy``, one per fault; prints as a table."""

    checks: tuple[PolicyCheck, ...]

    @property
    def passed(self) -> bool:
        """True when every fault passed."""
        return all(check.passed for check in self.checks)

    def failures(self) -> list[PolicyCheck]:
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
    if outcome.policy_error:
        problems.append(f"your function raised {outcome.policy_error}")
    if status is not None and action is not None and not outcome.policy_error:
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
    decide: Callable[[IdempotencyStatus], RuntimeAction | str] = decide_recovery,
) -> PolicyReport:
    """Run ``decide`` through the real runtime against every fault; say per fault what went wrong.

    Each fault gets a fresh database file in a temporary directory (deleted
    afterwards), the demo's fixed clock and data, and one ``refund_order``
    call. The report is deterministic, so a notebook can print it.
    """
    from fcourse.shop.demo import DEMO_ARGUMENTS, DEMO_KEY, DEMO_SESSION, build_world
    from fcourse.shop.faults import Fault

    checks = []
    with tempfile.TemporaryDirectory(prefix="fcourse-policy-") as tmp:
        for fault in Fault:
            if fault is Fault.NONE:
                continue
            world = build_world(str(Path(tmp) / f"{fault.value.lower()}.db"), decide=decide)
            try:
                world.service.inject(fault, times=1)
                outcome = world.runtime.execute("refund_order", dict(DEMO_ARGUMENTS), DEMO_SESSION)
                count = world.domain.execution_count(DEMO_SESSION.user_id, DEMO_KEY)
                requests = world.service.requests
            finally:
                world.close()
            status, action = outcome.idempotency_status, outcome.runtime_action
            expected = tuple(sorted(str(a) for a in CORRECT_ACTIONS[IdempotencyStatus(status)])) if status else ()
            problem = _verdict(status, action, outcome.final, count, requests, outcome)
            checks.append(
                PolicyCheck(
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
    return PolicyReport(tuple(checks))
