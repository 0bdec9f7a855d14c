"""fcourse.lab.exercises.action_check: the validate_action checker accepts the reference and the package's schema
check, and rejects every committed wrong solution with a hint at its mistake."""

from __future__ import annotations

from pathlib import Path

import pytest
from exercise_support import load, reference, wrong_solutions

from fcourse.lab.exercises.action_check import action_cases, check_validate_action
from fcourse.prompting.parse import parse_prompt_reply


def test_the_reference_passes_every_case() -> None:
    report = check_validate_action(reference("validate_action").validate_action)
    assert report.passed, report.text()
    assert report.text().endswith("cases passed: only valid calls may run")


def test_the_package_schema_check_passes_too() -> None:
    import json

    def package(action: dict, tools: list) -> list[str]:
        parsed = parse_prompt_reply(json.dumps(action), "naive", tools=tools)
        return [] if parsed.ok else [parsed.error or "refused"]

    assert check_validate_action(package).passed


@pytest.mark.parametrize("path", wrong_solutions("validate_action"), ids=lambda p: p.stem)
def test_a_wrong_solution_fails_and_the_report_points_at_its_mistake(path: Path) -> None:
    module = load(path)
    report = check_validate_action(module.validate_action)
    assert not report.passed
    assert module.MISTAKE in report.text(), report.text()


def test_accepting_everything_fails_exactly_the_refusal_cases() -> None:
    report = check_validate_action(lambda action, tools: [])
    assert {case.case for case in report.failures()} == {case.label for case in action_cases() if not case.accept}


def test_a_result_that_is_not_a_list_is_refused() -> None:
    report = check_validate_action(lambda action, tools: None)
    assert not report.passed and "return a list" in report.text()
