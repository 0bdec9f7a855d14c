"""The tool registry: every proposed tool call is checked here before any handler runs.

Introduced in chapter 4. A tool call from a model is a *candidate*, never a
command. The registry owns the question "may this call run, and how did it
go?", and answers it with data (``ToolResponse``), never with an exception
that could escape into a tool loop. Who owns what, in one line: the domain
owns the refund fact, the runtime (this registry plus ``fcourse.runtime.recovery``)
owns the decision, the model owns nothing.

``ToolRegistry.execute`` runs these checks, in this order, and stops at the
first that fails (the handler is not called)::

    UNKNOWN_TOOL          the name is not registered
    PERMISSION_DENIED     no session, or the session's roles may not call it
    INVALID_ARGUMENT      not JSON as RFC 8259 defines it (no NaN, no repeated
                          key, no lone surrogate), not an object, or the JSON
                          Schema says no (ECMA-262 patterns; after the session
                          has overridden fields such as ``user_id``; the schema
                          issues are the data)
    TOOL_UNAVAILABLE      switched off, or its circuit breaker is open
    CONFIRMATION_REQUIRED a risky call (e.g. amount above a threshold) without
                          a valid single-use confirmation token

then the handler runs, and its outcome maps to::

    SUCCESS                                   the handler returned
    BUSINESS_RULE_VIOLATION / IDEMPOTENCY_KEY_MISMATCH / DUPLICATE_IN_PROGRESS
                                              the handler refused on purpose
                                              (a ``ToolRefusal``)
    EXECUTION_ERROR                           anything else it raised,
                                              timeouts included

Every call, accepted or refused, is written to the audit log if one is
attached; an accepted call's entry is written *before* its handler runs, and
if that write fails the call is refused (``TOOL_UNAVAILABLE``, reason
``AUDIT_UNAVAILABLE``): nothing executes without its audit entry. Recovery
after an ``EXECUTION_ERROR`` (ask the domain, replay, retry once, or wait) is
``fcourse.runtime.recovery``'s job, not this module's. The checks themselves
live in ``fcourse.runtime.checks``, argument parsing in
``fcourse.runtime.arguments``, tool definitions in ``fcourse.runtime.tools``
and the response type in ``fcourse.runtime.responses``.
"""

from __future__ import annotations

import json
import threading
import types
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from fcourse.clock import Clock, SystemClock
from fcourse.errors import CallRefused, DuplicateToolError, ToolRefusal, UnknownToolError
from fcourse.runtime.arguments import describe, detached, plainly_json, read_tool_call
from fcourse.runtime.breaker import CircuitBreaker
from fcourse.runtime.checks import admit, refuser
from fcourse.runtime.identity import Session, arguments_hash
from fcourse.runtime.responses import (
    PRE_EXECUTION_CODES,
    ErrorCode,
    ToolResponse,
    failed_in_handler,
    refused_by_handler,
)
from fcourse.runtime.tools import Tool, define_tool, schema_from_function
from fcourse.schema import SchemaIssue

# ToolResponse, ErrorCode, Tool and schema_from_function are importable from here too, as before the split.
__all__ = [
    "PRE_EXECUTION_CODES",
    "ErrorCode",
    "Tool",
    "ToolRegistry",
    "ToolResponse",
    "arguments_hash",
    "schema_from_function",
]


# --- the registry ------------------------------------------------------------------


@dataclass
class _Progress:
    """How far one call got: its audit entry (written right before the handler) and whether the handler was called."""

    audit_seq: int | None = None
    handler_reached: bool = False


