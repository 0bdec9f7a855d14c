"""Values a tool result gave, by the key that names a schema field (issue 38):
fcourse.teaching.deciding.result_values."""

from __future__ import annotations

import json

import pytest

from fcourse.teaching.deciding.result_values import by_key, results_of, same_field


@pytest.mark.parametrize(("key", "name"), [("temp_c", "temperature_c"), ("tempC", "temperature"),
                                           ("availableBalance", "available_balance"), ("amount_total", "total_amount"),
                                           ("flightNumber", "flight"), ("order_id", "order")])
def test_keys_that_name_the_field(key: str, name: str) -> None:
    assert same_field(key, name)


@pytest.mark.parametrize(("key", "name"), [("temp_f", "temperature_c"), ("city", "country"), ("id", "order"),
                                           ("status", "status_code_text")])
def test_keys_that_do_not(key: str, name: str) -> None:
    assert not same_field(key, name)


def test_results_newest_first_and_text_apart() -> None:
    messages = [{"role": "tool", "content": json.dumps({"a": 1})}, {"role": "user", "content": "{}"},
                {"role": "tool", "content": "plain words"}, {"role": "tool", "content": "[1, 2]"},
                {"role": "tool", "content": "7"}]
    parsed, texts = results_of(messages)
    assert parsed == [[1, 2], {"a": 1}] and texts == ["7", "plain words"]


def test_a_value_must_fit_the_field_as_it_is() -> None:
    result = [{"seats": "12", "price": 30, "open": True, "tier": "gold"}]
    assert by_key(result, "seats", {"type": "integer"}) is None  # a string is not turned into a number
    assert by_key(result, "price", {"type": "number"}) == (30, "the tool result's key 'price'")
    assert by_key(result, "price", {"type": "string"}) is None
    assert by_key(result, "open", {"type": "boolean"}) == (True, "the tool result's key 'open'")
    assert by_key(result, "tier", {"type": "string", "enum": ["silver", "bronze"]}) is None
    assert by_key([{"count": 3.0}], "count", {"type": "integer"}) == (3, "the tool result's key 'count'")


def test_a_key_with_two_values_says_nothing() -> None:
    assert by_key([{"city": "Oslo"}, {"city": "Bergen"}], "city", {"type": "string"}) is None
    assert by_key([{"city": "Oslo"}, {"trip": {"city": "Oslo"}}], "city", {"type": "string"}) == (
        "Oslo", "the tool result's key 'city'")


def test_objects_and_lists_of_objects_field_by_field() -> None:
    result = [{"customer": {"fullName": "Ana Lima", "tier": "gold", "internal": 1},
               "lines": [{"sku": "A-1", "qty": 2}, {"sku": "B-2", "qty": 1}]}]
    person = {"type": "object", "properties": {"full_name": {"type": "string"}}, "required": ["full_name"]}
    assert by_key(result, "customer", person)[0] == {"full_name": "Ana Lima"}  # type: ignore[index]
    line = {"type": "object", "properties": {"sku": {"type": "string"}, "qty": {"type": "integer"}},
            "required": ["sku", "qty"]}
    assert by_key(result, "lines", {"type": "array", "items": line})[0] == [  # type: ignore[index]
        {"sku": "A-1", "qty": 2}, {"sku": "B-2", "qty": 1}]
    strict_line = {**line, "properties": {**line["properties"], "colour": {"type": "string"}},
                   "required": ["sku", "qty", "colour"]}
    assert by_key(result, "lines", {"type": "array", "items": strict_line}) is None  # no colour in the result
