"""Turns that ask for no tool (deciding/halts): stop, take it back, goodbye - never a call (issue 36)."""

from __future__ import annotations

from typing import Any

import pytest

from fcourse.teaching.deciding.conversation import read_conversation
from fcourse.teaching.deciding.halts import read_halt
from fcourse.teaching.policy import decide

CANCEL = {"type": "function", "function": {
    "name": "cancel_lesson", "description": "Cancel a booked driving lesson.",
    "parameters": {"type": "object", "properties": {
        "lesson_id": {"type": "string", "pattern": "^DL-\\d{3}$", "description": "Lesson id, e.g. DL-123"}},
        "required": ["lesson_id"]}}}
MOVE = {"type": "function", "function": {
    "name": "move_lesson", "description": "Move a booked driving lesson to another day.",
    "parameters": {"type": "object", "properties": {
        "lesson_id": {"type": "string", "pattern": "^DL-\\d{3}$", "description": "Lesson id"},
        "new_date": {"type": "string", "description": "New day"}}, "required": ["lesson_id", "new_date"]}}}


def _request(*turns: tuple[str, str]) -> dict[str, Any]:
    return {"model": "fcourse-teacher", "tools": [CANCEL, MOVE],
            "messages": [{"role": role, "content": text} for role, text in turns]}


def _halt(*turns: tuple[str, str]) -> Any:
    return read_halt(read_conversation(_request(*turns), 1.0))


PENDING = (("user", "Cancel my lesson DL-204."), ("assistant", "Lesson DL-204 costs a £10 fee to cancel. Go ahead?"))


@pytest.mark.parametrize(("text", "kind"), [
    ("Hold on.", "stop"),
    ("Hang on, don't change anything yet.", "stop"),
    ("稍等一下，先别处理。", "stop"),
    ("Nah, forget it.", "retract"),
    ("Oh, please don't cancel it then.", "retract"),
    ("算了，不要取消了。", "retract"),
    ("收回刚才的请求。", "retract"),
    ("No.", "retract"),  # "no" to the model's own question
])
def test_a_stop_or_a_retraction_after_a_pending_action_is_read_and_never_called(text: str, kind: str) -> None:
    halt = _halt(*PENDING, ("user", text))
    assert halt is not None and halt.kind == kind
    reply = decide(_request(*PENDING, ("user", text)))
    assert reply.kind == "answer" and not reply.tool_calls and reply.record["halt"]["kind"] == kind


def test_a_retraction_says_the_users_own_verb_back_and_that_nothing_was_done() -> None:
    reply = decide(_request(*PENDING, ("user", "Actually, don't cancel it.")))
    assert reply.content == "OK, I won't cancel it. Nothing has been done, and nothing has changed."
    zh = decide(_request(("user", "取消 DL-204"), ("assistant", "确定要取消吗？"), ("user", "还是别取消了。")))
    assert zh.content == "好的，不取消了。我什么都没有做，一切保持不变。"


@pytest.mark.parametrize(("text", "thanked"), [
    ("Cheers, that'll be all. Bye!", True),
    ("OK, see you later.", False),
    ("好的，就这些，回见。", False),
    ("多谢，再见！", True),
])
def test_a_goodbye_gets_a_goodbye(text: str, thanked: bool) -> None:
    halt = _halt(("user", text))
    assert halt is not None and halt.kind == "farewell" and halt.thanks is thanked
    reply = decide(_request(("user", text)))
    assert ("bye" in reply.content.lower() or "再见" in reply.content) and not reply.tool_calls
    assert not reply.content.endswith(("?", "？"))


@pytest.mark.parametrize("text", [
    "Don't cancel DL-204, move it to Friday instead.",  # a negated action beside one asked for
    "先别取消，帮我改到周五。",
    "Wait, I meant DL-205.",  # a stop word beside a value: a correction
    "Stop the lesson DL-204 please.",  # "stop" with an object is a request
    "Never mind the fee, cancel DL-204.",
    "这个课我不要了",  # no longer wanted: a cancellation, read by routing
])
def test_a_turn_that_also_asks_for_something_is_no_halt(text: str) -> None:
    assert _halt(*PENDING, ("user", text)) is None


def test_without_a_question_before_it_a_bare_no_or_a_deferral_is_no_halt() -> None:
    assert _halt(("user", "No.")) is None
    assert _halt(("user", "I'll think about it.")) is None  # asks nothing, but stops nothing either
    assert _halt(("user", "Cancel DL-204."), ("assistant", "Done."), ("user", "No.")) is None


