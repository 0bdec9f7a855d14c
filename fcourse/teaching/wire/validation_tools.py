"""Checking the ``tools`` and ``tool_choice`` of a request, the way the hosted API does.

Introduced in chapter 2 (the native tools protocol): a tool's name must match
``TOOL_NAME_PATTERN``, its ``parameters`` must be a JSON Schema of type object
(and, with ``strict``, close every object), at most ``MAX_TOOLS`` tools, no
duplicate names, and a named ``tool_choice`` must name one of them. Also used
for the tool calls inside assistant messages (``validation_messages``) and the
schema of ``response_format`` (``validation``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from fcourse.teaching.wire.validation_common import (
    empty_array,
    fail,
    invalid_value,
    is_int,
    is_number,
    json_type,
    missing,
    one_of,
    string,
    type_error,
)

__all__ = [
    "MAX_TOOLS",
    "TOOL_NAME_PATTERN",
    "SchemaError",
    "check_schema",
    "check_tool_choice",
    "check_tool_name",
    "check_tools",
    "function_part",
]

#: Tool and tool-call names must match this (the hosted API's rule).
TOOL_NAME_PATTERN = re.compile(r"[a-zA-Z0-9_-]{1,64}")

#: The hosted API accepts at most this many tools.
MAX_TOOLS = 128

_JSON_TYPES = ("string", "number", "integer", "boolean", "object", "array", "null")


def check_tool_name(name: object, param: str) -> str:
    """A tool or tool-call name checked against ``TOOL_NAME_PATTERN`` (1-64 characters)."""
    if not isinstance(name, str):
        raise type_error(param, "a string", name)
    if not name:
        raise fail(
            f"Invalid '{param}': empty string. Expected a string with minimum length 1, "
            "but got an empty string instead.",
            param,
            "empty_string",
        )
    if len(name) > 64:
        raise fail(
            f"Invalid '{param}': string too long. Expected a string with maximum length 64, "
            f"but got a string with length {len(name)} instead.",
            param,
            "string_above_max_length",
        )
    if not TOOL_NAME_PATTERN.fullmatch(name):
        raise fail(
            f"Invalid '{param}': string does not match pattern. Expected a string that "
            "matches the pattern '^[a-zA-Z0-9_-]+$'.",
            param,
            "invalid_value",
        )
    return name


class SchemaError(Exception):
    def __init__(self, context: tuple[str, ...], problem: str) -> None:
        super().__init__(problem)
        self.context = context
        self.problem = problem


_SUBSCHEMA_MAPS = ("properties", "$defs", "definitions", "patternProperties")
_SUBSCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")
_SUBSCHEMA_SINGLE = ("items", "not", "additionalProperties", "contains", "if", "then", "else")


def _is_object_schema(schema: Mapping[str, Any]) -> bool:
    kind = schema.get("type")
    return kind == "object" or (isinstance(kind, list) and "object" in kind) or "properties" in schema


def check_schema(schema: object, context: tuple[str, ...], strict: bool, depth: int = 0) -> None:
    """Check that a JSON Schema is well-formed enough for the policy to read."""
    if depth > 32:
        raise SchemaError(context, "schema is nested too deeply (more than 32 levels).")
    if isinstance(schema, bool):
        return
    if not isinstance(schema, dict):
        raise SchemaError(context, f"schema must be an object, got {json_type(schema)}.")
    kind = schema.get("type")
    if "type" in schema:
        kinds = kind if isinstance(kind, list) else [kind]
        if not kinds or not all(isinstance(k, str) and k in _JSON_TYPES for k in kinds):
            raise SchemaError(context, f"'type' must be one of {list(_JSON_TYPES)} (or a list of them).")
    for key in ("description", "title", "pattern", "format", "$ref"):
        if key in schema and not isinstance(schema[key], str):
            raise SchemaError(context, f"'{key}' must be a string.")
    if "pattern" in schema:
        try:
            re.compile(schema["pattern"])
        except (re.error, RecursionError, OverflowError):
            raise SchemaError(
                context, f"'pattern' is not a valid regular expression: {schema['pattern']!r}."
            ) from None
    if "enum" in schema and (not isinstance(schema["enum"], list) or not schema["enum"]):
        raise SchemaError(context, "'enum' must be a non-empty array.")
    for key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"):
        if key in schema and not is_number(schema[key]):
            raise SchemaError(context, f"'{key}' must be a number.")
    for key in ("minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"):
        if key in schema and not (is_int(schema[key]) and schema[key] >= 0):
            raise SchemaError(context, f"'{key}' must be a non-negative integer.")
    required = schema.get("required")
    if "required" in schema and (
        not isinstance(required, list) or not all(isinstance(r, str) for r in required)
    ):
        raise SchemaError(context, "'required' must be an array of strings.")
    for key in _SUBSCHEMA_MAPS:
        if key in schema and not isinstance(schema[key], dict):
            raise SchemaError(context, f"'{key}' must be an object.")
    for key in _SUBSCHEMA_LISTS:
        if key in schema and (not isinstance(schema[key], list) or not schema[key]):
            raise SchemaError(context, f"'{key}' must be a non-empty array of schemas.")
    if (kind == "array" or (isinstance(kind, list) and "array" in kind)) and "items" not in schema:
        raise SchemaError(context, "array schema missing items.")
    if strict and _is_object_schema(schema):
        if schema.get("additionalProperties") is not False:
            raise SchemaError(context, "'additionalProperties' is required to be supplied and to be false.")
        keys = list(schema.get("properties", {}))
        given = required or []
        missing = [k for k in keys if k not in given]
        if missing:
            raise SchemaError(
                context,
                "'required' is required to be supplied and to be an array including every key "
                f"in properties. Missing '{missing[0]}'.",
            )
        extra = [k for k in given if k not in keys]
        if extra:
            raise SchemaError(
                context,
                "'required' must be an array that includes every key in `properties`. "
                f"Extra required key '{extra[0]}' supplied.",
            )
    for key in _SUBSCHEMA_MAPS:
        for name, sub in schema.get(key, {}).items():
            check_schema(sub, (*context, key, name), strict, depth + 1)
    for key in _SUBSCHEMA_LISTS:
        for k, sub in enumerate(schema.get(key, [])):
            check_schema(sub, (*context, key, str(k)), strict, depth + 1)
    for key in _SUBSCHEMA_SINGLE:
        if key in schema:
            sub = schema[key]
            if key == "items" and isinstance(sub, list):  # draft-04 tuple form
                for k, item in enumerate(sub):
                    check_schema(item, (*context, key, str(k)), strict, depth + 1)
            else:
                check_schema(sub, (*context, key), strict, depth + 1)



#: ``(repr(parameters), strict)`` of schemas that passed ``check_schema``, oldest first (at most 512):
#: a session sends the same tools with every request. ``repr`` keeps what the check reads - key order,
#: and ``True`` / ``1`` / ``1.0`` or a list / a tuple apart - and only a pass is remembered.
_PASSED: dict[tuple[str, bool], None] = {}


def _check_parameters(parameters: dict[str, Any], strict: bool) -> None:
    key = (repr(parameters), strict)
    if key in _PASSED:
        return
    check_schema(parameters, (), strict)
    if len(_PASSED) >= 512:
        _PASSED.pop(next(iter(_PASSED)), None)
    _PASSED[key] = None


def function_part(item: dict[str, Any], param: str) -> dict[str, Any]:
    """Check ``{"type": "function", "function": {...}}`` (a tool or a tool call); return the inner object."""
    one_of(item, "type", f"{param}.type", ("function",))
    function = item.get("function")
    if function is None:
        raise missing(f"{param}.function")
    if not isinstance(function, dict):
        raise type_error(f"{param}.function", "an object", function)
    return function

def _tool(tool: object, k: int) -> dict[str, Any]:
    param = f"tools[{k}]"
    if not isinstance(tool, dict):
        raise type_error(param, "an object", tool)
    function = function_part(tool, param)
    if function.get("name") is None:
        raise missing(f"{param}.function.name")
    name = check_tool_name(function["name"], f"{param}.function.name")
    description = string(function, "description", f"{param}.function.description")
    strict = function.get("strict")
    if strict is not None and not isinstance(strict, bool):
        raise type_error(f"{param}.function.strict", "a boolean", strict)
    parameters = function.get("parameters")
    pparam = f"{param}.function.parameters"
    if parameters is None:
        parameters = {"type": "object", "properties": {}}
    elif not isinstance(parameters, dict):
        raise type_error(pparam, "an object", parameters)
    elif parameters:
        if parameters.get("type") != "object":
            got = parameters.get("type")
            raise fail(
                f"Invalid schema for function '{name}': schema must be a JSON Schema of "
                f"'type: \"object\"', got 'type: \"{got}\"'.",
                pparam,
                "invalid_function_parameters",
            )
    try:
        _check_parameters(parameters, bool(strict))
    except SchemaError as err:
        raise fail(
            f"Invalid schema for function '{name}': In context={err.context!r}, {err.problem}",
            pparam,
            "invalid_function_parameters",
        ) from None
    out: dict[str, Any] = {
        "type": "function",
        "function": {"name": name, "description": description or "", "parameters": parameters},
    }
    if strict is not None:
        out["function"]["strict"] = strict
    return out


def check_tools(body: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The request's ``tools``, each checked and normalised; names must be unique."""
    tools = body.get("tools")
    if tools is None:
        return []
    if not isinstance(tools, list):
        raise type_error("tools", "an array of objects", tools)
    if not tools:
        raise empty_array("tools")
    if len(tools) > MAX_TOOLS:
        raise fail(
            f"Invalid 'tools': array too long. Expected an array with maximum length {MAX_TOOLS}, "
            f"but got an array with length {len(tools)} instead.",
            "tools",
            "array_above_max_length",
        )
    normalised = [_tool(t, k) for k, t in enumerate(tools)]
    first: dict[str, int] = {}
    for k, tool in enumerate(normalised):
        name = tool["function"]["name"]
        if name in first:
            raise fail(
                f"Invalid 'tools[{k}].function.name': duplicate function name '{name}' "
                f"(also used by tools[{first[name]}]). Function names must be unique.",
                f"tools[{k}].function.name",
                "invalid_value",
            )
        first[name] = k
    return normalised


