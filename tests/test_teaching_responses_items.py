"""Responses ``input`` items (issue 29): normalised, paired by ``call_id`` with the hosted API's two errors
word for word, and turned into the Chat Completions messages the shared policy reads."""

from __future__ import annotations

import json
from typing import Any

import pytest

from fcourse.errors import InvalidRequestError
from fcourse.teaching.wire.endpoint import MODEL_NAME, handle
from fcourse.teaching.wire.responses_items import check_input, check_pairing, to_messages
from fcourse.teaching.wire.validation import validate_chat_request

USER = {"role": "user", "content": "Weather in Paris and Tokyo?"}


def call(call_id: str, city: str = "Paris") -> dict[str, Any]:
    return {"type": "function_call", "id": f"fc_{call_id}", "call_id": call_id, "name": "get_weather",
            "arguments": json.dumps({"city": city}), "status": "completed"}


def output(call_id: str, text: str = '{"temp_c": 21}') -> dict[str, Any]:
    return {"type": "function_call_output", "call_id": call_id, "output": text}


def pairing_error(items: list[dict[str, Any]]) -> dict[str, Any]:
    body = {"model": MODEL_NAME, "input": items, "tools": [
        {"type": "function", "name": "get_weather", "description": "Weather for a city.",
         "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}]}
    reply = handle("POST", "/v1/responses", json.dumps(body).encode())
    assert reply.status == 400
    return reply.json()["error"]


def test_a_string_is_one_user_message() -> None:
    assert check_input("hello") == [{"type": "message", "role": "user", "content": "hello"}]


def test_items_are_normalised() -> None:
    items = check_input([
        {"role": "developer", "content": [{"type": "input_text", "text": "Be brief."},
                                          {"type": "input_text", "text": "Use metric units."}]},
        USER,
        {"id": "msg_1", "type": "message", "role": "assistant", "status": "completed", "phase": "final_answer",
         "content": [{"type": "output_text", "text": "Checking.", "annotations": [], "logprobs": []}]},
        call("call_a"),
        output("call_a", [{"type": "input_text", "text": "21 C"}]),  # type: ignore[arg-type]
    ])
    assert items == [
        {"type": "message", "role": "developer", "content": "Be brief.\nUse metric units."},
        {"type": "message", "role": "user", "content": "Weather in Paris and Tokyo?"},
        {"type": "message", "role": "assistant", "content": "Checking."},
        {"type": "function_call", "call_id": "call_a", "name": "get_weather", "arguments": '{"city": "Paris"}'},
        {"type": "function_call_output", "call_id": "call_a", "output": "21 C"},
    ]


def test_an_unanswered_call_is_the_hosted_400_word_for_word() -> None:
    error = pairing_error([USER, call("call_a"), call("call_b", "Tokyo"), output("call_a")])
    assert error == {"message": "No tool output found for function call call_b.", "type": "invalid_request_error",
                     "param": "input", "code": None}


def test_an_output_without_its_call_is_the_hosted_400_word_for_word() -> None:
    error = pairing_error([USER, output("call_zz")])
    assert error == {"message": "No tool call found for function call output with call_id call_zz.",
                     "type": "invalid_request_error", "param": "input", "code": None}


def test_answering_with_the_item_id_instead_of_the_call_id_is_an_orphan_output() -> None:
    first = call("call_a")
    error = pairing_error([USER, first, output(first["id"])])  # fc_call_a: the item's id, not the call's
    assert error["message"] == "No tool call found for function call output with call_id fc_call_a."


def test_an_output_before_its_call_and_an_output_given_twice_are_orphans() -> None:
    with pytest.raises(InvalidRequestError, match="with call_id call_a."):
        check_pairing(check_input([USER, output("call_a"), call("call_a")]))
    with pytest.raises(InvalidRequestError, match="with call_id call_a."):
        check_pairing(check_input([USER, call("call_a"), output("call_a"), output("call_a")]))
    with pytest.raises(InvalidRequestError, match="appears twice"):
        check_pairing(check_input([USER, call("call_a"), call("call_a"), output("call_a")]))


def test_outputs_may_come_in_any_order_and_after_other_items() -> None:
    items = check_input([USER, call("call_a"), call("call_b", "Tokyo"), output("call_b", "9 C"),
                         {"role": "user", "content": "Take your time."}, output("call_a", "21 C")])
    check_pairing(items)  # no error
    messages = to_messages("Be brief.", items)
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "tool", "tool", "user"]
    assert [c["id"] for c in messages[2]["tool_calls"]] == ["call_a", "call_b"]
    assert [(m["tool_call_id"], m["content"]) for m in messages[3:5]] == [("call_b", "9 C"), ("call_a", "21 C")]
    validate_chat_request({"model": MODEL_NAME, "messages": messages})  # a valid Chat Completions conversation


def test_an_assistant_message_and_the_calls_after_it_are_one_chat_message() -> None:
    items = check_input([USER, {"role": "assistant", "content": "Let me look."}, call("call_a"), output("call_a"),
                         call("call_b", "Tokyo"), output("call_b")])
    messages = to_messages(None, items)
    assert [m["role"] for m in messages] == ["user", "assistant", "tool", "assistant", "tool"]
    assert messages[1]["content"] == "Let me look." and len(messages[1]["tool_calls"]) == 1
    assert messages[3]["content"] is None and messages[3]["tool_calls"][0]["id"] == "call_b"


def test_a_refusal_part_is_kept() -> None:
    items = check_input([USER, {"role": "assistant", "content": [{"type": "refusal", "refusal": "I can't."}]}, USER])
    assert items[1] == {"type": "message", "role": "assistant", "content": None, "refusal": "I can't."}
    assert to_messages(None, items)[1] == {"role": "assistant", "content": None, "refusal": "I can't."}


@pytest.mark.parametrize(("item", "param"), [
    ({"type": "function_call", "name": "get_weather", "arguments": "{}"}, "input[0].call_id"),
    ({"type": "function_call", "call_id": "c", "arguments": "{}"}, "input[0].name"),
    ({"type": "function_call", "call_id": "c", "name": "get_weather", "arguments": {"city": "Paris"}},
     "input[0].arguments"),
    ({"type": "function_call", "call_id": "c", "name": "get weather", "arguments": "{}"}, "input[0].name"),
    ({"type": "function_call_output", "output": "x"}, "input[0].call_id"),
    ({"type": "function_call_output", "call_id": "c"}, "input[0].output"),
    ({"type": "message", "role": "user", "content": [{"type": "input_image", "image_url": "x"}]},
     "input[0].content[0].type"),
    ({"type": "bogus"}, "input[0]"),
])
def test_a_malformed_item_names_its_field(item: dict[str, Any], param: str) -> None:
    with pytest.raises(InvalidRequestError) as caught:
        check_input([item])
    assert caught.value.param == param
