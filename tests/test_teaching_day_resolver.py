"""Dates resolved to YYYY-MM-DD against a stated today, never the wall clock (fcourse.teaching.reading.day_resolver)."""

from __future__ import annotations

import datetime as dt

import pytest

from fcourse.teaching.reading.day_resolver import dates_in, today_in

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


TUESDAY = dt.date(2027, 5, 4)


@pytest.mark.parametrize(("text", "iso"), [
    ("can we do it tonight", "2027-05-04"), ("book it for tomorow", "2027-05-05"), ("tmrw at 10", "2027-05-05"),
    ("in three days", "2027-05-07"), ("two weeks from today", "2027-05-18"), ("day after tomorrow", "2027-05-06"),
    ("on the 9th", "2027-05-09"), ("on the 2nd", "2027-06-02"), ("15号", "2027-05-15"), ("五天后", "2027-05-09"),
    ("下下周一", "2027-05-17"), ("明晚八点", "2027-05-05"), ("on Christmas Eve", "2027-12-24"), ("元旦", "2028-01-01"),
])
def test_more_of_the_calendars_words_are_resolved(text: str, iso: str) -> None:
    got = [m.iso for m in dates_in(text, TUESDAY)]
    assert got == [iso]


def test_a_day_of_the_month_or_a_count_of_days_needs_a_today() -> None:
    assert [m.iso for m in dates_in("on the 9th")] == [None]
    assert [m.iso for m in dates_in("in three days")] == [None]


def test_months_are_read_as_yyyy_mm() -> None:
    from fcourse.teaching.reading.day_resolver import months_in

    assert [m[1] for m in months_in("the invoice for March 2027", TUESDAY)] == ["2027-03"]
    assert [m[1] for m in months_in("2026年12月的账单", TUESDAY)] == ["2026-12"]
    assert [m[1] for m in months_in("上个月和下个月", TUESDAY)] == ["2027-04", "2027-06"]
    assert months_in("last month", None) == []


def test_yesterday_and_the_day_before_in_chinese() -> None:
    assert [m.iso for m in dates_in("昨天漏水了", TUESDAY)] == ["2027-05-03"]
    assert [m.iso for m in dates_in("前天摔坏的", TUESDAY)] == ["2027-05-02"]


def test_a_month_and_day_written_in_chinese_numerals() -> None:
    assert isos("七月一日入住，七月十四号退房") == ["2026-07-01", "2026-07-14"]
    assert isos("十二月二十五日") == ["2026-12-25"]
    assert isos("二月三十日") == [None]  # no such day


def test_today_is_read_with_its_weekday_before_the_date_or_written_out() -> None:
    assert today_in(["You help at the pool. Today is Wednesday 2026-06-17."]) == TODAY
    assert today_in(["Today is Wednesday, 17 June 2026."]) == TODAY
    assert today_in(["今天：2026-06-17"]) == TODAY
    assert today_in(["Opening day was Monday 2026-06-15."]) is None
