"""fcourse.teaching.reading.extract: values of a kind in a user's words (chapter 2)."""

from __future__ import annotations

from fcourse.teaching.reading.extract import candidates

SERVICE = {"type": "string", "description": "Service name, e.g. billing-api.", "pattern": "^[a-z][a-z0-9-]*$"}


def test_a_permissive_pattern_takes_a_made_up_compound_name_not_a_word() -> None:
    got = [c.value for c in candidates("pattern", "service_name", SERVICE, "Restart ledger-sync now", 0)]
    assert got == ["ledger-sync"]
    got = [c.value for c in candidates("pattern", "service_name", SERVICE, "把 ledger-sync 扩到三个", 0)]
    assert got == ["ledger-sync"]
    # "to" right after the parameter's own word is still a word, not a name
    assert [c.value for c in candidates("pattern", "service_name", SERVICE, "set the service to five", 0)] == []


def test_a_direction_word_is_seen_past_an_article() -> None:
    from fcourse.teaching.reading.extract import preceded_by

    text = "a taxi to the harbour"
    assert preceded_by(text, text.index("harbour"), ("to",))
    assert not preceded_by(text, text.index("harbour"), ("from",))


def test_an_example_that_opens_with_a_chinese_character_gives_its_shape() -> None:
    from fcourse.teaching.reading.extract import example_pattern

    shape = example_pattern("车牌号，例如京A12345。")
    assert [m.group() for m in shape.finditer("京B77Q21停在东门，粤C12345也在")] == ["京B77Q21", "粤C12345"]


def test_a_file_name_is_a_name_a_dot_and_an_extension_not_a_decimal_or_an_address() -> None:
    schema = {"type": "string", "description": "Name of the file to convert"}
    found = candidates("file", "source_file", schema, "turn budget-2028.xlsx into csv, not 2.5 or ann@x.org", 0)
    assert [c.value for c in found] == ["budget-2028.xlsx"]
    assert [c.value for c in candidates("file", "source_file", schema, "把 会议纪要.md 转一下", 0)] == ["会议纪要.md"]
    assert candidates("file", "source_file", schema, "convert version 3.10 please", 0) == []


def test_a_number_before_a_hyphenated_unit_counts_that_unit_and_a_number_of_months_is_no_month_name() -> None:
    words = {"type": "integer", "description": "Length of the text in words."}
    days = {"type": "integer", "minimum": 1, "maximum": 30, "description": "Rental days."}
    assert [c.value for c in candidates("number", "word_count", words, "a 2,500-word essay", 0)] == [2500]
    assert [c.value for c in candidates("number", "days", days, "a 12-foot boat for 3 days", 0)] == [3]
    months = {"type": "integer", "minimum": 1, "maximum": 12, "description": "寄存月数"}
    assert [c.value for c in candidates("number", "months", months, "from March 2nd, for 4 months", 0)] == [4]
    month = {"type": "integer", "minimum": 1, "maximum": 12, "description": "Month of the year to report on."}
    assert [c.value for c in candidates("number", "month", month, "the report for March", 0)] == [3]


def test_a_chinese_persons_name_is_found_by_jiebas_tagger() -> None:
    from fcourse.teaching.reading.extract import candidates

    schema = {"type": "string", "description": "Name of the person who will collect it."}
    got = candidates("person", "collector_name", schema, "明天下午来取，取件人王磊。", 0)
    assert [c.value for c in got] == ["王磊"]
    assert candidates("person", "collector_name", schema, "明天下午来取，谢谢。", 0) == []
    # the tagger calls the loanword 巧克力 ("chocolate") a name too: a name opens with a family name
    got = candidates("person", "collector_name", schema, "两盒巧克力，取件人林晓。", 0)
    assert [c.value for c in got] == ["林晓"]
