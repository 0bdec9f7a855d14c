"""fcourse.teaching.reading.value_labels: the words a description gives each enum value; the request's among them."""

from __future__ import annotations


def test_the_words_a_description_pairs_with_each_value_are_read_in_its_usual_shapes() -> None:
    from fcourse.teaching.reading.value_labels import described_labels

    def labels(values: list[str], description: str) -> dict[str, list[str]]:
        return described_labels({"type": "string", "enum": values, "description": description})

    assert labels(["trim", "restyle"], "Cut. trim = tidy the ends; restyle = a whole new shape.") == {
        "trim": ["tidy the ends"], "restyle": ["a whole new shape"]}
    assert labels(["north", "south"], "Branch: north (Hill Street) or south (the harbour).") == {
        "north": ["Hill Street"], "south": ["the harbour"]}
    assert labels(["tea", "coffee"], "饮品：tea为红茶/绿茶，coffee是美式咖啡。") == {
        "tea": ["红茶", "绿茶"], "coffee": ["美式咖啡"]}
    assert labels(["child", "senior"], "child is under 12; senior is 65+.") == {"child": ["under 12"]}  # 65+: no words
    assert labels(["wood", "metal"], "Frame: wood = oak、walnut or pine; metal = steel/brass.") == {
        "wood": ["oak", "walnut", "pine"], "metal": ["steel", "brass"]}  # each item of a list names the value


def test_an_item_the_description_lists_for_one_value_chooses_it_unless_negated_or_the_tools_own_word() -> None:
    from fcourse.teaching.reading.value_labels import label_said

    labels = {"roof": ["瓦片", "天沟"], "wall": ["外墙", "瓷砖"], "floor": ["地板"]}
    kinds = list(labels)
    assert label_said(kinds, labels, "阳台的瓷砖裂了", frozenset()) == ("wall", "瓷砖")
    assert label_said(kinds, labels, "不是瓷砖，是地板翘起来了", frozenset()) == ("floor", "地板")
    assert label_said(kinds, labels, "瓷砖和地板都坏了", frozenset()) is None  # two values: not one
    assert label_said(kinds, labels, "瓷砖裂了", frozenset({"瓷砖"})) is None  # the tool's own word
    # short English items ("ok", "pan") are too common to choose a value
    assert label_said(["a", "b"], {"a": ["ok"], "b": ["pan"]}, "a pan is ok", frozenset()) is None
    assert label_said(["a", "b"], {"a": ["fine"], "b": ["pane"]}, "the window pane", frozenset()) == ("b", "pane")
    assert label_said(["a", "b"], {"a": ["okay"], "b": ["pane"]}, "the window pane is okay", frozenset()) is None



def test_a_content_word_inside_an_item_of_one_value_chooses_it_but_not_a_function_word_or_a_shared_word() -> None:
    from fcourse.teaching.reading.segmenter import segment
    from fcourse.teaching.reading.value_labels import label_word

    labels = {"pests": ["蚂蚁等害虫"], "leak": ["有人报告的漏水"], "noise": ["loud music or parties at night"],
              "mess": ["litter left at night"], "a": ["after a storm"], "b": ["words"]}

    def word(text: str, tool_words: frozenset[str] = frozenset(), negated: list[tuple[int, int]] | None = None,
             values: tuple[str, ...] = ("pests", "leak", "noise", "mess")) -> tuple[str, str, str] | None:
        chinese = [(w, start) for w, start, _ in segment(text) if "\u4e00" <= w[0] <= "\u9fff"]
        return label_word(list(values), labels, text, tool_words, negated or [], chinese)

    assert word("厨房里全是蚂蚁") == ("pests", "蚂蚁", "蚂蚁等害虫")
    assert word("有人在吗") is None  # 有人 "someone" names no thing
    assert word("厨房里全是蚂蚁", frozenset({"蚂蚁"})) is None  # the tool's own word
    assert word("不是蚂蚁", negated=[(0, 4)]) is None
    assert word("the parties upstairs") == ("noise", "parties", "loud music or parties at night")
    assert word("every night") is None  # a word of two values' items
    assert word("just after lunch", values=("a", "b")) is None  # a relation word
    assert word("the 2,000-words essay", values=("a", "b")) is None  # a word glued to a number
