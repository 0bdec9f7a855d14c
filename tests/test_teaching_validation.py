"""Tests for fcourse.teaching.validation: the hosted API's request checks (chapter 2)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from fcourse.errors import InvalidRequestError
from fcourse.teaching.validation import (
    MODEL_NAME,
    parse_json_body,
    validate_chat_request,
)

WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Get the current weather for a city.",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string"}},
            "required": ["city"],
        },
    },
}


def strict_tool(parameters: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {"name": "get_weather", "strict": True, "parameters": parameters},
    }


def body(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "model": MODEL_NAME,
        "messages": [{"role": "user", "content": "What's the weather in Paris?"}],
    }
    base.update(fields)
    return {k: v for k, v in base.items() if v is not ...}


CALL = {
    "id": "call_a",
    "type": "function",
    "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'},
}
USER = {"role": "user", "content": "weather?"}


def assistant(*ids: str) -> dict[str, Any]:
    return {"role": "assistant", "content": None, "tool_calls": [{**CALL, "id": i} for i in ids]}


def tool(call_id: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call_id, "content": "sunny"}


def rejected(request: object) -> InvalidRequestError:
    with pytest.raises(InvalidRequestError) as info:
        validate_chat_request(request)
    return info.value


# (request, status, param, code, exact message or a fragment starting with "…")
CASES: list[tuple[str, dict[str, Any], int, str | None, str | None, str]] = [
    (
        "missing tool response",
        body(messages=[USER, assistant("call_a", "call_b"), tool("call_a"), USER], tools=[WEATHER]),
        400,
        "messages.[1].role",
        None,
        "An assistant message with 'tool_calls' must be followed by tool messages responding to "
        "each 'tool_call_id'. The following tool_call_ids did not have response messages: call_b",
    ),
    (
        "tool calls at the end",
        body(messages=[USER, assistant("call_a")], tools=[WEATHER]),
        400,
        "messages.[1].role",
        None,
        "…did not have response messages: call_a",
    ),
    (
        "tool message without a tool call",
        body(messages=[USER, tool("call_a")]),
        400,
        "messages.[1].role",
        None,
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message "
        "with 'tool_calls'.",
    ),
    (
        "tool message with an unknown id",
        body(messages=[USER, assistant("call_a"), tool("call_a"), tool("call_zzz")], tools=[WEATHER]),
        400,
        "messages.[3].role",
        None,
        "…must be a response to a preceeding message with 'tool_calls'.",
    ),
    (
        "tool_choice without tools",
        body(tool_choice="auto"),
        400,
        "tool_choice",
        None,
        "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
    ),
    (
        "parallel_tool_calls without tools",
        body(parallel_tool_calls=False),
        400,
        "parallel_tool_calls",
        None,
        "…'parallel_tool_calls' is only allowed when 'tools' are specified.",
    ),
    (
        "bad tool name",
        body(tools=[{"type": "function", "function": {"name": "get weather"}}]),
        400,
        "tools[0].function.name",
        "invalid_value",
        "Invalid 'tools[0].function.name': string does not match pattern. Expected a string that "
        "matches the pattern '^[a-zA-Z0-9_-]+$'.",
    ),
    (
        "tool name too long",
        body(tools=[WEATHER, {"type": "function", "function": {"name": "x" * 65}}]),
        400,
        "tools[1].function.name",
        "string_above_max_length",
        "…Expected a string with maximum length 64, but got a string with length 65 instead.",
    ),
    (
        "duplicate tool names",
        body(tools=[WEATHER, copy.deepcopy(WEATHER)]),
        400,
        "tools[1].function.name",
        "invalid_value",
        "…duplicate function name 'get_weather'",
    ),
    (
        "named tool_choice not in tools",
        body(tools=[WEATHER], tool_choice={"type": "function", "function": {"name": "refund_order"}}),
        400,
        "tool_choice.function.name",
        "invalid_value",
        "…function 'refund_order' is not one of the functions in 'tools'",
    ),
    (
        "bad tool_choice string",
        body(tools=[WEATHER], tool_choice="always"),
        400,
        "tool_choice",
        "invalid_value",
        "Invalid value: 'always'. Supported values are: 'none', 'auto', and 'required'.",
    ),
    (
        "strict without additionalProperties",
        body(
            tools=[
                strict_tool(
                    {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
                )
            ]
        ),
        400,
        "tools[0].function.parameters",
        "invalid_function_parameters",
        "Invalid schema for function 'get_weather': In context=(), 'additionalProperties' is "
        "required to be supplied and to be false.",
    ),
    (
        "strict with a property missing from required",
        body(
            tools=[
                strict_tool(
                    {
                        "type": "object",
                        "properties": {"city": {"type": "string"}, "unit": {"type": "string"}},
                        "required": ["unit"],
                        "additionalProperties": False,
                    }
                )
            ]
        ),
        400,
        "tools[0].function.parameters",
        "invalid_function_parameters",
        "Invalid schema for function 'get_weather': In context=(), 'required' is required to be "
        "supplied and to be an array including every key in properties. Missing 'city'.",
    ),
    (
        "strict nested object",
        body(
            tools=[
                strict_tool(
                    {
                        "type": "object",
                        "properties": {
                            "place": {
                                "type": "object",
                                "properties": {"city": {"type": "string"}},
                                "required": ["city"],
                            }
                        },
                        "required": ["place"],
                        "additionalProperties": False,
                    }
                )
            ]
        ),
        400,
        "tools[0].function.parameters",
        "invalid_function_parameters",
        "Invalid schema for function 'get_weather': In context=('properties', 'place'), "
        "'additionalProperties' is required to be supplied and to be false.",
    ),
    (
        "strict inside array items",
        body(
            tools=[
                strict_tool(
                    {
                        "type": "object",
                        "properties": {
                            "stops": {
                                "type": "array",
                                "items": {
                                    "type": "object",
                                    "properties": {"city": {"type": "string"}},
                                    "additionalProperties": False,
                                },
                            }
                        },
                        "required": ["stops"],
                        "additionalProperties": False,
                    }
                )
            ]
        ),
        400,
        "tools[0].function.parameters",
        "invalid_function_parameters",
        "…In context=('properties', 'stops', 'items'), 'required' is required to be supplied and "
        "to be an array including every key in properties. Missing 'city'.",
    ),
    (
        "array without items",
        body(
            tools=[
                {
                    "type": "function",
                    "function": {
                        "name": "tag",
                        "parameters": {"type": "object", "properties": {"tags": {"type": "array"}}},
                    },
                }
            ]
        ),
        400,
        "tools[0].function.parameters",
        "invalid_function_parameters",
        "Invalid schema for function 'tag': In context=('properties', 'tags'), array schema missing items.",
    ),
    (
        "parameters not an object schema",
        body(tools=[{"type": "function", "function": {"name": "f", "parameters": {"type": "string"}}}]),
        400,
        "tools[0].function.parameters",
        "invalid_function_parameters",
        "Invalid schema for function 'f': schema must be a JSON Schema of 'type: \"object\"', got 'type: \"string\"'.",
    ),
    (
        "uncompilable pattern",
        body(
            tools=[
                {
                    "type": "function",
                    "function": {
                        "name": "f",
                        "parameters": {
                            "type": "object",
                            "properties": {"id": {"type": "string", "pattern": "(["}},
                        },
                    },
                }
            ]
        ),
        400,
        "tools[0].function.parameters",
        "invalid_function_parameters",
        "…'pattern' is not a valid regular expression",
    ),
    (
        "required is null",
        body(
            tools=[
                {
                    "type": "function",
                    "function": {
                        "name": "f",
                        "parameters": {
                            "type": "object",
                            "properties": {"a": {"type": "string"}},
                            "required": None,
                        },
                    },
                }
            ]
        ),
        400,
        "tools[0].function.parameters",
        "invalid_function_parameters",
        "Invalid schema for function 'f': In context=(), 'required' must be an array of strings.",
    ),
    (
        "type is null in a property",
        body(
            tools=[
                {
                    "type": "function",
                    "function": {
                        "name": "f",
                        "parameters": {"type": "object", "properties": {"a": {"type": None}}},
                    },
                }
            ]
        ),
        400,
        "tools[0].function.parameters",
        "invalid_function_parameters",
        "…In context=('properties', 'a'), 'type' must be one of",
    ),
    (
        "unknown model",
        body(model="gpt-4o"),
        404,
        None,
        "model_not_found",
        "The model `gpt-4o` does not exist or you do not have access to it.",
    ),
    ("no model", body(model=...), 400, None, None, "you must provide a model parameter"),
    (
        "missing messages",
        body(messages=...),
        400,
        "messages",
        "missing_required_parameter",
        "Missing required parameter: 'messages'.",
    ),
    (
        "empty messages",
        body(messages=[]),
        400,
        "messages",
        "empty_array",
        "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an "
        "empty array instead.",
    ),
    (
        "messages not a list",
        body(messages="hello"),
        400,
        "messages",
        "invalid_type",
        "Invalid type for 'messages': expected an array of objects, but got a string instead.",
    ),
    (
        "invalid role",
        body(messages=[{"role": "robot", "content": "hi"}]),
        400,
        "messages[0].role",
        "invalid_value",
        "Invalid value: 'robot'. Supported values are: 'system', 'assistant', 'user', 'function', "
        "'tool', and 'developer'.",
    ),
    (
        "content of the wrong type",
        body(messages=[{"role": "user", "content": {"text": "hi"}}]),
        400,
        "messages[0].content",
        "invalid_type",
        "Invalid type for 'messages[0].content': expected one of a string or array of objects, "
        "but got an object instead.",
    ),
    (
        "content missing",
        body(messages=[{"role": "user"}]),
        400,
        "messages[0].content",
        "missing_required_parameter",
        "Missing required parameter: 'messages[0].content'.",
    ),
    (
        "assistant message with neither content nor tool calls",
        body(messages=[USER, {"role": "assistant", "content": None}, USER]),
        400,
        "messages.[1].content",
        None,
        "Invalid value for 'content': expected a string, got null.",
    ),
    (
        "arguments not a string",
        body(
            messages=[
                USER,
                {
                    "role": "assistant",
                    "tool_calls": [
                        {**CALL, "function": {"name": "get_weather", "arguments": {"city": "Paris"}}}
                    ],
                },
                tool("call_a"),
            ]
        ),
        400,
        "messages[1].tool_calls[0].function.arguments",
        "invalid_type",
        "Invalid type for 'messages[1].tool_calls[0].function.arguments': expected a string, but "
        "got an object instead.",
    ),
    (
        "temperature too high",
        body(temperature=3),
        400,
        "temperature",
        "decimal_above_max_value",
        "Invalid 'temperature': decimal above maximum value. Expected a value <= 2, but got 3 instead.",
    ),
    (
        "temperature negative",
        body(temperature=-0.5),
        400,
        "temperature",
        "decimal_below_min_value",
        "Invalid 'temperature': decimal below minimum value. Expected a value >= 0, but got -0.5 instead.",
    ),
    (
        "temperature a string",
        body(temperature="hot"),
        400,
        "temperature",
        "invalid_type",
        "Invalid type for 'temperature': expected a decimal, but got a string instead.",
    ),
    (
        "tools not a list",
        body(tools={"type": "function"}),
        400,
        "tools",
        "invalid_type",
        "Invalid type for 'tools': expected an array of objects, but got an object instead.",
    ),
    (
        "empty tools",
        body(tools=[]),
        400,
        "tools",
        "empty_array",
        "…Expected an array with minimum length 1, but got an empty array instead.",
    ),
    ("n above one", body(n=2), 400, "n", "unsupported_value", "…only n=1 is supported"),
    (
        "seed a float",
        body(seed=1.5),
        400,
        "seed",
        "invalid_type",
        "…expected an integer, but got a decimal instead.",
    ),
    (
        "max_tokens zero",
        body(max_tokens=0),
        400,
        "max_tokens",
        "integer_below_min_value",
        "…Expected a value >= 1, but got 0 instead.",
    ),
    ("unknown field", body(colour="blue"), 400, None, None, "Unrecognized request argument supplied: colour"),
    (
        "stream_options without stream",
        body(stream_options={"include_usage": True}),
        400,
        "stream_options",
        None,
        "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
    ),
    (
        "json_object without the word json",
        body(response_format={"type": "json_object"}),
        400,
        "messages",
        None,
        "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
    ),
    ("extension not an object", body(fcourse=[1]), 400, "fcourse", "invalid_type", "…expected an object"),
    (
        "unknown extension field",
        body(fcourse={"failuremode": "fence"}),
        400,
        "fcourse.failuremode",
        "invalid_value",
        "Unrecognized fcourse extension argument supplied: 'failuremode'. Known: failure_mode, threshold.",
    ),
    (
        "unknown failure mode",
        body(fcourse={"failure_mode": "explode"}),
        400,
        "fcourse.failure_mode",
        "invalid_value",
        "Invalid value: 'explode'. Supported values are: 'clean', 'prose', 'fence', 'truncated', "
        "'trailing_comma', 'single_quotes', 'two_objects', and 'forgot'.",
    ),
    (
        "threshold not a number",
        body(fcourse={"threshold": "high"}),
        400,
        "fcourse.threshold",
        "invalid_type",
        "Invalid type for 'fcourse.threshold': expected a decimal, but got a string instead.",
    ),
    (
        "legacy function role",
        body(messages=[{"role": "function", "name": "f", "content": "x"}]),
        400,
        "messages[0].role",
        "unsupported_value",
        "…does not support 'function'",
    ),
    (
        "image part on a text model",
        body(messages=[{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "x"}}]}]),
        400,
        "messages[0].content[0].type",
        "invalid_value",
        "Invalid content type. image_url is only supported by certain models.",
    ),
]


@pytest.mark.parametrize(
    ("request_body", "status", "param", "code", "message"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
def test_rejects_like_the_hosted_api(
    request_body: dict[str, Any], status: int, param: str | None, code: str | None, message: str
) -> None:
    err = rejected(request_body)
    assert (err.status, err.param, err.code) == (status, param, code)
    if message.startswith("…"):
        assert message[1:] in err.message
    else:
        assert err.message == message
    assert err.to_body() == {
        "error": {"message": err.message, "type": "invalid_request_error", "param": param, "code": code}
    }


def test_body_that_is_not_an_object() -> None:
    err = rejected(["messages"])
    assert err.status == 400 and "expected an object" in err.message


@pytest.mark.parametrize(
    "raw",
    [b"{", b"\xff\xfe", b"", b'{"a": NaN}', b"[1,]", b"{'a': 1}", b'{"a": "x\\ud800"}', b'{"\\udfff": 1}'],
)
def test_unparseable_json(raw: bytes) -> None:
    with pytest.raises(InvalidRequestError) as info:
        parse_json_body(raw)
    assert info.value.message.startswith("We could not parse the JSON body of your request.")
    assert info.value.status == 400


def test_surrogate_pairs_are_fine() -> None:
    assert parse_json_body(b'{"a": "\\ud83d\\ude00"}') == {"a": "\U0001f600"}


def test_deeply_nested_json_is_refused_before_anything_walks_it() -> None:
    nested = "[" * 500 + "]" * 500
    raw = (
        '{"model": "fcourse-teacher", "messages": [{"role": "user", "content": "hi"}], "metadata": '
        + nested
        + "}"
    )
    with pytest.raises(InvalidRequestError, match="nested more than 64 levels"):
        parse_json_body(raw.encode())
    assert parse_json_body(b'{"a": ' + b"[" * 60 + b"]" * 60 + b"}")


def test_a_complete_round_is_accepted_and_normalised() -> None:
    request, delivery = validate_chat_request(
        body(
            messages=[
                {"role": "system", "content": [{"type": "text", "text": "Be brief."}]},
                USER,
                {**assistant("call_a", "call_b"), "refusal": None, "annotations": [], "audio": None},
                tool("call_b"),
                tool("call_a"),
            ],
            tools=[WEATHER],
            stream=True,
            stream_options={"include_usage": True},
            seed=7,
            max_completion_tokens=50,
            user="learner-1",
            fcourse={"failure_mode": "fence", "threshold": 2},
        )
    )
    assert delivery == {"stream": True, "include_usage": True}
    assert request["messages"][0] == {"role": "system", "content": "Be brief."}
    assert request["messages"][2]["content"] is None
    assert [c["id"] for c in request["messages"][2]["tool_calls"]] == ["call_a", "call_b"]
    assert request["tool_choice"] == "auto"
    assert request["parallel_tool_calls"] is True
    assert request["temperature"] is None  # unset stays unset: the policy reads it as 0
    assert (request["seed"], request["max_tokens"]) == (7, 50)
    assert request["fcourse"] == {"failure_mode": "fence", "threshold": 2.0}
    assert "stream" not in request and "user" not in request
    json.dumps(request)  # the policy's input is plain JSON data


def test_defaults_without_tools() -> None:
    request, delivery = validate_chat_request(body())
    assert request["tools"] == [] and request["tool_choice"] == "none"
    assert delivery == {"stream": False, "include_usage": False}


def test_named_tool_choice_and_strict_schema_that_is_valid() -> None:
    parameters = {
        "type": "object",
        "properties": {
            "city": {"type": "string", "pattern": "^[A-Z]"},
            "unit": {"type": ["string", "null"], "enum": ["c", "f", None]},
        },
        "required": ["city", "unit"],
        "additionalProperties": False,
    }
    request, _ = validate_chat_request(
        body(
            tools=[strict_tool(parameters)],
            tool_choice={"type": "function", "function": {"name": "get_weather"}},
        )
    )
    assert request["tool_choice"] == {"type": "function", "function": {"name": "get_weather"}}
    assert request["tools"][0]["function"]["strict"] is True


def test_tool_without_parameters_gets_an_empty_object_schema() -> None:
    request, _ = validate_chat_request(body(tools=[{"type": "function", "function": {"name": "ping"}}]))
    assert request["tools"][0]["function"]["parameters"] == {"type": "object", "properties": {}}
    assert request["tools"][0]["function"]["description"] == ""
