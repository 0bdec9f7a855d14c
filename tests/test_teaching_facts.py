"""Tool results read as facts (wording/facts): what a result is about, and what it says."""

from __future__ import annotations

from fcourse.teaching.wording.facts import read_result, unwrap


def test_a_field_repeating_the_calls_argument_is_the_subject_not_a_fact() -> None:
    reading = read_result({"city": "Berlin", "temp_c": 3, "condition": "light snow"}, {"city": "Berlin"})
    assert reading.subject is not None and reading.subject.value == "Berlin"
    assert [(f.label.en, f.kind, f.value) for f in reading.facts] == [
        ("temperature", "number", 3), ("condition", "text", "light snow")]


def test_every_field_is_a_fact_even_one_repeating_the_call_only_a_place_leads() -> None:
    # issue 36: every field of a small result is said (a booking's start time was dropped as an echo of the call)
    same = read_result({"user_id": 1001, "month": 4, "total": 0.0}, {"user_id": 1001, "month": 4})
    assert [f.label.en for f in same.facts] == ["user ID", "month", "total"] and same.subject is None
    booked = read_result({"pet_name": "Rex", "start_time": "10:30", "vet": "Dr. Lee"},
                         {"pet_name": "Rex", "start_time": "10:30"})
    assert [f.value for f in booked.facts] == ["Rex", "10:30", "Dr. Lee"]


def test_a_runtime_envelope_gives_its_data_and_message() -> None:
    assert unwrap({"status": "SUCCESS", "data": {"a": 1}, "message": "ok"}) == ({"a": 1}, "ok")
    assert unwrap({"status": "fine"}) == ({"status": "fine"}, None)  # no data: not an envelope
    reading = read_result({"status": "SUCCESS", "data": {"refund_id": "R-1"}, "message": "refunded"})
    assert reading.extra == {"message": "refunded"} and reading.facts[0].value == "R-1"


def test_a_list_of_records_is_items_and_an_empty_list_is_none_found() -> None:
    books = read_result([{"title": "Dune", "author": "Herbert"}, {"title": "Emma", "author": "Austen"}])
    (fact,) = books.facts
    assert fact.kind == "items" and fact.value == 2
    assert [item.subject.value for item in fact.items if item.subject] == ["Dune", "Emma"]
    assert read_result([]).facts[0].value == 0


def test_a_plain_text_result_takes_its_subject_from_the_call_unless_it_says_it() -> None:
    assert read_result("Cloudy, 25°C", {"city": "Beijing"}).subject.value == "Beijing"  # type: ignore[union-attr]
    assert read_result("Beijing is cloudy", {"city": "Beijing"}).subject is None
    assert read_result("Cloudy", {}).text == "Cloudy"
