"""fcourse.teaching.deciding.moves: a request for a new day or time, and the tools that take one (chapter 3)."""

from __future__ import annotations

from typing import Any

from fcourse.teaching.deciding.moves import move_asked, takes_day, takes_new_day
from fcourse.teaching.policy import decide


def tool(name: str, description: str, day: str, day_description: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description, "parameters": {
        "type": "object", "properties": {
            "visit_id": {"type": "string", "pattern": "^VS-[0-9]{4}$", "description": "Visit, e.g. VS-1234."},
            day: {"type": "string", "format": "date", "description": day_description}},
        "required": ["visit_id", day]}}}


BOOK = tool("plan_visit", "Plan a visit by the gardening crew for the customer.", "date", "Day of the visit.")
MOVE = tool("shift_visit", "Give an existing visit of the gardening crew another date.", "new_date", "New day.")
FACTS = "Today is 2031-06-03 (Tuesday). Verified: the customer's visit VS-1234."


def test_a_verb_of_change_before_a_day_or_a_day_with_instead_asks_for_a_new_day() -> None:
    for text in ("Could the crew's visit slide to June 20?", "can we push it back to the 20th", "把上门改到后天",
                 "麻烦挪到下周五", "could they come on the 20th instead?", "please move it 到 6月20日"):
        assert move_asked(text), text
    for text in ("Plan a visit for June 20", "I'm flying to Paris on Monday", "send it to me by Friday",
                 "移动一下花盆", "change the address to 5 Elm Road"):
        assert move_asked(text) is None, text


def test_a_tool_takes_a_new_day_when_its_schema_says_new() -> None:
    assert takes_new_day(MOVE) and not takes_day(MOVE)
    assert takes_day(BOOK) and not takes_new_day(BOOK)


def test_a_new_day_for_something_arranged_goes_to_the_tool_that_takes_one() -> None:
    for text in ("Could the crew's visit slide to June 20?", "花园那次上门能改到6月20日吗？"):
        reply = decide({"model": "m", "messages": [{"role": "system", "content": FACTS},
                                                   {"role": "user", "content": text}], "tools": [BOOK, MOVE]})
        assert [(c.name, c.arguments) for c in reply.tool_calls] == [
            ("shift_visit", {"visit_id": "VS-1234", "new_date": "2031-06-20"})], text
    plan = decide({"model": "m", "messages": [{"role": "system", "content": FACTS},
                                              {"role": "user", "content": "Plan a crew visit for June 20"}],
                   "tools": [BOOK, MOVE]})
    assert [c.name for c in plan.tool_calls] == ["plan_visit"]


def test_a_verb_that_asks_for_another_time_by_itself_is_a_move_with_the_day_still_to_ask() -> None:
    for text in ("Can the crew reschedule VS-1234?", "VS-1234 那次想改期", "I need to postpone the visit"):
        assert move_asked(text), text
    assert move_asked("不用改期了，照常来") is None  # negated: no move asked
    reply = decide({"model": "m", "messages": [{"role": "system", "content": FACTS},
                                               {"role": "user", "content": "VS-1234 那次想改期"}],
                    "tools": [BOOK, MOVE]})
    assert reply.kind == "ask" and reply.record["missing"] == {"shift_visit": ["new_date"]}


def test_a_change_is_asked_by_a_verb_of_change_or_cancel_in_either_language() -> None:
    from fcourse.teaching.deciding.moves import asks_change

    assert asks_change("Can I move it to Friday?") and asks_change("please cancel the 5th")
    assert asks_change("能改成四个人吗") and asks_change("换一张桌子") and asks_change("reschedule me")
    assert not asks_change("Can I get a table on Friday?") and not asks_change("明天晚上订两位")


def test_a_later_or_another_time_not_said_yet_is_a_move_too() -> None:
    # issue 36: "move my booking to a later sailing" asks for a new time, so the tool that takes one is asked about
    for text in ("Can you move my visit to a later slot?", "could we shift it to another day", "能改到晚一点吗"):
        assert move_asked(text), text
    reply = decide({"model": "m", "messages": [{"role": "system", "content": FACTS},
                                               {"role": "user", "content": "Can you move my visit to a later day?"}],
                    "tools": [BOOK, MOVE]})
    assert reply.kind == "ask" and reply.record["missing"] == {"shift_visit": ["new_date"]}
