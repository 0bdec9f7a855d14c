"""The protocol linter: each problem found in one sentence; a correct transcript passes;
it agrees with the endpoint (rejected or accepted) on every transcript tried."""

from __future__ import annotations

from typing import Any

import openai
import pytest

import fcourse
from fcourse.protocol.lint import lint_messages, rejected

TOOLS = [{"type": "function", "function": {
    "name": "get_weather", "description": "Get the current weather for a city (demo data).",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"],
                   "additionalProperties": False}}}]
USER = {"role": "user", "content": "What's the weather in Beijing and Shanghai?"}


def calls_message(*pairs: tuple[str, Any]) -> dict[str, Any]:
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": call_id, "type": "function", "function": {"name": "get_weather", "arguments": arguments}}
        for call_id, arguments in pairs]}


ASSISTANT = calls_message(("call_b", '{"city": "Beijing"}'), ("call_s", '{"city": "Shanghai"}'))


def tool(call_id: str, content: str = "Cloudy, 25°C") -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call_id, "content": content}


ANSWER = {"role": "assistant", "content": "Beijing: Cloudy. Shanghai: Rain."}

#: name -> transcript; the endpoint decides which of them it rejects
TRANSCRIPTS: dict[str, list[dict[str, Any]]] = {
    "correct": [USER, ASSISTANT, tool("call_b"), tool("call_s")],
    "results in the other order": [USER, ASSISTANT, tool("call_s"), tool("call_b")],
    "conversation goes on": [USER, ASSISTANT, tool("call_b"), tool("call_s"), ANSWER,
                             {"role": "user", "content": "And tomorrow?"}],
    "two rounds": [USER, ASSISTANT, tool("call_b"), tool("call_s"), calls_message(("call_2", '{"city": "Oslo"}')),
                   tool("call_2")],
    "one result missing": [USER, ASSISTANT, tool("call_b")],
    "no tool message": [USER, ASSISTANT],
    "results as user": [USER, ASSISTANT, {"role": "user", "content": "Cloudy"}, {"role": "user", "content": "Rain"}],
    "counter ids": [USER, ASSISTANT, tool("call_1"), tool("call_2")],
    "one wrong id": [USER, ASSISTANT, tool("call_b"), tool("call_x")],
    "result before its call": [USER, tool("call_b"), ASSISTANT, tool("call_s")],
    "answered twice": [USER, ASSISTANT, tool("call_b"), tool("call_s"), tool("call_s")],
    "orphan after text": [USER, ANSWER, tool("call_b")],
    "user between results": [USER, ASSISTANT, tool("call_b"), {"role": "user", "content": "hurry"}, tool("call_s")],
    "duplicate call id": [USER, calls_message(("call_b", '{"city": "Beijing"}'), ("call_b", '{"city": "Oslo"}')),
                          tool("call_b")],
    "arguments as an object": [USER, calls_message(("call_b", {"city": "Beijing"})), tool("call_b")],
    "unparsable arguments": [USER, calls_message(("call_b", '{"city": "Beijing"')), tool("call_b")],
    "non-object arguments": [USER, calls_message(("call_b", '["Beijing"]')), tool("call_b")],
    "NaN in arguments": [USER, calls_message(("call_b", '{"city": NaN}')), tool("call_b")],
    "tool message without id": [USER, ASSISTANT, {"role": "tool", "content": "x"}, tool("call_s")],
}


@pytest.fixture(scope="module")
def endpoint() -> Any:
    client, model = fcourse.connect(backend="offline", quiet=True)

    def rejects(messages: list[dict[str, Any]]) -> bool:
        try:
            client.chat.completions.create(model=model, messages=messages, tools=TOOLS)
        except openai.BadRequestError:
            return True
        return False

    return rejects


@pytest.mark.parametrize("name", list(TRANSCRIPTS))
def test_the_linter_agrees_with_the_endpoint(name: str, endpoint: Any) -> None:
    messages = TRANSCRIPTS[name]
    assert rejected(lint_messages(messages)) == endpoint(messages), [str(p) for p in lint_messages(messages)]


def test_the_set_covers_both_verdicts(endpoint: Any) -> None:
    verdicts = [endpoint(messages) for messages in TRANSCRIPTS.values()]
    assert 5 <= sum(verdicts) < len(verdicts)


@pytest.mark.parametrize("name", ["correct", "results in the other order", "conversation goes on", "two rounds"])
def test_a_correct_transcript_passes(name: str) -> None:
    assert lint_messages(TRANSCRIPTS[name]) == []


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("one result missing", [("unanswered_call", 1, "call_s")]),
        ("no tool message", [("unanswered_call", 1, "call_b"), ("unanswered_call", 1, "call_s")]),
        ("results as user", [("unanswered_call", 1, "call_b"), ("unanswered_call", 1, "call_s"),
                             ("result_as_user", 2, None)]),
        ("one wrong id", [("unanswered_call", 1, "call_s"), ("unknown_call_id", 3, "call_x")]),
        ("result before its call", [("result_before_call", 1, "call_b"), ("unanswered_call", 2, "call_b")]),
        ("answered twice", [("duplicate_result", 4, "call_s")]),
        ("orphan after text", [("orphan_tool_message", 2, "call_b")]),
        ("user between results", [("unanswered_call", 1, "call_s"), ("orphan_tool_message", 4, "call_s")]),
        ("duplicate call id", [("duplicate_call_id", 1, "call_b")]),
        ("arguments as an object", [("arguments_not_string", 1, "call_b")]),
        ("unparsable arguments", [("unparsable_arguments", 1, "call_b")]),
        ("non-object arguments", [("non_object_arguments", 1, "call_b")]),
        ("NaN in arguments", [("unparsable_arguments", 1, "call_b")]),
        ("tool message without id", [("missing_tool_call_id", 2, None), ("unanswered_call", 1, "call_b")]),
    ],
)
def test_each_problem_is_found(name: str, expected: list[tuple[str, int, str | None]]) -> None:
    found = [(p.code, p.index, p.call_id) for p in lint_messages(TRANSCRIPTS[name])]
    assert sorted(found, key=str) == sorted(expected, key=str)


def test_each_problem_is_one_sentence_that_says_what_the_api_does() -> None:
    for messages in TRANSCRIPTS.values():
        for problem in lint_messages(messages):
            assert "\n" not in problem.message and problem.message.count(". ") == 0
            assert str(problem).startswith(f"messages[{problem.index}] {problem.code}: ")
            assert str(problem).endswith("(the API rejects this)" if problem.rejected else "(the API accepts this)")


def test_accepted_problems_are_marked_as_not_rejected() -> None:
    problems = lint_messages(TRANSCRIPTS["unparsable arguments"])
    assert [p.rejected for p in problems] == [False]
    assert problems[0].to_dict()["code"] == "unparsable_arguments"


def test_sdk_message_objects_are_read_like_dicts() -> None:
    client, model = fcourse.connect(backend="offline", quiet=True)
    reply = client.chat.completions.create(model=model, messages=[USER], tools=TOOLS).choices[0].message
    problems = lint_messages([USER, reply])
    assert [p.code for p in problems] == ["unanswered_call", "unanswered_call"]
    assert lint_messages([USER, reply] + [tool(c.id) for c in reply.tool_calls]) == []
