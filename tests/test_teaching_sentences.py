"""fcourse.teaching.reading.sentences: the whole request against each tool's whole text (issue 13).

The requests and descriptions here are written for these tests and appear in no
case set; they check the mechanism (cross-language meaning, names never read,
negated clauses left out, determinism), not a score.
"""

from __future__ import annotations

from fcourse.teaching.reading.sentences import (
    clearly_closest,
    closest_value,
    partly_negated,
    positive_text,
    sentence_similarities,
    tool_text,
)

KENNEL = {"name": "a", "description": "Book a stay for a dog at the boarding kennel while its owners travel.",
          "parameters": {"type": "object", "properties": {"dog": {"type": "string", "description": "Dog's name"}}}}
TYRES = {"name": "b", "description": "Replace the tyres on a customer's car at the workshop."}
POEM = {"name": "c", "description": "Write a short poem about a subject."}


def test_a_chinese_request_is_closest_to_the_english_description_that_means_it() -> None:
    found = clearly_closest("我们出去旅游的时候，狗狗需要有人照看几天", [TYRES, KENNEL, POEM], 0.2, 0.03)
    assert found is not None and found[0] == 1


def test_the_tool_name_is_never_read() -> None:
    renamed = {**KENNEL, "name": "replace_tyres"}
    assert tool_text(renamed) == tool_text(KENNEL) and "replace_tyres" not in tool_text(renamed)
    assert tool_text(KENNEL).endswith("Dog's name")  # the parameters' descriptions follow the description


def test_negated_clauses_are_left_out_and_a_fully_negated_request_is_kept_whole() -> None:
    assert positive_text("Don't touch the car, just book the dog in") == "book the dog in"
    assert partly_negated("Don't touch the car, just book the dog in")
    assert positive_text("I don't want it") == "I don't want it" and not partly_negated("I don't want it")
    assert positive_text("轮胎先别换，只帮狗狗订个住处") == "帮狗狗订个住处"


def test_nothing_clearly_closest_for_an_unrelated_request_or_a_tie() -> None:
    assert clearly_closest("", [KENNEL], 0.2, 0.03) is None
    assert clearly_closest("Book a stay for a dog at the boarding kennel", [KENNEL, KENNEL], 0.2, 0.03) is None


def test_similarities_are_rounded_and_the_same_every_time() -> None:
    texts = (tool_text(KENNEL), tool_text(TYRES))
    first = sentence_similarities("my car needs new tyres", texts)
    assert first == sentence_similarities("my car needs new tyres", texts)
    assert all(round(s, 3) == s for s in first) and first[1] > first[0]


def test_an_enum_value_is_found_by_what_the_users_words_mean() -> None:
    from fcourse.teaching.deciding.given_enums import ENUM_MEANING

    got = closest_value(("economy", "business", "first"), "给我订个商务舱的座位", *ENUM_MEANING)
    assert got is not None and got[0] == "business" and got[1].startswith("商务")
    got = closest_value(("small", "medium", "large"), "a huge pizza for the party", *ENUM_MEANING)
    assert got is not None and got[0] == "large"
    # nothing in the request means any value: no choice (never a guess between values)
    assert closest_value(("small", "medium", "large"), "a pizza with olives", *ENUM_MEANING) is None
    # a negated clause names no value: "not the big one" does not mean large
    assert closest_value(("small", "medium", "large"), "not the huge one, just cheese", *ENUM_MEANING) is None


def test_a_word_of_the_tools_own_description_alone_means_no_enum_value() -> None:
    from fcourse.teaching.deciding.given_enums import ENUM_MEANING

    kinds = ("standard", "electric", "cargo")
    assert closest_value(kinds, "please hold one for me", *ENUM_MEANING)[0] == "cargo"  # "hold" reads as a ship's
    assert closest_value(kinds, "please hold one for me", *ENUM_MEANING, skip=frozenset({"hold"})) is None


def test_a_value_is_read_as_its_described_words_but_not_from_a_phrase_of_the_tools_own_words() -> None:
    from fcourse.teaching.deciding.given_enums import _description_words

    labels = (("std", "delivery within five working days"), ("exp", "next-day courier delivery"))
    tool_words = _description_words("Book a courier to collect a parcel.")

    def meant(text: str) -> str | None:
        got = closest_value(("std", "exp"), text, 0.5, 0.05, 0.66, labels=labels, skip=tool_words)
        return got[0] if got else None

    assert meant("Book a courier for my parcel, next day please") == "exp"
    assert meant("Book a courier to collect my parcel from 4 Elm Road") is None  # "courier to collect" is the tool
    assert closest_value(("std", "exp"), "Book a courier for my parcel, next day please", 0.5, 0.05, 0.66) is None


def test_a_preposition_alone_means_no_value() -> None:
    from fcourse.teaching.reading.sentences import closest_value

    slots = ("morning", "afternoon", "evening")
    assert closest_value(slots, "Come by after lunch on the 3rd, please", 0.5, 0.05, 0.66) is None
    assert closest_value(slots, "sometime in the afternoon", 0.5, 0.05, 0.66)[0] == "afternoon"
    speeds = ("standard", "express")
    assert closest_value(speeds, "please get a legal text translated", 0.5, 0.05, 0.66) is None  # "get"


def test_a_one_letter_code_is_read_only_as_the_words_the_description_gives_it() -> None:
    from fcourse.teaching.deciding.given_enums import ENUM_MEANING

    sizes = ("xs", "s", "m", "l", "xl")
    labels = (("xs", "extra small"), ("s", "small"), ("m", "medium"), ("l", "large"), ("xl", "extra large"))
    # "son" is no shirt size: alone, the code "s" is a letter, and a letter is alike to any word it starts
    assert closest_value(sizes, "please register my son for the race", *ENUM_MEANING, labels=labels) is None
    got = closest_value(sizes, "a large one for me", *ENUM_MEANING, labels=labels)
    assert got is not None and got[0] == "l"
