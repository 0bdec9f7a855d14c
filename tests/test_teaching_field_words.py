"""Field names read as words (reading/field_words): the labels a reply uses for a tool result's keys."""

from __future__ import annotations

from fcourse.teaching.reading.field_words import in_chinese, label_of, unit_of_currency


def test_a_key_is_read_as_words_with_its_unit() -> None:
    temp = label_of("temp_c")
    assert temp.en == "temperature" and temp.zh == "温度" and temp.unit is not None and temp.unit.en == "°C"
    assert label_of("availableBalance").en == "available balance"  # camelCase splits too
    assert label_of("order_id").en == "order ID"


def test_a_final_min_is_minutes_after_a_word_of_time_and_a_minimum_otherwise() -> None:
    duration = label_of("duration_min")
    assert duration.en == "duration" and duration.unit is not None and duration.unit.en == "minutes"
    assert label_of("temp_min").en == "minimum temperature"


def test_a_word_outside_the_glossary_stays_as_written_in_both_languages() -> None:
    label = label_of("xyzzy_frob")
    assert label.en == label.zh == "xyzzy frob"  # never a guessed translation


def test_chinese_is_given_only_when_every_word_is_in_the_glossary() -> None:
    assert in_chinese(["cancel", "order"]) == "取消订单"
    assert in_chinese(["order"], nouns=True) == "订单"
    assert in_chinese(["transfer", "money"]) is None  # "money" is not in it: no half translation


def test_a_currency_code_is_a_unit() -> None:
    euro = unit_of_currency("EUR")
    assert (euro.en, euro.zh, euro.kind) == ("EUR", "欧元", "currency")
