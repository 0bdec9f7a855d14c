"""fcourse.lab.exercises.run_call: the run_call checker accepts the reference and the package's execute_call,
and rejects every committed wrong solution (a leaked secret, a traceback, a missing check) with a hint."""

from __future__ import annotations

from pathlib import Path

import pytest
from exercise_support import load, reference, wrong_solutions

from fcourse.lab.exercises.run_call import SECRET, check_run_call, run_call_cases
from fcourse.protocol.execute import execute_call


def test_the_reference_passes_every_case() -> None:
    report = check_run_call(reference("run_call").run_call)
    assert report.passed, report.text()
    assert report.text().endswith("cases passed: every call is checked, every failure is a result")


def test_the_package_execute_call_passes_too() -> None:
    report = check_run_call(lambda call, tools, handlers: execute_call(call, handlers, tools).content)
    assert report.passed, report.text()


@pytest.mark.parametrize("path", wrong_solutions("run_call"), ids=lambda p: p.stem)
def test_a_wrong_solution_fails_and_the_report_points_at_its_mistake(path: Path) -> None:
    module = load(path)
    report = check_run_call(module.run_call)
    assert not report.passed
    assert module.MISTAKE in report.text(), report.text()
    assert SECRET not in report.text()  # the report itself does not repeat the secret


def test_every_error_kind_is_checked() -> None:
    assert {case.code for case in run_call_cases()} == {None, "UNKNOWN_TOOL", "INVALID_ARGUMENT", "EXECUTION_ERROR"}
