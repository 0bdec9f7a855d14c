"""fcourse.lab.exercises.action_check: the validate_action checker passes the reference as pasted and the package's
schema check, with values on both sides of every bound and generated schemas; it never edits what it is given."""

from __future__ import annotations

import json

import pytest
from exercise_support import pasted

from fcourse.lab.exercises import action_check, solutions
from fcourse.lab.exercises.action_check import check_validate_action
from fcourse.prompting.parse import parse_prompt_reply


def test_the_reference_as_pasted_passes_every_case_and_the_generated_ones() -> None:
    report = check_validate_action(pasted(solutions.validate_action)["validate_action"])
    assert report.passed, report.text()
    assert report.cases[-1].case.startswith("generated schemas and actions (")
    assert report.text().endswith("cases passed: only valid calls may run")


def test_the_package_schema_check_agrees(monkeypatch: pytest.MonkeyPatch) -> None:
    def package(action: dict, tools: list) -> list[str]:
        parsed = parse_prompt_reply(json.dumps(action), "naive", tools=tools)
        return [] if parsed.ok else [parsed.error or "refused"]

    monkeypatch.setattr(action_check, "_REFERENCES", {})
    assert check_validate_action(package).passed


def test_accepting_everything_fails_exactly_the_refusal_cases() -> None:
    report = check_validate_action(lambda action, tools: [])
    assert report.failures() and all(case.expected == "a list of problems" for case in report.failures())
    assert {"a month of 0", "a month of 13", "an amount of exactly 0", "true where an integer belongs"} <= \
        {case.case for case in report.failures()}


def test_refusing_everything_fails_the_floats_and_the_values_at_a_bound() -> None:
    report = check_validate_action(lambda action, tools: ["no"])
    assert {"an amount with decimals", "an amount just above 0", "month 1, the minimum", "month 12, the maximum"} <= \
        {case.case for case in report.failures()}


def test_a_result_that_is_not_a_list_is_refused() -> None:
    report = check_validate_action(lambda action, tools: None)
    assert not report.passed and "return a list" in report.text()
