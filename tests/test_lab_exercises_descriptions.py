"""The description exercise: the checker accepts a description a person would write, and rejects the wrong ones.

The wrong descriptions are test data (``tests/data/wrong_solutions/descriptions.json``): each must fail,
with a problem line that points at its mistake.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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

WRONG = json.loads((Path(__file__).parent / "data" / "wrong_solutions" / "descriptions.json").read_text("utf-8"))


@pytest.fixture(scope="module")
def connection() -> fcourse.Connection:
    return fcourse.connect("offline", quiet=True)


def test_checker_accepts_the_solution(connection: fcourse.Connection) -> None:
    result = check_description(SOLUTION, connection.client, connection.model)
    assert result.passed, result.text()
    targets = sum(1 for row in result.rows if row[1] == "target")
    assert result.text().startswith(f"PASSED: {targets}/{targets}")
    assert all(row[4] == "yes" for row in result.rows)


def test_there_are_at_least_five_wrong_descriptions() -> None:
    assert len(WRONG["wrong"]) >= 5


@pytest.mark.parametrize("wrong", WRONG["wrong"], ids=lambda w: w["name"])
def test_a_wrong_description_fails_with_a_message_that_points_at_it(connection: fcourse.Connection,
                                                                     wrong: dict[str, Any]) -> None:
    result = check_description(wrong["description"], connection.client, connection.model)
    assert not result.passed
    assert result.text().startswith("NOT YET")
    assert any(wrong["points_at"] in problem for problem in result.problems), result.problems


def test_rows_compare_outcome_labels_not_reply_text(connection: fcourse.Connection) -> None:
    result = check_description(SOLUTION, connection.client, connection.model)
    labels = {"ask", "answer", "refund_order", "cancel_order", "track_shipment", "get_weather", "search_web",
              NEW_TOOL}
    for _, _, wanted, got, _ in result.rows:
        assert set(wanted.split("+")) <= labels and set(got.split("+")) <= labels


@pytest.mark.parametrize("bad", ["", "   ", None, 42])
def test_checker_rejects_non_descriptions(bad: object) -> None:
    result = check_description(bad)
    assert not result.passed and "non-empty string" in result.problems[0]


def test_checked_cases_are_not_the_notebooks_examples() -> None:
    shown = {c.user for c in examples()}
    checked = {c.user for c in exercise_cases()}
    assert shown and not shown & checked
    assert tools_with("x")[-1]["function"] == {**tools_with("x")[-1]["function"], "name": NEW_TOOL, "description": "x"}


def test_two_other_requests_mention_an_invoice_and_want_another_tool() -> None:
    others = [c for c in exercise_cases() if all(call.name != NEW_TOOL for call in c.calls)]
    assert sum(("invoice" in c.user.lower() or "发票" in c.user) for c in others) >= 2
