"""fcourse.lab.exercises.parsing: the extractor checker passes the reference as pasted and agrees with the package's
defensive parser; the replies include fresh ones from the teaching model and generated ones."""

from __future__ import annotations

import pytest
from exercise_support import pasted

from fcourse.lab.exercises import parsing, solutions
from fcourse.lab.exercises.parsing import check_extractor
from fcourse.prompting.parse import parse_prompt_reply


def test_the_reference_as_pasted_passes_every_case_and_the_generated_replies() -> None:
    report = check_extractor(pasted(solutions.extract_action)["extract_action"])
    assert report.passed, report.text()
    assert report.cases[-1].case.startswith("generated replies (")
    assert report.text().endswith("cases passed: exactly one action, or a refusal")


def test_the_package_defensive_parser_agrees(monkeypatch: pytest.MonkeyPatch) -> None:
    def defensive(reply: str) -> dict | None:
        parsed = parse_prompt_reply(reply, "defensive")
        return {"action": parsed.name, **parsed.arguments} if parsed.ok else None

    monkeypatch.setattr(parsing, "_REFERENCES", {})  # not counted as the learner's shortcut here
    report = check_extractor(defensive)
    assert report.passed, report.text()


def test_an_extractor_that_raises_is_reported_not_raised() -> None:
    def crashes(reply: str) -> None:
        raise KeyError("action")

    report = check_extractor(crashes)
    assert not any(case.passed for case in report.cases)
    assert "raised KeyError" in report.text()


def test_refusing_everything_fails_exactly_the_replies_with_one_action() -> None:
    report = check_extractor(lambda reply: None)
    assert report.failures() and all(case.expected != "None (refuse)" for case in report.failures())
    assert {case.case for case in report.cases if case.expected != "None (refuse)"} == \
        {case.case for case in report.failures()}


def test_cases_include_fresh_replies_from_the_teaching_model() -> None:
    report = check_extractor(lambda reply: None)
    sampled = [case for case in report.cases if case.case.startswith("a sampled reply")]
    assert len(sampled) >= 2
    assert {case.expected == "None (refuse)" for case in sampled} == {True, False}
