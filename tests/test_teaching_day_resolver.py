"""Dates resolved to YYYY-MM-DD against a stated today, never the wall clock (fcourse.teaching.day_resolver)."""

from __future__ import annotations

import datetime as dt

from fcourse.teaching.day_resolver import dates_in, today_in

TODAY = dt.date(2026, 6, 17)  # a Wednesday


def isos(text: str, today: dt.date | None = TODAY) -> list[str | None]:
    return [d.iso for d in dates_in(text, today)]


def test_today_is_read_from_the_conversation_in_english_or_chinese() -> None:
    assert today_in(["Current date: 2026-06-17 (Wednesday)."]) == TODAY
    assert today_in(["hi", "今天是2026年6月17日，星期三。"]) == TODAY
    assert today_in(["The meeting is on 2026-06-17."]) is None


def test_english_relative_and_calendar_dates() -> None:
    assert isos("from Friday to Sunday") == ["2026-06-19", "2026-06-21"]
    assert isos("next Monday") == ["2026-06-22"]
    assert isos("last Monday") == ["2026-06-15"]
    assert isos("tomorrow") == ["2026-06-18"]
    assert isos("since June 1st") == ["2026-06-01"]
    assert isos("in the past 7 days") == ["2026-06-10"]


def test_chinese_dates() -> None:
    assert isos("下周五") == ["2026-06-26"]
    assert isos("周五") == ["2026-06-19"]
    assert isos("7月1日入住，7月4日退房") == ["2026-07-01", "2026-07-04"]
    assert isos("后天") == ["2026-06-19"]
    assert isos("2027年1月2日") == ["2027-01-02"]


def test_without_a_stated_today_relative_dates_stay_unresolved() -> None:
    assert isos("next Monday", None) == [None]
    assert isos("明天", None) == [None]
    assert isos("2026-08-01") == ["2026-08-01"]
    assert isos("3 July to 6 July 2026", None) == ["2026-07-03", "2026-07-06"]


def test_a_date_that_does_not_exist_is_found_but_not_resolved() -> None:
    (d,) = dates_in("on the 31st of June", TODAY)
    assert d.iso is None and d.text == "the 31st of June"
    assert isos("2026-06-31") == [None]
