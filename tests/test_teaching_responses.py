"""``POST /v1/responses`` through the real openai SDK, in-process (issue 29): the same decisions as Chat
Completions, parallel calls, determinism, ``output_text``, ``previous_response_id``, retrieve and delete,
and the glass box for a Responses body. Over real sockets: tests/test_teaching_responses_clients.py."""

from __future__ import annotations

import json
from typing import Any

import openai
import pytest

import fcourse
from fcourse.teaching.wire import responses_store
from fcourse.teaching.wire.endpoint import MODEL_NAME, handle

WEATHER_FLAT = {
    "type": "function", "name": "get_weather", "description": "Get the current weather for a city.",
    "parameters": {"type": "object", "properties": {"city": {"type": "string", "description": "The city, e.g. Paris"}},
                   "required": ["city"]},
}
WEATHER_CHAT = {"type": "function", "function": {k: v for k, v in WEATHER_FLAT.items() if k != "type"}}
QUESTION = "What's the weather in Paris and in Tokyo?"
TEMPS = {"Paris": 21, "Tokyo": 9}


@pytest.fixture(scope="module")
def client() -> openai.OpenAI:
    return fcourse.connect(quiet=True).client


def answer_calls(response: Any) -> list[dict[str, Any]]:
    """The function_call_output items for a response's calls, answered in reverse order (by call_id)."""
    calls = [item for item in response.output if item.type == "function_call"]
    return [{"type": "function_call_output", "call_id": c.call_id,
             "output": json.dumps({"temp_c": TEMPS[json.loads(c.arguments)["city"]]})} for c in reversed(calls)]


def test_parallel_calls_come_as_function_call_items(client: openai.OpenAI) -> None:
    response = client.responses.create(model=MODEL_NAME, input=QUESTION, tools=[WEATHER_FLAT])
    assert response.object == "response" and response.status == "completed"
    assert [item.type for item in response.output] == ["function_call", "function_call"]
    assert [json.loads(item.arguments) for item in response.output] == [{"city": "Paris"}, {"city": "Tokyo"}]
    for item in response.output:
        assert item.id.startswith("fc_") and item.call_id.startswith("call_") and item.name == "get_weather"
        assert item.status == "completed"
    assert response.output_text == ""  # no message item: nothing to join
    assert response.usage.total_tokens == response.usage.input_tokens + response.usage.output_tokens > 0
    assert response.tools[0].name == "get_weather" and response.parallel_tool_calls is True


def test_the_round_trip_answers_from_the_outputs_matched_by_call_id(client: openai.OpenAI) -> None:
    first = client.responses.create(model=MODEL_NAME, input=QUESTION, tools=[WEATHER_FLAT])
    history = [{"role": "user", "content": QUESTION}, *[item.to_dict() for item in first.output], *answer_calls(first)]
    final = client.responses.create(model=MODEL_NAME, input=history, tools=[WEATHER_FLAT])
    assert [item.type for item in final.output] == ["message"]
    message = final.output[0]
    assert message.id.startswith("msg_") and message.role == "assistant" and message.status == "completed"
    assert final.output_text == message.content[0].text
    assert "21" in final.output_text and "9" in final.output_text


def test_the_same_decision_as_chat_completions(client: openai.OpenAI) -> None:
    chat = client.chat.completions.create(model=MODEL_NAME, messages=[{"role": "user", "content": QUESTION}],
                                          tools=[WEATHER_CHAT])
    responses = client.responses.create(model=MODEL_NAME, input=QUESTION, tools=[WEATHER_FLAT])
    assert [(c.function.name, c.function.arguments) for c in chat.choices[0].message.tool_calls] == \
        [(c.name, c.arguments) for c in responses.output]
    plain = client.chat.completions.create(model=MODEL_NAME, messages=[{"role": "user", "content": "Hello!"}])
    assert client.responses.create(model=MODEL_NAME, input="Hello!").output_text == plain.choices[0].message.content
    assert fcourse.explain({"model": MODEL_NAME, "input": QUESTION, "tools": [WEATHER_FLAT]})["record"] == \
        fcourse.explain({"model": MODEL_NAME, "messages": [{"role": "user", "content": QUESTION}],
                         "tools": [WEATHER_CHAT]})["record"]


def test_tool_choice_and_parallel_tool_calls_are_honoured(client: openai.OpenAI) -> None:
    single = client.responses.create(model=MODEL_NAME, input=QUESTION, tools=[WEATHER_FLAT], parallel_tool_calls=False)
    assert len(single.output) == 1 and single.parallel_tool_calls is False
    none = client.responses.create(model=MODEL_NAME, input=QUESTION, tools=[WEATHER_FLAT], tool_choice="none")
    assert [item.type for item in none.output] == ["message"]
    forced = client.responses.create(model=MODEL_NAME, input="Hello!", tools=[WEATHER_FLAT],
                                     tool_choice={"type": "function", "name": "get_weather"})
    assert [item.type for item in forced.output] == ["function_call"]
    assert forced.tool_choice.name == "get_weather"


def test_instructions_reach_the_policy_as_the_system_context(client: openai.OpenAI) -> None:
    instructions = "Orders are verified by the runtime: the user's order is O-100. Today is 2026-03-10."
    body = {"model": MODEL_NAME, "input": "What's the weather in Paris?", "tools": [WEATHER_FLAT],
            "instructions": instructions}
    as_chat = {"model": MODEL_NAME, "tools": [WEATHER_CHAT], "messages": [
        {"role": "system", "content": instructions}, {"role": "user", "content": "What's the weather in Paris?"}]}
    assert fcourse.explain(body)["record"] == fcourse.explain(as_chat)["record"]
    without = fcourse.explain({**body, "instructions": None})["record"]
    assert without != fcourse.explain(body)["record"]  # the system context is part of what the policy read
    assert client.responses.create(**body).instructions == instructions


