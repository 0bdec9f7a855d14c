"""The tool loop: rounds, the limit, parallel order and concurrency, tool errors, session identity."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest

import fcourse
from fcourse.protocol.lint import lint_messages
from fcourse.protocol.loop import (
    DEFAULT_MAX_ROUNDS,
    LoopEvent,
    run_calls,
    run_tool_loop,
)
from fcourse.protocol.scripted import ScriptedModel, call, text, tool_results

WEATHER_TOOL = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Get the current weather for a city (demo data).",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string", "description": "City name, e.g. Beijing"}},
            "required": ["city"],
            "additionalProperties": False,
        },
    },
}
ORDER_TOOL = {
    "type": "function",
    "function": {
        "name": "query_order",
        "description": "Look up a user's total order amount for a given month. Use when the user asks "
                       "about their orders, spending or bill.",
        "parameters": {
            "type": "object",
            "properties": {
                "user_id": {"type": "integer", "description": "The user's unique id"},
                "month": {"type": "integer", "description": "Month, an integer from 1 to 12"},
            },
            "required": ["user_id", "month"],
        },
    },
}
MEETING_TOOL = {
    "type": "function",
    "function": {
        "name": "get_next_meeting",
        "description": "Find the user's next meeting: its time and city.",
        "parameters": {"type": "object", "properties": {}, "additionalProperties": False},
    },
}
WEATHER = {"Beijing": "Cloudy, 25°C", "Shanghai": "Light rain, 22°C"}


@pytest.fixture(scope="module")
def teaching() -> Any:
    return fcourse.connect(backend="offline", quiet=True)


def ask(text_: str) -> list[dict[str, Any]]:
    return [{"role": "user", "content": text_}]


def weather(city: str) -> str:
    return WEATHER.get(city, f"no demo weather data for {city}")


def test_one_round_answers_from_the_tool(teaching: Any) -> None:
    client, model = teaching
    messages = ask("What's the weather in Beijing right now?")
    result = run_tool_loop(client, model, messages, [WEATHER_TOOL], {"get_weather": weather})
    assert result.stopped == "answer" and result.rounds == 2
    assert [m["role"] for m in result.messages] == ["user", "assistant", "tool", "assistant"]
    call_id = result.messages[1]["tool_calls"][0]["id"]
    assert result.messages[2] == {"role": "tool", "tool_call_id": call_id, "content": "Cloudy, 25°C"}
    assert "Cloudy, 25°C" in result.answer
    assert lint_messages(result.messages) == []
    assert messages == ask("What's the weather in Beijing right now?"), "the caller's list is not modified"


def test_the_assistant_message_is_kept_as_the_server_sent_it(teaching: Any) -> None:
    client, model = teaching
    result = run_tool_loop(client, model, ask("What's the weather in Beijing?"), [WEATHER_TOOL],
                           {"get_weather": weather})
    first = client.chat.completions.create(model=model, messages=ask("What's the weather in Beijing?"),
                                           tools=[WEATHER_TOOL])
    assert result.messages[1] == first.choices[0].message.to_dict()


def test_two_rounds_when_the_second_call_needs_the_first_result() -> None:
    def script(messages: list[dict[str, Any]]) -> Any:
        results = tool_results(messages)
        if "get_next_meeting" in results:
            return call(("get_weather", {"city": results["get_next_meeting"]["city"]}))
        if "get_weather" in results:
            return text(f"It is {results['get_weather']} where your meeting is.")
        return call(("get_next_meeting", {}))

    scripted = ScriptedModel(script)
    seen: list[str] = []

    def tracked_weather(city: str) -> str:
        seen.append(city)
        return weather(city)

    result = run_tool_loop(scripted.client(), scripted.name, ask("Weather at my next meeting?"),
                           [WEATHER_TOOL, MEETING_TOOL],
                           {"get_weather": tracked_weather, "get_next_meeting": lambda: {"city": "Shanghai"}})
    assert result.stopped == "answer" and result.rounds == 3
    assert seen == ["Shanghai"]
    assert result.answer == "It is Light rain, 22°C where your meeting is."


def test_the_round_limit_ends_a_model_that_never_stops_asking(teaching: Any) -> None:
    client, model = teaching
    executed: list[str] = []

    def counted(city: str) -> str:
        executed.append(city)
        return weather(city)

    # tool_choice="required" on every request: the model must call a tool every time
    result = run_tool_loop(client, model, ask("What's the weather in Beijing?"), [WEATHER_TOOL],
                           {"get_weather": counted}, tool_choice="required")
    assert result.stopped == "round_limit" and result.answer is None
    assert sum(event.kind == "request" for event in result.events) == DEFAULT_MAX_ROUNDS == 5
    assert len(executed) == 4, "the calls of the last round are answered, not executed"
    last = json.loads(result.messages[-1]["content"])
    assert last["error_code"] == "NOT_EXECUTED"
    assert "round limit" in result.reason and "5 requests" in result.reason
    assert result.events[-1].kind == "limit"
    assert lint_messages(result.messages) == [], "the transcript stays valid at the limit"


def test_a_smaller_round_limit_and_a_bad_one(teaching: Any) -> None:
    client, model = teaching
    result = run_tool_loop(client, model, ask("What's the weather in Beijing?"), [WEATHER_TOOL],
                           {"get_weather": weather}, tool_choice="required", max_rounds=2)
    assert result.stopped == "round_limit" and result.rounds == 2
    with pytest.raises(ValueError, match="max_rounds"):
        run_tool_loop(client, model, [], [WEATHER_TOOL], {}, max_rounds=0)


def test_parallel_calls_run_concurrently(teaching: Any) -> None:
    client, model = teaching
    barrier = threading.Barrier(2, timeout=10)

    def meet(city: str) -> str:
        barrier.wait()  # returns only when both calls are running at the same time
        return weather(city)

    result = run_tool_loop(client, model, ask("What's the weather in Beijing and Shanghai?"), [WEATHER_TOOL],
                           {"get_weather": meet})
    assert [o.ok for o in result.outcomes] == [True, True]
    assert "Beijing: Cloudy, 25°C" in result.answer and "Shanghai: Light rain, 22°C" in result.answer


def test_without_parallel_the_same_barrier_breaks(teaching: Any) -> None:
    client, model = teaching
    barrier = threading.Barrier(2, timeout=0.2)

    def meet(city: str) -> str:
        barrier.wait()
        return weather(city)

    result = run_tool_loop(client, model, ask("What's the weather in Beijing and Shanghai?"), [WEATHER_TOOL],
                           {"get_weather": meet}, parallel=False)
    assert [o.ok for o in result.outcomes] == [False, False]
    assert all(o.error_code == "EXECUTION_ERROR" for o in result.outcomes)


def test_results_are_matched_by_id_whichever_finishes_first() -> None:
    second_done = threading.Event()
    finished: list[str] = []

    def slow_first(city: str) -> str:
        if city == "Beijing":
            assert second_done.wait(10)
        finished.append(city)
        if city == "Shanghai":
            second_done.set()
        return weather(city)

    calls = [{"id": f"call_{city[0].lower()}", "type": "function",
              "function": {"name": "get_weather", "arguments": json.dumps({"city": city})}}
             for city in ("Beijing", "Shanghai")]
    from fcourse.protocol.execute import execute_call

    outcomes = run_calls(calls, lambda c: execute_call(c, {"get_weather": slow_first}, [WEATHER_TOOL]))
    assert finished == ["Shanghai", "Beijing"]
    assert [(o.call_id, o.content) for o in outcomes] == [("call_b", "Cloudy, 25°C"), ("call_s", "Light rain, 22°C")]


def test_a_failing_tool_becomes_a_result_and_the_model_says_so(teaching: Any) -> None:
    client, model = teaching

    def broken(city: str) -> str:
        raise ConnectionError("weather-db at postgres://w:secret@10.0.0.5 refused")

    result = run_tool_loop(client, model, ask("What's the weather in Beijing?"), [WEATHER_TOOL],
                           {"get_weather": broken})
    assert result.stopped == "answer"
    content = result.messages[2]["content"]
    assert json.loads(content)["error_code"] == "EXECUTION_ERROR"
    assert "secret" not in content and "Traceback" not in content
    assert "secret" in result.outcomes[0].detail, "the detail stays with the program"
    assert result.answer.startswith("Sorry, I couldn't complete that request")  # the description is no verb
    assert "get_weather" not in result.answer and "ConnectionError" not in result.answer  # said plainly


def test_a_timeout_is_reported_honestly(teaching: Any) -> None:
    client, model = teaching

    def slow(city: str) -> str:
        raise TimeoutError("no answer after 2.0 s")

    result = run_tool_loop(client, model, ask("What's the weather in Beijing?"), [WEATHER_TOOL], {"get_weather": slow})
    assert "took too long to answer" in result.answer and "Cloudy" not in result.answer  # a timeout, said so
    assert "isn't available" not in result.answer  # not an outage
    assert "get_weather" not in result.answer  # the service's own message is not repeated


def test_the_session_user_id_wins_over_the_models(teaching: Any) -> None:
    client, model = teaching
    received: list[dict[str, Any]] = []

    def query_order(user_id: int, month: int) -> dict[str, Any]:
        received.append({"user_id": user_id, "month": month})
        return {"total": 0}

    events: list[LoopEvent] = []
    result = run_tool_loop(client, model, ask("I am user 1002. What was my order total in April?"), [ORDER_TOOL],
                           {"query_order": query_order}, session={"user_id": 1001}, on_event=events.append)
    proposed = json.loads(result.messages[1]["tool_calls"][0]["function"]["arguments"])
    assert proposed["user_id"] == 1002, "the model took the id from the user's words"
    assert received == [{"user_id": 1001, "month": 4}]
    override = [e for e in events if e.kind == "override"]
    assert [(e.data["key"], e.data["model_value"], e.data["session_value"]) for e in override] == \
        [("user_id", 1002, 1001)]
    assert events == result.events


def test_the_session_fills_a_value_the_model_left_out() -> None:
    def script(messages: list[dict[str, Any]]) -> Any:
        return text("done") if messages[-1]["role"] == "tool" else call(("query_order", {"month": 4}))

    scripted = ScriptedModel(script)
    received: list[int] = []
    result = run_tool_loop(scripted.client(), scripted.name, ask("What was my order total in April?"), [ORDER_TOOL],
                           {"query_order": lambda user_id, month: received.append(user_id) or {"total": 0}},
                           session={"user_id": 1001})
    assert received == [1001]
    assert result.outcomes[0].overrides == (), "nothing to override: the model wrote no user_id"


def test_event_order_for_one_round(teaching: Any) -> None:
    client, model = teaching
    result = run_tool_loop(client, model, ask("What's the weather in Beijing?"), [WEATHER_TOOL],
                           {"get_weather": weather})
    assert [(e.kind, e.round, e.index) for e in result.events] == [
        ("request", 1, None), ("reply", 1, 1), ("result", 1, 2), ("request", 2, None), ("reply", 2, 3),
        ("answer", 2, 3)]
    assert str(result.events[1]) == "round 1 #1 reply: finish_reason=tool_calls, calls=1"
