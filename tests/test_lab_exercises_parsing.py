"""fcourse.lab.exercises.parsing: the extractor checker accepts the reference and the package's defensive
parser, and rejects every committed wrong solution (the count trick among them) with a hint at its mistake."""

from __future__ import annotations

from pathlib import Path

import pytest
from exercise_support import load, reference, wrong_solutions

from fcourse.lab.exercises.parsing import check_extractor, exercise_cases
from fcourse.prompting.parse import parse_prompt_reply


def test_the_reference_passes_every_case() -> None:
    report = check_extractor(reference("extractor").extract_action)
    assert report.passed, report.text()
    assert report.text().endswith("cases passed: exactly one action, or a refusal")


def test_the_package_defensive_parser_passes_too() -> None:
    def defensive(reply: str) -> dict | None:
        parsed = parse_prompt_reply(reply, "defensive")
        return {"action": parsed.name, **parsed.arguments} if parsed.ok else None

    report = check_extractor(defensive)
    assert report.passed, report.text()


@pytest.mark.parametrize("path", wrong_solutions("extractor"), ids=lambda p: p.stem)
def test_a_wrong_solution_fails_and_the_report_points_at_its_mistake(path: Path) -> None:
    module = load(path)
    report = check_extractor(module.extract_action)
    assert not report.passed
    assert module.MISTAKE in report.text(), report.text()


def test_an_extractor_that_raises_is_reported_not_raised() -> None:
    def crashes(reply: str) -> None:
        raise KeyError("action")

    report = check_extractor(crashes)
    assert not any(case.passed for case in report.cases)
    assert "raised KeyError" in report.text()


def test_refusing_everything_fails_exactly_the_one_action_cases() -> None:
    report = check_extractor(lambda reply: None)
    one_action = {case.label for case in exercise_cases() if case.expected is not None}
    assert {case.case for case in report.failures()} == one_action


def test_cases_include_fresh_replies_from_the_teaching_model() -> None:
    sampled = [case for case in exercise_cases() if case.label.startswith("a sampled reply")]
    assert len(sampled) >= 2
    assert {case.expected is None for case in sampled} == {True, False}
