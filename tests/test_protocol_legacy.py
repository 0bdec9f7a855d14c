"""fcourse.protocol.legacy: a June-2023 request becomes a November-2023 one the endpoint accepts."""

from __future__ import annotations

import json

import openai
import pytest

from fcourse.client import connect
from fcourse.protocol.legacy import upgrade_request

WEATHER = {"name": "get_weather", "description": "Current weather in a city.",
           "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}
JUNE_2023 = {
    "model": "fcourse-teacher",
    "functions": [WEATHER],
    "function_call": "auto",
    "messages": [
        {"role": "user", "content": "Weather in Oslo?"},
        {"role": "assistant", "content": None,
         "function_call": {"name": "get_weather", "arguments": '{"city": "Oslo"}'}},
        {"role": "function", "name": "get_weather", "content": "snow, -3°C"},
    ],
}


def test_functions_become_tools_and_the_result_answers_its_call_by_id() -> None:
    body = upgrade_request(JUNE_2023)
    assert "functions" not in body and "function_call" not in body
    assert body["tools"] == [{"type": "function", "function": WEATHER}] and body["tool_choice"] == "auto"
    call = body["messages"][1]["tool_calls"][0]
    assert call == {"id": "call_legacy_1", "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"city": "Oslo"}'}}
    assert body["messages"][2] == {"role": "tool", "tool_call_id": "call_legacy_1", "content": "snow, -3°C"}
    assert JUNE_2023["messages"][2]["role"] == "function"  # the input is left alone


def test_a_named_function_call_becomes_a_named_tool_choice() -> None:
    body = upgrade_request({**JUNE_2023, "function_call": {"name": "get_weather"}})
    assert body["tool_choice"] == {"type": "function", "function": {"name": "get_weather"}}


def test_the_endpoint_refuses_the_old_shape_and_answers_the_new_one() -> None:
    client, model = connect(backend="offline", quiet=True)
    old = {"functions": [WEATHER], "function_call": "auto", "messages": JUNE_2023["messages"][:1]}
    with pytest.raises(openai.BadRequestError, match="functions"):
        client.chat.completions.create(model=model, **old)
    new = {k: v for k, v in upgrade_request(JUNE_2023).items() if k != "model"}
    reply = client.chat.completions.create(model=model, **new)
    assert reply.choices[0].finish_reason == "stop" and "-3" in json.dumps(reply.choices[0].message.content)
