"""Responses and error codes: what the runtime hands back for every proposed tool call.

Introduced in chapter 4. A ``ToolResponse`` is data, never an exception: a
result (``SUCCESS``), a structured refusal or failure (``ERROR`` with an
``ErrorCode``), or ``PENDING`` (recovery handed the outcome to reconciliation).
``PRE_EXECUTION_CODES`` are the codes answered before any handler ran.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from fcourse.errors import ServiceUnavailableError, ToolRefusal

__all__ = [
    "PRE_EXECUTION_CODES",
    "ErrorCode",
    "ToolResponse",
    "failed_in_handler",
    "refused_before_handler",
    "refused_by_handler",
]


class ErrorCode(enum.StrEnum):
    """The structured error codes a ``ToolResponse`` can carry."""

    UNKNOWN_TOOL = "UNKNOWN_TOOL"
    INVALID_ARGUMENT = "INVALID_ARGUMENT"
    PERMISSION_DENIED = "PERMISSION_DENIED"
    TOOL_UNAVAILABLE = "TOOL_UNAVAILABLE"
    CONFIRMATION_REQUIRED = "CONFIRMATION_REQUIRED"
    IDEMPOTENCY_KEY_MISMATCH = "IDEMPOTENCY_KEY_MISMATCH"
    DUPLICATE_IN_PROGRESS = "DUPLICATE_IN_PROGRESS"
    BUSINESS_RULE_VIOLATION = "BUSINESS_RULE_VIOLATION"
    EXECUTION_ERROR = "EXECUTION_ERROR"


#: Codes returned before the handler ran: nothing happened.
PRE_EXECUTION_CODES = frozenset(
    {
        ErrorCode.UNKNOWN_TOOL,
        ErrorCode.INVALID_ARGUMENT,
        ErrorCode.PERMISSION_DENIED,
        ErrorCode.TOOL_UNAVAILABLE,
        ErrorCode.CONFIRMATION_REQUIRED,
    }
)


@dataclass(frozen=True)
class ToolResponse:
    """What the runtime hands back for one tool call: a result or a structured error.

    ``status`` is ``"SUCCESS"``, ``"ERROR"`` or ``"PENDING"`` (the outcome is not
    known yet and has been handed to reconciliation; only ``fcourse.runtime.recovery``
    produces it). ``error_code`` is an ``ErrorCode`` value for errors.
    ``retry_safe`` says whether sending the *same* call again cannot cause a
    second side effect. ``data`` is the handler's result, or the error's detail
    (for ``INVALID_ARGUMENT``: ``{"issues": [{"path", "message", "validator"}]}``).

    The rest is for the runtime, the audit log and the notebook, not the
    model: ``executed`` (the handler was reached), ``idempotency_key`` and
    ``arguments_hash`` (of the validated arguments), ``arguments`` (those
    validated arguments, session fields included; None when the call was
    refused before they were known), ``confirmed`` (a
    confirmation token was redeemed), ``replayed`` (a stored result, the
    handler not called again), ``notes`` (e.g. an identity override).
    """

    tool: str
    status: Literal["SUCCESS", "ERROR", "PENDING"]
    error_code: str | None = None
    message: str = ""
    data: Any = None
    retry_safe: bool = True
    executed: bool = False
    idempotency_key: str | None = None
    arguments_hash: str | None = None
    confirmed: bool = False
    replayed: bool = False
    notes: tuple[str, ...] = ()
    arguments: Mapping[str, Any] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def built(cls, **values: Any) -> ToolResponse:
        """``ToolResponse(**values)``, faster: the registry's success path builds one per call.

        A frozen dataclass's ``__init__`` sets each of the 13 fields through
        ``object.__setattr__``; this fills the instance's ``__dict__`` in one
        step, defaults first. Same object, same equality and hash, still frozen
        (``tests/test_runtime_responses.py`` compares the two).
        """
        if "tool" not in values or "status" not in values or not _FIELDS.issuperset(values):
            return cls(**values)  # let the dataclass raise its own TypeError
        response = object.__new__(cls)
        response.__dict__.update(_DEFAULTS, **values)
        return response

    @property
    def ok(self) -> bool:
        """True when ``status == "SUCCESS"``."""
        return self.status == "SUCCESS"

    @property
    def code(self) -> str:
        """The one-word outcome the trace prints: the error code, else the status."""
        return self.error_code or self.status

    def to_dict(self) -> dict[str, Any]:
        """The part the model sees: ``status``, ``error_code``, ``message``, ``data``, ``retry_safe``."""
        return {
            "status": self.status,
            # plain strings, never enum members: printed dicts read the same as the JSON
            "error_code": getattr(self.error_code, "value", self.error_code),
            "message": self.message,
            "data": self.data,
            "retry_safe": self.retry_safe,
        }

    def to_json(self) -> str:
        """``to_dict()`` as compact JSON (sorted keys, so byte-stable)."""
        return json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False, default=str)

    def to_tool_message(self, tool_call_id: str) -> dict[str, str]:
        """The ``role: "tool"`` message that feeds this response back to the model."""
        return {"role": "tool", "tool_call_id": tool_call_id, "content": self.to_json()}

    def __str__(self) -> str:
        return f"{self.tool} response={self.code}"


#: Every field's name, and each default (the required ``tool`` and ``status`` have none).
_FIELDS = frozenset(item.name for item in fields(ToolResponse))
_DEFAULTS: dict[str, Any] = {
    item.name: item.default for item in fields(ToolResponse) if item.name not in ("tool", "status")
}


def refused_before_handler(
    tool: str,
    code: ErrorCode,
    message: str,
    data: Any = None,
    *,
    notes: list[str] | tuple[str, ...] | None = None,
    key: str | None = None,
    digest: str | None = None,
) -> ToolResponse:
    """A check said no before the handler ran: nothing happened, so sending it again is safe."""
    return ToolResponse(
        tool=tool,
        status="ERROR",
        error_code=code,
        message=message,
        data=data,
        retry_safe=True,
        idempotency_key=key,
        arguments_hash=digest,
        notes=tuple(notes or ()),
    )


def refused_by_handler(refusal: ToolRefusal, **common: Any) -> ToolResponse:
    """The handler refused on purpose (a ``ToolRefusal``): its own code, data and retry safety."""
    return ToolResponse(
        status="ERROR",
        error_code=refusal.code,
        message=refusal.message,
        data=dict(refusal.data),
        retry_safe=refusal.retry_safe,
        **common,
    )


def failed_in_handler(error: Exception, *, side_effects: bool, **common: Any) -> ToolResponse:
    """The handler raised: ``EXECUTION_ERROR``; safe to resend only if it cannot have had an effect.

    A refused connection (``ServiceUnavailableError``, ``ConnectionRefusedError``)
    did not execute; a timeout or any other exception of a side-effecting tool
    may have.
    """
    not_executed = isinstance(error, (ServiceUnavailableError, ConnectionRefusedError))
    if isinstance(error, TimeoutError):
        reason = "TIMEOUT"
    else:
        reason = "SERVICE_UNAVAILABLE" if not_executed else "EXCEPTION"
    try:
        text = str(error)
    except Exception:  # an exception whose text cannot even be printed
        text = "(the exception's text could not be read)"
    text = text if len(text) <= 200 else text[:199] + "…"
    tool = common["tool"]
    # The message goes to the model, so it says what failed and what that means, never the exception's text
    # (a URL, a key, a stack: chapter 2). The text is kept in ``notes``, which the audit log and the program see.
    if not_executed:
        message = f"{tool} could not reach its service; nothing was done"
    elif reason == "TIMEOUT":
        message = f"{tool} did not answer in time"
    else:
        message = f"{tool} failed while running"
    if not not_executed:
        message += "; it may or may not have taken effect" if side_effects else "; it changed nothing"
    notes = (*tuple(common.pop("notes", ()) or ()), f"exception: {type(error).__name__}: {text}")
    return ToolResponse(
        status="ERROR",
        error_code=ErrorCode.EXECUTION_ERROR,
        message=message,
        data={"reason": reason, "exception": type(error).__name__},
        retry_safe=not_executed or not side_effects,
        notes=notes,
        **common,
    )
