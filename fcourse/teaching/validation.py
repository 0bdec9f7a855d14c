"""Request validation for the teaching model, the way the hosted API does it.

Introduced in chapter 2 (the native tools protocol): getting the protocol wrong
is an error *from the API*, not a guess by the model. Every rule here answers
with the hosted API's error envelope, status code and (as closely as public
error reports show it) its wording, for example::

    An assistant message with 'tool_calls' must be followed by tool messages
    responding to each 'tool_call_id'. The following tool_call_ids did not have
    response messages: call_…

``validate_chat_request(body)`` returns the *normalised* request the policy
sees, or raises ``fcourse.errors.InvalidRequestError``. Normalised means: every
field the policy reads is present and well-formed, message ``content`` is a
plain string (text parts joined) or ``None``, defaults are filled in
(``tool_choice`` "auto"/"none", ``parallel_tool_calls`` true; ``temperature``,
``seed`` and ``max_tokens`` stay ``None`` when unset, because the policy treats
an unset temperature as 0), ``max_completion_tokens`` is folded into
``max_tokens``, the ``fcourse`` extension object (``extra_body={"fcourse": ...}``)
is checked field by field, and fields the teaching model ignores are dropped.

Known differences from the hosted API are listed in ``UNVERIFIED_WORDING``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from fcourse.errors import InvalidRequestError

__all__ = [
    "MAX_JSON_DEPTH",
    "MAX_TOOLS",
    "MODEL_NAME",
    "UNVERIFIED_WORDING",
    "TOOL_NAME_PATTERN",
    "EXTENSION_FIELDS",
    "parse_json_body",
    "validate_chat_request",
    "validate_model",
]

#: The one model the teaching endpoint serves.
MODEL_NAME = "fcourse-teacher"

#: Tool and tool-call names must match this (the hosted API's rule).
TOOL_NAME_PATTERN = re.compile(r"[a-zA-Z0-9_-]{1,64}")

#: The hosted API accepts at most this many tools.
MAX_TOOLS = 128

#: Rules whose hosted wording could not be confirmed from public error reports.
UNVERIFIED_WORDING = (
    "duplicate tool names",
    "named tool_choice naming a tool that is not in 'tools'",
    "n > 1",
    "duplicate tool_call ids inside one assistant message",
    "regular-expression 'pattern' that Python cannot compile",
)

_ROLES = ("system", "assistant", "user", "function", "tool", "developer")
_USER_PART_TYPES = ("text", "image_url", "input_audio", "file")
_JSON_TYPES = ("string", "number", "integer", "boolean", "object", "array", "null")

# Top-level fields of the Chat Completions request. Fields not used by the
# teaching model are type-checked lightly and then dropped.
_KNOWN_FIELDS = frozenset(
    {
        "messages",
        "model",
        "tools",
        "tool_choice",
        "parallel_tool_calls",
        "temperature",
        "seed",
        "max_tokens",
        "max_completion_tokens",
        "n",
        "stream",
        "stream_options",
        "response_format",
        "top_p",
        "frequency_penalty",
        "presence_penalty",
        "stop",
        "user",
        "metadata",
        "store",
        "logit_bias",
        "logprobs",
        "top_logprobs",
        "service_tier",
        "reasoning_effort",
        "modalities",
        "verbosity",
        "prompt_cache_key",
        "safety_identifier",
        "functions",
        "function_call",
        "audio",
        "prediction",
        "web_search_options",
        "fcourse",
    }
)
_UNSUPPORTED_FIELDS = ("functions", "function_call", "audio", "prediction", "web_search_options")


# --------------------------------------------------------------------------- helpers


def _fail(
    message: str, param: str | None = None, code: str | None = None, status: int = 400
) -> InvalidRequestError:
    return InvalidRequestError(message, param=param, code=code, status=status)


def _json_type(value: object) -> str:
    """How the hosted API names the JSON type of a value in its messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a decimal"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def _type_error(param: str, expected: str, value: object) -> InvalidRequestError:
    return _fail(
        f"Invalid type for '{param}': expected {expected}, but got {_json_type(value)} instead.",
        param,
        "invalid_type",
    )