def test_the_same_request_gives_the_byte_identical_response() -> None:
    raw = json.dumps({"model": MODEL_NAME, "input": QUESTION, "tools": [WEATHER_FLAT]}).encode()
    first, second = handle("POST", "/v1/responses", raw), handle("POST", "/v1/responses", raw)
    assert first.status == 200 and first.body == second.body
    other = handle("POST", "/v1/responses", raw.replace(b"Tokyo", b"Oslo"))
    assert other.json()["id"] != first.json()["id"]
    assert other.json()["output"][0]["call_id"] != first.json()["output"][0]["call_id"]


def test_a_streamed_response_reassembles_to_the_same_response(client: openai.OpenAI) -> None:
    body = {"model": MODEL_NAME, "input": QUESTION, "tools": [WEATHER_FLAT]}
    with client.responses.stream(**body) as stream:
        kinds = [event.type for event in stream]
        final = stream.get_final_response()
    assert kinds[:3] == ["response.created", "response.in_progress", "response.output_item.added"]
    assert kinds[-1] == "response.completed"
    assert kinds.count("response.function_call_arguments.done") == 2
    assert final.model_dump(exclude={"output"}) == client.responses.create(**body).model_dump(exclude={"output"})
    assert [(c.call_id, c.arguments) for c in final.output] == \
        [(c.call_id, c.arguments) for c in client.responses.create(**body).output]
    with client.responses.stream(model=MODEL_NAME, input="Hello!") as stream:
        deltas = [event.delta for event in stream if event.type == "response.output_text.delta"]
        text = stream.get_final_response().output_text
    assert len(deltas) > 1 and "".join(deltas) == text


def test_previous_response_id_continues_a_stored_response(client: openai.OpenAI) -> None:
    responses_store.clear()
    first = client.responses.create(model=MODEL_NAME, input=QUESTION, tools=[WEATHER_FLAT])
    unanswered = f"No tool output found for function call {first.output[0].call_id}."
    with pytest.raises(openai.BadRequestError, match=unanswered):
        client.responses.create(model=MODEL_NAME, input="Never mind.", previous_response_id=first.id,
                                tools=[WEATHER_FLAT])
    final = client.responses.create(model=MODEL_NAME, input=answer_calls(first), previous_response_id=first.id,
                                    tools=[WEATHER_FLAT])
    assert final.previous_response_id == first.id and "21" in final.output_text
    # sending the whole history instead reaches the same answer
    history = [{"role": "user", "content": QUESTION}, *[i.to_dict() for i in first.output], *answer_calls(first)]
    assert client.responses.create(model=MODEL_NAME, input=history, tools=[WEATHER_FLAT]).output_text == \
        final.output_text


def test_store_false_is_not_kept_and_an_unknown_id_is_the_hosted_400(client: openai.OpenAI) -> None:
    responses_store.clear()
    unstored = client.responses.create(model=MODEL_NAME, input="Hello!", store=False)
    assert unstored.store is False
    with pytest.raises(openai.BadRequestError) as caught:
        client.responses.create(model=MODEL_NAME, input="Again", previous_response_id=unstored.id)
    assert caught.value.body == {"message": f"Previous response with id '{unstored.id}' not found.",
                                 "type": "invalid_request_error", "param": "previous_response_id",
                                 "code": "previous_response_not_found"}


def test_retrieve_and_delete_a_stored_response(client: openai.OpenAI) -> None:
    responses_store.clear()
    created = client.responses.create(model=MODEL_NAME, input="Hello!")
    assert client.responses.retrieve(created.id) == created
    client.responses.delete(created.id)
    with pytest.raises(openai.NotFoundError, match=f"Response with id '{created.id}' not found."):
        client.responses.retrieve(created.id)
    assert handle("PUT", f"/v1/responses/{created.id}").status == 405


def test_a_cut_reply_is_incomplete(client: openai.OpenAI) -> None:
    body = {"model": MODEL_NAME, "input": "Explain how photosynthesis works in detail.", "max_output_tokens": 16}
    whole = client.responses.create(**{**body, "max_output_tokens": None})
    response = client.responses.create(**body)
    assert whole.status == "completed" and response.status == "incomplete"  # Chat Completions' "length"
    assert response.incomplete_details.reason == "max_output_tokens" and response.completed_at is None
    assert whole.output_text.startswith(response.output_text) and len(response.output_text) < len(whole.output_text)
    with client.responses.stream(**body) as stream:
        assert [event.type for event in stream][-1] == "response.incomplete"


def test_explain_a_responses_body_without_the_network() -> None:
    explained = fcourse.explain({"model": MODEL_NAME, "input": QUESTION, "tools": [WEATHER_FLAT]})
    assert explained["object"] == "fcourse.explanation" and explained["id"].startswith("resp_")
    assert explained["decision"]["kind"] == "tool_calls" and explained["decision"]["status"] == "completed"
    assert [json.loads(item["arguments"])["city"] for item in explained["decision"]["output"]] == ["Paris", "Tokyo"]
    assert explained["record"]["chosen"]
