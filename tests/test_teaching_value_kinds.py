"""A value of the kind its parameter names (deciding/value_kinds): a plate is a code, never words (issue 36)."""

from __future__ import annotations

from fcourse.teaching.deciding.value_kinds import code_in, code_in_context, is_code, names_code
from fcourse.teaching.policy import decide

WASH = {"type": "function", "function": {
    "name": "book_wash", "description": "Book a car wash for a vehicle.",
    "parameters": {"type": "object", "properties": {
        "bay": {"type": "string", "pattern": "^\\d{1,2}$", "description": "Wash bay number, e.g. 4"},
        "registration": {"type": "string", "description": "Car registration"},
        "minutes": {"type": "integer", "description": "How long, in minutes"}},
        "required": ["bay", "registration", "minutes"]}}}


def test_a_parameter_naming_an_identifier_takes_a_code() -> None:
    assert names_code("registration", {"type": "string", "description": "Car registration"})
    assert names_code("plate", {"type": "string", "description": "车牌号"})
    assert names_code("ref", {"type": "string", "description": "Booking reference"})
    assert not names_code("guests", {"type": "string", "description": "Number of guests"})  # a count
    assert not names_code("phone", {"type": "string", "description": "Phone number"})
    assert not names_code("note", {"type": "string", "description": "Anything the washer should know"})
    assert not names_code("engraving", {"type": "string", "description": "Text engraved on a small plate."})


def test_a_code_has_digits_and_letters_and_may_start_with_a_province() -> None:
    assert is_code("KX21 LMN") and is_code("粤B12345") and is_code("AB-1234") and is_code("123456")
    assert not is_code("two hours") and not is_code("23") and not is_code("在23区停车")
    assert code_in("在4号位给粤B12345洗一个小时", {"4"}) == ("粤B12345", 5, 12)
    assert code_in("wash it in bay 4 for an hour", {"4"}) is None  # no code: asked, never words
    assert code_in("GH15 ABC or KX21 LMN", set()) is None  # two codes: not one to take


def test_the_context_gives_a_code_after_a_label_that_names_the_parameter() -> None:
    schema = {"type": "string", "description": "Car registration"}
    assert code_in_context("registration", schema, "Customer: Jo. Registered car: GH15 ABC.") == ("GH15 ABC",
                                                                                                 "Registered car")
    assert code_in_context("registration", schema, "Customer: Jo. Member since 2019.") is None


def test_words_cut_from_the_sentence_never_fill_a_code_the_context_does() -> None:
    context = {"role": "system", "content": "Logged-in driver: Jo. Registered car: GH15 ABC."}
    reply = decide({"model": "fcourse-teacher", "tools": [WASH],
                    "messages": [context, {"role": "user", "content": "Wash it in bay 4 for forty minutes."}]})
    assert [c.arguments for c in reply.tool_calls] == [{"bay": "4", "registration": "GH15 ABC", "minutes": 40}]
    zh = decide({"model": "fcourse-teacher", "tools": [WASH],
                 "messages": [{"role": "user", "content": "在4号位给粤B12345洗四十分钟"}]})
    assert [c.arguments["registration"] for c in zh.tool_calls] == ["粤B12345"]


def test_a_phone_number_the_user_gives_as_one_is_no_code_of_anything_else() -> None:
    from fcourse.teaching.reading.extract import candidates, contact_spans

    text = "Please move booking 40231 to Friday. My mobile is 0151 2223344 if anything comes up."
    assert [text[a:b] for a, b in contact_spans(text)] == ["0151 2223344"]
    assert code_in(text, set()) == ("40231", 20, 25)
    booking = {"type": "string", "pattern": "^[0-9]{4,12}$", "description": "Booking reference"}
    assert [c.value for c in candidates("pattern", "booking_ref", booking, text, 0)] == ["40231"]
    phone = {"type": "string", "pattern": "^[0-9 ]{6,15}$", "description": "Contact phone"}
    assert [c.value for c in candidates("pattern", "contact_phone", phone, text, 0)] == ["0151 2223344"]
    zh = "把订单 56071 改到周五，我的手机号是 13900001111。"
    assert code_in(zh, set())[0] == "56071"


def test_a_number_said_to_be_another_kind_of_number_is_not_taken() -> None:
    from fcourse.teaching.reading.extract import introduced_as_other

    text = "Please drop my reservation for the kayak. My membership number is 77120431."
    at = text.index("7712")
    assert introduced_as_other(text, at, "reservation_id The reservation id")
    assert not introduced_as_other(text, at, "member_no Membership number")
    zh = "帮我退掉这张票，我的会员号是 88213。"
    assert introduced_as_other(zh, zh.index("882"), "ticket_id 票号") and not introduced_as_other(
        zh, zh.index("882"), "member_id The member's id")


def test_a_phone_with_no_number_and_a_question_as_a_search_query_are_not_their_parameters_kind() -> None:
    from fcourse.teaching.deciding.value_kinds import QUESTION_AS_QUERY, misfits

    props = {"phone": {"type": "string", "description": "Contact phone"},
             "query": {"type": "string", "description": "Search words"}}
    assert misfits({"phone": "有事就打我", "query": "what muscles does rowing work"}, props) == {
        "phone": "a phone number has digits", "query": QUESTION_AS_QUERY}
    assert misfits({"phone": "+44 7700 900123", "query": "rowing machines"}, props) == {}
    assert misfits({"query": "which rowing machines"}, props, "Which rowing machines do you sell?") == {}


def test_a_phone_by_its_shape_or_my_number_is_no_booking_and_a_kept_id_is_never_acted_on() -> None:
    from fcourse.teaching.reading.dates import clock_spans
    from fcourse.teaching.reading.exclusion import excluded_values
    from fcourse.teaching.reading.extract import contact_spans

    text = "cancel the lesson on friday, it's booked under my number 07911 123456"
    assert [text[a:b] for a, b in contact_spans(text)] == ["07911 123456"]
    assert code_in(text, set()) is None
    assert excluded_values("cancel the kayaks but leave KY-12 alone") == {"KY-12"}
    assert excluded_values("都取消吧，KY-12 先留着") == {"KY-12"}
    assert clock_spans("改到下周一同一时间") == () and clock_spans("第一时间告诉我") == ()
