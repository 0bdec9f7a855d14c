"""Orders and the refund ledger: the truth of what was refunded (chapter 4's example business).

Introduced in chapter 4. ``orders`` holds id, user, amount in cents,
currency, status (``unpaid``, ``paid``, ``partially_refunded``, ``refunded``,
``cancelled``) and refunded cents. ``refund_ledger`` has one row per executed
refund, ``UNIQUE (user_id, idempotency_key)``, append-only (triggers refuse
UPDATE and DELETE), never purged: whether a refund happened is answered here.
``Ledger`` reads and writes both tables inside the caller's transaction;
``fcourse.shop.refunds`` runs the refund flow, ``fcourse.shop.idempotency``
keeps the keys' records.
"""

from __future__ import annotations

import hashlib
import sqlite3
from dataclasses import dataclass
from typing import Any

from fcourse.clock import iso
from fcourse.errors import BusinessRuleError
from fcourse.runtime.identity import arguments_hash

__all__ = [
    "LEDGER_SCHEMA",
    "Ledger",
    "Order",
    "refund_arguments_hash",
    "refund_id_for",
    "refund_result",
    "result_from_ledger",
]

LEDGER_SCHEMA = """
CREATE TABLE IF NOT EXISTS orders (
    order_id       TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL,
    amount_cents   INTEGER NOT NULL CHECK (amount_cents > 0),
    currency       TEXT NOT NULL,
    status         TEXT NOT NULL
                   CHECK (status IN ('unpaid', 'paid', 'partially_refunded', 'refunded', 'cancelled')),
    refunded_cents INTEGER NOT NULL DEFAULT 0
                   CHECK (refunded_cents >= 0 AND refunded_cents <= amount_cents)
);
CREATE TABLE IF NOT EXISTS refund_ledger (
    seq             INTEGER PRIMARY KEY,  -- append-only (the triggers below): a rowid is never reused
    refund_id       TEXT NOT NULL UNIQUE,
    user_id         TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    order_id        TEXT NOT NULL REFERENCES orders (order_id),
    amount_cents    INTEGER NOT NULL CHECK (amount_cents > 0),
    currency        TEXT NOT NULL,
    arguments_hash  TEXT NOT NULL,
    created_at      REAL NOT NULL,
    UNIQUE (user_id, idempotency_key)
);
CREATE TRIGGER IF NOT EXISTS refund_ledger_no_update BEFORE UPDATE ON refund_ledger
BEGIN SELECT RAISE(ABORT, 'refund_ledger is append-only'); END;
CREATE TRIGGER IF NOT EXISTS refund_ledger_no_delete BEFORE DELETE ON refund_ledger
BEGIN SELECT RAISE(ABORT, 'refund_ledger is append-only'); END;
"""


@dataclass(frozen=True)
class Order:
    """One order row."""

    order_id: str
    user_id: str
    amount_cents: int
    currency: str
    status: str
    refunded_cents: int = 0


def refund_arguments_hash(order_id: str, amount_cents: int | None) -> str:
    """The hash the domain records for a refund's arguments (the key and the user are not part of it)."""
    return arguments_hash({"amount_cents": amount_cents, "order_id": order_id})


def refund_id_for(user_id: str, idempotency_key: str) -> str:
    """The refund id of a key: derived from (user, key) by hash, so it is stable and never random."""
    return "RF-" + hashlib.sha256(f"{user_id}|{idempotency_key}".encode()).hexdigest()[:10].upper()


def refund_result(refund_id: str, order_id: str, amount_cents: int, currency: str, key: str) -> dict[str, Any]:
    """The refund result; the same function builds it fresh and rebuilds it from a ledger row."""
    return {
        "refund_id": refund_id,
        "order_id": order_id,
        "amount_cents": amount_cents,
        "currency": currency,
        "idempotency_key": key,
        "status": "REFUNDED",
    }


def result_from_ledger(row: sqlite3.Row) -> dict[str, Any]:
    """The refund result rebuilt from its ledger row."""
    return refund_result(
        row["refund_id"], row["order_id"], row["amount_cents"], row["currency"], row["idempotency_key"]
    )


