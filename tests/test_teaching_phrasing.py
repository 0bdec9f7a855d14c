"""Facts put into sentences (wording/phrasing): no raw keys, no braces, the subject said once."""

from __future__ import annotations

from fcourse.teaching.wording.facts import read_result
from fcourse.teaching.wording.phrasing import and_list, sentence


def test_a_weather_result_reads_as_a_sentence_in_both_languages() -> None:
    reading = read_result({"city": "Berlin", "temp_c": 3, "condition": "light snow"}, {"city": "Berlin"})
    # one sentence per fact (issue 36)
    assert sentence(reading, zh=False) == "In Berlin, the temperature is 3°C. The condition is light snow."
    # values stay as the tool gave them; English words that are no name are quoted
    assert sentence(reading, zh=True) == "Berlin：温度是3°C。状况是「light snow」。"


def test_a_zero_count_is_nothing_found_but_a_zero_amount_is_an_amount() -> None:
    assert sentence(read_result({"results": 0}), zh=False) == "Nothing was found."
    assert sentence(read_result({"total": 0.0}), zh=False) == "The total is 0."


def test_the_services_own_message_comes_first_as_its_own_sentence() -> None:
    reading = read_result({"status": "SUCCESS", "data": {"refund_id": "R-1"}, "message": "refunded"})
    assert sentence(reading, zh=False) == "Refunded. The refund ID is R-1."


def test_plain_text_is_kept_and_said_of_its_subject() -> None:
    assert sentence(read_result("Cloudy, 25°C", {"city": "Beijing"}), zh=False) == "Beijing: Cloudy, 25°C."
    assert sentence(read_result("多云，25℃", {"city": "北京"}), zh=True) == "北京：多云，25℃。"
    assert sentence(read_result("Cloudy"), zh=False) == "Here is what I found: Cloudy."


def test_an_empty_result_says_so_rather_than_inventing_facts() -> None:
    assert sentence(read_result({}), zh=False) == "It worked, but returned nothing."
    assert sentence(read_result({}), zh=True) == "完成了，但没有返回任何信息。"


def test_lists_join_with_and() -> None:
    assert and_list(["a", "b", "c"], zh=False) == "a, b and c" and and_list(["a", "b"], zh=True) == "a和b"


def test_a_long_list_is_summarised_with_its_count_and_its_first_items() -> None:
    reading = read_result({"results": [{"title": f"Book {i}", "year": 2000 + i} for i in range(12)]})
    text = sentence(reading, zh=False)
    assert text.startswith("There are 12 results. The first 5 are Book 0 (year 2000); Book 1 (year 2001)")
    assert "Book 5" not in text
    assert sentence(reading, zh=True).startswith("共有12项结果，前5项是：Book 0")


def test_a_month_and_an_english_message_in_a_chinese_reply() -> None:
    assert sentence(read_result({"month": "2025-05"}), zh=False) == "The month is May 2025."
    envelope = {"status": "SUCCESS", "data": {"refund_id": "R-1"}, "message": "refund queued"}
    assert sentence(read_result(envelope), zh=True) == "服务的说明：「refund queued」。退款编号是R-1。"
