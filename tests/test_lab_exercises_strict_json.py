"""fcourse.lab.exercises.strict_json: the strict_loads checker passes the reference as pasted and agrees with the
package's version; it refuses both as they are (not the learner's own), and reports what plain json.loads misses."""

from __future__ import annotations

import json

import pytest
from exercise_support import pasted

from fcourse.lab.exercises import solutions, strict_json
from fcourse.lab.exercises.strict_json import check_strict_loads
from fcourse.prompting.scan import strict_loads


def test_the_reference_as_pasted_passes_every_case_and_the_generated_texts() -> None:
    report = check_strict_loads(pasted(solutions.strict_loads)["strict_loads"])
    assert report.passed, report.text()
    assert report.cases[-1].case.startswith("generated JSON texts (")


def test_the_package_version_agrees_with_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strict_json, "_REFERENCES", {})  # not counted as the learner's shortcut here
    assert check_strict_loads(strict_loads).passed


@pytest.mark.parametrize("borrowed", [solutions.strict_loads, strict_loads], ids=["reference", "package"])
def test_the_reference_or_the_package_version_as_it_is_is_not_the_learner_s_own(borrowed: object) -> None:
    report = check_strict_loads(borrowed)
    assert [case.case for case in report.failures()] == ["your own code"]


def test_plain_json_loads_fails_exactly_the_refusals_it_lets_through() -> None:
    report = check_strict_loads(json.loads)
    assert {case.case for case in report.failures()} == {
        "a key given twice", "a key twice in a nested object", "a key twice in an object inside a list",
        "a key twice, once written with an escape", "NaN", "-Infinity inside a list", "a float that overflows",
        "an overflow written in capitals", "a negative overflow", "an overflow with a small exponent"}


def test_a_difference_only_generated_texts_show_is_reported_shrunk_and_the_same_every_run() -> None:
    reference = pasted(solutions.strict_loads)["strict_loads"]

    def refuses_the_key_id(text: str) -> object:  # right on every named case: none of them has the key "Id"
        if '"Id"' in text:
            raise ValueError("Id is reserved")
        return reference(text)

    first, second = check_strict_loads(refuses_the_key_id), check_strict_loads(refuses_the_key_id)
    assert [case.case.split(" (")[0] for case in first.failures()] == ["generated JSON texts"]
    note = next(note for note in first.notes if note.startswith("first generated input where yours differs"))
    assert '"Id"' in note and len(note) < 200  # shrunk to a small example
    assert first.text() == second.text()  # seeded: the same input, the same report
    assert "keys that differ only in case or length" in first.text()
