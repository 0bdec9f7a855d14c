"""Tests for fcourse.teaching.wire.validation_tools: tool definitions, their schemas, tool_choice (chapter 2)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from chat_requests import WEATHER, assert_rejected, body, strict_tool

from fcourse.teaching.wire.validation import validate_chat_request

# (request, status, param, code, exact message or a fragment starting with "…")
CASES: list[tuple[str, dict[str, Any], int, str | None, str | None, str]] = [
    (
        "tool_choice without tools",
        body(tool_choice="auto"),
        400,
        "tool_choice",
        None,
        "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
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
]


@pytest.mark.parametrize(
    ("request_body", "status", "param", "code", "message"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
def test_rejects_like_the_hosted_api(
    request_body: dict[str, Any], status: int, param: str | None, code: str | None, message: str
) -> None:
    assert_rejected(request_body, status, param, code, message)


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
