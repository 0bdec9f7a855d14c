"""fcourse.teaching.reading.dates: date and clock expressions in a request (chapter 2), clock times as HH:MM."""

from __future__ import annotations

from typing import Any

import pytest

from fcourse.teaching.reading.dates import clock_of, clock_spans, wants_clock


@pytest.mark.parametrize(("text", "clock"), [
    ("a court for Thursday at 6:45pm", "18:45"), ("明天晚上八点半到", "20:30"), ("see you at noon", "12:00"),
    ("开会定在下午两点", "14:00"), ("pick it up at 11am tomorrow", "11:00"), ("tonight at 8, two of us", "20:00"),
    ("早上7点叫醒我", "07:00"),
    # in words, with the part of the day after the hour, and with spaces in mixed Chinese and English
    ("a table at half past seven in the evening", "19:30"), ("the ferry leaves at quarter to 9", "08:45"),
    ("drop it off from 4 in the afternoon", "16:00"), ("the venue opens 10 in the morning", "10:00"),
    ("book the court 周五 晚上 7 点", "19:00"), ("fitness class 上午 9 点半", "09:30"),
])
def test_a_clock_time_is_found_and_written_as_hh_mm(text: str, clock: str) -> None:
    spans = clock_spans(text)
    assert len(spans) == 1
    start, end = spans[0]
    assert clock_of(text[start:end], text[max(0, start - 12):start]) == clock


def test_a_bare_number_after_at_is_a_clock_time_only_where_a_time_can_end() -> None:
    assert clock_spans("deliver it to the flat at 9 Mill Street") == ()
    assert clock_spans("a table for 4 at 12 people?") == ()
    assert clock_spans("dinner at 7?") != ()
    assert clock_spans("we have 2 in the family and 3 in the car") == ()  # no part of the day after it
    assert clock_spans("she retired at 58.") == () and clock_spans("at 25.") == ()  # no hour of the clock
    assert clock_spans("call me at 23.") != () and clock_spans("at 0?") != ()


def test_which_parameters_want_a_clock_time() -> None:
    assert wants_clock("start", {"type": "string", "description": "Start time, HH:MM (24-hour)."})
    assert not wants_clock("when", {"type": "string", "description": "When, as YYYY-MM-DD HH:MM."})
    assert not wants_clock("note", {"type": "string", "description": "Anything else."})


def test_chinese_minutes_written_in_numerals_are_read() -> None:
    from fcourse.teaching.reading.dates import clock_spans

    text = "后天下午三点二十分到"
    assert [text[a:b] for a, b in clock_spans(text)] == ["下午三点二十分"]


def test_a_clock_time_said_fills_a_parameter_whose_values_are_clock_times() -> None:
    from fcourse.teaching.policy import decide

    slot = {"type": "string", "enum": ["09:00", "14:00", "17:30"], "description": "Start of the slot."}
    tool = {"type": "function", "function": {"name": "book_slot", "description": "Book a tennis court.", "parameters": {
        "type": "object", "properties": {"start": slot}, "required": ["start"]}}}

    def ask(text: str) -> Any:
        return decide({"model": "m", "messages": [{"role": "user", "content": text}], "tools": [tool]})

    assert [c.arguments for c in ask("Book a tennis court at 2pm").tool_calls] == [{"start": "14:00"}]
    assert [c.arguments for c in ask("订个网球场，下午五点半").tool_calls] == [{"start": "17:30"}]
    assert ask("Book a tennis court at 3pm").kind == "ask"  # 15:00 is not a slot: asked, never sent


def test_a_clock_time_chooses_the_enum_value_whose_described_hours_hold_it() -> None:
    from fcourse.teaching.reading.dates import window_value

    shift = {"type": "string", "enum": ["early", "late", "night"],
             "description": "Shift: early = 06:00-14:00; late = 14:00-22:00; night = 22:00-24:00."}
    assert window_value(shift, "can I start at 3pm?") == ("late", "3pm")
    assert window_value(shift, "明天早上七点开始") == ("early", "早上七点")
    assert window_value(shift, "about 1 or so") == ("early", "1")  # 01:00 or 13:00: only early holds one
    assert window_value(shift, "about 7") is None  # 07:00 early, 19:00 late: the user has to say
    assert window_value(shift, "for 4 people") is None  # a number that is no clock time
    plain = {"type": "string", "enum": ["early", "late"], "description": "Shift: early or late."}
    assert window_value(plain, "at 3pm") is None  # no hours given: nothing to hold the time


