"""fcourse.teaching.deciding.neighbours: the values the user gave choose between two close tools."""

from __future__ import annotations

from typing import Any

from fcourse.teaching.deciding.decision import Decision
from fcourse.teaching.policy import decide


def tool(name: str, description: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description, "parameters": {
        "type": "object", "properties": properties, "required": required}}}


def test_a_near_neighbour_that_gets_every_required_value_beats_a_best_tool_that_would_ask() -> None:
    # the two tools read the same (description and parameter descriptions): only the values can tell them apart
    about, pier = "Look after a kayak at the pier.", {"type": "string", "description": "Pier, e.g. PR-12"}
    stow = tool("stow_kayak", about, {"pier": pier, "ref": {
        "type": "string", "pattern": "^KR-[0-9]{4}$", "description": "Reference"}}, ["pier", "ref"])
    hold = tool("hold_kayak", about, {"pier": pier, "ref": {
        "type": "integer", "minimum": 5, "maximum": 30, "description": "Reference"}}, ["pier", "ref"])
    d = decide({"model": "m", "messages": [{"role": "user", "content": "a kayak at PR-12, reference 10"}],
                "tools": [stow, hold]})
    assert [(c.name, c.arguments) for c in d.tool_calls] == [("hold_kayak", {"pier": "PR-12", "ref": 10})]
    assert "stow_kayak would ask for ['ref']" in d.record["reason"]
    d = decide({"model": "m", "messages": [{"role": "user", "content": "a kayak at PR-12, please"}],
                "tools": [stow, hold]})  # neither gets every value: the best one asks, as before
    assert d.kind == "ask" and d.record["missing"] == {"stow_kayak": ["ref"]}


def test_a_neighbour_that_takes_every_value_of_the_best_tool_and_more_the_user_said_is_called() -> None:
    tracking = {"type": "string", "pattern": "^PX[0-9]{6}$", "description": "Tracking number, e.g. PX123456"}
    tools = [tool("check_parcel", "Track where a parcel is.", {"tracking": tracking}, ["tracking"]),
             tool("redirect_parcel", "Send a parcel that is on its way to another address instead.", {
                 "tracking": tracking, "address": {"type": "string", "description": "New delivery address"}},
                  ["tracking", "address"])]

    def ask(text: str) -> Decision:
        return decide({"model": "m", "messages": [{"role": "user", "content": text}], "tools": tools})

    d = ask("Parcel PX123456 needs to end up at 5 Mill Lane, not at work")  # tracking reads best; the address
    assert [(c.name, c.arguments) for c in d.tool_calls] == [  # is a value only redirecting takes
        ("redirect_parcel", {"tracking": "PX123456", "address": "5 Mill Lane"})]
    assert "takes every value check_parcel takes" in d.record["reason"]
    d = ask("Parcel PX123456 needs to end up with me, where is it?")  # no address said: tracking it is
    assert [c.name for c in d.tool_calls] == ["check_parcel"]


def test_of_two_tools_that_would_ask_the_one_that_takes_what_the_user_said_asks() -> None:
    tools = [tool("book_coach_seat", "Reserve seats on a particular coach.", {
        "coach": {"type": "string", "pattern": "^C[0-9]{3}$", "description": "Coach number, e.g. C101"},
        "seat_type": {"type": "string", "enum": ["aisle", "window"], "description": "Kind of seat"}},
        ["coach", "seat_type"]),
        tool("refund_coach_ticket", "Refund and void a coach ticket that was already bought.", {
            "ticket": {"type": "string", "pattern": "^CT-[0-9]{5}$", "description": "Ticket number, e.g. CT-12345"}},
            ["ticket"])]
    for text in ("I want to buy a ticket on C204.", "帮我买C204的车票"):  # "bought" and "ticket" read as the refund
        d = decide({"model": "m", "messages": [{"role": "user", "content": text}], "tools": tools})
        assert d.kind == "ask" and d.record["missing"] == {"book_coach_seat": ["seat_type"]}, text
    d = decide({"model": "m", "messages": [{"role": "user", "content": "refund my coach ticket"}], "tools": tools})
    assert d.kind == "ask" and d.record["missing"] == {"refund_coach_ticket": ["ticket"]}


def test_a_second_tool_that_takes_nothing_said_and_would_ask_for_everything_is_no_second_request() -> None:
    order = {"type": "string", "pattern": "^CX-[0-9]{4}$", "description": "Order number, e.g. CX-1234"}
    tools = [tool("cancel_catering", "Cancel a catering order that has not been delivered yet.", {"order": order},
                  ["order"]),
             tool("order_catering", "Order catering for a meeting or party.", {
                 "menu": {"type": "string", "enum": ["sandwiches", "hot_buffet"], "description": "Menu"},
                 "day": {"type": "string", "format": "date", "description": "Delivery day"}}, ["menu", "day"])]
    d = decide({"model": "m", "messages": [{"role": "user", "content": "Our meeting got called off, so scrap "
                                                                     "order CX-1234."}], "tools": tools})
    assert [(c.name, c.arguments) for c in d.tool_calls] == [("cancel_catering", {"order": "CX-1234"})]
    assert "order_catering would ask for every value and takes nothing the user said" in d.record["reason"]


