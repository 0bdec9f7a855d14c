"""fcourse.teaching.deciding.counting: which number counts what - by the noun after it and the description."""

from __future__ import annotations

from typing import Any

from fcourse.teaching.deciding.counting import counted_by_noun, counting_numbers, people_said
from fcourse.teaching.reading.numbers import numbers_in

ROOM = {"minutes": {"type": "integer", "minimum": 15, "maximum": 240, "description": "Length of the meeting"},
        "attendees": {"type": "integer", "minimum": 1, "maximum": 20, "description": "Number of people attending"},
        "screens": {"type": "integer", "minimum": 0, "maximum": 3, "description": "Extra screens"}}


def matched(text: str, props: dict[str, Any], names: list[str]) -> dict[str, Any]:
    return {k: n.value for k, n in counted_by_noun(text, numbers_in(text), props, names).items()}


def test_a_number_goes_to_the_parameter_whose_description_names_its_noun() -> None:
    assert matched("a room for 90 minutes, 7 people and 2 extra screens", ROOM, ["attendees", "screens"]) == {
        "attendees": 7, "screens": 2}
    assert matched("开会两个小时，十二个人", ROOM, ["attendees"]) == {"attendees": 12}  # 个人: people


def test_no_noun_a_shared_noun_or_a_value_out_of_range_gives_nothing() -> None:
    assert matched("a room, 7 and 2", ROOM, ["attendees", "screens"]) == {}
    assert matched("room for 40 people", ROOM, ["attendees"]) == {}  # the schema allows at most 20
    both = {"adults": {"type": "integer", "description": "People aged 18+"},
            "seniors": {"type": "integer", "description": "People aged 65+"}}
    assert matched("3 people", both, ["adults", "seniors"]) == {}  # "people" names both: neither is chosen


def test_the_counting_number_and_people_counted_without_a_number() -> None:
    text = "再加两张，一共五张"
    assert [n.value for n in counting_numbers(text, numbers_in(text))] == [5]
    assert people_said("just me this time") == (1, "just me")
    assert people_said("me and my sister") == (2, "me and my sister")
    assert people_said("just me and my sister") is None


def test_a_chinese_unit_after_a_number_names_the_parameter_counted_in_it() -> None:
    props = {"age": {"type": "integer", "minimum": 16, "maximum": 80, "description": "Age in years"},
             "area": {"type": "integer", "minimum": 20, "maximum": 500, "description": "面积（平方米）"},
             "sheets": {"type": "integer", "minimum": 50, "maximum": 900, "description": "张数"},
             "bags": {"type": "integer", "minimum": 1, "maximum": 9, "description": "袋子"}}
    text = "我三十岁，房子八十平，要印三百张，装一盒"
    assert matched(text, props, list(props)) == {"age": 30, "area": 80, "sheets": 300}
    # a unit no description begins with, or one the range refuses, chooses nothing
    assert matched("房子八十米", props, ["area"]) == {} and matched("我九十岁", props, ["age"]) == {}


def test_a_number_that_counts_things_is_no_length_of_time() -> None:
    from test_teaching_policy import ask, tool

    hire = tool("hire_gear", "Hire camping gear.", {
        "kit": {"type": "string", "enum": ["tent", "stove"], "description": "What to hire"},
        "days": {"type": "integer", "minimum": 1, "maximum": 14, "description": "Number of hire days"}},
        ["kit", "days"])
    reply = ask("租一套帐篷", [hire])  # 一套: one set, not one day
    assert reply.kind == "ask" and reply.record["missing"] == {"hire_gear": ["days"]}
    assert [c.arguments for c in ask("租一套帐篷，三天", [hire]).tool_calls] == [{"kit": "tent", "days": 3}]


def test_just_me_gives_the_one_whole_count_left_but_no_length_of_time() -> None:
    from fcourse.teaching.policy import decide

    def tool(props: dict[str, Any]) -> dict[str, Any]:
        return {"type": "function", "function": {"name": "book_climb", "description": "Book a bouldering session.",
                                                 "parameters": {"type": "object", "properties": props,
                                                                "required": list(props)}}}

    climbers = {"climbers": {"type": "integer", "minimum": 1, "maximum": 6, "description": "Number of climbers"}}
    hours = {"hours": {"type": "integer", "minimum": 1, "maximum": 3, "description": "How many hours"}}

    def ask(text: str, props: dict[str, Any]) -> Any:
        return decide({"model": "m", "messages": [{"role": "user", "content": text}], "tools": [tool(props)]})

    assert [c.arguments for c in ask("Book a bouldering session, just me", climbers).tool_calls] == [{"climbers": 1}]
    assert [c.arguments for c in ask("订一场抱石，我们俩", climbers).tool_calls] == [{"climbers": 2}]
    d = ask("Book a bouldering session, just me", hours)  # "just me" says who, not how long
    assert d.kind == "ask" and d.record["missing"] == {"book_climb": ["hours"]}


def test_a_number_taken_bare_moves_to_the_parameter_whose_unit_follows_it() -> None:
    from fcourse.teaching.policy import decide

    props = {"poles": {"type": "integer", "minimum": 1, "maximum": 20, "description": "Number of poles to replace"},
             "height_m": {"type": "integer", "minimum": 2, "maximum": 30, "description": "Pole height, in metres"}}
    tool = {"type": "function", "function": {"name": "pole_quote", "description": "Quote for replacing fence poles.",
                                             "parameters": {"type": "object", "properties": props,
                                                            "required": ["poles"]}}}
    d = decide({"model": "m", "tools": [tool], "messages": [
        {"role": "user", "content": "A quote for replacing three old poles please, they are 9 metres high."}]})
    assert [c.arguments for c in d.tool_calls] == [{"poles": 3, "height_m": 9}]
    d = decide({"model": "m", "tools": [tool], "messages": [
        {"role": "user", "content": "A quote for replacing 4 poles please."}]})  # no unit: the count stays
    assert [c.arguments for c in d.tool_calls] == [{"poles": 4}]
