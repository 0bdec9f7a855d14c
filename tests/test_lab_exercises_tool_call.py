"""fcourse.lab.exercises.tool_call: chapter 0's checker accepts the reference and rejects every committed wrong one."""

from __future__ import annotations

from pathlib import Path

import pytest
from exercise_support import load, reference, wrong_solutions

from fcourse.lab.exercises.tool_call import check_run_tool_call, tool_call_cases


def test_the_reference_passes_every_case() -> None:
    report = check_run_tool_call(reference("tool_call").run_tool_call)
    assert report.passed, report.text()
    assert len(report.cases) == len(tool_call_cases()) >= 12
    assert report.text().endswith("cases passed: every proposal is checked before it runs")


@pytest.mark.parametrize("path", wrong_solutions("tool_call"), ids=lambda p: p.stem)
def test_a_wrong_solution_fails_and_the_report_points_at_its_mistake(path: Path) -> None:
    module = load(path)
    report = check_run_tool_call(module.run_tool_call)
    assert not report.passed
    assert module.MISTAKE in report.text(), report.text()


def test_a_function_that_raises_on_every_call_fails_every_case_without_raising() -> None:
    def broken(name: str, arguments: str, tools: list, handlers: dict) -> None:
        raise RuntimeError("boom")

    report = check_run_tool_call(broken)
    assert not any(case.passed for case in report.cases)
    assert "raised RuntimeError" in report.text()


def test_refusing_everything_passes_only_the_refusal_cases() -> None:
    report = check_run_tool_call(lambda name, arguments, tools, handlers: {"error": "no"})
    failed = [case.case for case in report.failures()]
    assert failed == ["a valid call", "a valid call with a number"]
