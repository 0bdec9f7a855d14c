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
    INVALID_ARGUMENT      not JSON, not an object, or the JSON Schema says no
                          (after the session's identity has overridden fields
                          such as ``user_id``; the schema issues are the data)
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
attached. Recovery after an ``EXECUTION_ERROR`` (ask the domain, replay,
retry once, or wait) is ``fcourse.runtime.recovery``'s job, not this module's.
"""

from __future__ import annotations

import enum
import inspect
import json
import math
import re
import threading
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from fcourse.runtime.breaker import CircuitBreaker
from fcourse.clock import Clock, SystemClock
from fcourse.errors import (
    DuplicateToolError,
    RegistrationError,
    ServiceUnavailableError,
    ToolRefusal,
)
from fcourse.schema import SchemaIssue, check_schema, compile_schema
from fcourse.runtime.security import Session, arguments_hash

__all__ = [
    "PRE_EXECUTION_CODES",
    "ErrorCode",
    "Tool",
    "ToolRegistry",
    "ToolResponse",
    "arguments_hash",
    "schema_from_function",
]

_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


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


@dataclass(frozen=True)
class Tool:
    """One registered tool: its contract, its handler and its rules.

    ``parameters`` is the full JSON Schema the arguments are validated
    against, including fields filled from the session (``session_args``:
    argument name -> ``Session`` attribute, e.g. ``{"user_id": "user_id"}``);
    the model never sees those fields (see ``model_parameters``).
    ``roles`` are the session roles allowed to call it (empty: anyone with a
    session, or no session at all for a tool without ``session_args``).
    ``confirm_when(arguments) -> bool`` says when a call needs a confirmation
    token (``confirm_reason`` says why, for the user). ``health_check()`` must
    have no side effects: the circuit breaker probes with it, never with a
    real call. ``idempotency_key_arg`` names the argument that carries the
    idempotency key, and ``status_lookup(session, key, arguments)`` asks the
    domain for the real status of that key (``fcourse.shop.refunds.StatusReport``),
    saying whether the key's recorded arguments are these validated ones;
    ``effect_count(session, key)`` counts the domain's recorded effects.
    """

    name: str
    description: str
    parameters: dict[str, Any]
    handler: Callable[..., Any]
    side_effects: bool = False
    roles: frozenset[str] = frozenset()
    confirm_when: Callable[[dict[str, Any]], bool] | None = None
    confirm_reason: str = ""
    health_check: Callable[[], bool] | None = None
    session_args: Mapping[str, str] = field(default_factory=dict)
    idempotency_key_arg: str | None = None
    status_lookup: Callable[[Session, str, Mapping[str, Any]], Any] | None = None
    effect_count: Callable[[Session, str], int] | None = None
    strict: bool = False
    wants_session: bool = False
    validate: Callable[[Any], list[SchemaIssue]] = field(default=lambda instance: [], repr=False, compare=False)

    def model_parameters(self) -> dict[str, Any]:
        """The schema the model sees: ``parameters`` without the session-filled fields."""
        schema = json.loads(json.dumps(self.parameters))
        props = schema.get("properties", {})
        for arg in self.session_args:
            props.pop(arg, None)
        if "required" in schema:
            schema["required"] = [r for r in schema["required"] if r not in self.session_args]
        return schema

    def openai_definition(self) -> dict[str, Any]:
        """This tool as one entry of the OpenAI Chat Completions ``tools`` list."""
        function: dict[str, Any] = {
            "name": self.name,
            "description": self.description,
            "parameters": self.model_parameters(),
        }
        if self.strict:
            function["strict"] = True
        return {"type": "function", "function": function}


# --- schemas from typed functions ------------------------------------------------

_SCALARS: dict[Any, str] = {str: "string", int: "integer", float: "number", bool: "boolean"}


def _type_schema(hint: Any, where: str) -> dict[str, Any]:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Annotated:
        schema = _type_schema(args[0], where)
        for extra in args[1:]:
            if isinstance(extra, str):
                schema["description"] = extra
            elif isinstance(extra, dict):
                schema.update(extra)
        return schema
    if hint in _SCALARS:
        return {"type": _SCALARS[hint]}
    if hint is type(None):
        return {"type": "null"}
    if origin is Literal:
        values = list(args)
        kinds = {_SCALARS.get(type(v)) for v in values}
        schema: dict[str, Any] = {"enum": values}
        if len(kinds) == 1 and None not in kinds:
            schema["type"] = kinds.pop()
        return schema
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        values = [member.value for member in hint]
        kinds = {_SCALARS.get(type(v)) for v in values}
        schema = {"enum": values}
        if len(kinds) == 1 and None not in kinds:
            schema["type"] = kinds.pop()
        return schema
    if origin in (list, tuple, set, frozenset) or hint in (list, tuple):
        schema = {"type": "array"}
        if args and args[-1] is not Ellipsis:
            schema["items"] = _type_schema(args[0], where)
        elif args:
            schema["items"] = _type_schema(args[0], where)
        return schema
    if origin is dict or hint is dict:
        return {"type": "object"}
    if origin in (typing.Union, types.UnionType):
        members = [_type_schema(a, where) for a in args]
        simple = [m.get("type") for m in members]
        if all(isinstance(t, str) for t in simple) and all(len(m) == 1 for m in members):
            return {"type": simple}
        return {"anyOf": members}
    raise RegistrationError(f"{where}: cannot derive a JSON Schema from the type {hint!r}")


def _docstring_parts(doc: str) -> tuple[str, dict[str, str]]:
    """Split a Google-style docstring into (description, {param: description})."""
    lines = inspect.cleandoc(doc).splitlines() if doc else []
    summary: list[str] = []
    params: dict[str, str] = {}
    section: str | None = None
    current: str | None = None
    header = re.compile(r"^(Args|Arguments|Parameters|Returns|Raises|Yields|Examples?|Notes?):\s*$")
    item = re.compile(r"^\s+(\*{0,2}\w+)\s*(\([^)]*\))?\s*:\s*(.*)$")
    for line in lines:
        match = header.match(line)
        if match:
            section = match.group(1)
            current = None
            continue
        if section is None:
            summary.append(line)
        elif section in ("Args", "Arguments", "Parameters"):
            found = item.match(line)
            if found:
                current = found.group(1).lstrip("*")
                params[current] = found.group(3).strip()
            elif current and line.strip():
                params[current] = (params[current] + " " + line.strip()).strip()
    description = " ".join(" ".join(summary).split())
    return description, params


def schema_from_function(func: Callable[..., Any], *, skip: frozenset[str] = frozenset()) -> tuple[str, dict[str, Any]]:
    """Derive ``(description, JSON Schema)`` from a typed function and its docstring.

    Every parameter needs a type hint; a parameter with a default is optional.
    Descriptions come from a Google-style ``Args:`` section (or an
    ``Annotated[T, "description"]`` hint). A parameter named ``session``
    receives the caller's ``Session`` and is not part of the schema; names in
    ``skip`` are left out too.
    """
    where = getattr(func, "__qualname__", repr(func))
    try:
        hints = typing.get_type_hints(func, include_extras=True)
    except Exception as error:  # an unresolvable annotation
        raise RegistrationError(f"{where}: cannot read type hints ({error})") from error
    description, docs = _docstring_parts(func.__doc__ or "")
    properties: dict[str, Any] = {}
    required: list[str] = []
    for param in inspect.signature(func).parameters.values():
        if param.name == "session" or param.name in skip:
            continue
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            raise RegistrationError(f"{where}: *args/**kwargs cannot be described to a model")
        if param.name not in hints:
            raise RegistrationError(f"{where}: parameter {param.name!r} needs a type hint")
        schema = _type_schema(hints[param.name], f"{where}({param.name})")
        if param.name in docs and "description" not in schema:
            schema["description"] = docs[param.name]
        properties[param.name] = schema
        if param.default is inspect.Parameter.empty:
            required.append(param.name)
    schema = {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }
    return description, schema


# --- the registry ------------------------------------------------------------------


class _Refused(Exception):
    """Internal: a check failed; carries the response to return."""

    def __init__(self, response: ToolResponse) -> None:
        super().__init__(response.message)
        self.response = response


class ToolRegistry:
    """Registered tools, and the one door every proposed call goes through.

    ``clock`` drives the circuit breakers (one per tool: ``breaker_threshold``
    consecutive execution failures open it for ``breaker_cooldown`` seconds).
    ``audit`` (a ``fcourse.runtime.security.AuditLog``) records every proposed call;
    ``confirmations`` (a ``fcourse.runtime.security.ConfirmationGate``) redeems the
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

    def register(
        self,
        name: str,
        handler: Callable[..., Any],
        *,
        description: str | None = None,
        parameters: dict[str, Any] | None = None,
        side_effects: bool = False,
        roles: frozenset[str] | set[str] | tuple[str, ...] = (),
        confirm_when: Callable[[dict[str, Any]], bool] | None = None,
        confirm_reason: str = "",
        health_check: Callable[[], bool] | None = None,
        session_args: Mapping[str, str] | None = None,
        idempotency_key_arg: str | None = None,
        status_lookup: Callable[[Session, str, Mapping[str, Any]], Any] | None = None,
        effect_count: Callable[[Session, str], int] | None = None,
        strict: bool = False,
    ) -> Tool:
        """Register a tool; raise ``DuplicateToolError``/``RegistrationError`` at once if it can't be.

        Without ``parameters`` the schema (and, without ``description``, the
        description) is derived from the handler's signature and docstring.
        """
        if not isinstance(name, str) or not _NAME.match(name):
            raise RegistrationError(f"tool name {name!r} must match {_NAME.pattern}")
        if not callable(handler):
            raise RegistrationError(f"tool {name!r}: the handler is not callable")
        derived_description = ""
        if parameters is None:
            derived_description, parameters = schema_from_function(handler)
        problems = check_schema(parameters)
        if problems:
            raise RegistrationError(f"tool {name!r}: invalid JSON Schema: {problems[0].message}")
        if parameters.get("type") != "object":
            raise RegistrationError(f"tool {name!r}: parameters must be a JSON Schema of type object")
        description = description if description is not None else derived_description
        if not description or not description.strip():
            raise RegistrationError(f"tool {name!r} needs a description: it is how a model picks it")
        session_args = dict(session_args or {})
        for arg in session_args:
            if arg not in parameters.get("properties", {}):
                raise RegistrationError(f"tool {name!r}: session argument {arg!r} is not in the schema")
        if idempotency_key_arg and idempotency_key_arg not in parameters.get("properties", {}):
            raise RegistrationError(f"tool {name!r}: idempotency key {idempotency_key_arg!r} is not in the schema")
        if status_lookup is not None and not idempotency_key_arg:
            raise RegistrationError(f"tool {name!r}: a status lookup needs an idempotency_key_arg")
        try:
            wants_session = "session" in inspect.signature(handler).parameters
        except (TypeError, ValueError):
            wants_session = False
        tool = Tool(
            name=name,
            description=description.strip(),
            parameters=parameters,
            handler=handler,
            side_effects=side_effects,
            roles=frozenset(roles),
            confirm_when=confirm_when,
            confirm_reason=confirm_reason,
            health_check=health_check,
            session_args=session_args,
            idempotency_key_arg=idempotency_key_arg,
            status_lookup=status_lookup,
            effect_count=effect_count,
            strict=strict,
            wants_session=wants_session,
            validate=compile_schema(parameters),
        )
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
        """The circuit breaker of tool ``name`` (KeyError if unknown)."""
        return self._breakers[name]

    def set_available(self, name: str, available: bool, reason: str = "switched off") -> None:
        """Take a tool offline (it answers ``TOOL_UNAVAILABLE``) or bring it back."""
        if name not in self._tools:
            raise KeyError(name)
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
        begun: list[int] = []  # the audit entry written before the handler ran, if it ran
        try:
            response = self._execute(name, arguments, session, confirmation_token, retry_of, begun)
        except _Refused as refused:
            response = refused.response
        except Exception as error:  # a bug in a check must not escape either
            response = ToolResponse(
                tool=str(name),
                status="ERROR",
                error_code=ErrorCode.EXECUTION_ERROR,
                message=f"the runtime failed while checking the call: {type(error).__name__}",
                data={"reason": "RUNTIME_ERROR", "exception": type(error).__name__},
                retry_safe=False,
            )
        return self._audited(response, session, str(name), arguments, begun)

    def _audited(
        self, response: ToolResponse, session: Session | None, name: str, arguments: Any, begun: list[int] | None = None
    ) -> ToolResponse:
        if self.audit is None:
            return response
        try:
            if begun:
                self.audit.finish(begun[0], response)
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
        read = _read_tool_call(tool_call)
        if isinstance(read, SchemaIssue):
            response = ToolResponse(
                tool="?",
                status="ERROR",
                error_code=ErrorCode.INVALID_ARGUMENT,
                message=f"the tool call is malformed: {read.path}: {read.message}",
                data={"issues": [read.to_dict()]},
            )
            return self._audited(response, session, "?", _describe(tool_call))
        name, arguments = read
        return self.execute(name, arguments, session, **options)

    def _execute(
        self,
        name: str,
        raw: str | Mapping[str, Any] | None,
        session: Session | None,
        confirmation_token: str | None,
        retry_of: ToolResponse | None,
        begun: list[int],
    ) -> ToolResponse:
        tool = self._tools.get(name) if isinstance(name, str) else None
        if tool is None:
            raise _Refused(
                ToolResponse(
                    tool=str(name),
                    status="ERROR",
                    error_code=ErrorCode.UNKNOWN_TOOL,
                    message=f"there is no tool named {name!r}",
                    data={"available_tools": self.names()},
                )
            )
        refuse = _refuser(tool.name)

        if session is None and (tool.roles or tool.session_args):
            refuse(ErrorCode.PERMISSION_DENIED, "this tool needs an authenticated session", {"reason": "NO_SESSION"})
        if tool.roles and not (tool.roles & session.roles):  # type: ignore[union-attr]
            refuse(
                ErrorCode.PERMISSION_DENIED,
                f"this session may not call {tool.name}",
                {"reason": "ROLE", "required_roles": sorted(tool.roles)},
            )

        arguments = _parse_arguments(raw, refuse)

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
                _issues_message(issues),
                {"issues": [issue.to_dict() for issue in issues]},
                notes=notes,
            )

        key = None
        if tool.idempotency_key_arg:
            key = arguments.get(tool.idempotency_key_arg)
        needs_hash = tool.idempotency_key_arg or tool.confirm_when is not None or tool.side_effects
        digest = arguments_hash(arguments) if needs_hash else None

        with self._lock:
            offline = self._unavailable.get(tool.name)
        if offline is not None:
            refuse(
                ErrorCode.TOOL_UNAVAILABLE,
                f"{tool.name} is unavailable: {offline}",
                {"reason": "OFFLINE", "detail": offline},
                notes=notes,
            )
        breaker = self._breakers[tool.name]
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
                    and self._take_retry_grant(grant)
                ):
                    confirmed = True
                else:
                    problem = "NO_TOKEN"
                    if confirmation_token and self.confirmations is not None:
                        try:
                            problem = self.confirmations.redeem(confirmation_token, session, tool.name, arguments)
                        except Exception as error:  # fail closed: a gate that cannot answer confirms nothing
                            problem = f"GATE_ERROR: {type(error).__name__}"
                    elif confirmation_token:
                        problem = "NO_CONFIRMATION_GATE"
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

        if self.audit is not None:
            # nothing executes without its audit entry: write it first, or refuse
            try:
                begun.append(self.audit.begin(session=session, tool=tool.name, arguments=raw, notes=notes))
            except Exception as error:
                refuse(
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
            "confirmed": confirmed,
            "notes": tuple(notes),
            "arguments": types.MappingProxyType(json.loads(json.dumps(arguments))),
        }
        try:
            result = tool.handler(**call_args)
            json.dumps(result, sort_keys=True, ensure_ascii=False)
        except ToolRefusal as refusal:
            return ToolResponse(
                status="ERROR",
                error_code=refusal.code,
                message=refusal.message,
                data=dict(refusal.data),
                retry_safe=refusal.retry_safe,
                **common,
            )
        except Exception as error:
            breaker.record_failure(type(error).__name__)
            if granted_by_token and grant is not None:
                with self._lock:  # the redeemed token also covers one runtime retry of this exact call
                    self._retry_grants[grant] = 1
            not_executed = isinstance(error, (ServiceUnavailableError, ConnectionRefusedError))
            reason = (
                "TIMEOUT"
                if isinstance(error, TimeoutError)
                else ("SERVICE_UNAVAILABLE" if not_executed else "EXCEPTION")
            )
            return ToolResponse(
                status="ERROR",
                error_code=ErrorCode.EXECUTION_ERROR,
                message=f"{tool.name} failed: {type(error).__name__}: {_short(error)}",
                data={"reason": reason, "exception": type(error).__name__},
                retry_safe=not_executed or not tool.side_effects,
                **common,
            )
        breaker.record_success()
        return ToolResponse(status="SUCCESS", message="ok", data=result, retry_safe=True, **common)


