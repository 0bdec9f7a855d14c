"""The description exercise: the checker accepts a description a person would write (the revealed one, as pasted),
routes generated requests beside it, and refuses descriptions that quote its requests or are the solution itself
(test_lab_exercises_wrong_solutions runs every committed wrong description)."""

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

PASTED = "".join(list(SOLUTION))  # the revealed description as a learner pastes it: an equal string of their own


@pytest.fixture(scope="module")
def connection() -> fcourse.Connection:
    return fcourse.connect("offline", quiet=True)


def test_checker_accepts_the_solution(connection: fcourse.Connection) -> None:
    result = check_description(PASTED, connection.client, connection.model)
    assert result.passed, result.text()
    targets = sum(1 for row in result.rows if row[1] == "target")
    assert result.text().startswith(f"PASSED: {targets}/{targets}")
    assert all(row[4] == "yes" for row in result.rows)
    assert result.rows[-1][0].startswith("generated requests (")


def test_the_solution_imported_as_it_is_and_a_description_that_quotes_the_requests_are_refused(
        connection: fcourse.Connection) -> None:
    assert "the revealed solution itself" in check_description(SOLUTION, connection.client, connection.model).text()
    stuffed = "Send the invoice. " + " / ".join(c.user for c in exercise_cases() if c.calls and
                                                 c.calls[0].name == NEW_TOOL)
    assert "quotes the checker's own requests" in check_description(stuffed, connection.client, connection.model).text()


def test_rows_compare_outcome_labels_not_reply_text(connection: fcourse.Connection) -> None:
    result = check_description(PASTED, connection.client, connection.model)
    labels = {"ask", "answer", "refund_order", "cancel_order", "track_shipment", "get_weather", "search_web",
              NEW_TOOL}
    for _, role, wanted, got, _ in result.rows:
        if role == "generated":
            continue
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