def test_a_tool_that_takes_the_id_the_user_gave_beats_a_best_tool_with_no_place_for_it() -> None:
    booking = {"type": "string", "pattern": "^YB-[0-9]{5}$", "description": "Class booking reference, e.g. YB-12345"}
    tools = [tool("show_timetable", "Show the yoga and pilates classes on a date, with spaces left.", {
        "day": {"type": "string", "format": "date", "description": "Date of the classes"}}, ["day"]),
             tool("cancel_class", "Cancel a class booking so the place goes to someone else.", {"booking": booking},
                  ["booking"])]
    d = decide({"model": "m", "messages": [{"role": "user", "content": "pilates tonight YB-12345 - drop it please"}],
                "tools": tools})
    assert [(c.name, c.arguments) for c in d.tool_calls] == [("cancel_class", {"booking": "YB-12345"})]
    d = decide({"model": "m", "messages": [{"role": "user", "content": "pilates tonight, what is on?"}],
                "tools": tools})
    assert d.kind == "ask" and d.record["missing"] == {"show_timetable": ["day"]}  # no id given: as before


def test_an_id_that_several_tools_take_chooses_none_of_them() -> None:
    order = {"type": "string", "pattern": "^PC-[0-9]{5}$", "description": "服务单号，例如 PC-10482。"}
    pest = {"type": "string", "enum": ["cockroach", "rodent"], "description": "虫害类型：cockroach=蟑螂；rodent=老鼠。"}
    tools = [tool("book_inspection", "预约上门虫害检查，检查后给出报价，不含治理。", {
        "pest": pest, "day": {"type": "string", "format": "date", "description": "上门日期"},
        "address": {"type": "string", "description": "上门地址"}}, ["pest", "day", "address"]),
             tool("cancel_visit", "取消已有的服务单。", {"order": order}, ["order"]),
             tool("request_followup", "治理后虫害复发，申请免费复查。", {"order": order}, ["order"])]
    d = decide({"model": "m", "messages": [{"role": "user", "content": "上次处理完蟑螂又出来了，单号PC-20481。"}],
                "tools": tools})
    assert not d.tool_calls or d.tool_calls[0].name != "cancel_visit"  # never cancels on a guess


def test_a_request_that_names_nothing_existing_and_asks_no_change_goes_to_the_tool_that_needs_no_id() -> None:
    when = {"date": {"type": "string", "format": "date", "description": "Day of the table"},
            "time": {"type": "string", "pattern": "^[0-2][0-9]:[0-5][0-9]$", "description": "Time, HH:MM"},
            "diners": {"type": "integer", "minimum": 1, "maximum": 12, "description": "Number of diners"}}
    booking = {"type": "string", "pattern": "^TB-[0-9]{4}$", "description": "The booking, e.g. TB-1234"}
    tools = [tool("book_table", "Reserve a new table.", when, ["date", "time", "diners"]),
             tool("change_table", "Change the day, time or number of diners of an existing table booking.",
                  {"booking": booking, **when}, ["booking"])]

    def ask(text: str, offered: list[dict[str, Any]] = tools) -> Decision:
        return decide({"model": "m", "messages": [{"role": "system", "content": "Today is 2031-05-06."},
                                                  {"role": "user", "content": text}], "tools": offered})

    d = ask("Can I get a time tomorrow at 20:00 for 4 diners?")  # the words read the change best
    assert [(c.name, c.arguments) for c in d.tool_calls] == [
        ("book_table", {"date": "2031-05-07", "time": "20:00", "diners": 4})]
    assert "change_table would ask for ['booking'], the id of something that already exists" in d.record["reason"]
    d = ask("Can I move it to a time tomorrow at 20:00 for 4 diners?")  # a change asked for: the booking is asked
    assert d.kind == "ask" and d.record["missing"] == {"change_table": ["booking"]}
    d = ask("Can I get a time tomorrow at 20:00 for 4 diners? It's TB-12")  # an id the user tried to give
    assert d.kind == "ask" and d.record["missing"] == {"change_table": ["booking"]}
    plain = [tools[0], tool("change_table", "Change the day, time or number of diners of a table booking.",
                            {"booking": booking, **when}, ["booking"])]  # it does not say the booking exists
    d = ask("Can I get a time tomorrow at 20:00 for 4 diners?", plain)
    assert d.kind == "ask" and d.record["missing"] == {"change_table": ["booking"]}


