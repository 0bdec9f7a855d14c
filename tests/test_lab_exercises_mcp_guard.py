"""fcourse.lab.exercises.mcp_guard: the guard checker passes the reference as pasted, says so when the reference is
imported instead, keeps its expected column whatever the guard, and reaches every hint. (Each wrong guard in
tests/data/wrong_solutions/check_mcp_guard/ is run by test_lab_exercises_wrong_solutions.py, as the notebook would run
it.)
"""

from __future__ import annotations

from typing import Any

from exercise_support import learner_object, pasted, wrong_solutions

from fcourse.lab.exercises.mcp_guard import HINTS, check_mcp_guard
from fcourse.remote import guard

GUARD = pasted(guard.tool_fingerprint, guard.Guard)["Guard"]
WRONG = [learner_object("check_mcp_guard", s.id.removeprefix("check_mcp_guard/"))
         for s in wrong_solutions("check_mcp_guard")]


def test_the_reference_as_pasted_passes_every_case() -> None:
    report = check_mcp_guard(GUARD)
    assert report.passed, report.text()
    assert len(report.cases) == 23
    expected = [case.expected for case in report.cases[:17]]
    assert expected.count("run") == 2 and expected.count("confirm") == 6 and expected.count("refuse") == 6


def test_the_reference_imported_as_it_is_is_not_the_learner_s_own() -> None:
    assert [case.case for case in check_mcp_guard(guard.Guard).failures()] == ["your own code"]


def test_the_expected_column_does_not_depend_on_the_guard() -> None:
    expected = [case.expected for case in check_mcp_guard(GUARD).cases]
    for wrong in WRONG:
        cases = [case for case in check_mcp_guard(wrong).cases if case.case != "your own code"]
        assert [case.expected for case in cases] == expected


def test_every_hint_can_be_reached() -> None:
    reached = {hint for wrong in WRONG for hint in check_mcp_guard(wrong).hints()}

    class Raises(GUARD):  # type: ignore[misc,valid-type]
        def check(self, server: str, tool: Any) -> str:
            raise AttributeError("annotations")

    reached |= set(check_mcp_guard(Raises).hints())
    assert {f"look at: {hint}" for hint in HINTS.values()} <= reached


def test_a_guard_that_cannot_be_built_is_reported() -> None:
    def broken(**options: Any) -> Any:
        raise TypeError("Guard() takes no arguments")

    report = check_mcp_guard(broken)
    assert not report.passed and "building the guard raised TypeError" in report.cases[0].got
