"""The scripted Responses model (issue 29): the real SDK, the teaching model's checks, streaming."""

from __future__ import annotations

import openai
import pytest

from fcourse.errors import RunawayLoopError
from fcourse.protocol.scripted import Reply, call, text
from fcourse.protocol.scripted_responses import ScriptedResponsesModel


def test_replies_come_from_the_script_with_text_and_calls() -> None:
    model = ScriptedResponsesModel(lambda items: Reply("Looking.", (("lookup", '{"id": "A-1"'),)))
    response = model.client().responses.create(model=model.name, input="Find A-1")
    assert [item.type for item in response.output] == ["message", "function_call"]
    assert response.output_text == "Looking." and response.output[1].arguments == '{"id": "A-1"'  # broken stays broken
    assert model.conversations == [[{"type": "message", "role": "user", "content": "Find A-1"}]]


def test_a_stream_reassembles() -> None:
    model = ScriptedResponsesModel(lambda items: text("Hello there."))
    with model.client().responses.stream(model=model.name, input="Hi") as stream:
        kinds = [event.type for event in stream]
        final = stream.get_final_response()
    assert kinds[0] == "response.created" and kinds[-1] == "response.completed" and final.output_text == "Hello there."


def test_chat_completions_is_not_served_and_a_runaway_is_stopped() -> None:
    model = ScriptedResponsesModel(lambda items: call(("job", {})), max_requests=2)
    client = model.client()
    with pytest.raises(openai.NotFoundError, match="Invalid URL"):
        client.chat.completions.create(model=model.name, messages=[{"role": "user", "content": "hi"}])
    client.responses.create(model=model.name, input="a", store=False)
    client.responses.create(model=model.name, input="b", store=False)
    with pytest.raises(RunawayLoopError):
        client.responses.create(model=model.name, input="c")
