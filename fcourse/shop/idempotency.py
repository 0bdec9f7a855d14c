"""Idempotency records: the refund domain's memory of each key, kept apart from the ledger.

Introduced in chapter 4. One row per ``(user_id, idempotency_key)``: the
arguments hash the key was first used with, the state ``IN_PROGRESS`` /
``SUCCEEDED`` / ``FAILED``, the stored result JSON, the attempt number, and
created/updated times. The ledger (``fcourse.shop.ledger``) says what
happened; these records say who holds a key and what to replay. Completed
records may be purged after a retention period; the ledger never is.
``IdempotencyRecords`` reads and writes the table inside the caller's
transaction (``fcourse.shop.refunds`` runs the flow).
"""

from __future__ import annotations

import enum
import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from fcourse.clock import iso

__all__ = ["IDEMPOTENCY_SCHEMA", "IdempotencyRecords", "ReconciliationReport", "RecordState"]

IDEMPOTENCY_SCHEMA = """
CREATE TABLE IF NOT EXISTS idempotency_records (
    user_id         TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    arguments_hash  TEXT NOT NULL,
    state           TEXT NOT NULL CHECK (state IN ('IN_PROGRESS', 'SUCCEEDED', 'FAILED')),
    result_json     TEXT,
    attempt         INTEGER NOT NULL DEFAULT 1,
    created_at      REAL NOT NULL,
    updated_at      REAL NOT NULL,
    PRIMARY KEY (user_id, idempotency_key)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS idempotency_in_progress ON idempotency_records (user_id, idempotency_key)
    WHERE state = 'IN_PROGRESS';
"""


class RecordState(enum.StrEnum):
    """The state column of an idempotency record."""

    IN_PROGRESS = "IN_PROGRESS"
    SUCCEEDED = "SUCCEEDED"
    FAILED = "FAILED"


@dataclass(frozen=True)
class ReconciliationReport:
    """What one ``reconcile`` pass did: keys as ``(user_id, idempotency_key)``."""

    healed: tuple[tuple[str, str], ...] = ()
    released: tuple[tuple[str, str], ...] = ()
    still_in_flight: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        return (
            f"reconciliation: healed={len(self.healed)} (ledger had the refund -> SUCCEEDED), "
            f"released={len(self.released)} (stale, nothing in ledger -> NOT_EXECUTED), "
            f"still_in_flight={len(self.still_in_flight)}"
        )


class IdempotencyRecords:
    """The ``idempotency_records`` table on one connection; writes join the caller's transaction."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def get(self, user_id: str, key: str) -> sqlite3.Row | None:
        """The record of ``user_id``'s key, or None."""
        return self.conn.execute(
            "SELECT * FROM idempotency_records WHERE user_id = ? AND idempotency_key = ?", (user_id, key)
        ).fetchone()

    def as_dict(self, user_id: str, key: str) -> dict[str, Any] | None:
        """The record as a dict (times as ISO text), or None."""
        row = self.get(user_id, key)
        if row is None:
            return None
        return {**dict(row), "created_at": iso(row["created_at"]), "updated_at": iso(row["updated_at"])}

    def claim(self, user_id: str, key: str, digest: str, now: float) -> None:
        """A new record, IN_PROGRESS, attempt 1."""
        self.conn.execute(
            "INSERT INTO idempotency_records (user_id, idempotency_key, arguments_hash, state,"
            " attempt, created_at, updated_at) VALUES (?, ?, ?, 'IN_PROGRESS', 1, ?, ?)",
            (user_id, key, digest, now, now),
        )

    def restore(self, user_id: str, key: str, digest: str, result: dict[str, Any], now: float) -> None:
        """A new record, SUCCEEDED with ``result``: the key was purged but the ledger still knows it."""
        self.conn.execute(
            "INSERT INTO idempotency_records (user_id, idempotency_key, arguments_hash, state,"
            " result_json, attempt, created_at, updated_at) VALUES (?, ?, ?, 'SUCCEEDED', ?, 1, ?, ?)",
            (user_id, key, digest, json.dumps(result, sort_keys=True), now, now),
        )

    def reclaim(self, user_id: str, key: str, attempt: int, now: float) -> None:
        """A FAILED record back to IN_PROGRESS for attempt number ``attempt``."""
        self.conn.execute(
            "UPDATE idempotency_records SET state = 'IN_PROGRESS', result_json = NULL, attempt = ?,"
            " updated_at = ? WHERE user_id = ? AND idempotency_key = ?",
            (attempt, now, user_id, key),
        )

    def succeed(
        self, user_id: str, key: str, result: dict[str, Any], now: float, *, attempt: int | None = None
    ) -> None:
        """The record SUCCEEDED with ``result`` (with ``attempt``: only if that attempt still holds it)."""
        sql = (
            "UPDATE idempotency_records SET state = 'SUCCEEDED', result_json = ?, updated_at = ?"
            " WHERE user_id = ? AND idempotency_key = ?"
        )
        params: list[Any] = [json.dumps(result, sort_keys=True), now, user_id, key]
        if attempt is not None:
            sql += " AND attempt = ? AND state = 'IN_PROGRESS'"
            params.append(attempt)
        self.conn.execute(sql, params)

    def finish(
        self, user_id: str, key: str, attempt: int, state: RecordState, result: dict[str, Any], now: float
    ) -> None:
        """Attempt ``attempt``'s IN_PROGRESS record to ``state`` with ``result`` (no-op if no longer its own)."""
        self.conn.execute(
            "UPDATE idempotency_records SET state = ?, result_json = ?, updated_at = ?"
            " WHERE user_id = ? AND idempotency_key = ? AND attempt = ? AND state = 'IN_PROGRESS'",
            (str(state), json.dumps(result, sort_keys=True), now, user_id, key, attempt),
        )

    def release(self, user_id: str, key: str, now: float) -> None:
        """A stale IN_PROGRESS record to FAILED, reason RELEASED: the key may be claimed again."""
        self.conn.execute(
            "UPDATE idempotency_records SET state = 'FAILED', result_json = ?, updated_at = ?"
            " WHERE user_id = ? AND idempotency_key = ?",
            (json.dumps({"reason": "RELEASED"}), now, user_id, key),
        )

    def in_progress(self) -> list[sqlite3.Row]:
        """Every IN_PROGRESS record, by user and key."""
        return self.conn.execute(
            "SELECT * FROM idempotency_records WHERE state = 'IN_PROGRESS' ORDER BY user_id, idempotency_key"
        ).fetchall()

    def purge(self, cutoff: float) -> int:
        """Delete completed records last updated before ``cutoff``; return how many."""
        cursor = self.conn.execute(
            "DELETE FROM idempotency_records WHERE state IN ('SUCCEEDED', 'FAILED') AND updated_at < ?", (cutoff,)
        )
        return int(cursor.rowcount)
