"""fcourse.lab.exercises.mcp_guard: the guard checker passes the reference and names each wrong guard's mistake.

The wrong guards are test data (tests/data/wrong_solutions/mcp_guard/*.py): each docstring's first line says
MISTAKE: or SHORTCUT:, and POINTS_AT is words the report's hints must contain for it.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest
from wrong_solutions import load

from fcourse.lab.exercises.mcp_guard import HINTS, check_mcp_guard
from fcourse.remote.guard import Guard

WRONG = {m.__name__.removeprefix("wrong_mcp_guard_"): m for m in load("mcp_guard")}


def test_the_reference_passes_every_case() -> None:
    report = check_mcp_guard(Guard)
    assert report.passed, report.text()
    assert len(report.cases) == 17
    expected = [case.expected for case in report.cases[:13]]
    assert expected.count("run") == 2 and expected.count("confirm") == 5 and expected.count("refuse") == 5


def test_there_are_plausible_mistakes_and_shortcuts() -> None:
    kinds = [m.__doc__.split(":", 1)[0] for m in WRONG.values()]
    assert set(kinds) == {"MISTAKE", "SHORTCUT"}
    assert kinds.count("MISTAKE") >= 5 and kinds.count("SHORTCUT") >= 2


@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_wrong_guard_fails_and_a_hint_names_its_mistake(name: str) -> None:
    wrong: ModuleType = WRONG[name]
    report = check_mcp_guard(wrong.Guard)
    assert not report.passed
    assert any(wrong.POINTS_AT in hint for hint in report.hints()), report.hints()


def test_the_expected_column_does_not_depend_on_the_guard() -> None:
    expected = [case.expected for case in check_mcp_guard(Guard).cases]
    for wrong in WRONG.values():
        assert [case.expected for case in check_mcp_guard(wrong.Guard).cases] == expected


def test_every_hint_can_be_reached() -> None:
    reached = {hint for m in WRONG.values() for hint in check_mcp_guard(m.Guard).hints()}

    class Raises(Guard):
        def check(self, server: str, tool: Any) -> str:
            raise AttributeError("annotations")

    reached |= set(check_mcp_guard(Raises).hints())
    assert {f"look at: {hint}" for hint in HINTS.values()} <= reached


def test_a_guard_that_cannot_be_built_is_reported() -> None:
    def broken(**options: Any) -> Any:
        raise TypeError("Guard() takes no arguments")

    report = check_mcp_guard(broken)
    assert not report.passed and "building the guard raised TypeError" in report.cases[0].got
