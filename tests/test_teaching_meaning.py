"""Routing by meaning (fcourse.teaching.reading.meaning): alike words, glosses across languages, negation left out."""

from __future__ import annotations

from fcourse.teaching.reading.meaning import content_words, meaning_pairs


def test_content_words_skip_function_words_and_negated_clauses() -> None:
    words = [w for w, _ in content_words("Don't refund it, just cancel the booking")]
    assert "refund" not in words and "cancel" in words and "the" not in words


def test_chinese_words_bring_their_english_glosses() -> None:
    pairs = dict(content_words("帮我续借"))
    assert pairs.get("renewal") == "续借" or pairs.get("borrowing") == "续借"


def test_pairs_name_the_alike_words_and_favour_the_telling_tool() -> None:
    descs = ["Extend the due date of something the patron has borrowed.",
             "Search the library catalogue for books by title."]
    renew, search = meaning_pairs("帮我续借", descs)
    assert sum(p.weight for p in renew) > sum(p.weight for p in search)
    assert renew[0].said == "续借" and renew[0].description.startswith("borrow")


def test_nothing_alike_gives_no_pairs() -> None:
    assert meaning_pairs("hello", ["Turn the lights in a room on or off."]) == [[]]
    assert meaning_pairs("", ["x"]) == [[]]


def test_a_description_word_in_a_negated_clause_is_no_evidence_for_that_tool() -> None:
    descs = ["估算一趟出租车的价钱；只报价，不会叫车。", "马上叫车，司机来接你。"]
    estimate, hail = meaning_pairs("从机场叫个车去酒店", descs)
    assert estimate == []  # "不会叫车" says what the estimate does not do
    assert [p.written for p in hail] == ["叫车"]
