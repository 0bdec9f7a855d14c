"""Safe execution of one call: allow-list, parsing, session values, schema, errors as data."""

from __future__ import annotations

import json
from typing import Any

import pytest

from fcourse.errors import BusinessRuleError
from fcourse.protocol.execute import execute_call, parse_arguments

TOOL = {"type": "function", "function": {
    "name": "get_weather", "description": "Weather for a city.",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                   "required": ["city"], "additionalProperties": False}}}


def call(arguments: Any, name: str = "get_weather") -> dict[str, Any]:
    return {"id": "call_1", "type": "function", "function": {"name": name, "arguments": arguments}}


def error_of(outcome: Any) -> dict[str, Any]:
    assert not outcome.ok
    envelope = json.loads(outcome.content)
    assert envelope["status"] == "ERROR"
    return {"code": envelope["error_code"], "message": envelope["message"], **envelope.get("data", {})}


@pytest.mark.parametrize(
    ("text", "problem"),
    [("NaN", "not valid JSON"), ('{"x": Infinity}', "not valid JSON"), ('{"city": "Oslo"', "not valid JSON"),
     ("[1, 2]", "JSON object"), ('"Oslo"', "JSON object"), ({"city": "Oslo"}, "JSON string"),
     # json.loads keeps the last of two equal keys, and reads 1e999 as infinity: neither is a value the model sent
     ('{"city": "Oslo", "city": "Lima"}', "appears twice"), ('{"x": 1e999}', "not valid JSON")],
)
def test_parse_refuses_what_is_not_a_json_object(text: Any, problem: str) -> None:
    arguments, why = parse_arguments(text)
    assert arguments is None and problem in why


def test_parse_accepts_an_object_and_an_empty_string() -> None:
    assert parse_arguments('{"city": "Oslo"}') == ({"city": "Oslo"}, None)
    assert parse_arguments("") == ({}, None)


def test_a_good_call_runs_and_its_result_is_json_text() -> None:
    outcome = execute_call(call('{"city": "Oslo"}'), {"get_weather": lambda city: {"city": city, "temp": 4}}, [TOOL])
    assert outcome.ok and json.loads(outcome.content) == {"city": "Oslo", "temp": 4}
    assert outcome.to_message() == {"role": "tool", "tool_call_id": "call_1", "content": outcome.content}


def test_only_offered_tools_with_a_handler_run() -> None:
    ran: list[str] = []
    handlers = {"get_weather": lambda city: city, "drop_tables": lambda: ran.append("dropped")}
    outcome = execute_call(call("{}", "drop_tables"), handlers, [TOOL])
    assert error_of(outcome)["code"] == "UNKNOWN_TOOL" and ran == []
    assert error_of(execute_call(call("{}", "get_time"), handlers, [TOOL]))["code"] == "UNKNOWN_TOOL"


def test_schema_issues_come_back_as_data_and_the_handler_does_not_run() -> None:
    ran: list[Any] = []
    error = error_of(execute_call(call('{"city": 42, "unit": "c"}'), {"get_weather": ran.append}, [TOOL]))
    assert error["code"] == "INVALID_ARGUMENT" and ran == []
    assert {issue["validator"] for issue in error["issues"]} == {"type", "additionalProperties"}


def test_a_signature_mismatch_is_an_invalid_argument_without_a_schema() -> None:
    error = error_of(execute_call(call('{"town": "Oslo"}'), {"get_weather": lambda city: city}))
    assert error["code"] == "INVALID_ARGUMENT" and "'city'" in error["issues"][0]["message"]


def test_exceptions_become_short_results_and_keep_their_detail_for_the_program() -> None:
    def broken(city: str) -> str:
        raise KeyError("secret-token")

    outcome = execute_call(call('{"city": "Oslo"}'), {"get_weather": broken}, [TOOL])
    assert error_of(outcome) == {"code": "EXECUTION_ERROR",
                                 "message": "get_weather failed (KeyError); the details are in the program's log"}
    assert "secret-token" in outcome.detail and "secret-token" not in outcome.content


def test_a_refusal_keeps_its_code_and_message() -> None:
    def refuse(city: str) -> str:
        raise BusinessRuleError("NO_FORECAST", "no forecast for that city", city=city)

    error = error_of(execute_call(call('{"city": "Oslo"}'), {"get_weather": refuse}, [TOOL]))
    assert error["code"] == "BUSINESS_RULE_VIOLATION" and error["rule"] == "NO_FORECAST"


def test_a_result_that_is_not_json_is_an_execution_error() -> None:
    outcome = execute_call(call('{"city": "Oslo"}'), {"get_weather": lambda city: float("nan")}, [TOOL])
    assert error_of(outcome)["code"] == "EXECUTION_ERROR"


def test_session_values_override_and_are_noted() -> None:
    tool = {"type": "function", "function": {"name": "orders", "parameters": {
        "type": "object", "properties": {"user_id": {"type": "integer"}}, "required": ["user_id"]}}}
    outcome = execute_call(call('{"user_id": 7}', "orders"), {"orders": lambda user_id: user_id}, [tool],
                           session={"user_id": 1, "tenant": "t-1"})
    assert outcome.content == "1" and outcome.overrides == (("user_id", 7, 1),)
    assert outcome.arguments == {"user_id": 1}, "a session key the tool does not take is not added"
