"""The checks a proposed tool call passes before its handler may run, in order.

Introduced in chapter 4. ``admit`` runs them for ``fcourse.runtime.registry``
and stops at the first that fails, raising ``CallRefused`` with the response
(the registry returns it; nothing escapes)::

    PERMISSION_DENIED     no session, or the session's roles may not call it
    INVALID_ARGUMENT      not JSON data, not an object, or the JSON Schema says no
                          (after the session has overridden fields such as ``user_id``)
    TOOL_UNAVAILABLE      switched off, or its circuit breaker is open
    CONFIRMATION_REQUIRED a risky call without a valid single-use confirmation token

An ``Admission`` carries what the handler call needs: the validated
arguments, the notes (identity overrides), the idempotency key, the
arguments hash and whether the call was confirmed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, NoReturn

from fcourse.errors import CallRefused
from fcourse.runtime.arguments import ArgumentsProblem, issues_message, parse_arguments
from fcourse.runtime.breaker import CircuitBreaker
from fcourse.runtime.confirmation import ConfirmationGate, token_problem
from fcourse.runtime.identity import Session, arguments_hash
from fcourse.runtime.responses import ErrorCode, ToolResponse, refused_before_handler
from fcourse.runtime.tools import Tool

__all__ = ["Admission", "admit", "refuser"]


class Admission(NamedTuple):
    """A call that passed every check: what its handler call and its response need.

    A named tuple, not a frozen dataclass: every accepted call builds one, and a tuple is built ~3x faster.
    """

    arguments: dict[str, Any]
    notes: tuple[str, ...]
    key: str | None
    digest: str | None
    confirmed: bool
    #: (user, tool, hash) of a call confirmed by a redeemed token: a failure earns it one runtime retry
    grant: tuple[str | None, str, str] | None


def refuser(tool: str) -> Callable[..., NoReturn]:
    """``refuse(code, message, data, notes=..., key=..., digest=...)``: raise ``CallRefused`` with that response."""

    def refuse(code: ErrorCode, message: str, data: Any = None, **context: Any) -> NoReturn:
        raise CallRefused(refused_before_handler(tool, code, message, data, **context))

    return refuse


def admit(
    tool: Tool,
    raw: str | Mapping[str, Any] | None,
    session: Session | None,
    confirmation_token: str | None,
    retry_of: ToolResponse | None,
    *,
    offline: str | None,
    breaker: CircuitBreaker,
    confirmations: ConfirmationGate | None,
    take_retry_grant: Callable[[tuple[str | None, str, str]], bool],
) -> Admission:
    """Run the checks for one call of ``tool``; raise ``CallRefused`` at the first that fails.

    ``offline`` is why the tool is switched off (None: it is not), ``breaker``
    its circuit breaker, ``confirmations`` the gate that redeems tokens, and
    ``take_retry_grant`` spends the one retry a confirmed, failed call earned.
    """
    refuse = refuser(tool.name)

    if session is None and (tool.roles or tool.session_args):
        refuse(ErrorCode.PERMISSION_DENIED, "this tool needs an authenticated session", {"reason": "NO_SESSION"})
    if tool.roles and not (tool.roles & session.roles):  # type: ignore[union-attr]
        refuse(
            ErrorCode.PERMISSION_DENIED,
            f"this session may not call {tool.name}",
            {"reason": "ROLE", "required_roles": sorted(tool.roles)},
        )

    arguments = parse_arguments(raw)
    if isinstance(arguments, ArgumentsProblem):
        refuse(ErrorCode.INVALID_ARGUMENT, arguments.message, {"issues": [arguments.issue.to_dict()]})

    notes: list[str] = []
    for arg, attribute in tool.session_args.items():
        value = getattr(session, attribute)
        if arg in arguments and arguments[arg] != value:
            notes.append(f"{arg} overridden from the session (the model said {arguments[arg]!r})")
        arguments[arg] = value

    issues = tool.validate(arguments)
    if issues:
        refuse(
            ErrorCode.INVALID_ARGUMENT,
            issues_message(issues),
            {"issues": [issue.to_dict() for issue in issues]},
            notes=notes,
        )

    key = None
    if tool.idempotency_key_arg:
        key = arguments.get(tool.idempotency_key_arg)
    needs_hash = tool.idempotency_key_arg or tool.confirm_when is not None or tool.side_effects
    digest = arguments_hash(arguments) if needs_hash else None

    if offline is not None:
        refuse(
            ErrorCode.TOOL_UNAVAILABLE,
            f"{tool.name} is unavailable: {offline}",
            {"reason": "OFFLINE", "detail": offline},
            notes=notes,
        )
    admission = breaker.admit()
    if not admission.allowed:
        data: dict[str, Any] = {"reason": "CIRCUIT_OPEN", "breaker_state": str(admission.state)}
        if admission.retry_after is not None:
            data["retry_after_seconds"] = round(admission.retry_after, 3)
        refuse(
            ErrorCode.TOOL_UNAVAILABLE,
            f"{tool.name} is unavailable: {admission.reason}",
            data,
            notes=notes,
        )

    confirmed = granted_by_token = False
    grant = None
    if tool.confirm_when is not None:
        try:
            needs = bool(tool.confirm_when(dict(arguments)))
        except Exception:
            needs = True  # fail closed
        if needs:
            grant = (session.user_id if session is not None else None, tool.name, digest or "")
            if (
                retry_of is not None
                and retry_of.confirmed
                and retry_of.tool == tool.name
                and retry_of.arguments_hash == digest
                and take_retry_grant(grant)
            ):
                confirmed = True
            else:
                problem = token_problem(confirmations, confirmation_token, session, tool.name, arguments)
                if problem is None:
                    confirmed = granted_by_token = True
                else:
                    refuse(
                        ErrorCode.CONFIRMATION_REQUIRED,
                        f"{tool.name} needs the user's confirmation: {tool.confirm_reason or 'high-risk call'}",
                        {"reason": tool.confirm_reason, "token_problem": problem, "arguments_hash": digest},
                        notes=notes,
                        key=key,
                        digest=digest,
                    )

    return Admission(arguments, tuple(notes), key, digest, confirmed, grant if granted_by_token else None)
