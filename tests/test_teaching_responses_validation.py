"""Request validation of ``POST /v1/responses`` (issue 29): each refusal with the hosted status, param,
code and wording (as public conformance reports record the hosted API), through ``handle`` and through
the real SDK; and what a valid request becomes for the shared policy."""

from __future__ import annotations

import json
from typing import Any

import openai
import pytest

import fcourse
from fcourse.errors import InvalidRequestError
from fcourse.teaching.wire import responses_store
from fcourse.teaching.wire.endpoint import MODEL_NAME, handle
from fcourse.teaching.wire.responses_validation import KNOWN_FIELDS, validate_responses_request

WEATHER = {
    "type": "function", "name": "get_weather", "description": "Get the current weather for a city.",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
}
BASE: dict[str, Any] = {"model": MODEL_NAME, "input": "What's the weather in Paris?"}
DELETE = object()


def post(body: object) -> tuple[int, dict[str, Any]]:
    reply = handle("POST", "/v1/responses", json.dumps(body).encode())
    return reply.status, reply.json()


def body_with(**fields: Any) -> dict[str, Any]:
    body = {**BASE, **fields}
    return {k: v for k, v in body.items() if v is not DELETE}


MOVED = ("Unsupported parameter: 'messages'. In the Responses API, this parameter has moved to 'input'. Try again "
         "with the new parameter. See the API documentation for more information: "
         "https://platform.openai.com/docs/api-reference/responses/create.")