class ToolRegistry:
    """Registered tools, and the one door every proposed call goes through.

    ``clock`` drives the circuit breakers (one per tool: ``breaker_threshold``
    consecutive execution failures open it for ``breaker_cooldown`` seconds).
    ``audit`` (a ``fcourse.runtime.audit.AuditLog``) records every proposed call;
    ``confirmations`` (a ``fcourse.runtime.confirmation.ConfirmationGate``) redeems the
    tokens risky calls need. Both are optional: a registry without them
    still validates and dispatches (chapter 2 uses it that way).

    Usage::

        registry = ToolRegistry()

        @registry.tool
        def get_weather(city: str) -> dict:
            '''Current weather for a city.

            Args:
                city: City name, e.g. 北京 or Paris.
            '''
            ...

        @registry.tool(side_effects=True, roles={"customer"})
        def cancel_order(order_id: str) -> dict: ...

        response = registry.execute("get_weather", '{"city": "北京"}', session)
    """

    def __init__(
        self,
        *,
        clock: Clock | None = None,
        audit: Any = None,
        confirmations: Any = None,
        breaker_threshold: int = 3,
        breaker_cooldown: float = 30.0,
    ) -> None:
        self.clock: Clock = clock or SystemClock()
        self.audit = audit
        self.confirmations = confirmations
        self.breaker_threshold = breaker_threshold
        self.breaker_cooldown = breaker_cooldown
        self._tools: dict[str, Tool] = {}
        self._breakers: dict[str, CircuitBreaker] = {}
        self._unavailable: dict[str, str] = {}
        self._retry_grants: dict[tuple[str | None, str, str], int] = {}
        self._lock = threading.Lock()

    # -- registration ----------------------------------------------------------------

    def register(self, name: str, handler: Callable[..., Any], **options: Any) -> Tool:
        """Register a tool; raise ``DuplicateToolError``/``RegistrationError`` at once if it can't be.

        ``options`` are ``fcourse.runtime.tools.define_tool``'s: ``description``,
        ``parameters`` (derived from the handler's signature and docstring when
        left out), ``side_effects``, ``roles``, ``confirm_when``/``confirm_reason``,
        ``health_check``, ``session_args``, ``idempotency_key_arg``,
        ``status_lookup``, ``effect_count`` and ``strict``.
        """
        tool = define_tool(name, handler, **options)
        health_check, side_effects = tool.health_check, tool.side_effects
        probe = health_check
        if probe is None and not side_effects:
            probe = _harmless_probe
        with self._lock:
            if name in self._tools:
                raise DuplicateToolError(name)
            self._tools[name] = tool
            self._breakers[name] = CircuitBreaker(
                name,
                failure_threshold=self.breaker_threshold,
                cooldown=self.breaker_cooldown,
                clock=self.clock,
                health_check=probe,
            )
        return tool

    def tool(self, func: Callable[..., Any] | None = None, /, **options: Any) -> Any:
        """Decorator: ``@registry.tool`` or ``@registry.tool(side_effects=True, ...)``.

        Takes the same keyword options as ``register`` (plus ``name``); the
        decorated function is returned unchanged, still callable directly.
        """

        def decorate(handler: Callable[..., Any]) -> Callable[..., Any]:
            opts = dict(options)
            name = opts.pop("name", None) or handler.__name__
            if opts.get("parameters") is None:
                description, schema = schema_from_function(handler)
                opts["parameters"] = schema
                if opts.get("description") is None:
                    opts["description"] = description
            self.register(name, handler, **opts)
            return handler

        if func is not None:
            return decorate(func)
        return decorate

    # -- lookup ----------------------------------------------------------------------

    def get(self, name: str) -> Tool | None:
        """The tool registered under ``name``, or None."""
        return self._tools.get(name)

    def names(self) -> list[str]:
        """Registered tool names, in registration order."""
        return list(self._tools)

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __iter__(self) -> Iterator[Tool]:
        return iter(list(self._tools.values()))

    def __len__(self) -> int:
        return len(self._tools)

    def __repr__(self) -> str:
        return f"ToolRegistry({self.names()!r})"

    def openai_tools(self) -> list[dict[str, Any]]:
        """Every tool as an OpenAI Chat Completions ``tools`` list (registration order)."""
        return [tool.openai_definition() for tool in self._tools.values()]

    def breaker(self, name: str) -> CircuitBreaker:
        """The circuit breaker of tool ``name`` (``UnknownToolError``, a ``KeyError``, if unknown)."""
        if name not in self._breakers:
            raise UnknownToolError(name)
        return self._breakers[name]

    def set_available(self, name: str, available: bool, reason: str = "switched off") -> None:
        """Take a tool offline (it answers ``TOOL_UNAVAILABLE``) or bring it back."""
        if name not in self._tools:
            raise UnknownToolError(name)
        with self._lock:
            if available:
                self._unavailable.pop(name, None)
            else:
                self._unavailable[name] = reason

    # -- execution -------------------------------------------------------------------

    def _take_retry_grant(self, grant: tuple[str | None, str, str]) -> bool:
        """Spend the one retry a confirmed call that failed to execute earned (False: none left)."""
        with self._lock:
            return self._retry_grants.pop(grant, 0) > 0

    def execute(
        self,
        name: str,
        arguments: str | Mapping[str, Any] | None,
        session: Session | None = None,
        *,
        confirmation_token: str | None = None,
        retry_of: ToolResponse | None = None,
    ) -> ToolResponse:
        """Check and run one proposed call; always return a ``ToolResponse``, never raise.

        ``arguments`` is the model's JSON string (or an already-parsed dict).
        ``confirmation_token`` comes from the user (the UI), never from the
        model. ``retry_of`` marks a runtime retry of an earlier response for
        the same call: a confirmation that call redeemed covers this one retry,
        if the registry itself granted it (a forged response earns nothing).
        """
        progress = _Progress()
        try:
            response = self._execute(name, arguments, session, confirmation_token, retry_of, progress)
        except CallRefused as refused:
            response = refused.response
        except Exception as error:  # a bug in a check must not escape either
            response = ToolResponse(
                tool=str(name),
                status="ERROR",
                error_code=ErrorCode.EXECUTION_ERROR,
                message=f"the runtime failed while checking the call: {type(error).__name__}",
                data={"reason": "RUNTIME_ERROR", "exception": type(error).__name__},
                # nothing ran unless the handler was reached (then its side effects are unknown)
                retry_safe=not progress.handler_reached,
                executed=progress.handler_reached,
            )
        return self._audited(response, session, str(name), arguments, progress.audit_seq)

    def _audited(
        self, response: ToolResponse, session: Session | None, name: str, arguments: Any, seq: int | None = None
    ) -> ToolResponse:
        if self.audit is None:
            return response
        try:
            if seq is not None:  # begun before the handler ran: append the outcome
                self.audit.finish(seq, response)
            else:
                self.audit.record(session=session, tool=name, arguments=arguments, response=response)
        except Exception as error:
            # an executed call's entry is already written (begin); only its outcome is missing
            response = _with_note(response, f"audit log write failed: {type(error).__name__}")
        return response

    def execute_tool_call(self, tool_call: Any, session: Session | None = None, **options: Any) -> ToolResponse:
        """``execute`` for an OpenAI ``tool_call`` (SDK object or dict with ``function.name``/``arguments``).

        A tool call of any other shape is answered ``INVALID_ARGUMENT`` (and audited), never raised.
        """
        read = read_tool_call(tool_call)
        if isinstance(read, SchemaIssue):
            response = ToolResponse(
                tool="?",
                status="ERROR",
                error_code=ErrorCode.INVALID_ARGUMENT,
                message=f"the tool call is malformed: {read.path}: {read.message}",
                data={"issues": [read.to_dict()]},
            )
            return self._audited(response, session, "?", describe(tool_call))
        name, arguments = read
        return self.execute(name, arguments, session, **options)

    def _execute(
        self,
        name: str,
        raw: str | Mapping[str, Any] | None,
        session: Session | None,
        confirmation_token: str | None,
        retry_of: ToolResponse | None,
        progress: _Progress,
    ) -> ToolResponse:
        tool = self._tools.get(name) if isinstance(name, str) else None
        if tool is None:
            raise CallRefused(
                ToolResponse(
                    tool=str(name),
                    status="ERROR",
                    error_code=ErrorCode.UNKNOWN_TOOL,
                    message=f"there is no tool named {name!r}",
                    data={"available_tools": self.names()},
                )
            )
        offline = self._unavailable.get(tool.name)  # one dict read is atomic: no lock needed
        breaker = self._breakers[tool.name]
        admission = admit(
            tool,
            raw,
            session,
            confirmation_token,
            retry_of,
            offline=offline,
            breaker=breaker,
            confirmations=self.confirmations,
            take_retry_grant=self._take_retry_grant,
        )
        arguments, notes, key, digest = admission.arguments, admission.notes, admission.key, admission.digest

        if self.audit is not None:
            # nothing executes without its audit entry: write it first, or refuse
            try:
                progress.audit_seq = self.audit.begin(session=session, tool=tool.name, arguments=raw, notes=notes)
            except Exception as error:
                refuser(tool.name)(
                    ErrorCode.TOOL_UNAVAILABLE,
                    f"{tool.name} is unavailable: the audit log cannot be written",
                    {"reason": "AUDIT_UNAVAILABLE", "exception": type(error).__name__},
                    notes=notes,
                    key=key,
                    digest=digest,
                )

        call_args = dict(arguments)
        if tool.wants_session:
            call_args["session"] = session
        common = {
            "tool": tool.name,
            "executed": True,
            "idempotency_key": key,
            "arguments_hash": digest,
            "confirmed": admission.confirmed,
            "notes": tuple(notes),
            "arguments": types.MappingProxyType(detached(arguments)),
        }
        progress.handler_reached = True  # from here on the handler may have run
        try:
            result = tool.handler(**call_args)
            if not plainly_json(result):
                json.dumps(result, sort_keys=True, ensure_ascii=False)  # raises if it is not JSON data
        except ToolRefusal as refusal:
            return refused_by_handler(refusal, **common)
        except Exception as error:
            breaker.record_failure(type(error).__name__)
            if admission.grant is not None:
                with self._lock:  # the redeemed token also covers one runtime retry of this exact call
                    self._retry_grants[admission.grant] = 1
            return failed_in_handler(error, side_effects=tool.side_effects, **common)
        breaker.record_success()
        return ToolResponse.built(status="SUCCESS", message="ok", data=result, retry_safe=True, **common)


def _harmless_probe() -> bool:
    """The probe of a side-effect-free tool without a health check: let the next call through."""
    return True


def _with_note(response: ToolResponse, note: str) -> ToolResponse:
    return replace(response, notes=(*response.notes, note))
