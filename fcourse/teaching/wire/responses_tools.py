"""Checking the ``tools``, ``tool_choice`` and ``text`` of a Responses request, as the hosted API does.

Introduced in chapter 2 (the same round trip, two shapes). In the Responses API a function tool is
*flat*: ``{"type": "function", "name": ..., "description": ..., "parameters": ...}``, where Chat
Completions nests the same fields under ``"function"``. A Chat-shaped tool sent here is the error
programs meet first when they move: ``Missing required parameter: 'tools[0].name'.``

Only function tools are served. The hosted API's built-in tools (``web_search``, ``file_search``,
``code_interpreter``, ...) run on OpenAI's side; the teaching model has none, so it answers each with
the 400 the hosted API gives a model that lacks it (``Hosted tool 'web_search_preview' is not supported
with ...``). Each function tool is then checked by the Chat Completions rules
(``validation_tools.check_tools``: name pattern, JSON Schema, ``strict``, duplicates), with the
parameter names said the Responses way (``tools[0].parameters``, not ``tools[0].function.parameters``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fcourse.errors import InvalidRequestError
from fcourse.teaching.wire.validation_common import (
    fail,
    invalid_value,
    json_type,
    missing,
    type_error,
)
from fcourse.teaching.wire.validation_tools import check_tool_name, check_tools

__all__ = [
    "HOSTED_TOOL_TYPES",
    "TOOL_TYPES",
    "check_response_tool_choice",
    "check_response_tools",
    "check_text",
    "unknown_parameter",
]

#: Tool types the hosted Responses API runs on its own side (the teaching model runs none of them).
HOSTED_TOOL_TYPES = (
    "apply_patch", "code_interpreter", "computer", "computer_use_preview", "custom", "file_search",
    "image_generation", "local_shell", "mcp", "namespace", "programmatic_tool_calling", "shell", "tool_search",
    "web_search", "web_search_2025_08_26", "web_search_preview", "web_search_preview_2025_03_11",
)
#: Every tool type the hosted API knows; only ``function`` is served here.
TOOL_TYPES = ("function", *HOSTED_TOOL_TYPES)

_FUNCTION_FIELDS = frozenset({
    "type", "name", "description", "parameters", "strict", "defer_loading", "allowed_callers", "output_schema",
})


def unknown_parameter(param: str) -> InvalidRequestError:
    """The error: Unknown parameter: 'param'. (Responses names unknown fields this way.)"""
    return fail(f"Unknown parameter: '{param}'.", param, "unknown_parameter")


def _function_tool(tool: Mapping[str, Any], k: int) -> dict[str, Any]:
    """One flat function tool, checked the Responses way, in the Chat Completions shape."""
    param = f"tools[{k}]"
    if tool.get("name") is None:  # a Chat-shaped tool ({"function": {...}}) stops here, as hosted
        raise missing(f"{param}.name")
    for key in tool:
        if key not in _FUNCTION_FIELDS:
            raise unknown_parameter(f"{param}.{key}")
    function: dict[str, Any] = {"name": tool["name"]}
    for key in ("description", "parameters", "strict"):
        if tool.get(key) is not None:
            function[key] = tool[key]
    return {"type": "function", "function": function}


def _responses_param(err: InvalidRequestError) -> InvalidRequestError:
    """A Chat Completions tool error, with its parameter named the Responses way."""
    return fail(err.message.replace(".function.", "."), (err.param or "").replace(".function.", ".") or None,
                err.code, err.status)


def check_response_tools(body: Mapping[str, Any], model: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``(flat, chat)``: the request's function tools as echoed in the response, and in the Chat shape.

    Raises the hosted API's 400 for a tool that is not an object, has no ``type``, has a type the
    hosted API does not know, or is a hosted tool (``web_search``, ...) the teaching model cannot run.
    """
    tools = body.get("tools")
    if tools is None:
        return [], []
    if not isinstance(tools, list):
        raise type_error("tools", "an array of tools", tools)
    chat: list[dict[str, Any]] = []
    for k, tool in enumerate(tools):
        if not isinstance(tool, dict):
            raise type_error(f"tools[{k}]", "an object", tool)
        kind = tool.get("type")
        if kind is None:
            raise missing(f"tools[{k}].type")
        if kind not in TOOL_TYPES:
            if not isinstance(kind, str):
                raise type_error(f"tools[{k}].type", "a string", kind)
            raise invalid_value(f"tools[{k}].type", kind, TOOL_TYPES)
        if kind != "function":
            raise fail(f"Hosted tool '{kind}' is not supported with {model}.", "tools")
        chat.append(_function_tool(tool, k))
    if not chat:
        return [], []
    try:
        normalised = check_tools({"tools": chat})
    except InvalidRequestError as err:
        raise _responses_param(err) from None
    flat = [
        {
            "type": "function",
            "name": t["function"]["name"],
            "description": t["function"]["description"] or None,
            "parameters": t["function"]["parameters"],
            "strict": t["function"].get("strict"),
        }
        for t in normalised
    ]
    return flat, normalised


