"""Shaping the teaching model's answer as a Responses API ``response``: output items, usage, events.

Introduced in chapter 2 (the same round trip, two shapes). The policy's ``Decision`` is the same one
a Chat Completions request gets; here it becomes ``output`` *items* instead of one assistant message:

- an answer is a ``message`` item whose ``content`` holds one ``output_text`` part (the SDK's
  ``response.output_text`` joins those parts);
- each proposed call is its own ``function_call`` item with an ``id`` (``fc_...``, the item), a
  ``call_id`` (``call_...``, what the ``function_call_output`` must name), ``name`` and ``arguments``
  (a JSON *string*, as in Chat Completions).

``status`` is ``"completed"``, or ``"incomplete"`` with ``incomplete_details.reason
"max_output_tokens"`` when the reply was cut short (Chat Completions' ``finish_reason: "length"``).
``usage`` is the same estimate as Chat Completions', named the Responses way (``input_tokens``,
``output_tokens``). A stream is the event sequence the SDK's ``ResponseStreamState`` assembles:
``response.created``, ``response.in_progress``, per item ``response.output_item.added`` ->
(``response.content_part.added``, ``response.output_text.delta`` ... ``.done``,
``response.content_part.done`` | ``response.function_call_arguments.delta`` ... ``.done``) ->
``response.output_item.done``, and ``response.completed`` (``response.incomplete`` when cut short).

Ids come from the SHA-256 of the canonical request, like every id of the teaching model, and
``created_at`` from the course's clock (``shaping.created``): the same request always gives the
byte-identical response.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from fcourse.teaching.deciding.decision import Decision
from fcourse.teaching.wire.shaping import created, dumps, fragments, tool_call_id, usage_estimate
from fcourse.teaching.wire.validation import MODEL_NAME

__all__ = ["conversation_items", "response_body", "response_id", "stream_events"]


def response_id(digest: bytes) -> str:
    """The response's id (``resp_`` and 48 hex characters)."""
    return "resp_" + hashlib.sha256(digest + b"response").hexdigest()[:48]


def _item_id(digest: bytes, prefix: str, index: int) -> str:
    return f"{prefix}_" + hashlib.sha256(digest + prefix.encode() + index.to_bytes(4, "big")).hexdigest()[:48]


