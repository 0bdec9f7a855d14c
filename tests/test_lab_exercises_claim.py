"""fcourse.lab.exercises.claim: the claim checker races real processes on a real SQLite file."""

from __future__ import annotations

import sqlite3
import time

import pytest

from fcourse.lab.exercises.claim import SOLUTION_SCHEMA, check_claim, race_claim, solution_claim

NAIVE_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT NOT NULL)"


def naive_claim(conn: sqlite3.Connection, key: str) -> bool:
    seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
    if seen is not None:
        return False
    time.sleep(0.005)  # the work between the read and the write
    conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
    return True


def never_claims(conn: sqlite3.Connection, key: str) -> bool:
    return False


def swallows_the_race(conn: sqlite3.Connection, key: str) -> bool:
    """Unique constraint, but no transaction: the loser's INSERT raises instead of answering False."""
    seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
    if seen is not None:
        return False
    time.sleep(0.005)
    conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
    return True


def leaves_transaction_open(conn: sqlite3.Connection, key: str) -> bool:
    conn.execute("BEGIN IMMEDIATE")
    seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
    if seen is None:
        conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
    return seen is None  # forgot COMMIT


def test_the_solution_passes_with_one_refund_per_key() -> None:
    report = check_claim(solution_claim, SOLUTION_SCHEMA, tries=40)
    assert report.passed, report.text()
    assert report.race is not None and report.race.single == 40 and report.race.doubles == 0
    assert report.text().endswith("6/6 cases passed: the claim holds")


def test_the_naive_claim_is_rejected_because_the_race_refunds_twice() -> None:
    # a race is a race: allow a few rounds, but every rejection must come from a counted double refund
    for _ in range(5):
        report = check_claim(naive_claim, NAIVE_SCHEMA, tries=40)
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
    report = check_claim(never_claims, SOLUTION_SCHEMA, tries=10)
    assert not report.passed
    assert report.race is not None and report.race.missing == 10 and report.race.doubles == 0
    assert report.cases[0].got == "False"


def test_a_constraint_without_a_transaction_raises_instead_of_answering() -> None:
    for _ in range(5):
        report = check_claim(swallows_the_race, SOLUTION_SCHEMA, tries=40)
        assert report.race is not None and report.race.doubles == 0  # the constraint did stop the double
        if report.race.errors:
            break
    assert not report.passed
    assert "IntegrityError" in report.race.errors[0]
    assert any(note.startswith("first error: ") for note in report.notes)


def test_an_open_transaction_is_rolled_back_and_reported() -> None:
    report = check_claim(leaves_transaction_open, SOLUTION_SCHEMA, tries=5)
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