_CHOICE_OPTIONS = ("none", "auto", "required")


def _named(name: object, param: str, known: list[str]) -> str:
    if name is None:
        raise missing(param)
    check_tool_name(name, param)
    assert isinstance(name, str)
    if name not in known:
        raise fail(f"Tool choice '{name}' not found in 'tools' parameter.", "tool_choice")
    return name


def check_response_tool_choice(
    body: Mapping[str, Any], flat: list[dict[str, Any]]
) -> tuple[str | dict[str, Any], str | dict[str, Any], list[str] | None]:
    """``(echo, chat, allowed)`` for ``tool_choice``: as echoed, as Chat Completions says it, and the
    names an ``allowed_tools`` choice leaves the model (``None``: every tool)."""
    choice = body.get("tool_choice")
    known = [t["name"] for t in flat]
    if choice is None:
        return "auto", ("auto" if flat else "none"), None
    if isinstance(choice, str):
        if choice not in _CHOICE_OPTIONS:
            raise invalid_value("tool_choice", choice, _CHOICE_OPTIONS)
        if choice == "required" and not flat:
            raise fail(
                "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
                "tool_choice",
            )
        return choice, (choice if flat else "none"), None
    if not isinstance(choice, dict):
        raise fail(
            "Invalid type for 'tool_choice': expected one of an object or 'none', 'auto', or 'required', "
            f"but got {json_type(choice)} instead.",
            "tool_choice",
            "invalid_type",
        )
    kind = choice.get("type")
    if kind is None:
        raise missing("tool_choice.type")
    if kind == "function":
        name = _named(choice.get("name"), "tool_choice.name", known)
        return {"type": "function", "name": name}, {"type": "function", "function": {"name": name}}, None
    if kind == "allowed_tools":
        return _allowed_tools(choice, known)
    if kind in HOSTED_TOOL_TYPES:
        raise fail(f"Tool choice '{kind}' not found in 'tools' parameter.", "tool_choice")
    if not isinstance(kind, str):
        raise type_error("tool_choice.type", "a string", kind)
    raise invalid_value("tool_choice.type", kind, ("function", "allowed_tools", *HOSTED_TOOL_TYPES))


def _allowed_tools(
    choice: Mapping[str, Any], known: list[str]
) -> tuple[dict[str, Any], str, list[str]]:
    mode = choice.get("mode")
    if mode is None:
        raise missing("tool_choice.mode")
    if mode not in ("auto", "required"):
        raise invalid_value("tool_choice.mode", mode, ("auto", "required"))
    listed = choice.get("tools")
    if listed is None:
        raise missing("tool_choice.tools")
    if not isinstance(listed, list):
        raise type_error("tool_choice.tools", "an array of objects", listed)
    names: list[str] = []
    for k, entry in enumerate(listed):
        param = f"tool_choice.tools[{k}]"
        if not isinstance(entry, dict):
            raise type_error(param, "an object", entry)
        if entry.get("type") != "function":
            kind = entry.get("type")
            raise fail(f"Tool choice '{kind}' not found in 'tools' parameter.", "tool_choice")
        names.append(_named(entry.get("name"), f"{param}.name", known))
    echo = {"type": "allowed_tools", "mode": mode, "tools": [{"type": "function", "name": n} for n in names]}
    return echo, ("required" if mode == "required" and names else "auto" if names else "none"), names


_FORMATS = ("json_object", "text", "json_schema")


def check_text(body: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """``(echo, response_format)``: ``text`` as echoed, and as Chat Completions' ``response_format``."""
    text = body.get("text")
    if text is None:
        return {"format": {"type": "text"}, "verbosity": "medium"}, None
    if not isinstance(text, dict):
        raise type_error("text", "an object", text)
    for key in text:
        if key not in ("format", "verbosity"):
            raise unknown_parameter(f"text.{key}")
    verbosity = text.get("verbosity")
    if verbosity is not None and verbosity not in ("low", "medium", "high"):
        raise invalid_value("text.verbosity", verbosity, ("low", "medium", "high"))
    echo: dict[str, Any] = {"format": {"type": "text"}, "verbosity": verbosity or "medium"}
    spec = text.get("format")
    if spec is None:
        return echo, None
    if not isinstance(spec, dict):
        raise type_error("text.format", "an object", spec)
    kind = spec.get("type")
    if kind is None:
        raise missing("text.format.type")
    if kind not in _FORMATS:
        raise invalid_value("text.format.type", kind, _FORMATS)
    if kind != "json_schema":
        echo["format"] = {"type": kind}
        return echo, {"type": kind}
    if spec.get("name") is None:
        raise missing("text.format.name")
    chat = {"name": spec["name"], "schema": spec.get("schema", {})}
    if spec.get("strict") is not None:
        chat["strict"] = spec["strict"]
    if spec.get("description") is not None:
        chat["description"] = spec["description"]
    echo["format"] = {"type": "json_schema", "name": spec["name"], "schema": chat["schema"],
                      "strict": spec.get("strict"), "description": spec.get("description")}
    return echo, {"type": "json_schema", "json_schema": chat}

