"""fcourse.teaching.deciding.choosing: which of several values a parameter takes (chapter 2)."""

from __future__ import annotations

from fcourse.teaching.deciding.choosing import nearest, pick_candidate
from fcourse.teaching.reading.extract import candidates


def _pick(name: str, description: str, text: str) -> str | None:
    schema = {"type": "string", "description": description}
    got = pick_candidate(name, schema, "place", candidates("place", name, schema, text, 0), text)
    return None if got is None else got.value


def test_direction_words_choose_between_two_places() -> None:
    text = "a cab from the Grand Hyatt to Terminal 2"
    assert _pick("pickup", "Where the rider gets in.", text) == "Grand Hyatt"
    assert _pick("destination", "Where the ride ends.", text) == "Terminal 2"


def test_to_and_from_in_a_description_are_grammar_unless_they_end_it() -> None:
    # "to" in "Street address to collect from" is not a destination; the trailing "from" makes it an origin
    assert _pick("address", "Street address to collect from", "send a box to Oslo") is None
    assert _pick("address", "Street address to collect from", "collect a box from 4 Elm Road") == "4 Elm Road"


def test_the_nearest_value_after_the_focus_wins() -> None:
    cands = candidates("id", "order_id", {"type": "string"}, "refund O-100 and cancel O-200", 0)
    assert nearest(cands, 17).value == "O-200" and nearest(cands, 0).value == "O-100"
