"""fcourse.teaching.reading.locations: places as the user wrote them - known places, addresses, from/to (ch. 2)."""

from __future__ import annotations

import pytest

from fcourse.teaching.reading.locations import find_locations


def values(text: str) -> list[str]:
    return [v for v, *_ in find_locations(text)]


@pytest.mark.parametrize(("text", "expected"), [
    ("Bring the sofa to 31 Mill Lane, Flat 6 tomorrow", ["31 Mill Lane, Flat 6"]),
    ("快递寄到徐汇区漕溪北路120号", ["徐汇区漕溪北路120号"]),
    ("水管爆了，地址是海淀区学院路7号2单元", ["海淀区学院路7号2单元"]),
    ("outage here, address: Riverside Block C.", ["Riverside Block C"]),
])
def test_a_street_address_is_read_by_its_shape_or_its_label(text: str, expected: list[str]) -> None:
    assert values(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("a cab from the Grand Hyatt to Terminal 2, please", ["Grand Hyatt", "Terminal 2"]),
    ("从五道口打车去南锣鼓巷", ["五道口", "南锣鼓巷"]),
    ("pick me up at Riverside Mall, going to 8 Kings Road", ["Riverside Mall", "8 Kings Road"]),
    ("帮我叫车 from 中山公园 to 浦东机场", ["中山公园", "浦东机场"]),
])
def test_the_words_after_from_and_to_are_places(text: str, expected: list[str]) -> None:
    assert values(text) == expected


def test_a_longer_place_wins_and_dates_or_clock_times_are_not_places() -> None:
    assert values("我们从西湖出发去杭州东站") == ["西湖", "杭州东站"]  # not 杭州 inside it
    assert values("A room in Lisbon, 4 May to 9 May") == ["Lisbon"]
    assert values("open from 9 to 5pm") == []
    assert values("I want to book a table") == []