def _missing(param: str) -> InvalidRequestError:
    return _fail(f"Missing required parameter: '{param}'.", param, "missing_required_parameter")


def _empty_array(param: str) -> InvalidRequestError:
    return _fail(
        f"Invalid '{param}': empty array. Expected an array with minimum length 1, "
        "but got an empty array instead.",
        param,
        "empty_array",
    )


def _quoted_list(values: tuple[str, ...]) -> str:
    quoted = [f"'{v}'" for v in values]
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1] if len(quoted) > 2 else " and ".join(quoted)


def _invalid_value(param: str, value: object, supported: tuple[str, ...]) -> InvalidRequestError:
    return _fail(
        f"Invalid value: '{value}'. Supported values are: {_quoted_list(supported)}.",
        param,
        "invalid_value",
    )


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fmt_number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() and abs(value) < 1e15 else repr(value)


def _number(
    body: Mapping[str, Any], name: str, low: float, high: float, param: str | None = None
) -> float | None:
    value = body.get(name)
    param = param or name
    if value is None:
        return None
    if not _is_number(value):
        raise _type_error(param, "a decimal", value)
    if value > high:
        raise _fail(
            f"Invalid '{param}': decimal above maximum value. Expected a value <= "
            f"{_fmt_number(high)}, but got {_fmt_number(value)} instead.",
            param,
            "decimal_above_max_value",
        )
    if value < low:
        raise _fail(
            f"Invalid '{param}': decimal below minimum value. Expected a value >= "
            f"{_fmt_number(low)}, but got {_fmt_number(value)} instead.",
            param,
            "decimal_below_min_value",
        )
    return float(value)


def _integer(body: Mapping[str, Any], name: str, low: int, high: int) -> int | None:
    value = body.get(name)
    if value is None:
        return None
    if not _is_int(value):
        raise _type_error(name, "an integer", value)
    if value > high:
        raise _fail(
            f"Invalid '{name}': integer above maximum value. Expected a value <= {high}, "
            f"but got {value} instead.",
            name,
            "integer_above_max_value",
        )
    if value < low:
        raise _fail(
            f"Invalid '{name}': integer below minimum value. Expected a value >= {low}, "
            f"but got {value} instead.",
            name,
            "integer_below_min_value",
        )
    return value


def _boolean(body: Mapping[str, Any], name: str) -> bool | None:
    value = body.get(name)
    if value is None:
        return None
    if not isinstance(value, bool):
        raise _type_error(name, "a boolean", value)
    return value


def _string(body: Mapping[str, Any], name: str, param: str) -> str | None:
    value = body.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise _type_error(param, "a string", value)
    return value


# --------------------------------------------------------------------------- JSON body


def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not valid JSON")


#: JSON nested deeper than this is refused (Python's own limit is near 1000, and
#: everything after parsing - hashing, the policy - must stay well below it).
MAX_JSON_DEPTH = 64


