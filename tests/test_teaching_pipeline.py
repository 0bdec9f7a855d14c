"""Tests for the policy's five stages, each on its own record (chapters 0-3).

conversation.read_conversation -> routing.route -> intents.choose -> filling.fill -> wording.word:
each stage reads the records before it and passes one record forward. The end-to-end behaviour
is tested through ``decide`` in test_teaching_policy.py; here each stage's record is checked.
"""

from __future__ import annotations

from typing import Any

from fcourse.teaching.deciding.conversation import Conversation, function_of, read_conversation
from fcourse.teaching.deciding.decision import Decision
from fcourse.teaching.deciding.filling import Proposal, fill
from fcourse.teaching.deciding.intents import Act, choose
from fcourse.teaching.deciding.routing import Routing, route
from fcourse.teaching.policy import THRESHOLD, decide
from fcourse.teaching.wording.reply import limit, word

ORDER_ID = {"type": "string", "description": "Order id, such as O-100"}


def tool(name: str, description: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    parameters = {"type": "object", "properties": properties, "required": required}
    return {"type": "function", "function": {"name": name, "description": description, "parameters": parameters}}


REFUND = tool("refund_order", "Refund a paid order: give the customer their money back.", {"order_id": ORDER_ID},
              ["order_id"])
CANCEL = tool("cancel_order", "Cancel an unpaid order so it is never charged.", {"order_id": ORDER_ID},
              ["order_id"])
WEATHER = tool("get_weather", "Get the current weather for a city.", {"city": {"type": "string"}}, ["city"])


def request(*turns: Any, tools: list[dict[str, Any]] | None = None, **fields: Any) -> dict[str, Any]:
    messages = [t if isinstance(t, dict) else {"role": "user", "content": t} for t in turns]
    return {"model": "fcourse-teacher", "messages": messages, "tools": tools or [], **fields}


def stages(req: dict[str, Any]) -> tuple[Conversation, Routing, Act, Proposal, Decision]:
    conversation = read_conversation(req, THRESHOLD)
    routing = route(conversation)
    act = choose(conversation, routing)
    proposal = fill(conversation, routing, act)
    return conversation, routing, act, proposal, word(conversation, routing, act, proposal)


# ---------------------------------------------------------------- 1. conversation


def test_reading_the_conversation() -> None:
    asked = {"role": "assistant", "content": "Which order?"}
    conversation = read_conversation(
        request({"role": "system", "content": "Be brief."}, "refund my order", asked, "O-100",
                tools=[REFUND, {"type": "function"}], tool_choice="required", fcourse={"threshold": 2}),
        THRESHOLD,
    )
    assert [function_of(t)["name"] for t in conversation.tools] == ["refund_order"]  # a tool without a function
    assert (conversation.latest, conversation.earlier, conversation.context) == ("O-100", ["refund my order"],
                                                                                 "Be brief.")
    assert conversation.forced and conversation.threshold == 2.0 and conversation.trailing is None
    assert conversation.follow_up_of() == 1  # "O-100" answers the question about turn 1
    assert list(conversation.record()) == ["language", "tool_choice", "parallel_tool_calls", "threshold", "method"]


def test_a_turn_after_tool_calls_is_no_follow_up() -> None:
    call = {"id": "call_1", "type": "function", "function": {"name": "refund_order", "arguments": "{}"}}
    conversation = read_conversation(request("refund it", {"role": "assistant", "content": None,
                                                           "tool_calls": [call]}, "O-100", tools=[REFUND]),
                                     THRESHOLD)
    assert conversation.follow_up_of() is None and not conversation.forced


# ---------------------------------------------------------------- 2. routing


def test_routing_reads_descriptions_not_names() -> None:
    req = request("I paid for O-100 but want my money back", tools=[REFUND, CANCEL])
    _, routing, *_ = stages(req)
    assert routing.ranked[0]["name"] == "refund_order" and routing.ranked[0]["fits"]
    swapped = [tool("refund_order", function_of(CANCEL)["description"], {"order_id": ORDER_ID}, ["order_id"]),
               tool("cancel_order", function_of(REFUND)["description"], {"order_id": ORDER_ID}, ["order_id"])]
    _, routing2, *_ = stages(request("I paid for O-100 but want my money back", tools=swapped))
    assert routing2.ranked[0]["name"] == "cancel_order"


def test_routing_record_hides_the_private_fields() -> None:
    _, routing, *_ = stages(request("weather in Paris?", tools=[WEATHER]))
    record = routing.record()
    assert set(record) == {"query", "tools"}
    assert not [k for row in record["tools"] for k in row if k.startswith("_") or k == "index"]


def test_a_short_answer_is_routed_with_the_turn_it_answers() -> None:
    _, routing, *_ = stages(request("I want a refund", {"role": "assistant", "content": "Which order?"}, "O-100",
                                    tools=[REFUND, CANCEL]))
    assert routing.follow_up and routing.primary == ["O-100", "I want a refund"]


# ---------------------------------------------------------------- 3. intents


def test_tool_choice_none_and_no_fit_are_answers() -> None:
    _, _, act, proposal, decision = stages(request("refund O-100", tools=[REFUND], tool_choice="none"))
    assert act.kind == "none" and proposal == Proposal() and decision.kind == "answer"
    _, _, act, _, decision = stages(request("tell me a joke", tools=[REFUND]))
    assert act.kind == "no_fit" and "threshold" in act.reason and decision.kind == "answer"


def test_a_named_tool_is_chosen_even_when_it_does_not_fit() -> None:
    _, routing, act, *_ = stages(request("tell me a joke", tools=[REFUND, WEATHER],
                                         tool_choice={"type": "function", "function": {"name": "get_weather"}}))
    assert not any(r["fits"] for r in routing.rows)
    assert act.kind == "call" and [r["name"] for r in act.chosen] == ["get_weather"]


def test_two_requests_in_one_turn_in_the_order_said() -> None:
    _, _, act, *_ = stages(request("cancel O-200 and refund O-100", tools=[REFUND, CANCEL]))
    assert [r["name"] for r in act.chosen] == ["cancel_order", "refund_order"]
    assert len(act.segments) == 2


# ---------------------------------------------------------------- 4. filling


def test_filling_finds_values_and_says_what_is_missing() -> None:
    _, _, _, proposal, decision = stages(request("I want a refund", tools=[REFUND]))
    assert proposal.missing == {"refund_order": ["order_id"]} and proposal.first_missing is not None
    assert decision.kind == "ask" and "order" in (decision.content or "") and "order_id" not in decision.content
    _, _, _, proposal, _ = stages(request("please refund order O-100", tools=[REFUND]))
    assert proposal.missing == {} and [c.arguments for c in proposal.calls] == [{"order_id": "O-100"}]
    assert proposal.record()["arguments"][0]["tool"] == "refund_order"


def test_fan_out_and_parallel_tool_calls_false() -> None:
    _, _, _, proposal, _ = stages(request("What's the weather in Beijing and Shanghai?", tools=[WEATHER]))
    assert [c.arguments["city"] for c in proposal.calls] == ["Beijing", "Shanghai"] and proposal.dropped == 0
    _, _, _, proposal, decision = stages(request("What's the weather in Beijing and Shanghai?", tools=[WEATHER],
                                                 parallel_tool_calls=False))
    assert len(proposal.calls) == 1 and proposal.dropped == 1 and "1 more call(s) dropped" in decision.record["reason"]


# ---------------------------------------------------------------- 5. wording


def test_the_record_is_the_stages_records_joined_in_order() -> None:
    *_, decision = stages(request("please refund order O-100", tools=[REFUND]))
    assert list(decision.record) == ["language", "tool_choice", "parallel_tool_calls", "threshold", "method",
                                     "query", "tools", "chosen", "arguments", "missing", "kind", "forced",
                                     "reason", "calls"]
    assert decision == decide(request("please refund order O-100", tools=[REFUND]))


def test_limit_cuts_a_text_reply_at_max_tokens() -> None:
    long = Decision("answer", content="one two three four five six", record={"kind": "answer"})
    cut = limit(long, {"max_tokens": 2})
    assert (cut.content, cut.finish_reason, cut.record["truncated_by_max_tokens"]) == ("one two", "length", 2)
    assert limit(long, {}) is long
