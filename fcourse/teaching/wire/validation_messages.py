"""Checking the ``messages`` of a request, the way the hosted API does.

Introduced in chapter 2 (the native tools protocol): each message has a known
role and well-formed content (flattened here to a string), an assistant's tool
calls have ids, names and string arguments, and the tool messages pair up with
the tool calls: every call answered, every tool message answering a call of
the assistant message before it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fcourse.teaching.wire.validation_common import (
    empty_array,
    fail,
    json_type,
    missing,
    one_of,
    string,
    type_error,
)
from fcourse.teaching.wire.validation_tools import check_tool_name, function_part

__all__ = ["check_messages"]

_ROLES = ("system", "assistant", "user", "function", "tool", "developer")
_USER_PART_TYPES = ("text", "image_url", "input_audio", "file")


def _content_text(content: object, param: str, role: str, *, required: bool) -> str | None:
    """Validate a message's content and flatten it to a string."""
    if content is None:
        if required:
            raise missing(param)
        return None
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        raise fail(
            f"Invalid type for '{param}': expected one of a string or array of objects, "
            f"but got {json_type(content)} instead.",
            param,
            "invalid_type",
        )
    if not content:
        raise empty_array(param)
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
            raise type_error(part_param, "an object", part)
        kind = one_of(part, "type", f"{part_param}.type", allowed)
        if kind in ("text", "refusal"):
            text = part.get(kind)
            if text is None:
                raise missing(f"{part_param}.{kind}")
            if not isinstance(text, str):
                raise type_error(f"{part_param}.{kind}", "a string", text)
            if kind == "text":
                texts.append(text)
        else:
            raise fail(
                f"Invalid content type. {kind} is only supported by certain models.",
                f"{part_param}.type",
                "invalid_value",
            )
    return "\n".join(texts)


def _tool_calls(value: object, param: str) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise type_error(param, "an array of objects", value)
    if not value:
        raise empty_array(param)
    calls: list[dict[str, Any]] = []
    seen: set[str] = set()
    for k, call in enumerate(value):
        cp = f"{param}[{k}]"
        if not isinstance(call, dict):
            raise type_error(cp, "an object", call)
        call_id = call.get("id")
        if call_id is None:
            raise missing(f"{cp}.id")
        if not isinstance(call_id, str):
            raise type_error(f"{cp}.id", "a string", call_id)
        if call_id in seen:
            raise fail(
                f"Invalid '{cp}.id': duplicate tool call id '{call_id}' in the same message.",
                f"{cp}.id",
                "invalid_value",
            )
        seen.add(call_id)
        function = function_part(call, cp)
        name = function.get("name")
        if name is None:
            raise missing(f"{cp}.function.name")
        check_tool_name(name, f"{cp}.function.name")
        arguments = function.get("arguments")
        if arguments is None:
            raise missing(f"{cp}.function.arguments")
        if not isinstance(arguments, str):
            raise type_error(f"{cp}.function.arguments", "a string", arguments)
        calls.append({"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}})
    return calls


def _message(message: object, i: int) -> dict[str, Any]:
    param = f"messages[{i}]"
    if not isinstance(message, dict):
        raise type_error(param, "an object", message)
    role = one_of(message, "role", f"{param}.role", _ROLES)
    if role == "function":
        raise fail(
            f"Unsupported value: '{param}.role' does not support 'function' with this model. "
            "Use role 'tool' with a 'tool_call_id'.",
            f"{param}.role",
            "unsupported_value",
        )
    out: dict[str, Any] = {"role": role}
    name = string(message, "name", f"{param}.name")
    if role == "assistant":
        content = _content_text(message.get("content"), f"{param}.content", role, required=False)
        refusal = string(message, "refusal", f"{param}.refusal")
        calls = None
        if message.get("tool_calls") is not None:
            calls = _tool_calls(message["tool_calls"], f"{param}.tool_calls")
        if content is None and calls is None and refusal is None:
            raise fail(
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
            raise missing(f"{param}.tool_call_id")
        if not isinstance(call_id, str):
            raise type_error(f"{param}.tool_call_id", "a string", call_id)
        out["tool_call_id"] = call_id
    if name is not None:
        out["name"] = name
    return out


def _check_pairing(messages: list[dict[str, Any]]) -> None:
    """Every tool call is answered by a tool message, and every tool message answers one.

    A tool message in a tool round (right after an assistant message with
    ``tool_calls``, or after other tool messages of that round) whose
    ``tool_call_id`` is none of that message's calls gets the hosted API's
    "not found in 'tool_calls' of previous message"; one with no tool round
    before it at all, or answering a call twice, is an orphan.
    """
    pending: list[str] = []
    round_ids: list[str] | None = None  # the calls of the assistant message that opened this tool round
    owner = -1
    for i, message in enumerate(messages):
        if message["role"] == "tool":
            call_id = message["tool_call_id"]
            if call_id in pending:
                pending.remove(call_id)
                continue
            if round_ids is not None and call_id not in round_ids:
                raise fail(
                    f"Invalid parameter: 'tool_call_id' of '{call_id}' not found in 'tool_calls' of "
                    "previous message.",
                    f"messages.[{i}].tool_call_id",
                )
            raise fail(
                "Invalid parameter: messages with role 'tool' must be a response to a "
                "preceeding message with 'tool_calls'.",
                f"messages.[{i}].role",
            )
        if pending:
            break
        round_ids = None
        if message["role"] == "assistant" and "tool_calls" in message:
            pending = [call["id"] for call in message["tool_calls"]]
            round_ids = list(pending)
            owner = i
    if pending:
        raise fail(
            "An assistant message with 'tool_calls' must be followed by tool messages "
            "responding to each 'tool_call_id'. The following tool_call_ids did not have "
            f"response messages: {', '.join(pending)}",
            f"messages.[{owner}].role",
        )


def check_messages(body: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The request's ``messages``, each checked and normalised, and the tool calls paired."""
    messages = body.get("messages")
    if messages is None:
        raise missing("messages")
    if not isinstance(messages, list):
        raise type_error("messages", "an array of objects", messages)
    if not messages:
        raise empty_array("messages")
    normalised = [_message(m, i) for i, m in enumerate(messages)]
    _check_pairing(normalised)
    return normalised
