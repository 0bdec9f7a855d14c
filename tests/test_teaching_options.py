"""fcourse.teaching.reading.options: booleans named through a gloss or a hyphenated word (chapter 2)."""

from __future__ import annotations

from typing import Any

from fcourse.teaching.reading.options import glossed_option, hyphened


def test_an_option_is_named_through_a_chinese_gloss_and_cleared_by_a_negation() -> None:
    assert glossed_option("wheelchair_access", "我坐轮椅", frozenset()) == (
        True, "the user's Chinese word glossed 'wheelchair' names the option")
    assert glossed_option("wheelchair_access", "不要轮椅", frozenset())[0] is False
    assert glossed_option("wheelchair_access", "我坐轮椅", frozenset({"wheelchair"})) is None  # the tool's own word
    assert glossed_option("winter_pack", "加点防冻剂", frozenset(), "true = add antifreeze")[0] is True


def test_a_hyphenated_word_names_the_option_written_as_one_word() -> None:
    assert hyphened("and a top-up please", {"topup"}) == (True, "'top-up' names the option")
    assert hyphened("no top-up needed", {"topup"}) == (False, "'top-up' names the option, negated")
    assert hyphened("a check-in desk", {"topup"}) is None


def test_the_false_clause_of_an_options_description_is_no_mention_of_it() -> None:
    from fcourse.teaching.reading.options import false_clause, said_off

    on, off = false_clause("true if the climber needs rental shoes; false if they bring their own.")
    assert (on.strip(), off) == ("true if the climber needs rental shoes; .", "they bring their own")
    assert false_clause("Whether to add a helmet.") == ("Whether to add a helmet.", "")
    assert said_off(off, "I have my own pair of shoes", on, frozenset()) == "own"
    assert said_off(off, "I don't have my own shoes", on, frozenset()) is None  # negated: no owner's words
    assert said_off(off, "shoes for me please", on, frozenset()) is None


def test_the_users_words_for_false_turn_an_option_off_and_the_options_own_words_still_turn_it_on() -> None:
    from fcourse.teaching.policy import decide

    shoes = {"type": "boolean", "description": "true if the climber needs rental shoes; false if they bring their own."}
    tool = {"type": "function", "function": {"name": "book_wall", "description": "Book a climbing wall session.",
                                             "parameters": {"type": "object", "properties": {"rental_shoes": shoes},
                                                            "required": ["rental_shoes"]}}}

    def ask(text: str) -> Any:
        return [c.arguments for c in decide({"model": "m", "messages": [{"role": "user", "content": text}],
                                             "tools": [tool]}).tool_calls]

    assert ask("Book a climbing wall session, I've got my own shoes") == [{"rental_shoes": False}]
    assert ask("Book a climbing wall session and I need rental shoes") == [{"rental_shoes": True}]


def test_the_verb_handle_in_an_options_description_is_no_mention_of_it() -> None:
    from fcourse.teaching.policy import decide

    props = {"spot": {"type": "string", "description": "出问题的地方"},
             "same_day": {"type": "boolean", "description": "true = 需要当天处理。"}}
    tool = {"type": "function", "function": {"name": "report_fault", "description": "报告小区公共设施的故障。",
                                             "parameters": {"type": "object", "properties": props,
                                                            "required": ["spot"]}}}
    d = decide({"model": "m", "messages": [{"role": "user", "content": "三号楼电梯坏了，麻烦处理一下。"}],
                "tools": [tool]})
    assert all("same_day" not in c.arguments for c in d.tool_calls)
