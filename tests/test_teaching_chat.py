"""The model's own sentences (wording/chat): greetings, what it can do, what it cannot, questions back."""

from __future__ import annotations

from typing import Any

from fcourse.teaching.wording import chat

WEATHER = {"type": "function", "function": {"name": "get_weather", "description": "Get the current weather for a city.",
                                            "parameters": {}}}
def _no_names(text: str, *tools: dict[str, Any]) -> bool:
    return not any(t["function"]["name"] in text for t in tools)


def test_a_greeting_names_what_the_tools_do_and_asks_no_question() -> None:
    text = chat.greeting([WEATHER], zh=False)
    assert "get the current weather for a city" in text and "?" not in text and _no_names(text, WEATHER)
    assert chat.greeting([], zh=False) == "Hello! How can I help you today?"


def test_an_honest_answer_says_what_the_model_is_and_where_to_go() -> None:
    text = chat.honest([WEATHER], zh=False)
    assert "offline teaching model" in text and "Using a real provider" in text and "weather" in text
    zh = chat.honest([WEATHER], zh=True)
    assert "离线教学模型" in zh and "Using a real provider" in zh


def test_what_it_cannot_do_and_what_it_can() -> None:
    assert chat.cannot([WEATHER], zh=False).startswith("Sorry, I can't do that here")
    assert chat.cannot([WEATHER], zh=True).startswith("抱歉，这件事我做不到")
    assert chat.cannot([WEATHER], zh=False, look_up=True).startswith("Sorry, I can't look that up")
    assert chat.abilities([WEATHER], zh=True).startswith("我可以帮你：")


def test_an_english_reply_leaves_out_what_a_chinese_description_says() -> None:
    seat = {"type": "function", "function": {"name": "book_seat", "description": "预约自习室座位。", "parameters": {}}}
    text = chat.cannot([seat, WEATHER], zh=False)
    assert text == "Sorry, I can't do that here: none of my tools does it. I can get the current weather for a city."
    assert chat.cannot([seat], zh=False) == "Sorry, I can't do that here: none of my tools does it."
