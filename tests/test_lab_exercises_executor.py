"""Chapter 4's mini_execute exercise: the reference passes, each committed wrong executor fails, pointed at."""

from __future__ import annotations

from types import ModuleType

import pytest
from wrong_solutions import load

from fcourse.lab.exercises.executor import LADDER, SINGLE, check_executor, solution_execute

WRONG = load("mini_execute")


def test_the_reference_passes_every_step() -> None:
    report = check_executor(solution_execute)
    assert report.passed, report.text()
    n = len(LADDER) + len(SINGLE)
    assert report.text().endswith(f"{n}/{n} cases passed: every check answers in order, and errors stay data")


def test_the_ladder_fixes_one_problem_per_step_and_each_code_answers_in_turn() -> None:
    codes = [step[5] for step in LADDER]
    assert codes == ["UNKNOWN_TOOL", "INVALID_ARGUMENT", "INVALID_ARGUMENT", "TOOL_UNAVAILABLE", "EXECUTION_ERROR",
                     "SUCCESS"]
    for before, after in zip(LADDER, LADDER[1:]):
        changed = sum(a != b for a, b in zip(before[1:5], after[1:5]))
        assert changed == 1, (before[0], after[0])


def test_there_are_at_least_five_wrong_executors() -> None:
    assert len(WRONG) >= 5


@pytest.mark.parametrize("wrong", WRONG, ids=lambda m: m.__name__.removeprefix("wrong_mini_execute_"))
def test_a_wrong_executor_fails_and_the_report_points_at_its_mistake(wrong: ModuleType) -> None:
    report = check_executor(wrong.mini_execute)
    assert not report.passed
    assert any(wrong.POINTS_AT in note for note in report.notes), report.notes


def test_an_answer_that_is_not_a_dict_is_a_finding() -> None:
    report = check_executor(lambda registry, call: "ok")
    assert not report.passed and all("must be a dict" in note for note in report.notes)