def test_a_stretch_of_the_clock_is_a_length_of_time() -> None:
    from fcourse.teaching.reading.dates import clock_range

    assert clock_range("the hall from 2pm to 5:30pm") == (210, "2pm to 5:30pm")
    assert clock_range("后天上午九点到十一点") == (120, "上午九点到十一点")
    assert clock_range("at 2pm, or else at 5pm") is None  # two times, no stretch between them


def test_an_hours_parameter_takes_the_length_of_the_stretch_of_the_clock() -> None:
    from test_teaching_policy import ask, tool

    hall = tool("rent_hall", "Rent the community hall.", {
        "start": {"type": "string", "description": "Start time, HH:MM"},
        "hours": {"type": "integer", "minimum": 1, "maximum": 8, "description": "How many hours"}},
        ["start", "hours"])
    assert [c.arguments for c in ask("rent the hall from 2pm to 5pm", [hall]).tool_calls] == [
        {"start": "14:00", "hours": 3}]


def test_a_relative_day_is_resolved_against_the_stated_today_not_the_first_date_in_the_context() -> None:
    from fcourse.teaching.policy import decide

    tool = {"type": "function", "function": {"name": "move_order", "description": "Move an order to a new day.",
                                             "parameters": {"type": "object", "properties": {
                                                 "new_date": {"type": "string", "format": "date"}},
                                                 "required": ["new_date"]}}}
    context = "今天是2031年5月6日。已核实：订单 OR-1（2031-05-20）。"
    d = decide({"model": "m", "messages": [{"role": "system", "content": context},
                                           {"role": "user", "content": "改到明天"}], "tools": [tool]})
    assert [c.arguments for c in d.tool_calls] == [{"new_date": "2031-05-07"}]


def test_which_integer_parameters_want_an_hour_of_the_clock() -> None:
    from fcourse.teaching.reading.dates import wants_hour

    assert wants_hour("start_hour", {"type": "integer", "minimum": 6, "maximum": 22})
    assert wants_hour("begin", {"type": "integer", "description": "Starting time, 24-hour clock, on the hour"})
    assert wants_hour("kaishi", {"type": "integer", "description": "几点开始（整点）"})
    assert not wants_hour("hours", {"type": "integer", "description": "How many hours, 1 to 4"})  # a length
    assert not wants_hour("start_hour", {"type": "string", "description": "HH:MM"})  # a clock time as text


def test_a_clock_time_said_fills_an_integer_hour_and_a_length_fills_the_hours() -> None:
    from fcourse.teaching.policy import decide

    tool = {"type": "function", "function": {"name": "hire_kiln", "description": "Hire the pottery kiln.",
                                             "parameters": {"type": "object", "properties": {
        "start_hour": {"type": "integer", "minimum": 8, "maximum": 20, "description": "Starting hour, 24-hour clock"},
        "hours": {"type": "integer", "minimum": 1, "maximum": 6, "description": "How many hours"}},
        "required": ["start_hour", "hours"]}}}

    def ask(text: str) -> Any:
        return decide({"model": "m", "messages": [{"role": "user", "content": text}], "tools": [tool]})

    assert [c.arguments for c in ask("Hire the kiln at 3pm for four hours").tool_calls] == [
        {"start_hour": 15, "hours": 4}]
    assert [c.arguments for c in ask("窑炉从晚上六点开始用三个小时").tool_calls] == [{"start_hour": 18, "hours": 3}]
    d = ask("Hire the kiln at 3:30pm for four hours")  # no whole hour: asked, never rounded
    assert d.kind == "ask" and d.record["missing"] == {"hire_kiln": ["start_hour"]}
    d = ask("Hire the kiln at 9pm for two hours")  # 21 is past the schema's last hour: asked, never sent
    assert d.kind == "ask"


def test_a_chinese_date_with_its_year_keeps_the_year() -> None:
    from fcourse.teaching.policy import decide
    from fcourse.teaching.reading.dates import time_spans

    text = "名字李雷，1991年3月8日出生"
    assert [text[a:b] for a, b in time_spans(text)] == ["1991年3月8日"]
    born = {"type": "string", "format": "date", "description": "Date of birth"}
    tool = {"type": "function", "function": {"name": "join_club", "description": "Join the rowing club.",
                                             "parameters": {"type": "object", "properties": {"born": born},
                                                            "required": ["born"]}}}
    d = decide({"model": "m", "tools": [tool], "messages": [
        {"role": "system", "content": "今天是2030年6月27日。"}, {"role": "user", "content": "入会，1991年3月8日出生"}]})
    assert [c.arguments for c in d.tool_calls] == [{"born": "1991-03-08"}]  # not this year's March 8