# (name, fields, status, param, code, message)
REFUSALS = [
    ("model absent", {"model": DELETE}, 400, "model", "missing_required_parameter",
     "Missing required parameter: 'model'."),
    ("model null", {"model": None}, 400, "model", "invalid_type",
     "Invalid type for 'model': expected a string, but got an object instead."),
    ("model unknown", {"model": "gpt-4o"}, 400, "model", "model_not_found",
     "The requested model 'gpt-4o' does not exist."),
    ("a Chat body", {"input": DELETE, "messages": [{"role": "user", "content": "hi"}]}, 400, None,
     "unsupported_parameter", MOVED),
    ("seed is Chat's", {"seed": 1}, 400, "seed", "unknown_parameter", "Unknown parameter: 'seed'."),
    ("max_tokens is Chat's", {"max_tokens": 50}, 400, "max_tokens", "unknown_parameter",
     "Unknown parameter: 'max_tokens'."),
    ("input absent", {"input": DELETE}, 400, "input", "missing_required_parameter",
     "Missing required parameter: 'input'."),
    ("input empty", {"input": []}, 400, None, "missing_required_parameter",
     "One of \"input\" or \"previous_response_id\" or 'prompt' or 'conversation' must be provided."),
    ("input an empty string", {"input": ""}, 400, None, "missing_required_parameter",
     "One of \"input\" or \"previous_response_id\" or 'prompt' or 'conversation' must be provided."),
    ("input an object", {"input": {"role": "user"}}, 400, "input", "invalid_type",
     "Invalid type for 'input': expected one of a string or array of input items, but got an object instead."),
    ("input item a number", {"input": [7]}, 400, "input[0]", "invalid_type",
     "Invalid type for 'input[0]': expected an input item, but got an integer instead."),
    ("input item unknown member", {"input": [{"role": "user", "content": "hi", "bogus": 1}]}, 400, "input[0].bogus",
     "unknown_parameter", "Unknown parameter: 'input[0].bogus'."),
    ("input item role unknown", {"input": [{"role": "tool", "content": "hi"}]}, 400, "input[0]", "invalid_value",
     "Invalid value: 'tool'. Supported values are: 'assistant', 'system', 'developer', and 'user'."),
    ("input item without content", {"input": [{"role": "user"}]}, 400, "input[0].content",
     "missing_required_parameter", "Missing required parameter: 'input[0].content'."),
    ("assistant with input_text", {"input": [{"role": "assistant", "content": [{"type": "input_text", "text": "x"}]},
                                             {"role": "user", "content": "hi"}]},
     400, "input[0].content[0]", "invalid_value",
     "Invalid value: 'input_text'. Supported values are: 'output_text' and 'refusal'."),
    ("user with output_text", {"input": [{"role": "user", "content": [{"type": "output_text", "text": "x"}]}]},
     400, "input[0].content[0]", "invalid_value",
     "Invalid value: 'output_text'. Supported values are: 'input_text', 'input_image', 'input_file', "
     "'scoped_content', and 'input_audio'."),
    ("part without text", {"input": [{"role": "user", "content": [{"type": "input_text"}]}]}, 400,
     "input[0].content[0].text", "missing_required_parameter",
     "Missing required parameter: 'input[0].content[0].text'."),
    ("a Chat-shaped tool", {"tools": [{"type": "function", "function": {"name": "get_weather", "parameters": {}}}]},
     400, "tools[0].name", "missing_required_parameter", "Missing required parameter: 'tools[0].name'."),
    ("tool without type", {"tools": [{}]}, 400, "tools[0].type", "missing_required_parameter",
     "Missing required parameter: 'tools[0].type'."),
    ("tools a string", {"tools": "get_weather"}, 400, "tools", "invalid_type",
     "Invalid type for 'tools': expected an array of tools, but got a string instead."),
    ("a hosted tool", {"tools": [{"type": "web_search_preview"}]}, 400, "tools", None,
     f"Hosted tool 'web_search_preview' is not supported with {MODEL_NAME}."),
    ("tool_choice a number", {"tools": [WEATHER], "tool_choice": 7}, 400, "tool_choice", "invalid_type",
     "Invalid type for 'tool_choice': expected one of an object or 'none', 'auto', or 'required', but got an "
     "integer instead."),
    ("tool_choice unknown", {"tools": [WEATHER], "tool_choice": "always"}, 400, "tool_choice", "invalid_value",
     "Invalid value: 'always'. Supported values are: 'none', 'auto', and 'required'."),
    ("Chat-shaped tool_choice", {"tools": [WEATHER], "tool_choice": {"type": "function",
                                                                      "function": {"name": "get_weather"}}},
     400, "tool_choice.name", "missing_required_parameter", "Missing required parameter: 'tool_choice.name'."),
    ("tool_choice names no tool", {"tools": [WEATHER], "tool_choice": {"type": "function", "name": "refund"}},
     400, "tool_choice", None, "Tool choice 'refund' not found in 'tools' parameter."),
    ("max_output_tokens under 16", {"max_output_tokens": 5}, 400, "max_output_tokens", "integer_below_min_value",
     "Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, but got 5 instead."),
    ("truncation unknown", {"truncation": "bogus"}, 400, "truncation", "invalid_value",
     "Invalid value: 'bogus'. Supported values are: 'auto' and 'disabled'."),
    ("text format unknown", {"text": {"format": {"type": "yaml"}}}, 400, "text.format.type", "invalid_value",
     "Invalid value: 'yaml'. Supported values are: 'json_object', 'text', and 'json_schema'."),
    ("json_schema without a name", {"text": {"format": {"type": "json_schema", "schema": {}}}}, 400,
     "text.format.name", "missing_required_parameter", "Missing required parameter: 'text.format.name'."),
    ("stream_options include_usage is Chat's", {"stream": True, "stream_options": {"include_usage": True}}, 400,
     "stream_options.include_usage", "unknown_parameter", "Unknown parameter: 'stream_options.include_usage'."),
    ("reasoning effort", {"reasoning": {"effort": "low"}}, 400, "reasoning.effort", "unsupported_parameter",
     "Unsupported parameter: 'reasoning.effort' is not supported with this model."),
    ("previous_response_id unknown", {"previous_response_id": "resp_nope"}, 400, "previous_response_id",
     "previous_response_not_found", "Previous response with id 'resp_nope' not found."),
    ("conversation unknown", {"conversation": "conv_x"}, 404, None, None, "Conversation with id 'conv_x' not found."),
    ("metadata too big", {"metadata": {f"k{i}": "v" for i in range(17)}}, 400, "metadata",
     "object_above_max_properties",
     "Invalid 'metadata': too many properties. Expected an object with at most 16 properties, but got an object "
     "with 17 properties instead."),
    ("temperature too high", {"temperature": 3}, 400, "temperature", "decimal_above_max_value",
     "Invalid 'temperature': decimal above maximum value. Expected a value <= 2, but got 3 instead."),
    ("function_call_output given a dict", {"input": [
        {"role": "user", "content": "weather?"},
        {"type": "function_call", "call_id": "call_1", "name": "get_weather", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "call_1", "output": {"temp_c": 21}}], "tools": [WEATHER]},
     400, "input[2].output", "invalid_type",
     "Invalid type for 'input[2].output': expected one of a string or array of output content items, but got an "
     "object instead."),
    ("a reasoning item", {"input": [{"type": "reasoning", "summary": []}]}, 400, "input[0].type", "unsupported_value",
     "Unsupported value: input items of type 'reasoning' are not served by the teaching model"),
]


@pytest.mark.parametrize(("name", "fields", "status", "param", "code", "message"), REFUSALS,
                         ids=[r[0] for r in REFUSALS])
def test_a_bad_request_gets_the_hosted_error(name: str, fields: dict[str, Any], status: int, param: str | None,
                                             code: str | None, message: str) -> None:
    got_status, body = post(body_with(**fields))
    assert got_status == status, body
    error = body["error"]
    assert error["type"] == "invalid_request_error"
    assert (error["param"], error["code"]) == (param, code), error
    assert error["message"].startswith(message), error["message"]


