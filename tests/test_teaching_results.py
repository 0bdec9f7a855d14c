"""Tool results worded for the person who asked (wording/results): a failure in the reply's own words (issue 36)."""

from __future__ import annotations

import json
import re
from typing import Any

from fcourse.teaching.wording.results import compose_answer

TOOL = {"type": "function", "function": {
    "name": "reserve_seats", "description": "Put seats for a performance on hold for 20 minutes.",
    "parameters": {"type": "object", "properties": {"show_id": {"type": "string", "description": "Show"}}}}}


def _answer(result: Any, zh: bool = False, said: str = "Two seats for SH-0101 please") -> str:
    call = {"id": "c1", "type": "function",
            "function": {"name": "reserve_seats", "arguments": json.dumps({"show_id": "SH-0101"})}}
    tool = {"role": "tool", "tool_call_id": "c1", "content": json.dumps(result) if not isinstance(result, str)
            else result}
    return compose_answer({"tool_calls": [call]}, [tool], "zh" if zh else "en", [TOOL], said)[0]


def test_the_tools_description_is_never_the_verb_of_the_sentence() -> None:
    for zh in (False, True):
        text = _answer({"error": {"code": "SERVICE_UNAVAILABLE", "message": "Box office down"}}, zh)
        assert "put seats" not in text.lower() and "performance" not in text and "SERVICE_UNAVAILABLE" not in text
    assert _answer({"error": "unavailable"}) == ("Sorry, I couldn't complete the request for SH-0101: the service "
                                                 "isn't available right now. Nothing was done; it is safe to try "
                                                 "again in a little while.")


def test_an_outage_a_timeout_or_a_permission_is_said_in_the_replys_words_not_the_services() -> None:
    assert "Box office down for maintenance" not in _answer({"error": "Box office down for maintenance"})
    timeout = _answer({"status": "timeout", "error": "upstream did not respond within 9000 ms"})
    assert timeout.startswith("Sorry, I couldn't confirm whether") and "9000" not in timeout
    assert "manager" in _answer({"ok": False, "error": "PERMISSION_DENIED", "detail": "needs sign-off"})


def test_a_refusals_own_reason_is_kept_and_quoted_in_a_chinese_reply() -> None:
    assert "no seats left in the stalls" in _answer({"error": "rejected: no seats left in the stalls"})
    zh = _answer({"error": "rejected: no seats left in the stalls"}, zh=True)
    assert "「" in zh and not re.search(r"[A-Za-z]", re.sub(r"「[^」]*」|SH-0101", "", zh))


def test_something_not_found_is_said_so_naming_only_what_the_user_said() -> None:
    assert _answer({"error": {"code": "E404", "message": "No show found with id SH-0101"}}) == \
        "Sorry, I couldn't find SH-0101. Please check the show ID and try again."
    assert "SH-0101" not in _answer({"error": "not found"}, said="Two seats for Saturday please")
    assert _answer({"error": "找不到该场次"}, zh=True).startswith("抱歉，没有找到SH-0101")


def test_a_status_still_pending_is_not_done() -> None:
    text = _answer({"status": "pending_review", "hold_id": "H-1"})
    assert "isn't confirmed yet" in text and "twice" in text


def test_a_number_the_call_was_made_with_is_not_named_as_what_failed() -> None:
    call = {"id": "c1", "type": "function",
            "function": {"name": "reserve_seats", "arguments": json.dumps({"show_id": "SH-0101", "card": "7731"})}}
    tool = {"role": "tool", "tool_call_id": "c1", "content": json.dumps({"ok": False, "error": "PERMISSION_DENIED"})}
    text = compose_answer({"tool_calls": [call]}, [tool], "en", [TOOL], "SH-0101 with card 7731")[0]
    assert "SH-0101" in text and "7731" not in text


def test_not_found_said_by_the_error_code_alone_is_said_as_not_found_without_the_services_words() -> None:
    said = _answer({"error": "not_found", "message": "No record matches show_id=SH-0101 at venue 7731"})
    assert said.startswith("Sorry, I couldn't find SH-0101.") and "7731" not in said and "show_id" not in said


def test_a_refusals_reason_is_said_with_its_units_written_out() -> None:
    said = _answer({"ok": False, "reason": "HOLD_WINDOW_CLOSED: seats can't be held within 2h of the show"})
    assert "within 2 hours of the show" in said and "HOLD_WINDOW_CLOSED" not in said and "2h" not in said


def test_a_bare_amount_takes_the_currency_the_tools_state_and_only_one() -> None:
    from fcourse.teaching.wording.facts import stated_currency

    assert stated_currency(["Top up a card.", "金额（元）"]) == "CNY"
    assert stated_currency(["Price in euros.", "Fee in GBP."]) is None  # two: none is assumed
    assert stated_currency(["Top up a card by an amount."]) is None
    bill = {"type": "function", "function": {"name": "get_bill", "description": "查询水费账单。", "parameters": {
        "type": "object", "properties": {"amount": {"type": "number", "description": "缴费金额（元）"}}}}}
    call = {"id": "c1", "type": "function", "function": {"name": "get_bill", "arguments": "{}"}}
    tool = {"role": "tool", "tool_call_id": "c1", "content": json.dumps({"amount_due": 36.2})}
    assert "36.20 元" in compose_answer({"tool_calls": [call]}, [tool], "zh", [bill], "这个月水费多少？")[0]
