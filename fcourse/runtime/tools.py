"""Tool definitions: a tool's contract, its rules, and JSON Schemas derived from typed functions.

Introduced in chapter 4. ``Tool`` is one registered tool (its schema, handler
and rules: roles, confirmation, session-filled arguments, idempotency key and
status lookup); ``define_tool`` checks a definition and builds one, raising
``RegistrationError`` at once when it cannot be registered;
``schema_from_function`` derives a description and a JSON Schema from a typed
function and its Google-style docstring. ``fcourse.runtime.registry`` keeps
the tools and runs their calls.
"""

from __future__ import annotations

import enum
import inspect
import json
import re
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from fcourse.errors import RegistrationError
from fcourse.runtime.identity import Session
from fcourse.schema import SchemaIssue, check_schema, compile_schema

__all__ = ["TOOL_NAME", "Tool", "define_tool", "schema_from_function"]

#: What a tool name may look like (the OpenAI API's rule).
TOOL_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


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


def define_tool(
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
    """Check a tool definition and build the ``Tool``; raise ``RegistrationError`` if it cannot be registered.

    Without ``parameters`` the schema (and, without ``description``, the
    description) is derived from the handler's signature and docstring.
    """
    if not isinstance(name, str) or not TOOL_NAME.match(name):
        raise RegistrationError(f"tool name {name!r} must match {TOOL_NAME.pattern}")
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
    for arg, attribute in session_args.items():
        if arg not in parameters.get("properties", {}):
            raise RegistrationError(f"tool {name!r}: session argument {arg!r} is not in the schema")
        if attribute not in Session.__dataclass_fields__:
            raise RegistrationError(f"tool {name!r}: session argument {arg!r} names no Session field ({attribute!r})")
    if idempotency_key_arg and idempotency_key_arg not in parameters.get("properties", {}):
        raise RegistrationError(f"tool {name!r}: idempotency key {idempotency_key_arg!r} is not in the schema")
    if status_lookup is not None and not idempotency_key_arg:
        raise RegistrationError(f"tool {name!r}: a status lookup needs an idempotency_key_arg")
    try:
        wants_session = "session" in inspect.signature(handler).parameters
    except (TypeError, ValueError):
        wants_session = False
    return Tool(
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
