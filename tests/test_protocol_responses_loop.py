"""The Responses tool loop (issue 29): items sent back as they are, outputs by call_id, the round limit,
session values; and the two tool shapes converted both ways."""

from __future__ import annotations

import json

import fcourse
from fcourse.protocol.responses_loop import flat_tools, nested_tools, run_responses_loop
from fcourse.protocol.scripted import call, text
from fcourse.protocol.scripted_responses import ScriptedResponsesModel

NESTED = [{"type": "function", "function": {"name": "get_weather", "description": "Get the current weather for a city.",
                                            "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                                                           "required": ["city"]}}}]


def test_the_two_tool_shapes_convert_both_ways() -> None:
    flat = flat_tools(NESTED)
    assert flat == [{"type": "function", "name": "get_weather", "description": "Get the current weather for a city.",
                     "parameters": NESTED[0]["function"]["parameters"]}]
    assert nested_tools(flat) == NESTED
    assert flat_tools(flat) == flat and nested_tools(NESTED) == NESTED  # already in the shape: unchanged


def test_a_round_trip_on_the_teaching_model() -> None:
    client, model = fcourse.connect(quiet=True)
    seen: list[str] = []

    def get_weather(city: str) -> dict[str, object]:
        seen.append(city)
        return {"city": city, "temp_c": {"Paris": 21, "Tokyo": 9}[city]}

    result = run_responses_loop(client, model, "What's the weather in Paris and in Tokyo?", flat_tools(NESTED),
                                {"get_weather": get_weather})
    assert result.stopped == "answer" and result.rounds == 2 and seen == ["Paris", "Tokyo"]
    assert "21" in (result.answer or "") and "9" in (result.answer or "")
    types = [item.get("type", "message") for item in result.items]
    assert types == ["message", "function_call", "function_call", "function_call_output", "function_call_output",
                     "message"]
    calls = [item["call_id"] for item in result.items if item.get("type") == "function_call"]
    assert [item["call_id"] for item in result.items if item.get("type") == "function_call_output"] == calls
    assert str(result) == "answered after 2 round(s), 2 tool call(s) executed"


def test_the_round_limit_answers_the_last_calls_without_running_them() -> None:
    model = ScriptedResponsesModel(lambda items: call(("job_status", {"job_id": "J-7"})))
    ran: list[str] = []
    tools = [{"type": "function", "name": "job_status", "description": "Status of a job.",
              "parameters": {"type": "object", "properties": {"job_id": {"type": "string"}}}}]
    result = run_responses_loop(model.client(), model.name, "Is J-7 done?", tools,
                                {"job_status": lambda job_id: ran.append(job_id) or "running"}, max_rounds=3)
    assert result.stopped == "round_limit" and len(model.requests) == 3 and len(ran) == 2
    last = json.loads(result.items[-1]["output"])
    assert last["error_code"] == "NOT_EXECUTED" and "limit of 3 rounds" in last["message"]


def test_session_values_overwrite_the_models() -> None:
    model = ScriptedResponsesModel(lambda items: text("done") if items[-1]["type"] == "function_call_output"
                                   else call(("refund", {"order_id": "O-1", "user_id": "someone-else"})))
    tools = [{"type": "function", "name": "refund", "description": "Refund an order.",
              "parameters": {"type": "object", "properties": {"order_id": {"type": "string"},
                                                              "user_id": {"type": "string"}}}}]
    got: list[dict[str, str]] = []
    result = run_responses_loop(model.client(), model.name, "Refund O-1", tools,
                                {"refund": lambda **kw: got.append(kw) or "ok"}, session={"user_id": "u-42"})
    assert got == [{"order_id": "O-1", "user_id": "u-42"}] and result.outcomes[0].overrides
