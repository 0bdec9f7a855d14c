"""Recovery after a side-effecting tool fails: ask the domain, then replay, retry once, or wait.

Introduced in chapter 4. The runtime owns the *decision*; the domain owns the
*fact*; the model owns nothing. When a side-effecting tool with an
idempotency key answers ``EXECUTION_ERROR`` (a timeout: it may or may not
have happened), the runtime never guesses. It asks the domain for the real
status of the key, and a decision function -- ``decide_recovery(status) -> RuntimeAction``,
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

(``fcourse.shop.scenarios`` appends ``refund_order handler_execution_count=1``,
counted from the ledger.) Before any of that, the runtime checks that the key
was recorded with *this* call's arguments: if not, the answer is
``IDEMPOTENCY_KEY_MISMATCH``, never a replay. The grader that runs a learner's
decision function through this runtime against every fault lives in
``fcourse.lab.exercises.recovery`` (``check_recovery_policy``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from fcourse.runtime.identity import Session
from fcourse.runtime.registry import ToolRegistry
from fcourse.runtime.responses import PRE_EXECUTION_CODES, ErrorCode, ToolResponse
from fcourse.runtime.status import IdempotencyStatus, StatusReport

__all__ = [
    "CORRECT_ACTIONS",
    "Decide",
    "RecoveryOutcome",
    "Runtime",
    "RuntimeAction",
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


#: A recovery decision function: the key's status in, the action out (a ``RuntimeAction`` or its name).
Decide = Callable[[IdempotencyStatus], "RuntimeAction | str"]


def decide_recovery(status: IdempotencyStatus | str) -> RuntimeAction:
    """The default decision: SUCCEEDED -> replay, NOT_EXECUTED -> retry once, anything else -> wait.

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
    None when recovery was not involved. ``trace`` holds the trace lines; ``lookup_error``,
    ``decision_error`` and ``recovery_error`` say what failed on the way (the status lookup,
    the decision function, recovery itself), if anything.
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
    decision_error: str | None = None
    recovery_error: str | None = None

    def __str__(self) -> str:
        return "\n".join(self.trace)


class Runtime:
    """The registry plus recovery: ``run`` a proposed call, recovering from unknown outcomes.

    ``decide`` is the recovery decision function (``decide_recovery`` by default); it is
    called only after an ``EXECUTION_ERROR`` of a side-effecting tool that
    has an idempotency key and a status lookup.
    """

    def __init__(
        self,
        registry: ToolRegistry,
        *,
        decide: Decide = decide_recovery,
    ) -> None:
        self.registry = registry
        self.decide = decide

    def run(
        self,
        name: str,
        arguments: str | Mapping[str, Any] | None,
        session: Session | None = None,
        *,
        confirmation_token: str | None = None,
    ) -> RecoveryOutcome:
        """Run one proposed call through the registry and, if needed, recovery. Never raises.

        If recovery itself fails (a status lookup answering nonsense, say),
        the outcome is PENDING for manual review: never a guess.
        """
        first = self.registry.execute(name, arguments, session, confirmation_token=confirmation_token)
        trace = [f"{first.tool} response={first.code}"]
        try:
            return self._recover(first, arguments, session, trace)
        except Exception as error:
            trace.append(f"recovery_error={type(error).__name__}")
            action = RuntimeAction.MANUAL_REVIEW
            trace.append(f"runtime_action={action}")
            pending = self._pending(first, IdempotencyStatus.UNKNOWN, action, first.idempotency_key or "")
            return self._done(
                pending,
                first,
                "PENDING",
                trace,
                idempotency_status=str(IdempotencyStatus.UNKNOWN),
                runtime_action=str(action),
                recovery_error=f"{type(error).__name__}: {error}",
            )

    def _recover(
        self,
        first: ToolResponse,
        arguments: str | Mapping[str, Any] | None,
        session: Session | None,
        trace: list[str],
    ) -> RecoveryOutcome:
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

        decision_error = None
        try:
            action = RuntimeAction(self.decide(status))
        except Exception as error:
            decision_error = f"{type(error).__name__}: {error}"
            action = RuntimeAction.MANUAL_REVIEW
            trace.append("decision_error=" + type(error).__name__)
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
            decision_error=decision_error,
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
