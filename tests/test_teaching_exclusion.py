"""fcourse.teaching.exclusion: how far a negation reaches, and what it excludes (chapter 3)."""

from __future__ import annotations

import pytest

from fcourse.teaching.exclusion import negated_spans


def negated(text: str) -> list[str]:
    return [text[a:b].strip() for a, b in negated_spans(text)]


@pytest.mark.parametrize(("text", "out"), [
    ("Anywhere but Harrow — the Kingsway shop is easier.", ["Anywhere but Harrow"]),
    ("anyone but Tom - send it to Ann", ["anyone but Tom"]),
    ("a cake - anything but lemon. Vanilla then.", ["anything but lemon"]),
    ("Cancel O-200, not O-100.", ["not O-100"]),
])
def test_any_but_and_a_dash_bound_what_a_negation_excludes(text: str, out: list[str]) -> None:
    assert negated(text) == out


@pytest.mark.parametrize(("text", "out"), [
    ("蓝色那件不要了，帮我退掉，红色的留着。", ["红色的留着"]),  # 不要了: "no longer want" - the one to drop
    ("这件不要了", []),
    ("不要取消周六那个", ["不要取消周六那个"]),  # 不要 before a verb still negates it
    ("周二不行，改周三", ["周二不行"]),  # a day turned down
    ("周二行不行？", []),  # a yes-no question turns nothing down
])
def test_chinese_words_that_turn_a_thing_down_and_ones_that_only_look_like_it(text: str, out: list[str]) -> None:
    assert negated(text) == out
