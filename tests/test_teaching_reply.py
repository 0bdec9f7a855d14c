"""fcourse.teaching.wording.reply: a general question is answered; a request about the user's own is asked back."""

from __future__ import annotations

from typing import Any

from fcourse.teaching.policy import decide


def tool(name: str, description: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description, "parameters": {
        "type": "object", "properties": properties, "required": required}}}


RETURN = tool("return_kayak", "Return a rented kayak to the boathouse and close the rental.",
              {"rental_id": {"type": "string", "description": "Rental number, e.g. K-12"}}, ["rental_id"])
TIDES = tool("tide_times", "Get the tide times for a harbour.",
             {"harbour": {"type": "string", "description": "Harbour name"}}, ["harbour"])


def run(text: str, tools: list[dict[str, Any]]) -> Any:
    return decide({"model": "m", "messages": [{"role": "user", "content": text}], "tools": tools})


def test_a_general_question_to_a_tool_that_acts_is_answered_not_asked_back() -> None:
    d = run("How late can a rented kayak be returned to the boathouse?", [RETURN])
    assert d.kind == "answer" and "general question" in d.record["reason"] and not d.tool_calls


def test_the_same_question_about_the_users_own_rental_is_asked_back() -> None:
    assert run("Can my rented kayak be returned to the boathouse now?", [RETURN]).kind == "ask"


def test_a_question_for_a_look_up_tool_is_asked_back_for_its_value() -> None:
    d = run("What are the tide times?", [TIDES])
    assert d.kind == "ask" and "harbour" in d.content


CAMPSITES = tool("find_campsites", "Search campsites with free pitches in a region on a date.", {
    "region": {"type": "string", "description": "Region or national park"},
    "date": {"type": "string", "description": "Night of the stay"},
    "pitch": {"type": "string", "enum": ["tent", "caravan"], "description": "Kind of pitch"}}, ["region", "date"])


def test_a_question_about_the_rules_is_answered_even_by_a_look_up_tool() -> None:
    d = run("Are dogs allowed on the caravan pitches?", [CAMPSITES])  # an optional value alone is no search
    assert d.kind == "answer" and "rules" in d.record["reason"] and not d.tool_calls
    zh = tool("find_campsites", "查询某个地区某天还有空位的露营地。", {
        "region": {"type": "string", "description": "地区或国家公园"},
        "date": {"type": "string", "description": "入住日期"}}, ["region", "date"])
    d = run("露营地可以带狗吗？", [zh])
    assert d.kind == "answer" and "rules" in d.record["reason"]
    assert run("露营地有空位吗？", [zh]).kind == "ask"  # the question the look-up tool is for


def test_a_rules_word_in_a_question_that_gives_the_values_or_is_about_the_users_own_is_not_a_rules_question() -> None:
    d = run("Do I need a pitch in the Cairngorms on Saturday? Find one please", [CAMPSITES])
    assert d.kind == "tool_calls"
    assert run("Do my kids need their own pitch?", [CAMPSITES]).kind == "ask"
    assert run("What campsites are there?", [CAMPSITES]).kind == "ask"


SHARPEN = tool("book_sharpening", "Book a knife-sharpening slot at the workshop.", {
    "blade": {"type": "string", "enum": ["chef_knife", "scissors", "axe"], "description": "What is sharpened."},
    "date": {"type": "string", "format": "date", "description": "Day of the slot, YYYY-MM-DD."}}, ["blade", "date"])
QUOTE = tool("sharpening_price", "Work out what sharpening would cost. Only a price estimate; nothing is booked.", {
    "blade": {"type": "string", "enum": ["chef_knife", "scissors", "axe"], "description": "What is sharpened."},
    "count": {"type": "integer", "description": "How many blades."}}, ["blade", "count"])


def test_an_enum_value_names_what_a_general_question_is_about_not_a_value_for_the_action() -> None:
    d = run("How often should scissors be sharpened?", [SHARPEN])
    assert d.kind == "answer" and "general question" in d.record["reason"]
    assert run("Can I book the scissors in for sharpening?", [SHARPEN]).kind == "ask"  # names the tool's action
    # a tool whose description says it only prices is a look-up: a question for it is asked back for its values
    assert run("How much to sharpen scissors?", [QUOTE]).kind == "ask"



TEAS = tool("search_teas", "Search the tea shop's catalogue of teas.", {
    "query": {"type": "string", "description": "Search words"}}, ["query"])


def test_a_question_about_the_world_is_not_a_catalogue_search() -> None:
    # issue 36: searching a catalogue does not answer a general question
    for text in ("When was tea first brought to Europe?", "Why is green tea green?", "乌龙茶和红茶有什么区别？"):
        d = run(text, [TEAS])
        assert d.kind == "answer" and not d.tool_calls, text
    d = run("Which oolong teas do you have?", [TEAS])  # what the shop holds: a search
    assert [c.name for c in d.tool_calls] == ["search_teas"]


def test_could_i_get_the_tools_own_thing_is_a_request_asked_back_not_a_general_question() -> None:
    # issue 36: a request near a tool's job but underspecified gets a question, not the honest sentence
    d = run("Could I return my kayak a bit later?", [RETURN])
    assert d.kind == "ask"
    d = run("Could I get a kayak rental returned to the boathouse?", [RETURN])
    assert d.kind == "ask" and not d.tool_calls
