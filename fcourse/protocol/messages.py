"""Chat messages as plain dicts, whichever form they arrive in.

Introduced in chapter 2 (the native tools protocol). A conversation can mix
dicts a program wrote (``{"role": "tool", ...}``) with the openai SDK's message
objects (``response.choices[0].message``). The loop, the linter and the
transcript inspector all read messages through :func:`as_dict`, so they see
exactly the JSON that goes over the wire.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["as_dict", "call_parts", "tool_calls_of"]


def as_dict(message: Any) -> dict[str, Any]:
    """``message`` as the JSON object the API receives (a shallow copy for dicts).

    An SDK object becomes ``message.to_dict()``: the fields the server sent, as
    it sent them. That is what "keep the assistant message as it is" means.
    """
    if isinstance(message, Mapping):
        return dict(message)
    to_dict = getattr(message, "to_dict", None)
    if callable(to_dict):
        result: dict[str, Any] = to_dict()
        return result
    raise TypeError(f"a chat message must be a dict or an openai SDK message, not {type(message).__name__}")


def tool_calls_of(message: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The ``tool_calls`` of an assistant message (an empty list when there are none)."""
    calls = message.get("tool_calls") if message.get("role") == "assistant" else None
    return [as_dict(call) for call in calls] if isinstance(calls, list) else []


def call_parts(call: Mapping[str, Any]) -> tuple[Any, Any, Any]:
    """``(id, function.name, function.arguments)`` of one tool call, ``None`` where absent."""
    function = call.get("function")
    function = as_dict(function) if function is not None and not isinstance(function, str) else {}
    return call.get("id"), function.get("name"), function.get("arguments")
