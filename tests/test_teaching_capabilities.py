"""What a tool does, in a few words from its description (wording/capabilities)."""

from __future__ import annotations

from typing import Any

from fcourse.teaching.wording.capabilities import capabilities, capability, looks_up


def tool(description: str, name: str = "some_tool") -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description, "parameters": {}}}


def test_the_first_clause_of_the_description_without_brackets_and_never_the_name() -> None:
    assert capability(tool("Get the current weather for a city. Returns JSON."), zh=False) == \
        "get the current weather for a city"
    assert capability(tool("Reserve (place a hold on) a book", "reserve_book"), zh=False) == "reserve a book"
    assert capability(tool(""), zh=False) == "use a tool"


def test_chinese_only_when_the_glossary_has_every_word_else_english_quoted_as_the_tools_words() -> None:
    assert capability(tool("Cancel an order that has not shipped yet."), zh=True) == "取消订单"
    assert capability(tool("Transfer money from one account to another."), zh=True) == \
        "「transfer money from one account to another」"  # issue 36: English in a Chinese reply only as a quote
    assert capability(tool("查询订单状态。"), zh=True) == "查询订单状态"


def test_a_look_up_is_told_by_the_verb_its_description_opens_with() -> None:
    assert looks_up(tool("Get the current weather."))
    assert looks_up(tool("查询订单状态"))
    assert not looks_up(tool("Refund a paid order.")) and not looks_up(None)


def test_each_capability_once_for_at_most_the_first_tools() -> None:
    tools = [tool("Get the weather."), tool("Get the weather."), *[tool(f"Book room {i}.") for i in range(6)]]
    listed = capabilities(tools, zh=False, limit=5)
    assert listed == ["get the weather", "book room 0", "book room 1", "book room 2"]
