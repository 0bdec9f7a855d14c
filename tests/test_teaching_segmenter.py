"""Negation-safe Chinese segmentation (fcourse.teaching.reading.segmenter)."""

from __future__ import annotations

from fcourse.teaching.reading.segmenter import is_negation, segment


def words(text: str) -> list[str]:
    return [w for w, _, _ in segment(text)]


def test_a_negation_is_not_swallowed_into_the_verb_it_negates() -> None:
    assert words("先别订") == ["先别", "订"]
    assert words("别碰")[:1] == ["别"]
    assert words("不要取消") == ["不要", "取消"]


def test_negation_words_themselves_stay_whole() -> None:
    assert words("我不想退款") == ["我", "不想", "退款"]
    assert is_negation("不要") and is_negation("别") and not is_negation("取消")


def test_offsets_point_back_into_the_text() -> None:
    text = "O-700 先别退，我再想想"
    assert all(text[s:e] == w for w, s, e in segment(text))
    assert "".join(words(text)) == text


def test_a_pronoun_jieba_glued_to_a_guessed_verb_stands_alone() -> None:
    from fcourse.teaching.reading.analysis import segment as analysis_segment
    from fcourse.teaching.reading.segmenter import segment

    assert [w for w, _, _ in segment("帮我查一下物流")][:3] == ["帮", "我", "查"]
    assert [w for w, _, _ in analysis_segment("你查一下物流")][:2] == ["你", "查"]
    assert [w for w, _, _ in segment("我们明天去")][0] == "我们"  # a dictionary word stays whole


def test_function_words_are_the_ones_jieba_tags_as_naming_no_thing() -> None:
    from fcourse.teaching.reading.segmenter import function_word

    assert function_word("有人") and function_word("已经") and function_word("我们")
    assert not function_word("蚂蚁") and not function_word("漏水")


def test_the_cached_tables_are_what_jieba_reads_from_its_dictionary() -> None:
    """The frequencies, total and tags opened from the resource cache equal jieba's own parse, entry by entry."""
    import io

    from fcourse.teaching.reading import segmenter

    cached = segmenter._tables()
    text = segmenter._dictionary().read_text(encoding="utf-8")
    freq, total = segmenter._import_jieba().Tokenizer.gen_pfdict(io.BytesIO(text.encode("utf-8")))
    assert cached["total"] == total
    assert all(cached["freq"].get(word) == value for word, value in freq.items())
    from_text = segmenter._tables_from_text(text)
    assert all(cached["tags"].get(word) == tag for word, tag in from_text["tags"].items())
    assert cached["negated_verbs"] == from_text["negated_verbs"] and "别碰" in cached["negated_verbs"]
    assert cached["function_words"] == from_text["function_words"]


def test_the_tagger_and_both_tokenizers_share_one_dictionary() -> None:
    from fcourse.teaching.reading import segmenter

    base = segmenter.base_tokenizer()
    assert segmenter._tagger().tokenizer is base
    assert segmenter.pos_cut("北京今天天气怎么样") == [("北京", "ns"), ("今天天气", "i"), ("怎么样", "r")]
    private = segmenter._tokenizer()
    assert private.FREQ.get("别碰") == 0 and base.FREQ.get("别碰")  # removed from the negation-safe one only
