"""Chinese words for a result's fields and values (reading/glossary): the sense its neighbours choose (issue 36)."""

from __future__ import annotations

import json
from importlib.resources import files

from fcourse.teaching.reading.glossary import cue_words, is_term, term_zh, unit_zh, value_zh


def test_the_glossary_ships_with_how_it_was_made_and_its_counts() -> None:
    data = json.loads((files("fcourse.teaching.reading") / "data" / "business_glossary.json").read_text("utf-8"))
    assert "no project file" in data["about"] and "2699 terms" in data["about"]
    assert (len(data["terms"]), len(data["values"]), len(data["units"])) == (2699, 758, 224)
    assert all(not senses[-1]["cues"] for table in (data["terms"], data["values"]) for senses in table.values())


def test_the_sense_is_chosen_by_the_neighbouring_fields_and_the_tool() -> None:
    car = cue_words(["reservation_id", "car_class", "create_reservation", "Reserve a rental car."])
    parcel = cue_words(["parcel_id", "Track a parcel for the customer."])
    assert (term_zh(["pickup"], car), term_zh(["pickup"], parcel), term_zh(["pickup"])) == ("取车", "取件", "取货")
    assert term_zh(["return"], car) == "还车" and term_zh(["return"], cue_words(["refund", "order"])) == "退货"
    assert value_zh("active", cue_words(["membership_id"])) == "生效中" and value_zh("active") == "有效"


def test_longer_phrases_first_and_none_when_a_word_is_in_no_glossary() -> None:
    assert term_zh(["car", "class"]) == "车型"  # not 汽车课程: the phrase, not its words one by one
    assert term_zh(["waitlist", "position"]) == "候补排位" and term_zh(["passengers"]) == "乘客"
    assert term_zh(["fasting", "hours"]) is None and term_zh(["zorbing", "date"]) is None  # no label made up
    assert is_term("passenger") and not is_term("zorbing")


def test_values_and_units() -> None:
    assert value_zh("waitlisted") == "候补中" and value_zh("pending_review") == "待审核"
    assert value_zh("out_for_delivery") == "派送中"
    assert value_zh("2025-05") is None and value_zh("Home fibre") is None  # a date, a name: as the tool wrote them
    assert unit_zh("m3") == "立方米" and unit_zh("nights") == "晚" and unit_zh("parsecs") is None


def test_x_of_y_puts_the_owner_first() -> None:
    assert term_zh(["status", "of", "an", "order"]) == "订单的状态"
