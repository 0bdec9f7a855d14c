"""fcourse.teaching.options: booleans named through a gloss or a hyphenated word (chapter 2)."""

from __future__ import annotations

from fcourse.teaching.options import glossed_option, hyphened


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
