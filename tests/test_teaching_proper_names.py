"""A parameter asking for a name gets the name the user wrote (``fcourse.teaching.reading.proper_names``)."""

from __future__ import annotations

from fcourse.teaching.reading.proper_names import asks_for_a_name, proper_name


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


def test_words_that_are_plainly_no_name_are_not_taken_for_one() -> None:
    from fcourse.teaching.reading.proper_names import not_a_name

    for words in ("June 12", "入住", "有空", "tomorrow at 9", "the blue one"):
        assert not_a_name(words), words
    for words in ("王小明", "Thumper", "Harriet Cole", "海底捞", "mchen"):
        assert not not_a_name(words), words
    assert proper_name("订一间双人房，明天入住，名字张敏。", "入住") == ("张敏", "the name after a naming cue")


def test_a_name_parameter_is_asked_for_rather_than_filled_with_the_words_around_the_request() -> None:
    from test_teaching_policy import ask, tool

    cabin = tool("reserve_cabin", "Reserve a cabin at the lake.", {
        "guest_name": {"type": "string", "description": "Name of the guest."},
        "arrival": {"type": "string", "format": "date", "description": "Arrival day."}}, ["guest_name", "arrival"])
    reply = ask("Reserve a cabin at the lake, arriving June 12", [cabin], "Today is 2031-06-03 (Tuesday).")
    assert reply.kind == "ask" and reply.record["missing"] == {"reserve_cabin": ["guest_name"]}


def test_a_chinese_persons_name_replaces_a_pick_that_holds_no_name() -> None:
    text = "RC-4100 半马，参赛人张伟，生日1985年2月1日"
    assert proper_name(text, "半马") == ("张伟", "written as a name (capitalised words, or a person's name by "
                                                "jieba's tagger)")
    assert proper_name(text, "张伟") is None  # the pick is the name: it stands


def test_the_cached_vocabulary_is_cc_cedicts_lower_case_words_and_their_stems() -> None:
    from fcourse.teaching.reading.proper_names import _read_vocabulary, _vocabulary_and_stems

    words, stems = _vocabulary_and_stems()
    expected_words, expected_stems = _read_vocabulary()
    assert set(words.keys()) == expected_words and set(stems.keys()) == expected_stems
    assert "enroll" in words and "Petrova".lower() not in words


def test_a_self_introduction_with_a_full_name_gives_the_name_beside_other_capitalised_words() -> None:
    # issue 36 (found on the blind set v30): "Old Orchard" is a place; "I'm ..." introduces the person
    text = "Reserve the Blue Lagoon cabin for me. I'm Ines Marquez."
    assert proper_name(text, None) == ("Ines Marquez", "the name after a naming cue")
    assert proper_name("I'm OK with Friday.", None) is None  # one capitalised word is no full name


def test_words_cut_from_a_request_with_a_measure_word_are_no_name_and_a_self_introduction_gives_one() -> None:
    from fcourse.teaching.reading.proper_names import not_a_name, proper_name

    assert not_a_name("家猫咪咪预约个") and not not_a_name("欧阳建国")
    assert proper_name("Could you fit my bike in on Friday? It's Noor Haddad, on 07700 900123.", None) == (
        "Noor Haddad", "the name after a naming cue")
