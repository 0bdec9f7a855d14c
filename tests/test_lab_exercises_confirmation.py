"""fcourse.lab.exercises.confirmation: the gate checker accepts a bound, single-use token and nothing less.

The wrong gates are test data (``tests/data/wrong_solutions/confirmation/*.py``), each with the words the
report must contain for it.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest
from wrong_solutions import load

from fcourse.lab.exercises.confirmation import HINTS, SolutionGate, check_confirmation

WRONG = {m.__name__.removeprefix("wrong_confirmation_"): m for m in load("confirmation")}


def failed(gate: Any) -> list[str]:
    return [case.case for case in check_confirmation(gate).failures()]


def test_the_solution_passes_every_case() -> None:
    report = check_confirmation(SolutionGate)
    assert report.passed, report.text()
    assert len(report.cases) == len(HINTS) == 10
    assert report.text().endswith("10/10 cases passed: a changed call cannot ride on the user's confirmation")


def test_there_are_at_least_five_wrong_gates() -> None:
    assert len(WRONG) >= 5


@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_wrong_gate_fails_and_the_report_points_at_its_mistake(name: str) -> None:
    wrong: ModuleType = WRONG[name]
    report = check_confirmation(wrong.Gate)
    assert not report.passed
    assert any(wrong.POINTS_AT in note for note in report.notes), report.notes


def test_the_expected_column_depends_on_the_case_not_on_the_gate() -> None:
    expected = [case.expected for case in check_confirmation(SolutionGate).cases]
    for wrong in WRONG.values():
        assert [case.expected for case in check_confirmation(wrong.Gate).cases] == expected
    assert expected[-2:] == ["False, True", "False, True"]


def test_a_token_not_bound_to_the_arguments_lets_a_changed_amount_through() -> None:
    report = check_confirmation(WRONG["bound_to_user_and_tool"].Gate)
    amount = next(c for c in report.cases if c.case == "amount changed from 600.00 to 899.00")
    assert (amount.expected, amount.got, amount.passed) == ("False", "True", False)
    assert "another order (O-100)" in failed(WRONG["bound_to_user_and_tool"].Gate)


def test_each_plausible_slip_fails_its_own_case() -> None:
    assert failed(WRONG["key_order_matters"].Gate) == ["same arguments, keys in another order"]
    assert failed(WRONG["reusable_token"].Gate) == ["the same token a second time"]
    assert failed(WRONG["burns_on_refusal"].Gate) == ["a tampered attempt, then the real call"]


def test_only_true_and_false_count_as_answers() -> None:
    report = check_confirmation(WRONG["answers_truthy"].Gate)
    assert report.failures() and "(not a bool)" in report.failures()[0].got


def test_a_raising_gate_is_a_failed_case_not_an_exception() -> None:
    report = check_confirmation(WRONG["crashes"].Gate)
    assert not report.passed
    assert all("raised KeyError" in case.got for case in report.cases)


def test_a_gate_that_cannot_be_built_is_reported() -> None:
    def broken() -> Any:
        raise RuntimeError("no database")

    report = check_confirmation(broken)
    assert not report.passed and "raised RuntimeError: no database" in report.cases[0].got