def test_model_and_input_are_checked_before_the_rest() -> None:
    # measured order on the hosted API: a missing model beats a missing input, which beats an unknown key
    assert post(body_with(model=DELETE, input=DELETE))[1]["error"]["param"] == "model"
    assert post(body_with(input=DELETE, zzz=1))[1]["error"]["param"] == "zzz"
    assert post(body_with(input=[], zzz=1))[1]["error"]["param"] == "zzz"
    assert post(body_with(input=[], previous_response_id="resp_x"))[1]["error"]["code"] == "previous_response_not_found"


def test_the_sdk_raises_the_same_errors() -> None:
    client, model = fcourse.connect(quiet=True)
    with pytest.raises(openai.BadRequestError) as caught:
        client.responses.create(model=model, input="hi", tools=[{"type": "function", "function": WEATHER}])
    assert caught.value.body["param"] == "tools[0].name"
    with pytest.raises(openai.BadRequestError, match="Hosted tool 'file_search' is not supported"):
        client.responses.create(model=model, input="hi", tools=[{"type": "file_search", "vector_store_ids": ["v"]}])
    with pytest.raises(openai.NotFoundError, match="Conversation with id 'conv_1' not found."):
        client.responses.create(model=model, input="hi", conversation="conv_1")


def test_every_known_field_is_accepted_or_refused_by_name() -> None:
    unknown = post(body_with(frequency_penalty=0.5))[1]["error"]
    assert unknown == {"message": "Unknown parameter: 'frequency_penalty'.", "type": "invalid_request_error",
                       "param": "frequency_penalty", "code": "unknown_parameter"}
    assert {"input", "instructions", "tools", "tool_choice", "previous_response_id", "store", "stream"} <= KNOWN_FIELDS
    assert "messages" not in KNOWN_FIELDS and "seed" not in KNOWN_FIELDS


def test_a_valid_request_becomes_the_chat_request_the_policy_reads() -> None:
    request = validate_responses_request(body_with(
        instructions="You are a weather bot.", tools=[WEATHER], tool_choice={"type": "function", "name": "get_weather"},
        parallel_tool_calls=False, max_output_tokens=64, temperature=0.5, metadata={"lesson": "2"}))
    chat = request.chat
    assert chat["messages"] == [{"role": "system", "content": "You are a weather bot."},
                                {"role": "user", "content": "What's the weather in Paris?"}]
    assert chat["tools"][0]["function"]["name"] == "get_weather"  # nested again for the policy
    assert chat["tool_choice"] == {"type": "function", "function": {"name": "get_weather"}}
    assert (chat["parallel_tool_calls"], chat["max_tokens"], chat["temperature"]) == (False, 64, 0.5)
    assert request.echo["tools"] == [{**WEATHER, "strict": None}]  # flat, as sent
    assert request.echo["tool_choice"] == {"type": "function", "name": "get_weather"}
    assert request.echo["metadata"] == {"lesson": "2"} and request.store and not request.stream


def test_allowed_tools_leaves_the_policy_only_those_tools() -> None:
    refund = {**WEATHER, "name": "refund_order", "description": "Refund a paid order."}
    request = validate_responses_request(body_with(
        tools=[WEATHER, refund],
        tool_choice={"type": "allowed_tools", "mode": "required",
                     "tools": [{"type": "function", "name": "refund_order"}]}))
    assert [t["function"]["name"] for t in request.chat["tools"]] == ["refund_order"]
    assert request.chat["tool_choice"] == "required"
    assert len(request.echo["tools"]) == 2  # the response still lists every tool sent


def test_a_schema_error_names_the_flat_parameter() -> None:
    bad = {**WEATHER, "parameters": {"type": "object", "properties": {"city": {"type": "text"}}}}
    with pytest.raises(InvalidRequestError) as caught:
        validate_responses_request(body_with(tools=[bad]))
    assert caught.value.param == "tools[0].parameters"
    assert caught.value.message.startswith(
        "Invalid schema for function 'get_weather': In context=('properties', 'city')")
    strict = {**WEATHER, "strict": True}
    with pytest.raises(InvalidRequestError, match="'additionalProperties' is required to be supplied and to be false"):
        validate_responses_request(body_with(tools=[strict]))


def test_json_object_needs_the_word_json() -> None:
    with pytest.raises(InvalidRequestError, match="must contain the word 'json'"):
        validate_responses_request(body_with(text={"format": {"type": "json_object"}}))
    request = validate_responses_request(body_with(input="Answer in JSON.", text={"format": {"type": "json_object"}}))
    assert request.chat["response_format"] == {"type": "json_object"}


def test_the_context_window_is_enforced_with_the_responses_wording() -> None:
    status, body = post(body_with(input="word " * 130_000))
    assert status == 400
    assert body["error"] == {
        "message": "Your input exceeds the context window of this model. Please adjust your input and try again.",
        "type": "invalid_request_error", "param": "input", "code": "context_length_exceeded"}


def test_a_refused_request_is_not_stored() -> None:
    responses_store.clear()
    post(body_with(seed=1))
    assert responses_store.get("anything") is None and not responses_store._store
