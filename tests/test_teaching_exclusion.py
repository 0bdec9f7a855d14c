"""fcourse.teaching.reading.exclusion: how far a negation reaches, and what it excludes (chapter 3)."""

from __future__ import annotations

import pytest

from fcourse.teaching.reading.exclusion import negated_spans


def negated(text: str) -> list[str]:
    return [text[a:b].strip() for a, b in negated_spans(text)]


@pytest.mark.parametrize(("text", "out"), [
    ("Anywhere but Harrow — the Kingsway shop is easier.", ["Anywhere but Harrow"]),
    ("anyone but Tom - send it to Ann", ["anyone but Tom"]),
    ("a cake - anything but lemon. Vanilla then.", ["anything but lemon"]),
    ("Cancel O-200, not O-100.", ["not O-100"]),
    ("Move the slot that isn't on Monday; we're keeping Monday.", ["isn't on Monday", "keeping Monday"]),
])
def test_any_but_and_a_dash_bound_what_a_negation_excludes(text: str, out: list[str]) -> None:
    assert negated(text) == out


@pytest.mark.parametrize(("text", "out"), [
    ("不要取消周六那个", ["不要取消周六那个"]),  # 不要 before a verb negates it
    ("周二不行，改周三", ["周二不行"]),  # a day turned down
    ("周二行不行？", []),  # a yes-no question turns nothing down
    ("车库门口积水特别深", []),  # 特别 "especially" holds 别 but negates nothing
    ("帮别人订的那个先别动，改我自己的", ["帮别人订的那个先别动"]),  # 别人 "others"; 先别 does negate
])
def test_chinese_words_that_turn_a_thing_down_and_ones_that_only_look_like_it(text: str, out: list[str]) -> None:
    assert negated(text) == out


def test_an_id_no_longer_wanted_is_excluded_from_what_is_done_to_the_other() -> None:
    from fcourse.teaching.reading.exclusion import excluded_values

    assert excluded_values("LK-11 不要了，LK-12 再续一个月。") == {"LK-11"}