def _harmless_probe() -> bool:
    """The probe of a side-effect-free tool without a health check: let the next call through."""
    return True


def _refuser(tool: str) -> Callable[..., None]:
    def refuse(
        code: ErrorCode,
        message: str,
        data: Any = None,
        *,
        notes: list[str] | None = None,
        key: str | None = None,
        digest: str | None = None,
    ) -> None:
        raise _Refused(
            ToolResponse(
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
        )

    return refuse


def _parse_arguments(raw: Any, refuse: Callable[..., None]) -> dict[str, Any]:
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return {}
    if isinstance(raw, (str, bytes, bytearray)):
        try:
            parsed = json.loads(
                raw, parse_constant=_no_constant, parse_float=_finite_float, object_pairs_hook=_unique_keys
            )
        except (ValueError, RecursionError) as error:
            refuse(
                ErrorCode.INVALID_ARGUMENT,
                "the arguments are not valid JSON",
                {"issues": [SchemaIssue("$", f"not valid JSON: {_short(error)}", "json").to_dict()]},
            )
    else:
        parsed = raw
    if not isinstance(parsed, Mapping):
        refuse(
            ErrorCode.INVALID_ARGUMENT,
            "the arguments must be a JSON object",
            {"issues": [SchemaIssue("$", f"expected an object, got {type(parsed).__name__}", "type").to_dict()]},
        )
    try:
        # a deep, detached copy (the handler cannot mutate the caller's dict), as JSON allows it
        text = json.dumps(dict(parsed), allow_nan=False, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError) as error:
        refuse(
            ErrorCode.INVALID_ARGUMENT,
            "the arguments are not JSON data",
            {"issues": [SchemaIssue("$", f"not JSON data: {_short(error)}", "json").to_dict()]},
        )
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        # JSON text may escape a lone surrogate (\ud800), but it is not Unicode text: no handler,
        # database or hash can encode it (RFC 8259 section 8.2 calls its behaviour unpredictable)
        refuse(
            ErrorCode.INVALID_ARGUMENT,
            "the arguments contain text that is not valid Unicode",
            {"issues": [SchemaIssue("$", "a string contains a lone surrogate (not valid Unicode)", "json").to_dict()]},
        )
    return json.loads(text)


def _read_tool_call(tool_call: Any) -> tuple[Any, Any] | SchemaIssue:
    """``(name, arguments)`` of an OpenAI tool call (dict or SDK object), or what is wrong with its shape."""
    if isinstance(tool_call, Mapping):
        function = tool_call.get("function")
    else:
        function = getattr(tool_call, "function", None)
    if function is None:
        return SchemaIssue("$.function", "a tool call needs a 'function' with a name and arguments", "required")
    if isinstance(function, Mapping):
        name, arguments = function.get("name"), function.get("arguments")
    elif hasattr(function, "name") and not isinstance(function, (str, bytes)):
        name, arguments = function.name, getattr(function, "arguments", None)
    else:
        return SchemaIssue("$.function", f"expected an object, got {type(function).__name__}", "type")
    if name is not None and not isinstance(name, str):
        return SchemaIssue("$.function.name", f"expected a string, got {type(name).__name__}", "type")
    return name, arguments


def _describe(value: Any, limit: int = 500) -> str:
    """A short text of a malformed tool call, for the audit log."""
    try:
        text = json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are unique: parsers disagree on which of two values wins."""
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"the key {key!r} is given twice")
        result[key] = value
    return result


def _no_constant(name: str) -> float:
    """``json.loads`` accepts NaN, Infinity and -Infinity; JSON (RFC 8259) does not."""
    raise ValueError(f"{name} is not a JSON value")


def _finite_float(text: str) -> float:
    """A JSON number as a float, refusing one that overflows to infinity (``1e999``)."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is out of range")
    return value


def _issues_message(issues: list[SchemaIssue]) -> str:
    first = issues[0]
    more = f" (and {len(issues) - 1} more)" if len(issues) > 1 else ""
    return f"invalid arguments: {first.path}: {first.message}{more}"


def _short(error: BaseException, limit: int = 200) -> str:
    text = str(error)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _with_note(response: ToolResponse, note: str) -> ToolResponse:
    from dataclasses import replace

    return replace(response, notes=(*response.notes, note))
