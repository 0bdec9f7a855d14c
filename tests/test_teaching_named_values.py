"""Values the user labels in passing (``fcourse.teaching.reading.named_values``)."""

from __future__ import annotations

from fcourse.teaching.reading.named_values import inline_label

RUNNER = {"type": "string", "description": "Full name of the runner as it should appear on the bib."}
LOGIN = {"type": "string", "description": "The account's username."}


def test_a_labelled_name_runs_on_over_its_capitalised_words() -> None:
    got = inline_label("runner_name", RUNNER, "Register my son too. His name is Kofi Osei, born 2013-04-22.")
    assert got == ("Kofi Osei", "His name")


def test_a_labelled_value_that_is_no_name_is_one_token() -> None:
    assert inline_label("username", LOGIN, "I forgot my password, my username is mchen Please help") == (
        "mchen", "my username")
    assert inline_label("username", LOGIN, "my username is MChen.") == ("MChen", "my username")


def test_a_value_named_by_its_own_negation_is_no_refusal() -> None:
    from fcourse.teaching.reading.named_values import enum_value

    fault = {"type": "string", "enum": ["no_signal", "cracked_case", "water_damage"], "description": "Fault"}
    assert enum_value("fault", fault, ["The radio is dead, no signal at all since Monday."]) == (
        "no_signal", 0, "enum value 'no_signal' in the text")
    assert enum_value("fault", fault, ["There is no water damage, it just stopped."]) is None  # a refusal still
