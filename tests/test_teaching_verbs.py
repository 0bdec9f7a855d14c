"""Which words are verbs and which tools act (reading/verbs): a question about one's own things never ends a ride
(issue 36)."""

from __future__ import annotations

from typing import Any

from fcourse.teaching.policy import decide
from fcourse.teaching.reading.verbs import (
    acts,
    english_verb,
    lead_verb,
    looks_up,
    opens_with_action,
    said_lead,
)


def tool(description: str, name: str = "a_tool", params: dict[str, Any] | None = None) -> dict[str, Any]:
    props = params or {}
    return {"type": "function", "function": {"name": name, "description": description, "parameters": {
        "type": "object", "properties": props, "required": list(props)}}}


def test_english_verbs_are_cc_cedicts_infinitives() -> None:
    assert english_verb("end") and english_verb("renews") and english_verb("cancel")
    assert not english_verb("status") and not english_verb("weather-ish")


def test_a_description_that_leads_with_a_verb_acts_and_one_that_names_data_does_not() -> None:
    assert opens_with_action("End a ride and charge the card.") and opens_with_action("结束一次骑行并结算。")
    assert opens_with_action("Temporarily suspend a membership.") and opens_with_action("为孩子请假一天。")
    assert not opens_with_action("Status of an existing job.") and not opens_with_action("某地的天气预报。")
    assert lead_verb("End a ride.") == "end" and lead_verb("结束一次骑行并结算。") == "结束"


def test_a_tool_acts_unless_it_looks_up_says_it_is_read_only_or_gives_something_back() -> None:
    assert acts(tool("End the rider's current ride."), None, False)
    assert not acts(tool("Get the rider's current ride."), None, False) and looks_up(tool("Get the ride."))
    assert not acts(tool("Report the stage of an order. Read-only."), None, False)
    assert not acts(tool("Return the current balance of an account."), None, False)


def test_a_question_using_the_tools_own_verb_or_one_alike_still_reaches_it() -> None:
    assert said_lead(tool("End a ride."), "can you end my ride now?", [])
    assert said_lead(tool("Hire a van."), "下周日租车多少钱？", ["租车 (rent) ~ hire"])
    assert not said_lead(tool("End a ride."), "how long have I been riding?", ["riding ~ ride"])


RIDE = [tool("结束一次骑行并结算。", "end_ride", {"ride_id": {"type": "string", "pattern": "^RD-\\d{4}$"}}),
        tool("Lock a bike remotely.", "lock_bike", {"bike_id": {"type": "string", "pattern": "^BK-\\d{3}$"}})]


def test_a_question_about_ones_own_things_never_calls_a_tool_that_acts() -> None:
    context = {"role": "system", "content": "当前骑行：RD-4410（车辆 BK-552）。"}
    for text in ("我这次骑了多远了？", "How far have I ridden on RD-4410 so far?"):
        reply = decide({"model": "fcourse-teacher", "tools": RIDE,
                        "messages": [context, {"role": "user", "content": text}]})
        assert not reply.tool_calls and reply.kind == "answer", text
    asked = decide({"model": "fcourse-teacher", "tools": RIDE,
                    "messages": [context, {"role": "user", "content": "帮我结束这次骑行"}]})
    assert [c.name for c in asked.tool_calls] == ["end_ride"]


def test_a_quote_or_a_tool_that_creates_nothing_does_not_act() -> None:
    assert not acts(tool("只给出维修报价，不创建维修单。"), None, False)
    assert not acts(tool("Work out a price for a repair. Creates no order."), None, False)
    assert acts(tool("正式创建维修单。"), None, False)
