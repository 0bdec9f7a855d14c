"""fcourse.teaching.reading.freetext: free-text arguments, down to the whole request as a last resort (issue 13)."""

from __future__ import annotations

from fcourse.teaching.reading.analysis import analyse
from fcourse.teaching.reading.freetext import free_text, whole_request


def test_chinese_title_marks_quote_a_value() -> None:
    assert free_text("query", {"type": "string", "description": "Words to look for"},
                     "有没有《百年孤独》的英文版？", frozenset(), []) == ("百年孤独", "quoted text")


def test_the_whole_request_is_the_value_only_when_it_says_more_than_the_routing_words() -> None:
    got = whole_request("Which dishes use leeks and barley?", frozenset())
    assert got is not None and "leeks and barley" in got[0] and got[1].startswith("the whole request")
    assert whole_request("Don't add cream, just leeks please", frozenset()) == ("leeks", got[1])
    anchors = frozenset(t.key for t in analyse("search the catalog").terms)
    assert whole_request("search the catalog", anchors) is None


def test_an_optional_note_is_filled_only_when_the_user_marks_it() -> None:
    schema = {"type": "string", "description": "Anything the staff should know."}
    anchors = frozenset(t.key for t in analyse("book a court").terms)
    assert free_text("notes", schema, "Book a court for six on Friday", anchors, [], required=False) is None
    assert free_text("notes", schema, "Book a court, note: bring rackets", anchors, [], required=False) == (
        "bring rackets", "text after a colon")
    assert free_text("notes", schema, "Book a court for six on Friday", anchors, [], required=True) is not None


def test_a_count_or_a_closing_adverb_is_not_a_free_text_value() -> None:
    schema = {"type": "string", "description": "Name of the venue."}
    anchors = frozenset(t.key for t in analyse("book a venue").terms)
    assert free_text("venue", schema, "Book a venue, the two of us", anchors, []) is None
    assert free_text("venue", schema, "book a venue for now", anchors, []) is None
    zh_anchors = frozenset(t.key for t in analyse("订个场地").terms)
    assert free_text("venue", schema, "订个场地，我们八个人", zh_anchors, []) is None


def test_an_optional_reason_is_the_clause_besides_the_request_or_the_one_after_because() -> None:
    schema = {"type": "string", "description": "Why the customer is cancelling (optional)."}
    anchors = frozenset(t.key for t in analyse("cancel a lesson").terms)

    def reason(text: str, reserved: list[tuple[int, int]] | None = None) -> str | None:
        got = free_text("reason", schema, text, anchors, reserved or [], required=False)
        assert got is None or got[1] == "the clause that gives a reason"
        return got[0] if got else None

    assert reason("Cancel lesson LS-4410, my knee is sore again.", [(14, 21)]) == "my knee is sore again"
    assert reason("My car broke down, so please cancel the lesson.") == "My car broke down"
    assert reason("Cancel the lesson because the ice is too thin") == "the ice is too thin"
    assert reason("课取消吧，孩子发烧了。") == "孩子发烧"  # trailing particles trimmed
    assert reason("Cancel the lesson please.") is None  # one clause: the request itself
    assert reason("Cancel the lesson as soon as you can") is None  # "as" gives no reason
    assert reason("Cancel the lesson, sorry!") is None  # an apology is no reason
    assert reason("Cancel the lesson, can I get my money back?") is None  # a question is no reason
    assert reason("取消LS-4410，LS-4411保留。") is None  # a clause about another booking
    assert reason("Cancel the lesson, don't email me.") is None  # a negated clause
