"""Chat Completions request bodies for the tests of the teaching model's request checks.

Shared by tests/test_teaching_validation*.py (the body, the messages, the tools):
a tool, a body with defaults, an assistant message with tool calls, a tool
message, and ``assert_rejected``, which checks an error against the hosted
API's status, param, code and wording.
"""

from __future__ import annotations

from typing import Any

import pytest

from fcourse.errors import InvalidRequestError
from fcourse.teaching.wire.validation import MODEL_NAME, validate_chat_request

__all__ = ["CALL", "USER", "WEATHER", "assert_rejected", "assistant", "body", "rejected", "strict_tool", "tool"]

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


def assert_rejected(
    request_body: object, status: int, param: str | None, code: str | None, message: str
) -> InvalidRequestError:
    """``request_body`` is refused with this status, param, code and message ("…" = a fragment)."""
    err = rejected(request_body)
    assert (err.status, err.param, err.code) == (status, param, code)
    if message.startswith("…"):
        assert message[1:] in err.message
    else:
        assert err.message == message
    assert err.to_body() == {
        "error": {"message": err.message, "type": "invalid_request_error", "param": param, "code": code}
    }
    return err
