"""CC-CEDICT glosses (fcourse.teaching.reading.glosses): Chinese words meet English descriptions."""

from __future__ import annotations

from fcourse.teaching.reading.glosses import english_words, glosses


def test_glosses_come_from_cc_cedict_in_dictionary_order() -> None:
    assert glosses("退款") == ("to refund", "refund")
    assert "pediatrics" in glosses("儿科")
    assert glosses("不是一个词吧") == ()


def test_english_words_keep_content_words_and_parenthesised_domains() -> None:
    assert english_words("活期")[:4] == ("banking", "current", "account", "checking")
    assert "balance" in english_words("余额")
    assert "to" not in english_words("退款") and "refund" in english_words("退款")
    assert english_words("不是一个词吧") == ()


def test_classifier_and_variant_senses_are_skipped() -> None:
    assert not any(g.startswith("CL:") for g in glosses("包裹"))
    assert "parcel" in english_words("包裹")


def test_a_chinese_label_is_read_through_its_glosses() -> None:
    from fcourse.teaching.reading.glosses import glossed_words

    assert "student" in glossed_words("当前登录学生")
    assert glossed_words("Signed-in student") == frozenset()


def test_a_word_the_dictionary_lacks_is_read_as_the_longest_words_it_has() -> None:
    from fcourse.teaching.reading.glosses import glossed_spans, parts

    assert parts("礼品包装") == ("礼品", "包装")  # jieba keeps it whole; CC-CEDICT has only its halves
    assert parts("包装") == ("包装",)
    spans = dict(glossed_spans("要礼品包装"))
    assert spans["gift"] == 1 and spans["wrap"] == 3  # each gloss word with where its Chinese word starts


def test_an_option_a_chinese_request_names_through_a_gloss_is_set_and_a_negated_one_is_false() -> None:
    from test_teaching_policy import ask, tool

    order = tool("order_cake", "Order a cake for collection.", {
        "cake": {"type": "string", "pattern": "^CK-[0-9]{3}$", "description": "Cake code"},
        "gift_wrap": {"type": "boolean", "description": "Add a ribbon and a box"},
        "candles": {"type": "boolean", "description": "Add birthday candles"}}, ["cake"])
    assert [c.arguments for c in ask("要一个CK-204，礼品包装", [order]).tool_calls] == [
        {"cake": "CK-204", "gift_wrap": True}]
    assert [c.arguments for c in ask("要一个CK-204，不要蜡烛", [order]).tool_calls] == [
        {"cake": "CK-204", "candles": False}]
    assert [c.arguments for c in ask("要一个CK-204", [order]).tool_calls] == [{"cake": "CK-204"}]


def test_the_cached_table_is_the_dictionary_file_word_by_word() -> None:
    from fcourse.teaching.reading import glosses

    table = glosses._read_table()
    assert len(table) > 100_000
    assert all(glosses.raw_senses(word) == senses for word, senses in table.items())
    assert glosses.raw_senses("不是一个词吧") == ()
