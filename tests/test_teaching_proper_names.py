"""A parameter asking for a name gets the name the user wrote (``fcourse.teaching.proper_names``)."""

from __future__ import annotations

from fcourse.teaching.proper_names import asks_for_a_name, proper_name


def test_which_parameters_ask_for_a_name() -> None:
    assert asks_for_a_name("guest_name", {"type": "string", "description": "Full name of the guest"})
    assert asks_for_a_name("patient", {"type": "string", "description": "患者姓名"})
    assert not asks_for_a_name("username", {"type": "string", "description": "Login name", "pattern": "^[a-z]+$"})
    assert not asks_for_a_name("note", {"type": "string", "description": "Anything to add"})


def test_a_capitalised_name_is_cut_from_the_words_around_it() -> None:
    got = proper_name("Seat my uncle Arjun Mehta at table four tonight", "uncle Arjun Mehta at table four")
    assert got is not None and got[0] == "Arjun Mehta"


def test_a_sentence_opener_is_not_a_name() -> None:
    assert proper_name("Register Olga Petrova for the workshop", None)[0] == "Olga Petrova"
    assert proper_name("Please register my cousin for the workshop", None) is None


def test_a_naming_cue_wins_and_keeps_digits() -> None:
    assert proper_name("add my neighbour, her name is Ines Duarte", None)[0] == "Ines Duarte"
    assert proper_name("a new board called Sprint 12 please", None)[0] == "Sprint 12"
    assert proper_name("登记一位客人，名字叫周杰", None)[0] == "周杰"


def test_a_chinese_personal_name_is_read_by_the_tagger() -> None:
    got = proper_name("帮我给王小明登记一下", "王小明登记")
    assert got is not None and got[0] == "王小明"


def test_two_names_leave_the_choice_to_the_free_text_filler() -> None:
    assert proper_name("Seat Arjun Mehta next to Olga Petrova", "Arjun Mehta") is None


def test_a_weekday_or_month_is_not_a_name() -> None:
    got = proper_name("A table at Pino's on Saturday, please", "at Pino's on Saturday")
    assert got is not None and got[0] == "Pino's"
    assert proper_name("Seat Arjun Mehta in March", None)[0] == "Arjun Mehta"
