"""fcourse.shop.ledger: orders, the append-only refund ledger, and the refund's business rules."""

from __future__ import annotations

import sqlite3

import pytest

from fcourse.db import open_database, transaction
from fcourse.errors import BusinessRuleError
from fcourse.shop.ledger import (
    LEDGER_SCHEMA,
    Ledger,
    refund_arguments_hash,
    refund_id_for,
    refund_result,
    result_from_ledger,
)


@pytest.fixture
def ledger() -> Ledger:
    conn = open_database(":memory:")
    conn.executescript(LEDGER_SCHEMA)
    book = Ledger(conn)
    with transaction(conn):
        book.add_order("O-1", "U-1", 1_000, "CNY", "paid")
        book.add_order("O-2", "U-1", 500, "CNY", "unpaid")
    return book


def test_a_refund_writes_the_row_updates_the_order_and_rebuilds_the_same_result(ledger: Ledger) -> None:
    with transaction(ledger.conn):
        result = ledger.refund("U-1", "O-1", "key-1", 400, "h" * 16, 1.0)
    assert result == refund_result(refund_id_for("U-1", "key-1"), "O-1", 400, "CNY", "key-1")
    assert result_from_ledger(ledger.row("U-1", "key-1")) == result
    assert ledger.get_order("O-1").status == "partially_refunded" and ledger.count("U-1", "key-1") == 1
    assert [row["arguments_hash"] for row in ledger.rows("U-1")] == ["h" * 16]


@pytest.mark.parametrize(
    ("user", "order", "amount", "rule"),
    [
        ("U-2", "O-1", 100, "ORDER_NOT_FOUND"),  # another user's order is not found, not forbidden
        ("U-1", "O-2", 100, "ORDER_NOT_PAID"),
        ("U-1", "O-1", 1_001, "AMOUNT_EXCEEDS_ORDER"),
        ("U-1", "O-1", 0, "INVALID_AMOUNT"),
    ],
)
def test_business_rules_write_nothing(ledger: Ledger, user: str, order: str, amount: int, rule: str) -> None:
    with pytest.raises(BusinessRuleError) as refused, transaction(ledger.conn):
        ledger.refund(user, order, "key-2", amount, "h" * 16, 1.0)
    assert refused.value.rule == rule and ledger.rows() == []


def test_the_ledger_refuses_updates_and_deletes(ledger: Ledger) -> None:
    with transaction(ledger.conn):
        ledger.refund("U-1", "O-1", "key-3", None, "h" * 16, 1.0)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        ledger.conn.execute("DELETE FROM refund_ledger")


def test_the_arguments_hash_tells_a_full_refund_from_an_explicit_amount() -> None:
    assert refund_arguments_hash("O-1", None) != refund_arguments_hash("O-1", 1_000)
    assert refund_arguments_hash("O-1", 5) == refund_arguments_hash("O-1", 5)
    assert refund_id_for("U-1", "k") == refund_id_for("U-1", "k") != refund_id_for("U-2", "k")