class Ledger:
    """The ``orders`` and ``refund_ledger`` tables on one connection; writes join the caller's transaction."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def add_order(self, order_id: str, user_id: str, amount_cents: int, currency: str, status: str) -> None:
        """Insert an order (ignored if ``order_id`` exists)."""
        self.conn.execute(
            "INSERT OR IGNORE INTO orders (order_id, user_id, amount_cents, currency, status)"
            " VALUES (?, ?, ?, ?, ?)",
            (order_id, user_id, amount_cents, currency, status),
        )

    def get_order(self, order_id: str) -> Order | None:
        """The order, or None."""
        row = self.conn.execute("SELECT * FROM orders WHERE order_id = ?", (order_id,)).fetchone()
        return None if row is None else Order(**dict(row))

    def orders(self) -> list[Order]:
        """Every order, by id."""
        return [Order(**dict(r)) for r in self.conn.execute("SELECT * FROM orders ORDER BY order_id")]

    def row(self, user_id: str, key: str) -> sqlite3.Row | None:
        """The ledger row of ``user_id``'s key, or None."""
        return self.conn.execute(
            "SELECT * FROM refund_ledger WHERE user_id = ? AND idempotency_key = ?", (user_id, key)
        ).fetchone()

    def refund(
        self, user_id: str, order_id: str, key: str, amount_cents: int | None, digest: str, now: float
    ) -> dict[str, Any]:
        """Apply the business rules, write the ledger row and update the order; return the refund result.

        Raises ``BusinessRuleError`` (``ORDER_NOT_FOUND``, ``ORDER_NOT_PAID``,
        ``ORDER_ALREADY_REFUNDED``, ``AMOUNT_EXCEEDS_ORDER``, ``INVALID_AMOUNT``).
        """
        row = self.conn.execute("SELECT * FROM orders WHERE order_id = ?", (order_id,)).fetchone()
        if row is None or row["user_id"] != user_id:
            raise BusinessRuleError("ORDER_NOT_FOUND", f"order {order_id} was not found", order_id=order_id)
        if row["status"] == "refunded":
            raise BusinessRuleError(
                "ORDER_ALREADY_REFUNDED", f"order {order_id} is already fully refunded", order_id=order_id
            )
        if row["status"] not in ("paid", "partially_refunded"):
            raise BusinessRuleError(
                "ORDER_NOT_PAID",
                f"order {order_id} is {row['status']}, nothing to refund",
                order_id=order_id,
                order_status=row["status"],
            )
        remaining = int(row["amount_cents"]) - int(row["refunded_cents"])
        amount = remaining if amount_cents is None else int(amount_cents)
        if amount <= 0:
            raise BusinessRuleError("INVALID_AMOUNT", "a refund amount must be positive", amount_cents=amount)
        if amount > remaining:
            raise BusinessRuleError(
                "AMOUNT_EXCEEDS_ORDER",
                f"refund of {amount} cents exceeds the {remaining} cents left on order {order_id}",
                order_id=order_id,
                amount_cents=amount,
                remaining_cents=remaining,
            )
        refund_id = refund_id_for(user_id, key)
        self.conn.execute(
            "INSERT INTO refund_ledger (refund_id, user_id, idempotency_key, order_id, amount_cents,"
            " currency, arguments_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (refund_id, user_id, key, order_id, amount, row["currency"], digest, now),
        )
        refunded = int(row["refunded_cents"]) + amount
        status = "refunded" if refunded == int(row["amount_cents"]) else "partially_refunded"
        self.conn.execute(
            "UPDATE orders SET refunded_cents = ?, status = ? WHERE order_id = ?", (refunded, status, order_id)
        )
        return refund_result(refund_id, order_id, amount, row["currency"], key)

    def rows(self, user_id: str | None = None, idempotency_key: str | None = None) -> list[dict[str, Any]]:
        """Ledger rows as dicts (``created_at`` as ISO text), oldest first, optionally filtered."""
        sql, params = "SELECT * FROM refund_ledger WHERE 1 = 1", []
        if user_id is not None:
            sql += " AND user_id = ?"
            params.append(user_id)
        if idempotency_key is not None:
            sql += " AND idempotency_key = ?"
            params.append(idempotency_key)
        rows = self.conn.execute(sql + " ORDER BY seq", params).fetchall()
        return [{**dict(row), "created_at": iso(row["created_at"])} for row in rows]

    def count(self, user_id: str, idempotency_key: str) -> int:
        """How many refunds the ledger holds for this key (0 or 1)."""
        return int(
            self.conn.execute(
                "SELECT COUNT(*) FROM refund_ledger WHERE user_id = ? AND idempotency_key = ?",
                (user_id, idempotency_key),
            ).fetchone()[0]
        )
