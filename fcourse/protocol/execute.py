"""Safe execution of one tool call: the proposal is outside input until checked.

Introduced in chapter 2 (the native tools protocol); chapter 4's registry
(``fcourse.runtime.registry``) grows the same idea into a runtime with
availability, permissions and recovery.

:func:`execute_call` takes one tool call as the model wrote it and returns a
:class:`ToolOutcome`, never an exception (except ``KeyboardInterrupt`` and
friends). In order:

1. **allow-list**: only tools that have a handler *and* were offered in ``tools``
   run (``UNKNOWN_TOOL``);
2. **parse** ``function.arguments``, a JSON *string*, with ``json``; ``NaN`` and
   ``Infinity`` are not JSON and are refused, and so is anything that is not an
   object (``INVALID_ARGUMENT``);
3. **session values win**: a key the session supplies (the logged-in user's
   ``user_id``) overwrites whatever the model wrote; the outcome notes each
   override;
4. **validate** against the tool's JSON Schema through ``fcourse.schema`` (the
   one jsonschema seam) and against the handler's signature
   (``INVALID_ARGUMENT``, every issue as data);
5. **run** the handler; an exception becomes ``EXECUTION_ERROR`` with a short
   sentence for the model. The traceback and the exception's text stay in
   ``ToolOutcome.detail`` for the program's log: they are not the model's
   business and can carry secrets (a connection string, a path).

A refusal the handler raises on purpose (``fcourse.errors.ToolRefusal``) keeps
its own code and message: those are written for the model.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from fcourse.errors import ToolRefusal
from fcourse.prompting.scan import strict_loads
from fcourse.protocol.messages import as_dict, call_parts

__all__ = [
    "EXECUTION_ERROR",
    "INVALID_ARGUMENT",
    "NOT_EXECUTED",
    "UNKNOWN_TOOL",
    "ToolOutcome",
    "error_content",
    "execute_call",
    "parse_arguments",
    "schemas_by_name",
]

UNKNOWN_TOOL = "UNKNOWN_TOOL"
INVALID_ARGUMENT = "INVALID_ARGUMENT"
EXECUTION_ERROR = "EXECUTION_ERROR"
#: a call the loop answered without running it (the round limit was reached)
NOT_EXECUTED = "NOT_EXECUTED"


@dataclass(frozen=True)
class ToolOutcome:
    """What became of one tool call; ``content`` is exactly what the model will read.

    ``arguments`` are the parsed arguments after session overrides (``None`` if
    they could not be parsed); ``overrides`` lists ``(key, model_value,
    session_value)`` for every argument the session replaced; ``detail`` is for
    the developer only (the exception, never sent to the model).
    """

    call_id: str
    name: str
    ok: bool
    content: str
    arguments: dict[str, Any] | None = None
    error_code: str | None = None
    overrides: tuple[tuple[str, Any, Any], ...] = ()
    detail: str | None = field(default=None, compare=False)

    def to_message(self) -> dict[str, Any]:
        """The ``role: "tool"`` message that answers this call."""
        return {"role": "tool", "tool_call_id": self.call_id, "content": self.content}


def error_content(code: str, message: str, **data: Any) -> str:
    """A tool result that reports a failure as data.

    ``{"status": "ERROR", "error_code": ..., "message": ..., "data": {...}}``: the
    envelope of chapter 4's ``ToolResponse`` (without its recovery fields), so
    the diagrams and the teaching model read both chapters' errors alike.
    """
    envelope: dict[str, Any] = {"status": "ERROR", "error_code": code, "message": message}
    if data:
        envelope["data"] = data
    return json.dumps(envelope, ensure_ascii=False)



def parse_arguments(text: Any) -> tuple[dict[str, Any] | None, str | None]:
    """``(arguments, None)`` or ``(None, problem)`` for a ``function.arguments`` string.

    Uses chapter 1's ``strict_loads`` (no guessing, no repair: chapter 1 showed what
    repair can turn a broken reply into), which refuses what Python's json accepts but
    JSON does not - ``NaN``/``Infinity``, a number that overflows to infinity - and a key
    given twice (json would silently keep the last value). An empty string means no arguments.
    """
    if not isinstance(text, str):
        return None, f"arguments must be a JSON string, got {type(text).__name__}"
    if not text.strip():
        return {}, None
    try:
        value = strict_loads(text)
    except ValueError as error:
        return None, f"arguments are not valid JSON ({error})"
    if not isinstance(value, dict):
        return None, f"arguments must be a JSON object, got {type(value).__name__}"
    return value, None


def schemas_by_name(tools: Any) -> dict[str, dict[str, Any]]:
    """``{name: parameters schema}`` for every function tool in a ``tools`` list."""
    out: dict[str, dict[str, Any]] = {}
    for tool in tools or []:
        function = tool.get("function") if isinstance(tool, Mapping) else None
        if isinstance(function, Mapping) and isinstance(function.get("name"), str):
            parameters = function.get("parameters")
            out[function["name"]] = dict(parameters) if isinstance(parameters, Mapping) else {}
    return out


def _apply_session(
    arguments: dict[str, Any], schema: Mapping[str, Any], session: Mapping[str, Any]
) -> tuple[dict[str, Any], tuple[tuple[str, Any, Any], ...]]:
    properties = schema.get("properties") if isinstance(schema.get("properties"), Mapping) else {}
    arguments = dict(arguments)
    overrides = []
    for key, value in session.items():
        if key in properties or key in arguments:
            if key in arguments and arguments[key] != value:
                overrides.append((key, arguments[key], value))
            arguments[key] = value
    return arguments, tuple(overrides)


def _validate(
    arguments: dict[str, Any], schema: Mapping[str, Any], handler: Callable[..., Any]
) -> list[dict[str, str]]:
    issues: list[dict[str, str]] = []
    if schema:
        # the one jsonschema seam, imported on first use (jsonschema takes seconds to import)
        from fcourse.schema import validate

        issues = [issue.to_dict() for issue in validate(arguments, dict(schema))]
    if not issues:
        try:
            inspect.signature(handler).bind(**arguments)
        except TypeError as error:
            issues = [{"path": "$", "message": str(error), "validator": "signature"}]
        except ValueError:  # a builtin without a signature: let the call decide
            pass
    return issues


def _result_text(result: Any) -> str:
    if isinstance(result, str):
        return result
    return json.dumps(result, ensure_ascii=False, allow_nan=False)


def execute_call(
    call: Any,
    handlers: Mapping[str, Callable[..., Any]],
    tools: Any = None,
    session: Mapping[str, Any] | None = None,
) -> ToolOutcome:
    """Check and run one tool call; every failure comes back as an error *result*.

    ``call`` is a tool call (dict or SDK object); ``handlers`` maps tool names
    to Python functions called with keyword arguments; ``tools`` is the list
    sent to the model (its names are the allow-list together with
    ``handlers``, its schemas validate the arguments; ``None`` means "every
    handler, no schema"); ``session`` supplies the values the model must not
    choose (``{"user_id": ...}``).
    """
    call_id, name, raw = call_parts(as_dict(call))
    call_id, name = str(call_id), str(name)
    schemas = schemas_by_name(tools) if tools is not None else {n: {} for n in handlers}
    if name not in handlers or name not in schemas:
        offered = sorted(set(handlers) & set(schemas))
        message = f"there is no tool named {name!r}; the tools are: {', '.join(offered) or 'none'}"
        return ToolOutcome(call_id, name, False, error_content(UNKNOWN_TOOL, message), error_code=UNKNOWN_TOOL)
    arguments, problem = parse_arguments(raw)
    if arguments is None:
        return ToolOutcome(call_id, name, False, error_content(INVALID_ARGUMENT, str(problem)),
                           error_code=INVALID_ARGUMENT)
    overrides: tuple[tuple[str, Any, Any], ...] = ()
    if session:
        arguments, overrides = _apply_session(arguments, schemas[name], session)
    issues = _validate(arguments, schemas[name], handlers[name])
    if issues:
        message = f"the arguments of {name} do not fit its schema"
        return ToolOutcome(call_id, name, False, error_content(INVALID_ARGUMENT, message, issues=issues),
                           arguments, INVALID_ARGUMENT, overrides)
    try:
        content = _result_text(handlers[name](**arguments))
    except ToolRefusal as refusal:
        return ToolOutcome(call_id, name, False, error_content(refusal.code, refusal.message, **refusal.data),
                           arguments, refusal.code, overrides, f"{type(refusal).__name__}: {refusal}")
    except TimeoutError as error:
        message = f"{name} did not answer in time; its result is unknown"
        return ToolOutcome(call_id, name, False, error_content(EXECUTION_ERROR, message, timeout=True),
                           arguments, EXECUTION_ERROR, overrides, f"{type(error).__name__}: {error}")
    except Exception as error:  # noqa: BLE001 - a failing tool is a tool result, not the end of the loop
        message = f"{name} failed ({type(error).__name__}); the details are in the program's log"
        return ToolOutcome(call_id, name, False, error_content(EXECUTION_ERROR, message),
                           arguments, EXECUTION_ERROR, overrides, f"{type(error).__name__}: {error}")
    return ToolOutcome(call_id, name, True, content, arguments, None, overrides)