def _problem(value: object) -> str | None:
    """What makes parsed JSON unusable: nesting too deep, or text that is not Unicode."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if not item.isascii():
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError:  # a lone surrogate such as "\ud800"
                    return "unicode"
            continue
        if isinstance(item, dict):
            children: list[object] = [*item.keys(), *item.values()]
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_JSON_DEPTH:
            return "depth"
        stack.extend((child, depth + 1) for child in children)
    return None


_PARSE_ERROR = (
    "We could not parse the JSON body of your request. (HINT: This likely means you "
    "aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, "
    "but what was sent was not valid JSON. If you have trouble figuring out how to "
    "fix this, please contact us through our help center at help.openai.com.)"
)


def parse_json_body(raw: bytes) -> object:
    """Parse a request body as strict JSON (no NaN/Infinity), as the hosted API does."""
    try:
        value = json.loads(raw.decode("utf-8"), parse_constant=_reject_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _fail(_PARSE_ERROR) from None
    problem = _problem(value)
    if problem == "unicode":
        raise _fail(_PARSE_ERROR)
    if problem == "depth":
        raise _fail(
            f"Invalid request: the JSON body is nested more than {MAX_JSON_DEPTH} levels deep.",
            None,
            "invalid_value",
        )
    return value


# --------------------------------------------------------------------------- messages


def _content_text(content: object, param: str, role: str, *, required: bool) -> str | None:
    """Validate a message's content and flatten it to a string."""
    if content is None:
        if required:
            raise _missing(param)
        return None
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        raise _fail(
            f"Invalid type for '{param}': expected one of a string or array of objects, "
            f"but got {_json_type(content)} instead.",
            param,
            "invalid_type",
        )
    if not content:
        raise _empty_array(param)
    allowed: tuple[str, ...]
    if role == "user":
        allowed = _USER_PART_TYPES
    elif role == "assistant":
        allowed = ("text", "refusal")
    else:
        allowed = ("text",)
    texts: list[str] = []
    for k, part in enumerate(content):
        part_param = f"{param}[{k}]"
        if not isinstance(part, dict):
            raise _type_error(part_param, "an object", part)
        kind = part.get("type")
        if kind is None:
            raise _missing(f"{part_param}.type")
        if not isinstance(kind, str):
            raise _type_error(f"{part_param}.type", "a string", kind)
        if kind not in allowed:
            raise _invalid_value(f"{part_param}.type", kind, allowed)
        if kind in ("text", "refusal"):
            text = part.get(kind)
            if text is None:
                raise _missing(f"{part_param}.{kind}")
            if not isinstance(text, str):
                raise _type_error(f"{part_param}.{kind}", "a string", text)
            if kind == "text":
                texts.append(text)
        else:
            raise _fail(
                f"Invalid content type. {kind} is only supported by certain models.",
                f"{part_param}.type",
                "invalid_value",
            )
    return "\n".join(texts)


