"""CC-CEDICT glosses (fcourse.teaching.glosses): Chinese words meet English descriptions."""

from __future__ import annotations

from fcourse.teaching.glosses import english_words, glosses


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
    from fcourse.teaching.glosses import glossed_words

    assert "student" in glossed_words("当前登录学生")
    assert glossed_words("Signed-in student") == frozenset()
