"""A question back as a person asks it (wording/asking): no schema text, the choices named (issues 26 and 36)."""

from __future__ import annotations

import json
from typing import Any

from fcourse.teaching.policy import decide
from fcourse.teaching.wording.asking import ask_for, candidates_in

BOOK = {"type": "function", "function": {
    "name": "book_lesson", "description": "Book a driving lesson.",
    "parameters": {"type": "object", "properties": {
        "lesson_type": {"type": "string", "enum": ["manual", "automatic", "motorway"], "description": "Type of car"},
        "date": {"type": "string", "pattern": "^\\d{4}-\\d{2}-\\d{2}$", "description": "Lesson date, YYYY-MM-DD"},
        "start_time": {"type": "string", "description": "Start time, HH:MM, 24-hour"},
        "problem": {"type": "string", "enum": ["brakes", "lights"], "description": "What is wrong"}},
        "required": ["lesson_type", "date", "start_time"]}}}
PAUSE = {"type": "function", "function": {
    "name": "pause_line", "description": "Pause a phone line for some days.",
    "parameters": {"type": "object", "properties": {
        "line_id": {"type": "string", "pattern": "^\\d{4}$", "description": "Four-digit line number"},
        "days": {"type": "integer", "description": "Days"}}, "required": ["line_id", "days"]}}}


def test_the_question_leaves_out_what_only_a_program_reads_and_names_the_choices() -> None:
    text = ask_for(BOOK, ["lesson_type", "date", "start_time"], zh=False)
    assert text == "Could you tell me the type of car (manual, automatic or motorway), the lesson date and the start " \
                   "time?"
    assert ask_for(BOOK, ["date", "start_time"], zh=False) == \
        "I need the lesson date and the start time: when would you like it?"
    assert ask_for(BOOK, ["problem"], zh=False) == "What is wrong: brakes or lights?"


def test_a_chinese_question_ends_with_a_question_mark_and_has_no_schema_text() -> None:
    text = ask_for(BOOK, ["lesson_type", "date", "start_time"], zh=True)
    assert text.endswith("？") and "YYYY" not in text and "HH" not in text


def test_the_candidates_the_conversation_holds_are_named() -> None:
    listed = [{"line_id": "4471", "label": "Home", "plan": "unlimited"}, {"line_id": "9902", "label": "Work"}]
    context = "Logged-in customer: Sam.\nline ID: 4471, label: Home, plan: unlimited.\nline ID: 9902, label: Work."
    assert candidates_in(context, PAUSE, "line_id") == [("4471", "Home, unlimited"), ("9902", "Work")]
    assert ask_for(PAUSE, ["line_id"], zh=False, context=context) == \
        "Which four-digit line do you mean: 4471 (Home, unlimited) or 9902 (Work)?"
    messages: list[dict[str, Any]] = [
        {"role": "user", "content": "Which lines do I have?"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "list_lines", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps({"lines": listed})},
        {"role": "assistant", "content": "You have two lines: 4471 (Home) and 9902 (Work)."},
        {"role": "user", "content": "Pause the line for ten days."}]
    reply = decide({"model": "fcourse-teacher", "tools": [PAUSE], "messages": messages})
    assert reply.kind == "ask" and not reply.tool_calls and "4471" in reply.content and "9902" in reply.content


def test_which_one_names_the_thing_a_label_is_of() -> None:
    freeze = {"type": "function", "function": {"name": "freeze_card", "description": "Freeze a card.", "parameters": {
        "type": "object", "properties": {"last4": {"type": "string", "pattern": "^\\d{4}$",
                                                   "description": "Last four digits of the card"}},
        "required": ["last4"]}}}
    context = "Cards: last4: 1234, type: debit.\nlast4: 5678, type: credit."
    assert ask_for(freeze, ["last4"], zh=False, context=context) == \
        "Which card do you mean: 1234 (debit) or 5678 (credit)?"


def test_what_the_context_says_of_each_candidate_in_brackets() -> None:
    cancel = {"type": "function", "function": {"name": "cancel", "description": "Cancel a reservation.",
                                               "parameters": {"type": "object", "properties": {
                                                   "reservation_id": {"type": "string", "pattern": "^DR-\\d{5}$",
                                                                      "description": "Reservation id"}},
                                                   "required": ["reservation_id"]}}}
    context = "Verified reservations: DR-80412 (bay, tomorrow 18:00) and DR-80519 (lesson, Friday 17:00)."
    assert ask_for(cancel, ["reservation_id"], zh=False, context=context) == \
        "Which reservation do you mean: DR-80412 (bay, tomorrow 18:00) or DR-80519 (lesson, Friday 17:00)?"


def test_codes_of_one_shape_in_the_contexts_prose_are_named_as_the_choices() -> None:
    meter = {"type": "function", "function": {
        "name": "submit_reading", "description": "Submit a water meter reading.",
        "parameters": {"type": "object", "properties": {
            "meter_number": {"type": "string", "description": "The meter number."},
            "reading": {"type": "integer", "description": "Cubic metres."}}, "required": ["meter_number", "reading"]}}}
    prose = ("The customer has two meters: WM 20-118 in the kitchen and WM 20-907 in the garden shed. "
             "Today is 2026-08-03.")
    assert [v for v, _ in candidates_in(prose, meter, "meter_number")] == ["WM 20-118", "WM 20-907"]
    zh = "客户名下两块水表：SB-3320（厨房）和 SB-4410（花园）。今天是2026年8月3日。"
    assert candidates_in(zh, meter, "meter_number") == [("SB-3320", "厨房"), ("SB-4410", "花园")]
    assert candidates_in("One meter: WM 20-118.", meter, "meter_number") == []