@pytest.mark.parametrize(("text", "kind"), [
    ("Hmm, leave it as it is.", "retract"),
    ("Hold on a sec, not yet.", "stop"),
    ("Let me talk to my partner first.", "stop"),
    ("I'll think about it.", "stop"),
    ("嗯……我先跟家里人商量一下。", "stop"),
    ("那算了吧，不取消了。", "retract"),
])
def test_after_the_models_own_confirmation_question_only_a_yes_goes_ahead(text: str, kind: str) -> None:
    halt = _halt(*PENDING, ("user", text))
    assert halt is not None and halt.kind == kind
    assert not decide(_request(*PENDING, ("user", text))).tool_calls


@pytest.mark.parametrize("text", ["Yes please, go ahead.", "好的，取消吧", "OK", "Cancel DL-205 instead."])
def test_a_yes_or_a_request_of_the_users_own_after_the_question_is_no_halt(text: str) -> None:
    assert _halt(*PENDING, ("user", text)) is None


def test_a_service_called_off_is_a_cancellation_not_a_retraction() -> None:
    assert _halt(("user", "DL-204 这节课不上了。")) is None  # 不上了: the lesson is off - routing cancels it
    assert _halt(("user", "DL-204 不取消了。")).kind == "retract"  # type: ignore[union-attr]


@pytest.mark.parametrize("text", ["Thanks for your help, have a nice day!", "好嘞，没有其他问题了，再会。"])
def test_thanks_for_something_and_no_other_questions_are_part_of_a_goodbye(text: str) -> None:
    assert _halt(("user", text)).kind == "farewell"  # type: ignore[union-attr]


@pytest.mark.parametrize("text", [
    "Move DL-204 to Thursday... wait, stop. Let me look at my diary first.",
    "帮我把 DL-204 改到周四——等一下，先停一下，我再想想。",
])
def test_a_bare_stop_after_the_request_in_the_same_turn_calls_it_off(text: str) -> None:
    halt = _halt(("user", text))
    assert halt is not None and halt.kind == "stop"
    assert not decide(_request(("user", text))).tool_calls


@pytest.mark.parametrize("text", [
    "Is DL-204 still on for Friday? Just asking, don't change anything yet.",  # a question, and not a bare stop
    "取消 DL-204，DL-205 保留，不要动。",  # leaving one of them alone
])
def test_a_stop_that_names_what_to_leave_alone_does_not_call_off_the_rest(text: str) -> None:
    assert _halt(("user", text)) is None


@pytest.mark.parametrize("text", ["Lovely, see you on Saturday!", "OK, I'll pick it up later. Bye!",
                                  "好，那我下午过去拿。拜拜！"])
def test_a_goodbye_with_a_plan_of_the_users_own_is_a_goodbye(text: str) -> None:
    halt = _halt(("user", text))
    assert halt is not None and halt.kind == "farewell"


def test_keeping_it_after_the_question_is_a_retraction_in_chinese_too() -> None:
    halt = _halt(*PENDING, ("user", "那还是保留着吧。"))
    assert halt is not None and halt.kind == "retract"


@pytest.mark.parametrize(("text", "kind"), [
    ("Move DL-204 to Thursday... actually no, forget it, my mum can drive me that week.", "retract"),
    ("帮我把 DL-204 改到周四……算了算了，不改了，那天可能要加班。", "retract"),
    ("不要了不要了，我自己跟教练说。", "retract"),
])
def test_a_retraction_in_the_same_turn_with_a_reason_after_it_calls_it_off(text: str, kind: str) -> None:
    halt = _halt(("user", text))
    assert halt is not None and halt.kind == kind
    assert not decide(_request(("user", text))).tool_calls


@pytest.mark.parametrize("text", ["Forget it, cancel DL-205 instead.", "Wait, Thursday instead.",
                                  "算了，帮我改到周五吧。"])
def test_a_retraction_followed_by_a_new_request_or_a_correction_is_no_halt(text: str) -> None:
    assert _halt(("user", text)) is None


@pytest.mark.parametrize("text", ["Move DL-204 to Friday... oh wait no scrap that, I'll keep it as it is, sorry",
                                  "帮我把 DL-204 取消了吧……哦不对，不取消了，我周五能去"])
def test_taking_back_the_same_turns_request_calls_it_off(text: str) -> None:
    halt = _halt(("user", text))
    assert halt is not None and halt.kind == "retract"
    assert not decide(_request(("user", text))).tool_calls
