"""Tests for fcourse.teaching.wire.validation_messages: roles, content, tool calls and their pairing (chapter 2)."""

from __future__ import annotations

from typing import Any

import pytest
from chat_requests import CALL, USER, WEATHER, assert_rejected, assistant, body, tool

from fcourse.teaching.wire.validation_messages import check_messages

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
        "messages.[3].tool_call_id",
        None,
        "Invalid parameter: 'tool_call_id' of 'call_zzz' not found in 'tool_calls' of previous message.",
    ),
    (
        "tool message answering a call twice",
        body(messages=[USER, assistant("call_a"), tool("call_a"), tool("call_a")], tools=[WEATHER]),
        400,
        "messages.[3].role",
        None,
        "…must be a response to a preceeding message with 'tool_calls'.",
    ),
    (
        "tool message after a user turn, not in a tool round",
        body(messages=[USER, assistant("call_a"), tool("call_a"), USER, tool("call_b")], tools=[WEATHER]),
        400,
        "messages.[4].role",
        None,
        "…must be a response to a preceeding message with 'tool_calls'.",
    ),
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
    assert_rejected(request_body, status, param, code, message)


@pytest.mark.parametrize(
    ("messages", "index", "wrong"),
    [
        pytest.param([USER, assistant("call_a"), tool("call_b")], 2, "call_b", id="the-only-answer-is-wrong"),
        pytest.param([USER, assistant("call_a", "call_b"), tool("call_a"), tool("call_c")], 3, "call_c",
                     id="second-answer-wrong"),
        pytest.param([USER, assistant("call_a", "call_b"), tool("call_Q9x")], 2, "call_Q9x",
                     id="wrong-while-others-pending"),
    ],
)
def test_a_wrong_tool_call_id_is_named_as_the_hosted_api_names_it(
    messages: list[dict[str, Any]], index: int, wrong: str
) -> None:
    err = assert_rejected(
        body(messages=messages, tools=[WEATHER]),
        400,
        f"messages.[{index}].tool_call_id",
        None,
        f"Invalid parameter: 'tool_call_id' of '{wrong}' not found in 'tool_calls' of previous message.",
    )
    assert err.type == "invalid_request_error"


def test_a_tool_message_with_no_tool_call_before_it_stays_an_orphan() -> None:
    err = assert_rejected(
        body(messages=[USER, {"role": "assistant", "content": "Which city?"}, tool("call_a")]),
        400,
        "messages.[2].role",
        None,
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with "
        "'tool_calls'.",
    )
    assert "not found in 'tool_calls'" not in err.message


def test_the_right_ids_in_any_order_are_accepted() -> None:
    messages = [USER, assistant("call_a", "call_b"), tool("call_b"), tool("call_a"), USER]
    normalised = check_messages({"messages": messages})
    assert [m["role"] for m in normalised] == ["user", "assistant", "tool", "tool", "user"]
