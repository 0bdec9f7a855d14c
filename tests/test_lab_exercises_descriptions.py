"""The description exercise: the checker accepts the solution, rejects thieves and do-nothings."""

from __future__ import annotations

import pytest

import fcourse
from fcourse.lab.exercises.descriptions import (
    NEW_TOOL,
    SOLUTION,
    check_description,
    examples,
    exercise_cases,
    tools_with,
)


@pytest.fixture(scope="module")
def connection() -> fcourse.Connection:
    return fcourse.connect("offline", quiet=True)


def test_checker_accepts_the_solution(connection: fcourse.Connection) -> None:
    result = check_description(SOLUTION, connection.client, connection.model)
    assert result.passed, result.text()
    assert result.text().startswith("PASSED: 4/4")
    assert all(row[4] == "yes" for row in result.rows)


def test_checker_rejects_a_description_that_steals_other_cases(connection: fcourse.Connection) -> None:
    thief = ("Invoices, refunds and cancellations: refund a paid order, cancel an unpaid order, or email its "
             "invoice. 发票、退款、取消订单。")
    result = check_description(thief, connection.client, connection.model)
    assert not result.passed
    assert any("stolen by the new tool" in p for p in result.problems)


def test_checker_rejects_a_description_that_routes_nothing(connection: fcourse.Connection) -> None:
    result = check_description("Does useful things.", connection.client, connection.model)
    assert not result.passed
    assert result.text().startswith("NOT YET: 0/4")


@pytest.mark.parametrize("bad", ["", "   ", None, 42])
def test_checker_rejects_non_descriptions(bad: object) -> None:
    result = check_description(bad)
    assert not result.passed and "non-empty string" in result.problems[0]


def test_checked_cases_are_not_the_notebooks_examples() -> None:
    shown = {c.user for c in examples()}
    checked = {c.user for c in exercise_cases()}
    assert shown and not shown & checked
    assert tools_with("x")[-1]["function"] == {**tools_with("x")[-1]["function"], "name": NEW_TOOL, "description": "x"}
