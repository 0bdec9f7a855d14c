"""Shaping a Decision as a Responses API response (issue 29): output items, ids, usage, and the exact
order of the streamed events, read from the raw server-sent events."""

from __future__ import annotations

import json
from typing import Any

from fcourse.teaching.deciding.decision import Decision, ProposedCall
from fcourse.teaching.wire.endpoint import MODEL_NAME, handle
from fcourse.teaching.wire.responses_shaping import conversation_items, response_body, stream_events
from fcourse.teaching.wire.responses_validation import validate_responses_request

TOOL = {"type": "function", "name": "get_weather", "description": "Get the current weather for a city.",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}


def events(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The events of a streamed response, parsed from the raw SSE bytes (``event:`` line and ``data:`` line)."""
    reply = handle("POST", "/v1/responses", json.dumps({**body, "stream": True}).encode())
    assert reply.status == 200 and dict(reply.headers)["content-type"].startswith("text/event-stream")
    out = []
    for chunk in reply.chunks or ():
        head, data = chunk.decode().rstrip("\n").split("\n")
        event = json.loads(data.removeprefix("data: "))
        assert head == f"event: {event['type']}"
        out.append(event)
    return out


def body_for(decision: Decision, **fields: Any) -> dict[str, Any]:
    request = validate_responses_request({"model": MODEL_NAME, "input": "Weather in Paris?", "tools": [TOOL], **fields})
    return response_body(request, decision, b"\x01" * 32)


def test_calls_and_text_become_items_with_ids() -> None:
    decision = Decision("tool_calls", None, (ProposedCall("get_weather", {"city": "Paris"}),
                                             ProposedCall("get_weather", {"city": "巴黎"})), "tool_calls")
    body = body_for(decision)
    assert [item["type"] for item in body["output"]] == ["function_call", "function_call"]
    first, second = body["output"]
    assert first["arguments"] == '{"city": "Paris"}' and second["arguments"] == '{"city": "巴黎"}'
    assert first["id"] != second["id"] and first["call_id"] != second["call_id"]
    assert len(first["id"]) == len("fc_") + 48 and body["id"].startswith("resp_")
    answer = body_for(Decision("answer", "It is 21 C in Paris.", (), "stop"))
    assert answer["output"][0]["content"] == [{"type": "output_text", "text": "It is 21 C in Paris.",
                                               "annotations": [], "logprobs": []}]
    usage = answer["usage"]
    assert usage["total_tokens"] == usage["input_tokens"] + usage["output_tokens"] and usage["output_tokens"] > 0
    assert conversation_items(body) == [
        {"type": "function_call", "call_id": first["call_id"], "name": "get_weather", "arguments": first["arguments"]},
        {"type": "function_call", "call_id": second["call_id"], "name": "get_weather",
         "arguments": second["arguments"]}]


def test_a_call_stream_has_the_sdk_event_order() -> None:
    got = events({"model": MODEL_NAME, "input": "Weather in Paris and in Tokyo?", "tools": [TOOL]})
    kinds = [e["type"] for e in got]
    per_call = ["response.output_item.added", *["response.function_call_arguments.delta"] * 3,
                "response.function_call_arguments.done", "response.output_item.done"]
    assert [k for k in kinds if k != "response.function_call_arguments.delta"] == [
        "response.created", "response.in_progress",
        *[k for k in per_call if k != "response.function_call_arguments.delta"] * 2, "response.completed"]
    assert kinds[2:2 + len(per_call)] == per_call
    assert [e["sequence_number"] for e in got] == list(range(len(got)))
    assert got[0]["response"]["status"] == "in_progress" and got[0]["response"]["output"] == []
    added, done = got[2], next(e for e in got if e["type"] == "response.output_item.done")
    assert added["item"]["arguments"] == "" and added["item"]["status"] == "in_progress"
    deltas = "".join(e["delta"] for e in got if e["type"] == "response.function_call_arguments.delta"
                     and e["output_index"] == 0)
    assert deltas == done["item"]["arguments"] == '{"city": "Paris"}'
    assert got[-1]["response"]["output"][0] == done["item"]


def test_a_text_stream_has_content_parts_and_text_deltas() -> None:
    got = events({"model": MODEL_NAME, "input": "Hello!"})
    kinds = [e["type"] for e in got if e["type"] != "response.output_text.delta"]
    assert kinds == ["response.created", "response.in_progress", "response.output_item.added",
                     "response.content_part.added", "response.output_text.done", "response.content_part.done",
                     "response.output_item.done", "response.completed"]
    text = next(e for e in got if e["type"] == "response.output_text.done")["text"]
    assert "".join(e["delta"] for e in got if e["type"] == "response.output_text.delta") == text
    assert got[-1]["response"]["output"][0]["content"][0]["text"] == text


def test_the_stream_and_the_body_are_the_same_response() -> None:
    body = {"model": MODEL_NAME, "input": "Weather in Paris?", "tools": [TOOL]}
    whole = handle("POST", "/v1/responses", json.dumps(body).encode()).json()
    assert events(body)[-1]["response"] == whole
    assert stream_events(whole) == handle("POST", "/v1/responses", json.dumps({**body, "stream": True}).encode()).chunks
