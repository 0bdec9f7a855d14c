"""fcourse.lab.exercises.integrity, and the checkers' reach: a learner's code finds no answer in any frame it can
read, cannot import the hidden cases, is told when it is the reference itself, and cannot patch a checker."""

from __future__ import annotations

import importlib
import inspect
import sys
from typing import Any

import pytest
from exercise_support import pasted

import fcourse.lab.exercises.loop as loop_checker
from fcourse.lab.exercises import solutions
from fcourse.lab.exercises.integrity import borrowed
from fcourse.lab.exercises.judging import JUDGEMENTS, check_judge, solution_judge
from fcourse.lab.exercises.loop import check_loop
from fcourse.lab.exercises.report import CheckCase, CheckReport
from fcourse.lab.exercises.strict_json import check_strict_loads

CHECKERS = ("action_check", "claim", "confirmation", "descriptions", "executor", "judging", "loop", "own_cases",
            "parallel", "parsing", "recovery", "responses_loop", "run_call", "strict_json", "tool_call")


def _reachable_locals() -> list[dict[str, Any]]:
    """The locals of every frame in every thread but the caller's own: what a frame-reading learner can see."""
    me = inspect.currentframe().f_back  # type: ignore[union-attr]
    found = []
    for frame in sys._current_frames().values():
        while frame is not None:
            if frame is not me and frame.f_back is not me:
                found.append(dict(frame.f_locals))
            frame = frame.f_back
    return found


def test_a_judge_that_reads_every_frame_finds_no_answer_and_fails() -> None:
    seen: list[str] = []

    def frame_reader(expected: dict, got: dict) -> str:
        for local in _reachable_locals():
            for name, value in local.items():
                if isinstance(value, str) and value in JUDGEMENTS:
                    seen.append(name)
                    return value
        return "right_call"

    report = check_judge(frame_reader)
    assert not report.passed and seen == []  # no frame held a judgement while the learner's judge ran


def test_strict_loads_that_reads_every_frame_finds_no_verdict() -> None:
    suspicious = {"accept", "expected", "wanted", "reference", "right", "want"}
    found: list[str] = []

    def frame_reader(text: str) -> Any:
        found.extend(name for local in _reachable_locals() for name in local if name in suspicious)
        import json

        return json.loads(text)

    assert not check_strict_loads(frame_reader).passed and found == []


@pytest.mark.parametrize("name", ["CASES", "SITUATIONS", "LADDER", "SINGLE", "HINTS", "strict_cases",
                                  "tool_call_cases", "exercise_cases", "action_cases", "run_call_cases"])
def test_the_hidden_cases_are_not_importable_from_the_checkers_that_judge_by_answer(name: str) -> None:
    for module in ("judging", "recovery", "executor", "confirmation", "strict_json", "tool_call", "parsing",
                   "action_check", "run_call"):
        assert not hasattr(importlib.import_module(f"fcourse.lab.exercises.{module}"), name), (module, name)


def test_no_checker_keeps_a_table_of_cases_at_module_level() -> None:
    for module in CHECKERS:
        for attribute, value in vars(importlib.import_module(f"fcourse.lab.exercises.{module}")).items():
            if attribute == "SOLUTION_CASES":  # the revealed solution, not hidden cases
                continue
            tables = isinstance(value, list | tuple) and len(value) >= 3 and all(
                isinstance(row, tuple | dict) for row in value)
            assert not tables, f"fcourse.lab.exercises.{module}.{attribute} is a module-level table of cases"


def test_the_reference_imported_a_wrapper_around_it_and_a_pasted_copy() -> None:
    refs = {"solution_judge": solution_judge}

    def wrapper(expected: dict, got: dict) -> str:
        return solution_judge(expected, got)

    assert borrowed(solution_judge, refs) == "solution_judge"
    assert borrowed(wrapper, refs) == "solution_judge"
    assert borrowed(lambda e, g: wrapper(e, g), refs) == "solution_judge"  # through the learner's own helper
    assert borrowed(pasted(solution_judge)["solution_judge"], refs) is None  # pasted: the learner's own code


def test_a_patched_checker_is_put_back_and_the_report_says_so() -> None:
    original = loop_checker.run_case
    loop_checker.run_case = lambda loop, case, *a, **k: CheckCase(case.name, case.expected, "as expected", True)
    try:
        report = check_loop(lambda *args, **options: [])
    finally:
        restored = loop_checker.run_case
        loop_checker.run_case = original
    assert restored is original
    assert not report.passed and report.cases[0].case == "the checker's own code"
    assert "fcourse.lab.exercises.loop.run_case" in report.text()


def test_a_patched_report_class_is_put_back() -> None:
    original = CheckReport.__dict__["passed"]
    CheckReport.passed = property(lambda self: True)  # type: ignore[assignment,method-assign]
    try:
        report = check_strict_loads(pasted(solutions.strict_loads)["strict_loads"])
    finally:
        restored = CheckReport.__dict__["passed"]
        CheckReport.passed = original  # type: ignore[method-assign]
    assert restored is original
    assert report.cases[0].case == "the checker's own code" and not report.passed


def test_a_patched_reference_is_put_back_before_it_is_compared_with() -> None:
    original = solutions.strict_loads
    solutions.strict_loads = lambda text: {"patched": True}  # type: ignore[assignment]
    try:
        report = check_strict_loads(lambda text: {"patched": True})
    finally:
        restored = solutions.strict_loads
        solutions.strict_loads = original  # type: ignore[assignment]
    assert restored is original and not report.passed
    assert "fcourse.lab.exercises.solutions.strict_loads" in report.text()
