"""fcourse.teaching.reading.documents: what a tool's description says about the tool itself."""

from __future__ import annotations

from typing import Any

from fcourse.teaching.reading.documents import own_text, pointed_at, tool_doc


def tool(name: str, description: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description, "parameters": {
        "type": "object", "properties": {"visit_id": {"type": "string", "description": "Visit id, e.g. VS-12345."}},
        "required": ["visit_id"]}}}


CANCEL = tool("drop_visit", "Call off a planned visit. "
              "If the customer only wants another day, use shift_visit instead.")
SHIFT = tool("shift_visit", "Give a planned visit a different date.")
INSPECT = tool("look_over", "预约上门查看，只看不修。如果要直接修理，请用 fix_it。")


def test_a_sentence_that_sends_the_reader_to_another_tool_is_not_this_tools() -> None:
    assert own_text(CANCEL["function"]["description"]) == "Call off a planned visit."
    assert own_text(INSPECT["function"]["description"]) == "预约上门查看，只看不修。"
    # "e.g." and a sentence naming no other tool stay as written
    assert own_text("Course code, e.g. MATH101. Use the code on the timetable.") == \
        "Course code, e.g. MATH101. Use the code on the timetable."
    assert "#date" not in tool_doc(CANCEL).tf


def test_the_sentence_counts_for_the_tool_it_names_without_the_name() -> None:
    tools = [CANCEL, SHIFT]
    (said,) = pointed_at(tools, 1)
    assert "shift_visit" not in said and "another day" in said
    assert pointed_at(tools, 0) == ()
    assert tool_doc(SHIFT, pointed_at(tools, 1)).tf["#date"] > tool_doc(SHIFT).tf["#date"]  # "another day"


def test_a_request_for_another_day_goes_to_the_tool_the_description_points_to() -> None:
    from fcourse.teaching.policy import decide

    request = {"messages": [{"role": "user", "content": "Can visit VS-12345 be another day, the 20th?"}],
               "tools": [CANCEL, SHIFT]}
    decision = decide(request)
    assert [c.name for c in decision.tool_calls] == ["shift_visit"], decision.record.get("reason")


def test_a_read_only_description_has_no_effect_whatever_states_it_lists() -> None:
    from fcourse.teaching.reading.documents import tool_profile

    status = tool("track_claim", "Report where a claim stands (received, approved, refund issued). Read-only.")
    main, effect, _ = tool_profile(status)
    assert main != "refund" and effect is False  # the parenthesis lists states; "Read-only" says it changes nothing
    assert tool_profile(tool("pay_back", "Refund a claim to the customer's card."))[:2] == ("refund", True)


def test_a_quote_or_a_tool_that_says_it_books_nothing_changes_nothing() -> None:
    from fcourse.teaching.reading.documents import _profile

    assert _profile("Book a slot at the workshop for a new saddle.")[1] is True
    assert _profile("Give a price quote for a new saddle. Price only.")[1] is False
    assert _profile("Work out the cost of a new saddle. Only a price estimate; nothing is booked.")[1] is False
    assert _profile("根据尺寸估算马鞍的费用。")[1] is False
    # "does not create a new one" is said of a tool that still acts (it moves a booking)
    assert _profile("Move an existing booking to another day. Does not create a new booking.")[1] is True