def test_when_the_tool_that_needs_no_id_lacks_a_value_it_is_the_one_asked_for() -> None:
    when = {"date": {"type": "string", "format": "date", "description": "Day of the table"},
            "time": {"type": "string", "pattern": "^[0-2][0-9]:[0-5][0-9]$", "description": "Time, HH:MM"},
            "diners": {"type": "integer", "minimum": 1, "maximum": 12, "description": "Number of diners"}}
    booking = {"type": "string", "pattern": "^TB-[0-9]{4}$", "description": "The booking, e.g. TB-1234"}
    guest = {"guest": {"type": "string", "description": "Name the table is held under"}}
    tools = [tool("book_table", "Reserve a new table.", {**when, **guest}, ["date", "time", "diners", "guest"]),
             tool("change_table", "Change the day, time or number of diners of an existing table booking.",
                  {"booking": booking, **when}, ["booking"])]
    d = decide({"model": "m", "messages": [{"role": "system", "content": "Today is 2031-05-06."}, {
        "role": "user", "content": "Can I get a table time tomorrow at 20:00 for 4 diners?"}], "tools": tools})
    assert d.kind == "ask" and d.record["missing"] == {"book_table": ["guest"]}  # the change reads best
    assert "change_table would ask for ['booking'], the id of something that already exists" in d.record["reason"]


def test_an_id_the_best_tool_read_from_the_context_is_no_value_the_user_gave() -> None:
    entry = {"type": "string", "pattern": "^EN-[0-9]{5}$", "description": "Registration id from the confirmation email"}
    born = {"type": "string", "format": "date", "description": "Date of birth"}
    tools = [tool("enter_rider", "Create a NEW entry for one rider in a sportive.", {
        "event": {"type": "string", "pattern": "^SP-[0-9]{4}$", "description": "Sportive id"},
        "route": {"type": "string", "enum": ["50k", "100k"], "description": "Route length"},
        "rider": {"type": "string", "description": "Full name of the rider"}, "birth_date": born},
        ["event", "route", "rider", "birth_date"]),
        tool("hand_over_entry", "Hand an existing entry over to ANOTHER person, who rides instead.", {
            "entry": entry, "new_rider": {"type": "string", "description": "Full name of the person taking over"},
            "new_birth_date": born}, ["entry", "new_rider", "new_birth_date"])]

    def ask(text: str) -> Decision:
        return decide({"model": "m", "tools": tools, "messages": [
            {"role": "system", "content": "Verified: account holder Ama Bello, registration EN-12040 for SP-2031."},
            {"role": "user", "content": text}]})

    # the words read as handing over; the context's entry is not something the user said, the event and route are
    want = [("enter_rider", {"event": "SP-2031", "route": "50k", "rider": "Ade Bello", "birth_date": "2012-03-02"})]
    d = ask("Please register a different person for the 50K at SP-2031 too: Ade Bello, born 2012-03-02.")
    assert [(c.name, c.arguments) for c in d.tool_calls] == want
    assert "enter_rider (score" in d.record["reason"] and "takes every value hand_over_entry takes" in d.record[
        "reason"]
    # "another person" and the new event named: the context's entry is the one they have, so it is not offered
    d = ask("Please register another person for the 50K at SP-2031 too: Ade Bello, born 2012-03-02.")
    assert [(c.name, c.arguments) for c in d.tool_calls] == want
    assert "hand_over_entry would ask for ['entry']" in d.record["reason"]
    d = ask("Please hand my entry over to another person: Ade Bello, born 2012-03-02.")  # handing over it is
    assert [(c.name, c.arguments["entry"]) for c in d.tool_calls] == [("hand_over_entry", "EN-12040")]


def test_an_enum_value_read_from_the_whole_sentence_is_no_value_the_user_said() -> None:
    ticket = {"type": "string", "pattern": "^DC-[0-9]{5}$", "description": "Dry-cleaning ticket, e.g. DC-12345"}
    tools = [tool("check_cleaning", "Check whether a dry-cleaning order is ready for collection.", {"ticket": ticket},
                  ["ticket"]),
             tool("report_cleaning_issue", "Report a problem with a dry-cleaning order.", {"ticket": ticket, "issue": {
                 "type": "string", "enum": ["late", "stain_left", "item_missing", "damaged"],
                 "description": "What went wrong"}}, ["ticket", "issue"])]
    # the sentence encoder reads "done yet?" as closest to 'late': a reading, not a problem the user reported
    for text in ["Is DC-40213 done yet? I need the suit on Friday.", "Has DC-40213 been cleaned yet?"]:
        d = decide({"model": "m", "messages": [{"role": "user", "content": text}], "tools": tools})
        assert [(c.name, c.arguments) for c in d.tool_calls] == [("check_cleaning", {"ticket": "DC-40213"})], text
