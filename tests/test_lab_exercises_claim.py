"""fcourse.lab.exercises.claim: the claim checker, one call at a time (a lock another key's claim holds, keys that
differ only in case or length), generated sequences of keys, then a race of real processes on a real SQLite file."""

from __future__ import annotations

import pytest
from exercise_support import learner_object, pasted

from fcourse.lab.exercises.claim import SOLUTION_SCHEMA, check_claim, race_claim, solution_claim

SOLUTION = pasted(solution_claim)["solution_claim"]


def test_the_solution_as_pasted_passes_with_one_refund_per_key() -> None:
    report = check_claim(SOLUTION, SOLUTION_SCHEMA, tries=40)
    assert report.passed, report.text()
    assert report.race is not None and report.race.single == 40 and report.race.doubles == 0
    assert report.race.replays_won == 0
    locked = next(case for case in report.cases if case.case.startswith("a fresh key while"))
    assert locked.got.startswith("raised OperationalError: database is locked")  # it waited, then gave up: fine
    assert report.text().endswith("cases passed: the claim holds")


def test_the_reference_imported_as_it_is_is_not_the_learner_s_own() -> None:
    report = check_claim(solution_claim, SOLUTION_SCHEMA, tries=5)
    assert [case.case for case in report.failures()] == ["your own code"] and report.race is None


def test_the_naive_claim_is_rejected_because_the_race_refunds_twice() -> None:
    naive = learner_object("check_claim", "naive_read_then_write")
    for _ in range(5):  # a race is a race: allow a few rounds, but every rejection must come from a counted double
        report = check_claim(naive, "CREATE TABLE claims (idempotency_key TEXT NOT NULL)", tries=40)
        assert report.race is not None
        if report.race.doubles > 0:
            break
    assert report.race.doubles > 0 and not report.passed
    assert report.race.extra_effects >= report.race.doubles
    assert all(case.passed for case in report.cases[:10])  # one call at a time cannot see the bug: only the race
    assert "twice or more" in report.failures()[0].got


def test_a_claim_that_never_claims_fails_one_call_at_a_time_and_is_not_raced() -> None:
    report = check_claim(learner_object("check_claim", "never_claims"), SOLUTION_SCHEMA, tries=10)
    assert not report.passed and report.race is None
    assert report.cases[0].got == "False"
    assert "the first claim of a key must answer True" in report.text()


def test_an_open_transaction_is_rolled_back_and_reported() -> None:
    report = check_claim(learner_object("check_claim", "forgets_to_commit"), SOLUTION_SCHEMA, tries=5)
    assert not report.passed
    assert "transaction left open" in report.cases[0].got


def test_a_broken_schema_is_reported_not_raised() -> None:
    report = check_claim(SOLUTION, "CREATE TABLE claims (", tries=5)
    assert not report.passed
    assert report.cases[0].case == "create the schema"


def test_a_lambda_cannot_travel_to_the_workers() -> None:
    with pytest.raises(TypeError, match="def"):
        race_claim(lambda conn, key: True, SOLUTION_SCHEMA, tries=1)


def test_a_race_needs_two_workers() -> None:
    with pytest.raises(ValueError):
        race_claim(SOLUTION, SOLUTION_SCHEMA, workers=1)