def _tool_calls(value: object, param: str) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise _type_error(param, "an array of objects", value)
    if not value:
        raise _empty_array(param)
    calls: list[dict[str, Any]] = []
    seen: set[str] = set()
    for k, call in enumerate(value):
        cp = f"{param}[{k}]"
        if not isinstance(call, dict):
            raise _type_error(cp, "an object", call)
        call_id = call.get("id")
        if call_id is None:
            raise _missing(f"{cp}.id")
        if not isinstance(call_id, str):
            raise _type_error(f"{cp}.id", "a string", call_id)
        if call_id in seen:
            raise _fail(
                f"Invalid '{cp}.id': duplicate tool call id '{call_id}' in the same message.",
                f"{cp}.id",
                "invalid_value",
            )
        seen.add(call_id)
        function = _function_part(call, cp)
        name = function.get("name")
        if name is None:
            raise _missing(f"{cp}.function.name")
        _check_tool_name(name, f"{cp}.function.name")
        arguments = function.get("arguments")
        if arguments is None:
            raise _missing(f"{cp}.function.arguments")
        if not isinstance(arguments, str):
            raise _type_error(f"{cp}.function.arguments", "a string", arguments)
        calls.append({"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}})
    return calls


def _message(message: object, i: int) -> dict[str, Any]:
    param = f"messages[{i}]"
    if not isinstance(message, dict):
        raise _type_error(param, "an object", message)
    role = message.get("role")
    if role is None:
        raise _missing(f"{param}.role")
    if not isinstance(role, str):
        raise _type_error(f"{param}.role", "a string", role)
    if role not in _ROLES:
        raise _invalid_value(f"{param}.role", role, _ROLES)
    if role == "function":
        raise _fail(
            f"Unsupported value: '{param}.role' does not support 'function' with this model. "
            "Use role 'tool' with a 'tool_call_id'.",
            f"{param}.role",
            "unsupported_value",
        )
    out: dict[str, Any] = {"role": role}
    name = _string(message, "name", f"{param}.name")
    if role == "assistant":
        content = _content_text(message.get("content"), f"{param}.content", role, required=False)
        refusal = _string(message, "refusal", f"{param}.refusal")
        calls = None
        if message.get("tool_calls") is not None:
            calls = _tool_calls(message["tool_calls"], f"{param}.tool_calls")
        if content is None and calls is None and refusal is None:
            raise _fail(
                "Invalid value for 'content': expected a string, got null.",
                f"messages.[{i}].content",
            )
        out["content"] = content
        if calls is not None:
            out["tool_calls"] = calls
    else:
        out["content"] = _content_text(message.get("content"), f"{param}.content", role, required=True)
    if role == "tool":
        call_id = message.get("tool_call_id")
        if call_id is None:
            raise _missing(f"{param}.tool_call_id")
        if not isinstance(call_id, str):
            raise _type_error(f"{param}.tool_call_id", "a string", call_id)
        out["tool_call_id"] = call_id
    if name is not None:
        out["name"] = name
    return out


def _check_pairing(messages: list[dict[str, Any]]) -> None:
    """Every tool call is answered by a tool message, and every tool message answers one."""
    pending: list[str] = []
    owner = -1
    for i, message in enumerate(messages):
        if message["role"] == "tool":
            if message["tool_call_id"] in pending:
                pending.remove(message["tool_call_id"])
                continue
            raise _fail(
                "Invalid parameter: messages with role 'tool' must be a response to a "
                "preceeding message with 'tool_calls'.",
                f"messages.[{i}].role",
            )
        if pending:
            break
        if message["role"] == "assistant" and "tool_calls" in message:
            pending = [call["id"] for call in message["tool_calls"]]
            owner = i
    if pending:
        raise _fail(
            "An assistant message with 'tool_calls' must be followed by tool messages "
            "responding to each 'tool_call_id'. The following tool_call_ids did not have "
            f"response messages: {', '.join(pending)}",
            f"messages.[{owner}].role",
        )


def _messages(body: Mapping[str, Any]) -> list[dict[str, Any]]:
    messages = body.get("messages")
    if messages is None:
        raise _missing("messages")
    if not isinstance(messages, list):
        raise _type_error("messages", "an array of objects", messages)
    if not messages:
        raise _empty_array("messages")
    normalised = [_message(m, i) for i, m in enumerate(messages)]
    _check_pairing(normalised)
    return normalised


# --------------------------------------------------------------------------- tools


def _check_tool_name(name: object, param: str) -> str:
    if not isinstance(name, str):
        raise _type_error(param, "a string", name)
    if not name:
        raise _fail(
            f"Invalid '{param}': empty string. Expected a string with minimum length 1, "
            "but got an empty string instead.",
            param,
            "empty_string",
        )
    if len(name) > 64:
        raise _fail(
            f"Invalid '{param}': string too long. Expected a string with maximum length 64, "
            f"but got a string with length {len(name)} instead.",
            param,
            "string_above_max_length",
        )
    if not TOOL_NAME_PATTERN.fullmatch(name):
        raise _fail(
            f"Invalid '{param}': string does not match pattern. Expected a string that "
            "matches the pattern '^[a-zA-Z0-9_-]+$'.",
            param,
            "invalid_value",
        )
    return name


class _SchemaError(Exception):
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


def _check_schema(schema: object, context: tuple[str, ...], strict: bool, depth: int = 0) -> None:
    """Check that a JSON Schema is well-formed enough for the policy to read."""
    if depth > 32:
        raise _SchemaError(context, "schema is nested too deeply (more than 32 levels).")
    if isinstance(schema, bool):
        return
    if not isinstance(schema, dict):
        raise _SchemaError(context, f"schema must be an object, got {_json_type(schema)}.")
    kind = schema.get("type")
    if "type" in schema:
        kinds = kind if isinstance(kind, list) else [kind]
        if not kinds or not all(isinstance(k, str) and k in _JSON_TYPES for k in kinds):
            raise _SchemaError(context, f"'type' must be one of {list(_JSON_TYPES)} (or a list of them).")
    for key in ("description", "title", "pattern", "format", "$ref"):
        if key in schema and not isinstance(schema[key], str):
            raise _SchemaError(context, f"'{key}' must be a string.")
    if "pattern" in schema:
        try:
            re.compile(schema["pattern"])
        except (re.error, RecursionError, OverflowError):
            raise _SchemaError(
                context, f"'pattern' is not a valid regular expression: {schema['pattern']!r}."
            ) from None
    if "enum" in schema and (not isinstance(schema["enum"], list) or not schema["enum"]):
        raise _SchemaError(context, "'enum' must be a non-empty array.")
    for key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"):
        if key in schema and not _is_number(schema[key]):
            raise _SchemaError(context, f"'{key}' must be a number.")
    for key in ("minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"):
        if key in schema and not (_is_int(schema[key]) and schema[key] >= 0):
            raise _SchemaError(context, f"'{key}' must be a non-negative integer.")
    required = schema.get("required")
    if "required" in schema and (
        not isinstance(required, list) or not all(isinstance(r, str) for r in required)
    ):
        raise _SchemaError(context, "'required' must be an array of strings.")
    for key in _SUBSCHEMA_MAPS:
        if key in schema and not isinstance(schema[key], dict):
            raise _SchemaError(context, f"'{key}' must be an object.")
    for key in _SUBSCHEMA_LISTS:
        if key in schema and (not isinstance(schema[key], list) or not schema[key]):
            raise _SchemaError(context, f"'{key}' must be a non-empty array of schemas.")
    if (kind == "array" or (isinstance(kind, list) and "array" in kind)) and "items" not in schema:
        raise _SchemaError(context, "array schema missing items.")
    if strict and _is_object_schema(schema):
        if schema.get("additionalProperties") is not False:
            raise _SchemaError(context, "'additionalProperties' is required to be supplied and to be false.")
        keys = list(schema.get("properties", {}))
        given = required or []
        missing = [k for k in keys if k not in given]
        if missing:
            raise _SchemaError(
                context,
                "'required' is required to be supplied and to be an array including every key "
                f"in properties. Missing '{missing[0]}'.",
            )
        extra = [k for k in given if k not in keys]
        if extra:
            raise _SchemaError(
                context,
                "'required' must be an array that includes every key in `properties`. "
                f"Extra required key '{extra[0]}' supplied.",
            )
    for key in _SUBSCHEMA_MAPS:
        for name, sub in schema.get(key, {}).items():
            _check_schema(sub, (*context, key, name), strict, depth + 1)
    for key in _SUBSCHEMA_LISTS:
        for k, sub in enumerate(schema.get(key, [])):
            _check_schema(sub, (*context, key, str(k)), strict, depth + 1)
    for key in _SUBSCHEMA_SINGLE:
        if key in schema:
            sub = schema[key]
            if key == "items" and isinstance(sub, list):  # draft-04 tuple form
                for k, item in enumerate(sub):
                    _check_schema(item, (*context, key, str(k)), strict, depth + 1)
            else:
                _check_schema(sub, (*context, key), strict, depth + 1)



def _function_part(item: dict[str, Any], param: str) -> dict[str, Any]:
    """Check ``{"type": "function", "function": {...}}`` (a tool or a tool call); return the inner object."""
    kind = item.get("type")
    if kind is None:
        raise _missing(f"{param}.type")
    if kind != "function":
        if not isinstance(kind, str):
            raise _type_error(f"{param}.type", "a string", kind)
        raise _invalid_value(f"{param}.type", kind, ("function",))
    function = item.get("function")
    if function is None:
        raise _missing(f"{param}.function")
    if not isinstance(function, dict):
        raise _type_error(f"{param}.function", "an object", function)
    return function

def _tool(tool: object, k: int) -> dict[str, Any]:
    param = f"tools[{k}]"
    if not isinstance(tool, dict):
        raise _type_error(param, "an object", tool)
    function = _function_part(tool, param)
    if function.get("name") is None:
        raise _missing(f"{param}.function.name")
    name = _check_tool_name(function["name"], f"{param}.function.name")
    description = _string(function, "description", f"{param}.function.description")
    strict = function.get("strict")
    if strict is not None and not isinstance(strict, bool):
        raise _type_error(f"{param}.function.strict", "a boolean", strict)
    parameters = function.get("parameters")
    pparam = f"{param}.function.parameters"
    if parameters is None:
        parameters = {"type": "object", "properties": {}}
    elif not isinstance(parameters, dict):
        raise _type_error(pparam, "an object", parameters)
    elif parameters:
        if parameters.get("type") != "object":
            got = parameters.get("type")
            raise _fail(
                f"Invalid schema for function '{name}': schema must be a JSON Schema of "
                f"'type: \"object\"', got 'type: \"{got}\"'.",
                pparam,
                "invalid_function_parameters",
            )
    try:
        _check_schema(parameters, (), bool(strict))
    except _SchemaError as err:
        raise _fail(
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


def _tools(body: Mapping[str, Any]) -> list[dict[str, Any]]:
    tools = body.get("tools")
    if tools is None:
        return []
    if not isinstance(tools, list):
        raise _type_error("tools", "an array of objects", tools)
    if not tools:
        raise _empty_array("tools")
    if len(tools) > MAX_TOOLS:
        raise _fail(
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
            raise _fail(
                f"Invalid 'tools[{k}].function.name': duplicate function name '{name}' "
                f"(also used by tools[{first[name]}]). Function names must be unique.",
                f"tools[{k}].function.name",
                "invalid_value",
            )
        first[name] = k
    return normalised


def _tool_choice(body: Mapping[str, Any], tools: list[dict[str, Any]]) -> str | dict[str, Any]:
    choice = body.get("tool_choice")
    if choice is None:
        return "auto" if tools else "none"
    if not tools:
        raise _fail(
            "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
            "tool_choice",
        )
    if isinstance(choice, str):
        if choice not in ("none", "auto", "required"):
            raise _invalid_value("tool_choice", choice, ("none", "auto", "required"))
        return choice
    if not isinstance(choice, dict):
        raise _type_error("tool_choice", "one of a string or an object", choice)
    kind = choice.get("type")
    if kind is None:
        raise _missing("tool_choice.type")
    if kind != "function":
        if not isinstance(kind, str):
            raise _type_error("tool_choice.type", "a string", kind)
        raise _invalid_value("tool_choice.type", kind, ("function",))
    function = choice.get("function")
    if function is None:
        raise _missing("tool_choice.function")
    if not isinstance(function, dict):
        raise _type_error("tool_choice.function", "an object", function)
    name = function.get("name")
    if name is None:
        raise _missing("tool_choice.function.name")
    if not isinstance(name, str):
        raise _type_error("tool_choice.function.name", "a string", name)
    known = [t["function"]["name"] for t in tools]
    if name not in known:
        raise _fail(
            f"Invalid value for 'tool_choice': function '{name}' is not one of the functions "
            f"in 'tools' ({', '.join(repr(n) for n in known)}).",
            "tool_choice.function.name",
            "invalid_value",
        )
    return {"type": "function", "function": {"name": name}}


# --------------------------------------------------------------------------- the rest


def _response_format(body: Mapping[str, Any], messages: list[dict[str, Any]]) -> dict[str, Any] | None:
    value = body.get("response_format")
    if value is None:
        return None
    if not isinstance(value, dict):
        raise _type_error("response_format", "an object", value)
    kind = value.get("type")
    if kind is None:
        raise _missing("response_format.type")
    supported = ("text", "json_object", "json_schema")
    if not isinstance(kind, str):
        raise _type_error("response_format.type", "a string", kind)
    if kind not in supported:
        raise _invalid_value("response_format.type", kind, supported)
    if kind == "json_object" and not any("json" in (m.get("content") or "").lower() for m in messages):
        raise _fail(
            "'messages' must contain the word 'json' in some form, to use 'response_format' "
            "of type 'json_object'.",
            "messages",
        )
    if kind == "json_schema":
        spec = value.get("json_schema")
        if spec is None:
            raise _missing("response_format.json_schema")
        if not isinstance(spec, dict):
            raise _type_error("response_format.json_schema", "an object", spec)
        if spec.get("name") is None:
            raise _missing("response_format.json_schema.name")
        _check_tool_name(spec["name"], "response_format.json_schema.name")
        schema = spec.get("schema", {})
        strict = spec.get("strict")
        if strict is not None and not isinstance(strict, bool):
            raise _type_error("response_format.json_schema.strict", "a boolean", strict)
        try:
            _check_schema(schema, (), bool(strict))
        except _SchemaError as err:
            raise _fail(
                f"Invalid schema for response_format '{spec['name']}': In "
                f"context={err.context!r}, {err.problem}",
                "response_format",
                "invalid_json_schema",
            ) from None
        return {"type": kind, "json_schema": {"name": spec["name"], "schema": schema, "strict": bool(strict)}}
    return {"type": kind}


def _light_checks(body: Mapping[str, Any]) -> None:
    """Type-check the fields the teaching model accepts but does not use."""
    for name in _UNSUPPORTED_FIELDS:
        if body.get(name) is not None:
            raise _fail(
                f"Unsupported parameter: '{name}' is not supported by the teaching model.",
                name,
                "unsupported_parameter",
            )
    _number(body, "top_p", 0, 1)
    _number(body, "frequency_penalty", -2, 2)
    _number(body, "presence_penalty", -2, 2)
    if _boolean(body, "logprobs"):
        raise _fail(
            "Unsupported value: 'logprobs' is not available from the teaching model.",
            "logprobs",
            "unsupported_value",
        )
    _integer(body, "top_logprobs", 0, 20)
    _boolean(body, "store")
    for name in (
        "user",
        "service_tier",
        "reasoning_effort",
        "verbosity",
        "prompt_cache_key",
        "safety_identifier",
    ):
        _string(body, name, name)
    stop = body.get("stop")
    if stop is not None and not isinstance(stop, str):
        if not isinstance(stop, list) or not all(isinstance(s, str) for s in stop):
            raise _type_error("stop", "one of a string or array of strings", stop)
        if len(stop) > 4:
            raise _fail(
                "Invalid 'stop': array too long. Expected an array with maximum length 4, "
                f"but got an array with length {len(stop)} instead.",
                "stop",
                "array_above_max_length",
            )
    for name in ("metadata", "logit_bias"):
        if body.get(name) is not None and not isinstance(body[name], dict):
            raise _type_error(name, "an object", body[name])
    modalities = body.get("modalities")
    if modalities is not None:
        if not isinstance(modalities, list) or not all(isinstance(m, str) for m in modalities):
            raise _type_error("modalities", "an array of strings", modalities)
        for k, modality in enumerate(modalities):
            if modality != "text":
                raise _invalid_value(f"modalities[{k}]", modality, ("text",))


def _stream_options(body: Mapping[str, Any]) -> tuple[bool, bool]:
    stream = bool(_boolean(body, "stream"))
    options = body.get("stream_options")
    if options is None:
        return stream, False
    if not isinstance(options, dict):
        raise _type_error("stream_options", "an object", options)
    if not stream:
        raise _fail(
            "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
            "stream_options",
        )
    include = _boolean(options, "include_usage")
    return stream, bool(include)


#: The fields of the ``fcourse`` extension object the policy reads.
EXTENSION_FIELDS = ("failure_mode", "threshold")


def _extension(body: Mapping[str, Any]) -> dict[str, Any]:
    """The ``fcourse`` extension (sent with ``extra_body={"fcourse": {...}}``)."""
    extension = body.get("fcourse")
    if extension is None:
        return {}
    if not isinstance(extension, dict):
        raise _type_error("fcourse", "an object", extension)
    for name in extension:
        if name not in EXTENSION_FIELDS:
            raise _fail(
                f"Unrecognized fcourse extension argument supplied: {name!r}. Known: "
                f"{', '.join(EXTENSION_FIELDS)}.",
                f"fcourse.{name}",
                "invalid_value",
            )
    out: dict[str, Any] = {}
    mode = extension.get("failure_mode")
    if mode is not None:
        from fcourse.teaching.text import FAILURE_MODES  # the policy's own list

        if not isinstance(mode, str):
            raise _type_error("fcourse.failure_mode", "a string", mode)
        if mode not in FAILURE_MODES:
            raise _invalid_value("fcourse.failure_mode", mode, tuple(FAILURE_MODES))
        out["failure_mode"] = mode
    threshold = _number(extension, "threshold", 0, 1000, "fcourse.threshold")
    if threshold is not None:
        out["threshold"] = threshold
    return out


def validate_model(body: Mapping[str, Any]) -> str:
    """Check the model field: present, a string, and served here (else 404)."""
    model = body.get("model")
    if model is None:
        raise _fail("you must provide a model parameter")
    if not isinstance(model, str):
        raise _type_error("model", "a string", model)
    if model != MODEL_NAME:
        raise _fail(
            f"The model `{model}` does not exist or you do not have access to it.",
            None,
            "model_not_found",
            status=404,
        )
    return model


def validate_chat_request(body: object) -> tuple[dict[str, Any], dict[str, bool]]:
    """Validate a parsed Chat Completions body.

    Returns ``(request, delivery)``: ``request`` is the normalised body the policy
    sees (and whose hash makes ids and ``created``); ``delivery`` says how to send
    the answer (``stream``, ``include_usage``), which must not change the answer.
    Raises ``InvalidRequestError`` for anything the hosted API would reject.
    """
    if not isinstance(body, dict):
        raise _fail(
            f"Invalid type for request body: expected an object, but got {_json_type(body)} instead.",
            None,
            "invalid_type",
        )
    for name in body:
        if name not in _KNOWN_FIELDS:
            raise _fail(f"Unrecognized request argument supplied: {name}")
    model = validate_model(body)
    messages = _messages(body)
    tools = _tools(body)
    tool_choice = _tool_choice(body, tools)
    parallel = _boolean(body, "parallel_tool_calls")
    if parallel is not None and not tools:
        raise _fail(
            "Invalid value for 'parallel_tool_calls': 'parallel_tool_calls' is only allowed "
            "when 'tools' are specified.",
            "parallel_tool_calls",
        )
    temperature = _number(body, "temperature", 0, 2)
    seed = _integer(body, "seed", -(2**63), 2**63 - 1)
    max_tokens = _integer(body, "max_tokens", 1, 2**31 - 1)
    max_completion = _integer(body, "max_completion_tokens", 1, 2**31 - 1)
    if max_tokens is not None and max_completion is not None:
        raise _fail(
            "Invalid request: set only one of 'max_tokens' and 'max_completion_tokens'.",
            "max_tokens",
            "invalid_value",
        )
    n = _integer(body, "n", 1, 128)
    if n is not None and n > 1:
        raise _fail(
            "Unsupported value: 'n' must be 1 for the teaching model (only n=1 is supported).",
            "n",
            "unsupported_value",
        )
    _light_checks(body)
    response_format = _response_format(body, messages)
    extension = _extension(body)
    stream, include_usage = _stream_options(body)
    request: dict[str, Any] = {
        "model": model,
        "messages": messages,
        "tools": tools,
        "tool_choice": tool_choice,
        "parallel_tool_calls": True if parallel is None else parallel,
        "temperature": temperature,
        "seed": seed,
        "max_tokens": max_tokens if max_tokens is not None else max_completion,
        "response_format": response_format,
        "fcourse": extension,
    }
    return request, {"stream": stream, "include_usage": include_usage}
