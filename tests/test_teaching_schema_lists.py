"""Where a list stands in a text, and its elements (issue 38): fcourse.teaching.deciding.schema_lists."""

from __future__ import annotations

from fcourse.teaching.deciding.schema_lists import (
    elements,
    enum_items,
    led_elements,
    named_region,
    region,
    strip_lead,
)
from fcourse.teaching.reading.analysis import analyse


def test_elements_at_separators_without_articles_or_brackets() -> None:
    assert elements("apples, a pear; the plums and (cherries).") == ["apples", "pear", "plums", "cherries"]
    assert elements("苹果、香蕉和橙子") == ["苹果", "香蕉", "橙子"]
    assert elements("salt, pepper, and oil") == ["salt", "pepper", "oil"]


def test_led_elements_keep_the_joining_word() -> None:
    assert led_elements("Ann Lee and Bob Stone, Cy Ho") == ["Ann Lee", "and Bob Stone", "Cy Ho"]
    assert [strip_lead(e) for e in led_elements("Ann Lee and Bob Stone")] == ["Ann Lee", "Bob Stone"]


def test_the_region_after_a_colon_but_not_a_clock() -> None:
    assert region("Order for Jo: 2 x A-1 and 3 x B-2") == "2 x A-1 and 3 x B-2"
    assert region("Meet at 10:30 with Jo and Al") == "Meet at 10:30 with Jo and Al"


def test_the_region_the_list_is_named_in() -> None:
    words = frozenset(analyse("tags").keys)
    assert named_region("It broke. The tags are urgent and billing. Thanks!", words) == "urgent and billing"
    assert named_region("Nothing to see here.", words) is None
    assert region("Tags: ui, docs", words) == "ui, docs"


def test_enum_values_in_the_order_said_each_once() -> None:
    assert enum_items("the red one, then blue, then red again", ["blue", "green", "red"]) == ["red", "blue"]
    assert enum_items("nothing", ["a1", "b2"]) == []
