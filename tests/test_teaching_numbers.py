"""Numbers in digits, Chinese numerals and English words (fcourse.teaching.reading.numbers)."""

from __future__ import annotations

from fcourse.teaching.reading.numbers import numbers_in


def values(text: str) -> list[int | float]:
    return [n.value for n in numbers_in(text)]


def test_digits_chinese_numerals_and_english_words() -> None:
    assert values("Move 250 from checking") == [250]
    assert values("转一千五到活期") == [1500]
    assert values("音量调到三十") == [30]
    assert values("down to twenty percent") == [20]
    assert values("three hundred and five boxes") == [305]
    assert values("pay 12.50 now") == [12.5]


def test_identifiers_and_times_are_not_quantities() -> None:
    assert values("renew L-4821, track YT7712093388, order O-100, call +8613912345678 at 8pm") == []


def test_a_lone_yi_is_the_article_not_the_number_one() -> None:
    assert values("看一下，一共五个包裹") == [5]


def test_positions_are_kept() -> None:
    (n,) = numbers_in("five days")
    assert (n.start, n.end, n.text, n.value) == (0, 4, "five", 5)


def test_a_lone_one_counts_only_before_a_measure_word() -> None:
    assert [n.value for n in numbers_in("只要一张票")] == [1]
    assert [n.value for n in numbers_in("住一晚就走")] == [1]
    assert numbers_in("帮我看一下这个") == [] and numbers_in("还有一个问题") == []


def test_lengths_of_time_are_read_in_minutes() -> None:
    from fcourse.teaching.reading.numbers import durations_in

    got = {t: [d.minutes for d in durations_in(t)] for t in (
        "in under twenty minutes", "half an hour", "an hour and a half", "45 min", "两个小时", "一个半小时", "一刻钟")}
    assert got == {"in under twenty minutes": [20], "half an hour": [30], "an hour and a half": [90], "45 min": [45],
                   "两个小时": [120], "一个半小时": [90], "一刻钟": [15]}
    assert durations_in("three boxes") == [] and durations_in("2027年") == []
    assert [d.minutes for d in durations_in("三个月")] == [3 * 43200]  # months and years too
    from fcourse.teaching.reading.numbers import is_age

    said = "she is 41 years old, with a 6-month-old puppy, and has lived here for 2 years, old friend"
    assert [is_age(said, d) for d in durations_in(said)] == [True, True, False]  # the lengths of time that are ages


def test_dozens_are_counted_in_twelves() -> None:
    assert [n.value for n in numbers_in("a dozen tulips")] == [12]
    assert [n.value for n in numbers_in("three dozen napkins")] == [36]
    assert [n.value for n in numbers_in("half a dozen pens")] == [6]
    assert numbers_in("dozens of people") == []


def test_digits_written_against_chinese_characters_are_numbers_but_not_inside_ids() -> None:
    assert [n.value for n in numbers_in("送30个小号箱")] == [30]
    assert [n.value for n in numbers_in("退掉PX-2044那单")] == []


def test_nights_of_a_stay_are_days_and_a_parameter_counted_in_nights_is_counted_in_days() -> None:
    from fcourse.teaching.reading.numbers import durations_in, unit_of

    assert [(d.minutes / 1440, d.text) for d in durations_in("3 nights from Friday, 住两晚")] == [
        (3.0, "3 nights"), (2.0, "两晚")]
    assert durations_in("今晚") == [] and durations_in("晚上八点") == []  # the evening, no length of time
    assert unit_of("Number of nights") == unit_of("入住几晚") == "day"


def test_a_number_joined_to_its_unit_by_a_hyphen_is_a_number_and_a_length_of_time() -> None:
    from fcourse.teaching.reading.numbers import durations_in

    assert values("a 45-minute call for a 3-person team") == [45, 3]
    got = {t: [d.minutes for d in durations_in(t)] for t in (
        "a 45-minute call", "a two-hour slot", "half-hour slots", "a half hour", "for a fortnight", "two weeks")}
    assert got == {"a 45-minute call": [45], "a two-hour slot": [120], "half-hour slots": [30], "a half hour": [30],
                   "for a fortnight": [20160], "two weeks": [20160]}
    assert values("ticket ZX-4410-b and 12-ABC") == []  # an id's digits stay an id's


def test_one_thing_asked_for_after_a_verb_of_getting_or_before_a_measure_word_counts() -> None:
    assert [n.value for n in numbers_in("再加一个靠枕")] == [1]  # 加一个: one more thing asked for
    assert [n.value for n in numbers_in("来一杯热可可")] == [1] and [n.value for n in numbers_in("一双手套")] == [1]
    assert numbers_in("有一个问题想问") == []  # 有一个: the article


def test_a_number_word_against_chinese_and_a_metric_unit_with_qian_are_read() -> None:
    assert [n.value for n in numbers_in("我要three张")] == [3]  # no word boundary between 要 and "three"
    assert [n.value for n in numbers_in("功率五千瓦，跑十千米")] == [5, 10]  # 千瓦 and 千米 are units, not thousands
    assert [n.value for n in numbers_in("五千块")] == [5000]
