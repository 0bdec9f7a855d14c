"""fcourse.teaching.deciding.speech_acts: which kind of turn the user wrote (chapter 3)."""

from __future__ import annotations

import pytest

from fcourse.teaching.deciding.speech_acts import speech_act


@pytest.mark.parametrize(("text", "act"), [
    ("Why did my payment fail?", "explain"), ("为什么还没发货", "explain"),
    ("What does APR mean?", "meaning"), ("退款和取消有什么区别", "meaning"),
    ("Should I cancel it?", "advice"), ("Can you cancel orders?", "capability"),
    ("Can you cancel my order?", "request"), ("What's the weather in Paris?", "info"),
    ("Cancel O-100 please", "request"), ("请帮我查一下天气", "request"),
])
def test_speech_acts(text: str, act: str) -> None:
    assert speech_act(text) == act


@pytest.mark.parametrize(("text", "act"), [
    ("Cheers, that sorted it out!", "social"), ("多谢，快递小哥很准时！", "social"),
    ("Thanks! Now cancel O-100 too", "request"), ("好的，请帮我订明天的", "request"),
    ("Hi, refund my order please", "request"),
])
def test_thanks_and_greetings_ask_for_nothing_unless_a_request_follows(text: str, act: str) -> None:
    assert speech_act(text) == act


@pytest.mark.parametrize(("text", "act"), [
    ("你觉得哪款耳机音质最好？", "advice"), ("冬天怎么比较省暖气费？", "advice"),
    ("一般快递能寄电池吗？", "advice"), ("这个套餐贵不贵？", "info"), ("申请退货要多久？", "info"),
    ("这件外套能不能帮我换个颜色？", "request"), ("我的包裹到了吗？", "info"),
])
def test_chinese_questions_are_read_as_questions(text: str, act: str) -> None:
    # "申请" is not the polite 请 of a request; 能不能 asks for an action; A-not-A (贵不贵) and 吗 ask a question
    assert speech_act(text) == act


def test_a_can_you_question_with_a_day_or_a_count_is_a_request_not_a_question_about_the_tool() -> None:
    assert speech_act("Can you send texts abroad?") == "capability"
    assert speech_act("Can someone fetch three rugs for cleaning on Friday?") == "request"
    assert speech_act("Could a technician come tomorrow?") == "request"


@pytest.mark.parametrize(("text", "act"), [
    ("The parcel arrived safely, thank you!", "social"), ("花已经送到了，很漂亮，谢谢你们！", "social"),
    ("Two adult passes for June 3, thanks", "request"), ("A4 黑白打印 20 份，谢谢", "request"),
    ("Please cancel my booking, thanks", "request"),
])
def test_thanks_that_closes_a_turn_asks_for_nothing_unless_the_turn_names_a_day_a_count_or_a_request(
        text: str, act: str) -> None:
    assert speech_act(text) == act


@pytest.mark.parametrize(("text", "act"), [
    ("Wanted to say thank you - the plumber was brilliant and the tap is fine now.", "social"),
    ("Just saying thanks for the quick fix - when is the next visit?", "request"),  # a question follows
    ("How can we keep the sofa from fading in the sun?", "advice"),
    ("How do I cancel my booking?", "request"),  # names an action a tool may take: it asks for it
])
def test_thanks_opening_a_turn_and_a_how_to_question_ask_for_no_action(text: str, act: str) -> None:
    assert speech_act(text) == act


def test_a_chinese_request_put_as_a_question_is_a_request() -> None:
    assert speech_act("我想明天下午来修个自行车，三点可以吗？") == "request"  # I want ..., is three all right?
    assert speech_act("下周没空，能改到8月3号吗？") == "request"  # can it be moved to ...?
    assert speech_act("你们店周日开门吗？") == "info"  # a question about the shop
    assert speech_act("我的车修好了吗？") == "info"
