"""The June 2023 function-calling request, and how it maps onto today's ``tools`` protocol.

Introduced in chapter 2 (a short history). On 13 June 2023 OpenAI shipped
function calling in Chat Completions as ``functions`` (the definitions),
``function_call`` (``"auto"``, ``"none"`` or ``{"name": ...}``), an assistant
message with one ``function_call`` and the result as ``role: "function"`` with
the function's ``name``: one call per reply, and nothing but the name to tie a
result to its call. In November 2023 that became ``tools`` /
``tool_choice``, an assistant message with a list of ``tool_calls`` (so several
at once), and ``role: "tool"`` results that name their call by
``tool_call_id``. The old fields are deprecated; the teaching model refuses
them, as newer hosted models do.

:func:`upgrade_request` rewrites a request of the old shape into the new one.
Old results carry no id, so each one is paired with the latest call of that
function before it, and both get an id derived from their position
(``call_legacy_<n>``): deterministic, never random.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

__all__ = ["upgrade_request"]


def _tool_choice(choice: Any) -> Any:
    if isinstance(choice, Mapping) and "name" in choice:
        return {"type": "function", "function": {"name": choice["name"]}}
    return choice  # "auto" and "none" keep their names


def upgrade_request(body: Mapping[str, Any]) -> dict[str, Any]:
    """A June-2023 request (``functions``, ``function_call``, ``role: "function"``) in the November-2023 shape.

    Fields of the new shape pass through unchanged; the input is not modified.
    """
    out = {key: copy.deepcopy(value) for key, value in body.items() if key not in ("functions", "function_call")}
    if "functions" in body:
        out["tools"] = [{"type": "function", "function": copy.deepcopy(dict(f))} for f in body["functions"]]
    if "function_call" in body:
        out["tool_choice"] = _tool_choice(body["function_call"])
    messages: list[dict[str, Any]] = []
    open_calls: dict[str, str] = {}  # function name -> id of its latest call
    for index, message in enumerate(body.get("messages") or []):
        message = copy.deepcopy(dict(message))
        if message.get("role") == "assistant" and message.get("function_call"):
            call = message.pop("function_call")
            call_id = f"call_legacy_{index}"
            open_calls[call["name"]] = call_id
            message["tool_calls"] = [{"id": call_id, "type": "function",
                                      "function": {"name": call["name"], "arguments": call.get("arguments", "")}}]
        elif message.get("role") == "function":
            name = message.pop("name", "")
            message = {"role": "tool", "tool_call_id": open_calls.pop(name, f"call_legacy_{index}"),
                       "content": message.get("content") or ""}
        messages.append(message)
    if "messages" in body:
        out["messages"] = messages
    return out
