"""fcourse.teaching.given_enums: enum values named or meant in the request's own words."""

from __future__ import annotations

from fcourse.teaching.given_enums import enum_positions

SIZES = ["small", "medium", "large"]


def test_values_are_found_where_they_are_named_also_through_glosses_and_split_words() -> None:
    assert enum_positions(SIZES, "one small and one large, please") == [(4, "small"), (18, "large")]
    text = "送40个中号箱子和15个大号箱子"  # 中 / 号 cut apart by jieba; 个大号 glued to its measure word
    assert [v for _, v in enum_positions(SIZES, text)] == ["medium", "large"]


def test_a_word_that_names_several_values_a_negated_value_or_one_inside_another_value_names_none() -> None:
    assert enum_positions(SIZES, "大小都行") == []  # 大小 is "size": it names small and large
    assert enum_positions(SIZES, "the large one, not the small one") == [(4, "large")]
    assert enum_positions(["pdf", "docx"], "send report.docx as pdf", ("report.docx",)) == [(20, "pdf")]