def _output(decision: Decision, digest: bytes, status: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    content = decision.content
    if decision.refusal is not None:  # a response schema the conversation cannot fill: the refusal part
        items.append({
            "id": _item_id(digest, "msg", 0), "type": "message", "status": status, "role": "assistant",
            "content": [{"type": "refusal", "refusal": decision.refusal}],
        })
    elif content or not decision.tool_calls:
        items.append({
            "id": _item_id(digest, "msg", 0), "type": "message", "status": status, "role": "assistant",
            "content": [{"type": "output_text", "text": content or "", "annotations": [], "logprobs": []}],
        })
    for i, call in enumerate(decision.tool_calls):
        items.append({
            "id": _item_id(digest, "fc", i), "type": "function_call", "status": "completed",
            "arguments": json.dumps(call.arguments, ensure_ascii=False), "call_id": tool_call_id(digest, i),
            "name": call.name,
        })
    return items


def _usage(chat: dict[str, Any], items: list[dict[str, Any]]) -> dict[str, Any]:
    text = "".join(part.get("text") or part.get("refusal") or ""
                   for item in items if item["type"] == "message" for part in item["content"])
    calls = [{"function": {"name": item["name"], "arguments": item["arguments"]}}
             for item in items if item["type"] == "function_call"]
    counted = usage_estimate(chat, text, calls)
    return {
        "input_tokens": counted["prompt_tokens"],
        "input_tokens_details": {"cached_tokens": 0, "cache_write_tokens": 0},
        "output_tokens": counted["completion_tokens"],
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": counted["total_tokens"],
    }


def response_body(request: Any, decision: Decision, digest: bytes) -> dict[str, Any]:
    """The ``response`` object for this decision (``request`` is a ``ResponsesRequest``)."""
    cut = decision.finish_reason == "length"
    status = "incomplete" if cut else "completed"
    items = _output(decision, digest, status)
    at = created()
    echo = request.echo
    return {
        "id": response_id(digest),
        "object": "response",
        "created_at": at,
        "status": status,
        "background": False,
        "completed_at": None if cut else at,
        "error": None,
        "incomplete_details": {"reason": "max_output_tokens"} if cut else None,
        "instructions": echo["instructions"],
        "max_output_tokens": echo["max_output_tokens"],
        "max_tool_calls": echo["max_tool_calls"],
        "model": MODEL_NAME,
        "output": items,
        "parallel_tool_calls": echo["parallel_tool_calls"],
        "previous_response_id": echo["previous_response_id"],
        "prompt_cache_key": echo["prompt_cache_key"],
        "reasoning": {"effort": None, "summary": None},
        "safety_identifier": echo["safety_identifier"],
        "service_tier": echo["service_tier"],
        "store": echo["store"],
        "temperature": echo["temperature"],
        "text": echo["text"],
        "tool_choice": echo["tool_choice"],
        "tools": echo["tools"],
        "top_logprobs": 0,
        "top_p": echo["top_p"],
        "truncation": echo["truncation"],
        "usage": _usage(request.chat, items),
        "user": echo["user"],
        "metadata": echo["metadata"],
    }


def conversation_items(body: dict[str, Any]) -> list[dict[str, Any]]:
    """A response's output as normalised input items (what ``previous_response_id`` continues from)."""
    out: list[dict[str, Any]] = []
    for item in body["output"]:
        if item["type"] == "message":
            refusal = next((part["refusal"] for part in item["content"] if part["type"] == "refusal"), None)
            message = {"type": "message", "role": "assistant",
                       "content": "".join(part.get("text", "") for part in item["content"]) or None}
            if refusal is not None:
                message["refusal"] = refusal
            elif message["content"] is None:
                message["content"] = ""
            out.append(message)
        else:
            out.append({"type": "function_call", "call_id": item["call_id"], "name": item["name"],
                        "arguments": item["arguments"]})
    return out


def stream_events(body: dict[str, Any]) -> tuple[bytes, ...]:
    """The server-sent events of a streamed response; the SDK reassembles them to ``body``."""
    events: list[bytes] = []

    def emit(kind: str, **fields: Any) -> None:
        event = {"type": kind, "sequence_number": len(events), **fields}
        events.append(b"event: " + kind.encode() + b"\ndata: " + dumps(event) + b"\n\n")

    opening = {**body, "status": "in_progress", "completed_at": None, "incomplete_details": None,
               "output": [], "usage": None}
    emit("response.created", response=opening)
    emit("response.in_progress", response=opening)
    for index, item in enumerate(body["output"]):
        where = {"item_id": item["id"], "output_index": index}
        if item["type"] == "message":
            emit("response.output_item.added", output_index=index,
                 item={**item, "status": "in_progress", "content": []})
            part = item["content"][0]
            if part["type"] == "refusal":
                emit("response.content_part.added", **where, content_index=0, part={**part, "refusal": ""})
                for piece in fragments(part["refusal"], 2):
                    emit("response.refusal.delta", **where, content_index=0, delta=piece)
                emit("response.refusal.done", **where, content_index=0, refusal=part["refusal"])
            else:
                emit("response.content_part.added", **where, content_index=0, part={**part, "text": ""})
                for piece in fragments(part["text"], 2):
                    emit("response.output_text.delta", **where, content_index=0, delta=piece, logprobs=[])
                emit("response.output_text.done", **where, content_index=0, text=part["text"], logprobs=[])
            emit("response.content_part.done", **where, content_index=0, part=part)
        else:
            emit("response.output_item.added", output_index=index,
                 item={**item, "status": "in_progress", "arguments": ""})
            for piece in fragments(item["arguments"], 3):
                emit("response.function_call_arguments.delta", **where, delta=piece)
            emit("response.function_call_arguments.done", **where, arguments=item["arguments"])
        emit("response.output_item.done", output_index=index, item=item)
    emit("response.incomplete" if body["status"] == "incomplete" else "response.completed", response=body)
    return tuple(events)
