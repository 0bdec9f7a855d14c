"""fcourse.lab.exercises.claim: the claim checker races real processes on a real SQLite file."""

from __future__ import annotations

from types import ModuleType

import pytest
from wrong_solutions import load

from fcourse.lab.exercises.claim import SOLUTION_SCHEMA, check_claim, race_claim, solution_claim

WRONG = {m.__name__.removeprefix("wrong_claim_"): m for m in load("claim")}
naive = WRONG["naive_read_then_write"]


def test_the_solution_passes_with_one_refund_per_key() -> None:
    report = check_claim(solution_claim, SOLUTION_SCHEMA, tries=40)
    assert report.passed, report.text()
    assert report.race is not None and report.race.single == 40 and report.race.doubles == 0
    assert report.text().endswith("6/6 cases passed: the claim holds")


def test_the_naive_claim_is_rejected_because_the_race_refunds_twice() -> None:
    # a race is a race: allow a few rounds, but every rejection must come from a counted double refund
    for _ in range(5):
        report = check_claim(naive.claim, naive.SCHEMA, tries=40)
        assert report.race is not None
        if report.race.doubles > 0:
            break
    assert report.race.doubles > 0
    assert not report.passed
    assert report.race.extra_effects >= report.race.doubles
    # the sequential cases cannot see the bug: only the race does
    assert all(case.passed for case in report.cases[:4])
    assert "twice or more" in report.failures()[0].got


def test_a_claim_that_never_claims_serves_nobody() -> None:
    report = check_claim(WRONG["never_claims"].claim, SOLUTION_SCHEMA, tries=10)
    assert not report.passed
    assert report.race is not None and report.race.missing == 10 and report.race.doubles == 0
    assert report.cases[0].got == "False"


def test_a_constraint_without_a_transaction_raises_instead_of_answering() -> None:
    for _ in range(5):
        report = check_claim(WRONG["constraint_without_a_transaction"].claim, SOLUTION_SCHEMA, tries=40)
        assert report.race is not None and report.race.doubles == 0  # the constraint did stop the double
        if report.race.errors:
            break
    assert not report.passed
    assert "IntegrityError" in report.race.errors[0]
    assert any(note.startswith("first error: ") for note in report.notes)


def test_an_open_transaction_is_rolled_back_and_reported() -> None:
    report = check_claim(WRONG["forgets_to_commit"].claim, SOLUTION_SCHEMA, tries=5)
    assert not report.passed
    assert "transaction left open" in report.cases[0].got
    assert report.race is not None
    assert any("transaction still open" in error for error in report.race.errors)


def test_a_broken_schema_is_reported_not_raised() -> None:
    report = check_claim(solution_claim, "CREATE TABLE claims (", tries=5)
    assert not report.passed
    assert report.cases[0].case == "create the schema"
    assert report.race is not None and report.race.problem is not None


def test_a_lambda_cannot_travel_to_the_workers() -> None:
    with pytest.raises(TypeError, match="def"):
        race_claim(lambda conn, key: True, SOLUTION_SCHEMA, tries=1)


def test_a_race_needs_two_workers() -> None:
    with pytest.raises(ValueError):
        race_claim(solution_claim, SOLUTION_SCHEMA, workers=1)


def test_there_are_at_least_five_wrong_claims() -> None:
    assert len(WRONG) >= 5


@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_wrong_claim_fails_and_the_report_points_at_its_mistake(name: str) -> None:
    wrong: ModuleType = WRONG[name]
    for _ in range(3):  # a race is a race: a rare lucky run is retried, a pass every time is a failure
        report = check_claim(wrong.claim, wrong.SCHEMA, tries=30)
        if not report.passed:
            break
    assert not report.passed
    assert any(wrong.POINTS_AT in note for note in report.notes), report.notes
