"""The scripted model: real SDK, real request checks, replies from a script, stable ids, a runaway stop."""

from __future__ import annotations

from typing import Any

import openai
import pytest

from fcourse.protocol.scripted import (
    RunawayLoopError,
    ScriptedModel,
    call,
    text,
    tool_results,
)

TOOLS = [{"type": "function", "function": {"name": "lookup", "description": "Look a thing up.",
                                           "parameters": {"type": "object", "properties": {}}}}]


def script(messages: list[dict[str, Any]]) -> Any:
    return text("done") if messages[-1]["role"] == "tool" else call(("lookup", {}), ("lookup", '{"x": 1'))


def test_replies_are_real_sdk_objects_with_stable_ids() -> None:
    first, second = ScriptedModel(script), ScriptedModel(script)
    ask = [{"role": "user", "content": "go"}]
    a = first.client().chat.completions.create(model=first.name, messages=ask, tools=TOOLS)
    b = second.client().chat.completions.create(model=second.name, messages=ask, tools=TOOLS)
    assert isinstance(a, openai.types.chat.ChatCompletion)
    assert a.choices[0].finish_reason == "tool_calls"
    assert [c.id for c in a.choices[0].message.tool_calls] == [c.id for c in b.choices[0].message.tool_calls]
    assert a.choices[0].message.tool_calls[1].function.arguments == '{"x": 1', "broken JSON is sent as written"
    assert first.requests[0]["messages"] == ask and first.replies[0].calls


def test_protocol_mistakes_get_the_teaching_models_400() -> None:
    model = ScriptedModel(script)
    client = model.client()
    reply = client.chat.completions.create(model=model.name, messages=[{"role": "user", "content": "go"}], tools=TOOLS)
    with pytest.raises(openai.BadRequestError, match="tool_call_ids did not have response messages"):
        client.chat.completions.create(model=model.name, tools=TOOLS,
                                       messages=[{"role": "user", "content": "go"}, reply.choices[0].message])
    assert len(model.requests) == 1 and len(model.rejections) == 1


def test_answers_and_tool_results() -> None:
    model = ScriptedModel(script)
    client = model.client()
    ask = [{"role": "user", "content": "go"}]
    message = client.chat.completions.create(model=model.name, messages=ask, tools=TOOLS).choices[0].message
    results = [{"role": "tool", "tool_call_id": c.id, "content": f'{{"n": {k}}}'}
               for k, c in enumerate(message.tool_calls)]
    history = [*ask, message.to_dict(), *results]
    assert tool_results(history) == {"lookup": {"n": 1}}, "the last result of each tool"
    final = client.chat.completions.create(model=model.name, messages=history, tools=TOOLS)
    assert final.choices[0].message.content == "done" and model.final_answer == "done"
    assert model.last_messages == history


def test_a_runaway_loop_is_stopped() -> None:
    model = ScriptedModel(lambda messages: text("again"), max_requests=2)
    client = model.client()
    for _ in range(2):
        client.chat.completions.create(model=model.name, messages=[{"role": "user", "content": "go"}])
    with pytest.raises((RunawayLoopError, openai.APIConnectionError)):
        client.chat.completions.create(model=model.name, messages=[{"role": "user", "content": "go"}])
