"""A context value is the user's to use only when asked for (deciding/asked_for)."""

from __future__ import annotations

from fcourse.teaching.deciding.asked_for import not_asked_for
from fcourse.teaching.policy import decide

RESIZE = {"type": "function", "function": {
    "name": "change_party", "description": "Change the number of guests on an existing table booking.",
    "parameters": {"type": "object", "properties": {
        "booking_id": {"type": "string", "pattern": "^TB-[0-9]{4}$", "description": "Booking id"},
        "guests": {"type": "integer", "description": "New total number of guests", "minimum": 1}},
        "required": ["booking_id", "guests"]}}}


def test_a_parameter_for_a_new_value_never_takes_the_contexts_current_one() -> None:
    # issue 36: "(4 guests)" in the context is what is booked, not the number the user wants now
    assert not_asked_for("guests", {"type": "integer", "description": "New total number of guests"}, True, True,
                         "a few more people might come") is not None
    assert not_asked_for("guests", {"type": "integer", "description": "Number of guests"}, True, True,
                         "book for us") is None
    d = decide({"model": "m", "tools": [RESIZE], "messages": [
        {"role": "system", "content": "Verified: the customer's booking TB-2201 (4 guests)."},
        {"role": "user", "content": "Some friends may join us, can you update the number of guests on our table?"}]})
    assert d.kind == "ask" and d.record["missing"] == {"change_party": ["guests"]}
