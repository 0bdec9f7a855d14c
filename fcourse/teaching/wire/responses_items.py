"""The ``input`` of a Responses request: items instead of messages, paired by ``call_id``.

Introduced in chapter 2 (the same round trip, two shapes). Where Chat Completions sends a list of
*messages* (an assistant message carries ``tool_calls``, each answered by a ``role: "tool"`` message
with its ``tool_call_id``), the Responses API sends a list of *items*:

- ``{"type": "message", "role": "user" | "system" | "developer" | "assistant", "content": ...}``
  (``type`` may be left out; content is a string or a list of ``input_text`` / ``output_text`` parts);
- ``{"type": "function_call", "call_id": ..., "name": ..., "arguments": "<JSON text>"}``, the model's
  proposal, sent back as it came (its ``id`` is the *item's* id, ``fc_...``; the pairing uses ``call_id``);
- ``{"type": "function_call_output", "call_id": ..., "output": "<text>"}``, the program's result.

``check_input`` checks each item with the hosted API's wording and normalises it; ``check_pairing``
holds the items to the rule the hosted API enforces, with its two errors word for word
(``invalid_request_error``, ``param: "input"``)::

    No tool output found for function call call_….
    No tool call found for function call output with call_id call_….

``to_messages`` then turns the items into the Chat Completions messages the policy reads (calls in a
row become one assistant message; each output becomes a tool message right after its call's message),
which is how both endpoints share one policy.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fcourse.teaching.wire.responses_tools import unknown_parameter
from fcourse.teaching.wire.validation_common import fail, invalid_value, json_type, missing, type_error
from fcourse.teaching.wire.validation_tools import check_tool_name

__all__ = ["ITEM_TYPES", "ROLES", "SERVED_ITEM_TYPES", "check_input", "check_pairing", "to_messages"]

#: Every input item type the hosted API knows (its error lists them in this order).
ITEM_TYPES = (
    "additional_tools", "agent_message", "apply_patch_call", "apply_patch_call_output", "code_interpreter_call",
    "compaction", "compaction_trigger", "computer_call", "computer_call_output", "custom_tool_call",
    "custom_tool_call_output", "file_search_call", "function_call", "function_call_output",
    "image_generation_call", "item_reference", "local_shell_call", "local_shell_call_output",
    "mcp_approval_request", "mcp_approval_response", "mcp_call", "mcp_list_tools", "message", "multi_agent_call",
    "multi_agent_call_output", "program", "program_output", "reasoning", "shell_call", "shell_call_output",
    "tool_search_call", "tool_search_output", "web_search_call",
)
#: The item types the teaching model serves.
SERVED_ITEM_TYPES = ("message", "function_call", "function_call_output")
ROLES = ("assistant", "system", "developer", "user")

_INPUT_PARTS = ("input_text", "input_image", "input_file", "scoped_content", "input_audio")
_OUTPUT_PARTS = ("output_text", "refusal")
_ALL_PARTS = ("input_text", "input_image", "input_audio", "output_text", "refusal", "input_file",
              "computer_screenshot", "summary_text", "encrypted_content")
_MESSAGE_FIELDS = frozenset({"type", "role", "content", "id", "status"})
_CALL_FIELDS = frozenset({"type", "id", "call_id", "name", "arguments", "status", "namespace", "caller"})
_OUTPUT_FIELDS = frozenset({"type", "id", "call_id", "output", "status", "name", "namespace", "caller"})


def _text_parts(content: list[Any], param: str, role: str) -> tuple[str, str | None]:
    """The text (and an assistant's refusal) of a list of content parts."""
    allowed = _OUTPUT_PARTS if role == "assistant" else _INPUT_PARTS
    texts: list[str] = []
    refusal = None
    for j, part in enumerate(content):
        pp = f"{param}[{j}]"
        if not isinstance(part, dict):
            raise type_error(pp, "an object", part)
        kind = part.get("type")
        if kind not in _ALL_PARTS:
            raise invalid_value(f"{pp}.type", kind if isinstance(kind, str) else "", _ALL_PARTS)
        if kind not in allowed:
            raise invalid_value(pp, kind, allowed)
        if kind in ("input_image", "input_file", "input_audio", "scoped_content"):
            raise fail(f"Invalid content type. {kind} is only supported by certain models.", f"{pp}.type",
                       "invalid_value")
        field = "refusal" if kind == "refusal" else "text"
        value = part.get(field)
        if value is None:
            raise missing(f"{pp}.{field}")
        if not isinstance(value, str):
            raise type_error(f"{pp}.{field}", "a string", value)
        if kind == "refusal":
            refusal = value
        else:
            texts.append(value)
    return "\n".join(texts), refusal


def _message(item: Mapping[str, Any], param: str) -> dict[str, Any]:
    role = item.get("role")
    if role not in ROLES:
        raise invalid_value(param, role if isinstance(role, str) else "", ROLES)
    for key in item:
        if key not in _MESSAGE_FIELDS and not (key == "phase" and role == "assistant"):
            raise unknown_parameter(f"{param}.{key}")
    phase = item.get("phase")
    if phase is not None and phase not in ("commentary", "final_answer"):
        raise invalid_value(f"{param}.phase", phase, ("commentary", "final_answer"))
    content = item.get("content")
    if content is None:
        raise missing(f"{param}.content")
    out: dict[str, Any] = {"type": "message", "role": role}
    if isinstance(content, str):
        out["content"] = content
        return out
    if not isinstance(content, list):
        raise type_error(f"{param}.content", "one of a string or array of objects", content)
    text, refusal = _text_parts(content, f"{param}.content", role)
    out["content"] = text if (text or refusal is None) else None
    if refusal is not None:
        out["refusal"] = refusal
    return out


def _string(item: Mapping[str, Any], key: str, param: str) -> str:
    value = item.get(key)
    if value is None:
        raise missing(f"{param}.{key}")
    if not isinstance(value, str):
        raise type_error(f"{param}.{key}", "a string", value)
    return value


def _fields(item: Mapping[str, Any], allowed: frozenset[str], param: str) -> None:
    for key in item:
        if key not in allowed:
            raise unknown_parameter(f"{param}.{key}")


def _function_call(item: Mapping[str, Any], param: str) -> dict[str, Any]:
    _fields(item, _CALL_FIELDS, param)
    call_id = _string(item, "call_id", param)
    name = item.get("name")
    if name is None:
        raise missing(f"{param}.name")
    check_tool_name(name, f"{param}.name")
    arguments = _string(item, "arguments", param)
    return {"type": "function_call", "call_id": call_id, "name": name, "arguments": arguments}


def _function_call_output(item: Mapping[str, Any], param: str) -> dict[str, Any]:
    _fields(item, _OUTPUT_FIELDS, param)
    call_id = _string(item, "call_id", param)
    output = item.get("output")
    if output is None:
        raise missing(f"{param}.output")
    if isinstance(output, list):
        output, _ = _text_parts(output, f"{param}.output", "user")
    elif not isinstance(output, str):
        raise type_error(f"{param}.output", "one of a string or array of output content items", output)
    return {"type": "function_call_output", "call_id": call_id, "output": output}


def _item(item: object, k: int) -> dict[str, Any]:
    param = f"input[{k}]"
    if not isinstance(item, dict):
        raise fail(f"Invalid type for '{param}': expected an input item, but got {json_type(item)} instead.",
                   param, "invalid_type")
    kind = item.get("type")
    if kind is None or kind == "message":
        return _message(item, param)
    if kind not in ITEM_TYPES:
        raise invalid_value(param, kind if isinstance(kind, str) else "", ITEM_TYPES)
    if kind == "function_call":
        return _function_call(item, param)
    if kind == "function_call_output":
        return _function_call_output(item, param)
    raise fail(
        f"Unsupported value: input items of type '{kind}' are not served by the teaching model; it reads "
        "'message', 'function_call' and 'function_call_output' items.",
        f"{param}.type",
        "unsupported_value",
    )


def check_input(value: object) -> list[dict[str, Any]]:
    """The request's ``input`` (a string or a list of items), each item checked and normalised.

    A string is one user message. The items come back as ``{"type": "message", "role", "content"}``
    (content a string, ``None`` for a refusal only), ``{"type": "function_call", "call_id", "name",
    "arguments"}`` and ``{"type": "function_call_output", "call_id", "output"}`` (output text).
    """
    if isinstance(value, str):
        return [{"type": "message", "role": "user", "content": value}]
    if not isinstance(value, list):
        raise fail(
            "Invalid type for 'input': expected one of a string or array of input items, but got "
            f"{'an object' if value is None else json_type(value)} instead.",
            "input",
            "invalid_type",
        )
    return [_item(item, k) for k, item in enumerate(value)]


def check_pairing(items: list[dict[str, Any]]) -> None:
    """Every ``function_call`` answered by one later ``function_call_output`` with its ``call_id``.

    The items are read in order, as the hosted API reads them: an output whose ``call_id`` no earlier
    call has (or whose call was answered already) is refused at once; a call still unanswered at the
    end is refused after the walk. The outputs may come in any order, and other items may stand
    between a call and its output.
    """
    calls: dict[str, int] = {}
    answered: set[str] = set()
    for k, item in enumerate(items):
        call_id = item.get("call_id")
        if item["type"] == "function_call":
            if call_id in calls:
                raise fail(
                    f"Invalid 'input[{k}].call_id': the function call '{call_id}' appears twice (also at "
                    f"input[{calls[call_id]}]). Each function call needs its own call_id.",
                    f"input[{k}].call_id",
                    "invalid_value",
                )
            calls[call_id] = k
        elif item["type"] == "function_call_output":
            if call_id not in calls or call_id in answered:
                raise fail(f"No tool call found for function call output with call_id {call_id}.", "input")
            answered.add(call_id)
    for call_id in calls:
        if call_id not in answered:
            raise fail(f"No tool output found for function call {call_id}.", "input")


def to_messages(instructions: str | None, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The Chat Completions messages the same conversation is, for the shared policy.

    ``instructions`` come first as a system message. Function calls in a row (after an assistant
    message, if one comes right before) become one assistant message with ``tool_calls`` whose ids
    are the ``call_id`` s; each output becomes a ``role: "tool"`` message placed right after its
    call's assistant message, in the order the outputs were sent. Needs paired items
    (``check_pairing``).
    """
    blocks: list[list[dict[str, Any]]] = []
    owner: dict[str, int] = {}  # call_id -> index of the block that holds its call
    open_block: int | None = None  # the block the next function_call joins, if it comes right now
    for item in items:
        if item["type"] == "function_call":
            call = {"id": item["call_id"], "type": "function",
                    "function": {"name": item["name"], "arguments": item["arguments"]}}
            if open_block is None:
                blocks.append([{"role": "assistant", "content": None}])
                open_block = len(blocks) - 1
            blocks[open_block][0].setdefault("tool_calls", []).append(call)
            owner[item["call_id"]] = open_block
            continue
        if item["type"] == "function_call_output":
            blocks[owner[item["call_id"]]].append(
                {"role": "tool", "tool_call_id": item["call_id"], "content": item["output"]})
            open_block = None
            continue
        message: dict[str, Any] = {"role": item["role"], "content": item["content"]}
        if "refusal" in item:
            message["refusal"] = item["refusal"]
        blocks.append([message])
        open_block = len(blocks) - 1 if item["role"] == "assistant" else None
    head = [{"role": "system", "content": instructions}] if instructions is not None else []
    return head + [message for block in blocks for message in block]
