"""One fact as one sentence a person writes (wording/clauses): verbs, units, places in a queue (issue 36)."""

from __future__ import annotations

from fcourse.teaching.reading.glossary import cue_words
from fcourse.teaching.wording.facts import read_result
from fcourse.teaching.wording.phrasing import sentence


def _en(result: dict[str, object]) -> str:
    return sentence(read_result(result), zh=False)


def test_a_label_that_is_a_verb_gets_a_subject_and_a_preposition_never_the_x_is_y() -> None:
    assert _en({"departs": "2025-06-02T08:15"}) == "It departs on 2 June 2025 at 08:15."
    assert _en({"starts_at": "18:00"}) == "It starts at 18:00."
    assert _en({"ended_at": "16:05"}) == "It ended at 16:05."
    assert _en({"added": ["milk", "eggs"], "failed": ["flour"]}) == "Added: milk and eggs. Failed: flour."


def test_a_unit_inside_a_label_goes_after_its_number() -> None:
    assert _en({"arrive_minutes_early": 10}) == "Arrive 10 minutes early."
    assert _en({"duration_minutes": 47}) == "The duration is 47 minutes."
    assert _en({"estimated_hours": 5}) == "Estimated: 5 hours."


def test_a_place_in_a_queue_a_count_and_a_flag() -> None:
    assert _en({"waitlist_position": 3}) == "It is number 3 on the waitlist."
    assert _en({"passengers": 2}) == "Passengers: 2."
    assert _en({"auto_extend": False, "in_stock": True}) == "It will not auto extend. It is in stock."


def test_an_amount_with_its_currency_is_one_value() -> None:
    assert _en({"total": {"amount": 184.5, "currency": "EUR"}}) == "The total is 184.50 EUR."


def test_chinese_labels_and_statuses_from_the_glossary_and_no_label_made_up() -> None:
    result = {"reservation_id": "CR-1", "car_class": "compact",
              "pickup": {"location": "T2", "time": "2025-05-03 09:00"}, "status": "confirmed", "zorbs": 3}
    cues = cue_words([*result, "create_reservation", "Reserve a rental car."])
    assert sentence(read_result(result), zh=True, cues=cues) == \
        "预订编号是CR-1。车型是紧凑型。取车：T2，2025年5月3日 09:00。状态是已确认。3。"
    assert sentence(read_result({"fasting_hours": 12, "valid_until": "2025-05-15"}), zh=True) == \
        "12小时。有效期至2025年5月15日。"
    assert sentence(read_result({"note": "ring the bell twice"}), zh=True) == "备注是「ring the bell twice」。"


def test_a_phrasal_verb_a_plural_count_and_a_participle_flag() -> None:
    assert _en({"check_in": "2025-07-01"}) == "The check-in is 1 July 2025."
    assert _en({"pay_by": "2025-07-01"}) == "Pay by 1 July 2025."
    assert _en({"nights": 3}) == "Nights: 3."
    assert _en({"breakfast_included": True, "parking_included": False}) == \
        "Breakfast is included. Parking is not included."


def test_what_is_left_a_day_a_verb_starts_at_and_a_flag_that_says_what_to_do() -> None:
    assert _en({"spots_left": 4, "seats_remaining": 1}) == "There are 4 spots left. There is 1 seat remaining."
    assert _en({"starts_at": "2025-04-09T12:00"}) == "It starts on 9 April 2025 at 12:00."
    assert _en({"bring_towel": True, "parking_included": False}) == "Bring towel. Parking is not included."
    assert sentence(read_result({"bring_towel": True, "status": "booked"}), zh=True) == "状态是已预订。"


def test_a_participle_flag_a_plural_noun_with_text_and_a_state_in_chinese() -> None:
    assert _en({"deposit_paid": False, "notes": "bring x-rays"}) == "Deposit is not paid. Notes: bring x-rays."
    assert _en({"expires": "2025-06-30"}) == "It expires on 30 June 2025."
    assert sentence(read_result({"enrolled": True, "frozen": False}), zh=True) == "已报名。未冻结。"


def test_a_thing_known_by_its_number_is_said_with_the_number_after_its_name() -> None:
    assert _en({"gate": 12}) == "It is gate 12."
    assert _en({"platform": "4B"}) == "It is platform 4B."
    assert _en({"gate": "North entrance"}) == "The gate is North entrance."  # a name, not a number