def check_tool_choice(body: Mapping[str, Any], tools: list[dict[str, Any]]) -> str | dict[str, Any]:
    """The request's ``tool_choice`` ("auto"/"none" by default), checked against ``tools``."""
    choice = body.get("tool_choice")
    if choice is None:
        return "auto" if tools else "none"
    if not tools:
        raise fail(
            "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
            "tool_choice",
        )
    if isinstance(choice, str):
        if choice not in ("none", "auto", "required"):
            raise invalid_value("tool_choice", choice, ("none", "auto", "required"))
        return choice
    if not isinstance(choice, dict):
        raise type_error("tool_choice", "one of a string or an object", choice)
    one_of(choice, "type", "tool_choice.type", ("function",))
    function = choice.get("function")
    if function is None:
        raise missing("tool_choice.function")
    if not isinstance(function, dict):
        raise type_error("tool_choice.function", "an object", function)
    name = function.get("name")
    if name is None:
        raise missing("tool_choice.function.name")
    if not isinstance(name, str):
        raise type_error("tool_choice.function.name", "a string", name)
    known = [t["function"]["name"] for t in tools]
    if name not in known:
        raise fail(
            f"Invalid value for 'tool_choice': function '{name}' is not one of the functions "
            f"in 'tools' ({', '.join(repr(n) for n in known)}).",
            "tool_choice.function.name",
            "invalid_value",
        )
    return {"type": "function", "function": {"name": name}}
