"""The refund domain on SQLite: orders, the refund ledger, and idempotency records.

Introduced in chapter 4. The domain owns the refund *fact*: whether a refund
happened is answered here, from the database, and nowhere else. The runtime
(``fcourse.runtime.registry`` + ``fcourse.runtime.recovery``) owns the *decision* of what to
do next and asks the domain before deciding; the model owns nothing.

Three tables:

``orders``
    id, user, amount in cents, currency, status (``unpaid``, ``paid``,
    ``partially_refunded``, ``refunded``, ``cancelled``) and refunded cents.
``refund_ledger``
    the truth of what happened: one row per executed refund, ``UNIQUE
    (user_id, idempotency_key)``, append-only (triggers refuse UPDATE and
    DELETE), never purged.
``idempotency_records``
    the domain's memory of each key, scoped to the user: arguments hash,
    state ``IN_PROGRESS``/``SUCCEEDED``/``FAILED``, the stored result JSON,
    attempt number, created/updated times.

One refund is two short transactions, each ``BEGIN IMMEDIATE``::

    1 claim     record absent/FAILED -> IN_PROGRESS (attempt n)   [SUCCEEDED -> replay,
                                                                    IN_PROGRESS -> DUPLICATE_IN_PROGRESS,
                                                                    other arguments -> MISMATCH]
    2 effect    business rules, INSERT ledger row, UPDATE order,  (only if the claim is still ours)
                record -> SUCCEEDED with the result

The claim is committed on its own so that a refund in flight is visible to
everyone (a duplicate is refused, a status lookup says UNKNOWN). The ledger
row and the record's completion are committed *together*, which removes the
window "ledger written but record not" altogether. Real payment systems
cannot always do that (the money moves in someone else's system), so the
domain can also run with ``split_completion=True``: then step 2 commits the
ledger only and a third transaction completes the record.

The crash points that matter, and what the domain answers afterwards:

- after 1, before 2 commits (``CRASH_IN_FLIGHT``): record IN_PROGRESS,
  nothing in the ledger. ``status`` says ``UNKNOWN`` (it may still be
  running); once older than ``stale_after``, ``reconcile`` releases it
  (``FAILED``/released) and ``status`` says ``NOT_EXECUTED``. A crash *inside*
  2 is the same case: SQLite rolls the uncommitted transaction back.
- with ``split_completion``, after the ledger commit and before the record
  is completed (``CRASH_AFTER_LEDGER``): the ledger has the refund, the
  record still says IN_PROGRESS. ``status`` reads the ledger first, so it
  says ``SUCCEEDED`` (result rebuilt from the ledger row) at once; a retry
  replays it, and ``reconcile`` heals the record.
- after 2: nothing to do; the response may still be lost on the way back
  (``TIMEOUT_AFTER_SUCCESS``) -- ``status`` says ``SUCCEEDED``.

Even a zombie (a slow attempt whose claim reconciliation released) cannot
refund twice: step 2 checks the claim is still its own, and the ledger's
unique constraint is the last line of defence.

Retention: completed idempotency records (SUCCEEDED or FAILED) older than
``retention`` seconds (default 24 h, as payment APIs commonly keep keys) are
deleted by ``purge_expired``; IN_PROGRESS records and the ledger are never
purged. A key reused after its record was purged is still caught: the ledger
keeps the key and the arguments hash, so it replays (or reports a mismatch).

Connections: one per thread/process (``fcourse.db.connect``); the clock is
injectable, so stale windows and retention are tested without sleeping.
"""

from __future__ import annotations

import enum
import hashlib
import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from fcourse.clock import Clock, SystemClock, iso
from fcourse.db import connect, snapshot, transaction
from fcourse.runtime.security import arguments_hash
from fcourse.errors import (
    BusinessRuleError,
    DuplicateInProgressError,
    IdempotencyKeyMismatchError,
    StorageError,
)

__all__ = [
    "IdempotencyStatus",
    "Order",
    "ReconciliationReport",
    "RecordState",
    "RefundDomain",
    "StatusReport",
    "refund_arguments_hash",
]

SCHEMA = """
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
    seq             INTEGER PRIMARY KEY AUTOINCREMENT,
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
);
CREATE INDEX IF NOT EXISTS idempotency_by_state ON idempotency_records (state, updated_at);
"""

#: Points where ``RefundDomain.crash_hook`` is called, in execution order.
CRASH_POINTS = ("after_claim", "before_ledger_commit", "after_ledger_commit")


class IdempotencyStatus(enum.StrEnum):
    """What the domain can say about an idempotency key: the three branches of the flow."""

    SUCCEEDED = "SUCCEEDED"
    NOT_EXECUTED = "NOT_EXECUTED"
    UNKNOWN = "UNKNOWN"


class RecordState(enum.StrEnum):
    """The state column of an idempotency record."""

    IN_PROGRESS = "IN_PROGRESS"
    SUCCEEDED = "SUCCEEDED"
    FAILED = "FAILED"


@dataclass(frozen=True)
class Order:
    """One order row."""

    order_id: str
    user_id: str
    amount_cents: int
    currency: str
    status: str
    refunded_cents: int = 0


@dataclass(frozen=True)
class StatusReport:
    """The domain's answer to "what happened to this key?".

    ``result`` is the refund result for ``SUCCEEDED`` (stored, or rebuilt from
    the ledger), ``reason`` a sentence, ``record_state`` the raw record state
    (None: no record), ``ledger_rows`` how many ledger rows the key has (0/1).
    ``arguments_hash`` is the hash recorded for the key (ledger first, then the
    record; None: nothing recorded) and ``arguments_match`` whether it is the
    hash the caller asked about (None: no hash asked about, or nothing recorded).
    A replay is only ever right when ``arguments_match`` is True.
    """

    status: IdempotencyStatus
    idempotency_key: str
    reason: str
    result: dict[str, Any] | None = None
    record_state: str | None = None
    ledger_rows: int = 0
    arguments_hash: str | None = None
    arguments_match: bool | None = None


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


def refund_arguments_hash(order_id: str, amount_cents: int | None) -> str:
    """The hash the domain records for a refund's arguments (the key and the user are not part of it)."""
    return arguments_hash({"amount_cents": amount_cents, "order_id": order_id})


def refund_id_for(user_id: str, idempotency_key: str) -> str:
    """The refund id of a key: derived from (user, key) by hash, so it is stable and never random."""
    return "RF-" + hashlib.sha256(f"{user_id}|{idempotency_key}".encode()).hexdigest()[:10].upper()


def _result(refund_id: str, order_id: str, amount_cents: int, currency: str, key: str) -> dict[str, Any]:
    """The refund result; the same function builds it fresh and rebuilds it from a ledger row."""
    return {
        "refund_id": refund_id,
        "order_id": order_id,
        "amount_cents": amount_cents,
        "currency": currency,
        "idempotency_key": key,
        "status": "REFUNDED",
    }


def _result_from_ledger(row: sqlite3.Row) -> dict[str, Any]:
    return _result(row["refund_id"], row["order_id"], row["amount_cents"], row["currency"], row["idempotency_key"])


class RefundDomain:
    """Orders, refunds and idempotency on one SQLite connection (one per thread/process).

    ``stale_after``: seconds after which an IN_PROGRESS record is presumed
    abandoned and ``reconcile`` may settle it. ``retention``: seconds a
    completed idempotency record is kept. ``crash_hook(point)`` is called at
    each of ``CRASH_POINTS`` (tests and ``fcourse.shop.faults`` use it to crash or
    pause a refund at a precise point). ``split_completion``: commit the
    ledger row and the record's completion separately (see the module
    docstring); off by default.
    """

    def __init__(
        self,
        conn: sqlite3.Connection,
        *,
        clock: Clock | None = None,
        stale_after: float = 300.0,
        retention: float = 86_400.0,
        crash_hook: Callable[[str], None] | None = None,
        split_completion: bool = False,
    ) -> None:
        self.conn = conn
        self.split_completion = split_completion
        self.clock: Clock = clock or SystemClock()
        self.stale_after = float(stale_after)
        self.retention = float(retention)
        self.crash_hook = crash_hook
        try:
            conn.executescript(SCHEMA)
        except sqlite3.DatabaseError as error:
            raise StorageError(f"cannot create the refund tables: {error}") from error

    @classmethod
    def open(cls, path: str, **options: Any) -> RefundDomain:
        """Connect to the database file at ``path`` (created if missing) and return a domain on it."""
        synchronous = options.pop("synchronous", "NORMAL")
        return cls(connect(path, synchronous=synchronous), **options)

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    def _hook(self, point: str) -> None:
        if self.crash_hook is not None:
            self.crash_hook(point)

    # -- orders ----------------------------------------------------------------------

    def add_order(
        self,
        order_id: str,
        user_id: str,
        amount_cents: int,
        *,
        currency: str = "CNY",
        status: str = "paid",
    ) -> Order:
        """Insert an order (ignored if ``order_id`` exists); return the stored order."""
        with transaction(self.conn):
            self.conn.execute(
                "INSERT OR IGNORE INTO orders (order_id, user_id, amount_cents, currency, status)"
                " VALUES (?, ?, ?, ?, ?)",
                (order_id, user_id, amount_cents, currency, status),
            )
        order = self.get_order(order_id)
        assert order is not None
        return order

    def get_order(self, order_id: str) -> Order | None:
        """The order, or None."""
        row = self.conn.execute("SELECT * FROM orders WHERE order_id = ?", (order_id,)).fetchone()
        return None if row is None else Order(**dict(row))

    def orders(self) -> list[Order]:
        """Every order, by id."""
        return [Order(**dict(r)) for r in self.conn.execute("SELECT * FROM orders ORDER BY order_id")]

    # -- the refund ------------------------------------------------------------------

    def refund(
        self,
        user_id: str,
        order_id: str,
        idempotency_key: str,
        amount_cents: int | None = None,
    ) -> dict[str, Any]:
        """Refund ``amount_cents`` (default: what is left) of ``user_id``'s order, exactly once per key.

        Returns the result (stored, and replayed for the same key and
        arguments). Raises ``BusinessRuleError`` (``ORDER_NOT_FOUND``,
        ``ORDER_NOT_PAID``, ``ORDER_ALREADY_REFUNDED``, ``AMOUNT_EXCEEDS_ORDER``,
        ``INVALID_AMOUNT``), ``IdempotencyKeyMismatchError`` (same key, other
        arguments) or ``DuplicateInProgressError`` (same key in flight).
        """
        digest = refund_arguments_hash(order_id, amount_cents)
        attempt, replay = self._claim(user_id, idempotency_key, digest)
        if replay is not None:
            return replay
        self._hook("after_claim")
        try:
            result = self._effect(user_id, order_id, idempotency_key, amount_cents, digest, attempt)
        except BusinessRuleError as refusal:
            self._finish(
                user_id,
                idempotency_key,
                attempt,
                RecordState.FAILED,
                {
                    "reason": "REJECTED",
                    **refusal.data,
                },
            )
            raise
        except DuplicateInProgressError:
            raise
        except Exception as error:
            # the effect transaction rolled back: nothing happened; release the claim
            try:
                self._finish(
                    user_id,
                    idempotency_key,
                    attempt,
                    RecordState.FAILED,
                    {
                        "reason": "ERROR",
                        "exception": type(error).__name__,
                    },
                )
            except Exception:
                pass  # stays IN_PROGRESS: reconciliation will settle it
            raise
        self._hook("after_ledger_commit")
        if self.split_completion:
            self._finish(user_id, idempotency_key, attempt, RecordState.SUCCEEDED, result)
        return result

    def _claim(self, user_id: str, key: str, digest: str) -> tuple[int, dict[str, Any] | None]:
        now = self.clock.now()
        with transaction(self.conn):
            record = self._record(user_id, key)
            if record is None:
                ledger = self._ledger_row(user_id, key)
                if ledger is not None:  # the record was purged; the ledger still knows
                    if ledger["arguments_hash"] != digest:
                        raise self._mismatch(key)
                    result = _result_from_ledger(ledger)
                    self.conn.execute(
                        "INSERT INTO idempotency_records (user_id, idempotency_key, arguments_hash, state,"
                        " result_json, attempt, created_at, updated_at) VALUES (?, ?, ?, 'SUCCEEDED', ?, 1, ?, ?)",
                        (user_id, key, digest, json.dumps(result, sort_keys=True), now, now),
                    )
                    return 0, result
                self.conn.execute(
                    "INSERT INTO idempotency_records (user_id, idempotency_key, arguments_hash, state,"
                    " attempt, created_at, updated_at) VALUES (?, ?, ?, 'IN_PROGRESS', 1, ?, ?)",
                    (user_id, key, digest, now, now),
                )
                return 1, None
            if record["arguments_hash"] != digest:
                raise self._mismatch(key)
            if record["state"] == RecordState.SUCCEEDED:
                return 0, json.loads(record["result_json"])
            if record["state"] == RecordState.IN_PROGRESS:
                ledger = self._ledger_row(user_id, key)
                if ledger is not None:  # crashed after the ledger commit: heal the record, replay
                    result = _result_from_ledger(ledger)
                    self.conn.execute(
                        "UPDATE idempotency_records SET state = 'SUCCEEDED', result_json = ?, updated_at = ?"
                        " WHERE user_id = ? AND idempotency_key = ?",
                        (json.dumps(result, sort_keys=True), now, user_id, key),
                    )
                    return 0, result
                raise DuplicateInProgressError(
                    f"a refund with idempotency key {key!r} is in progress; its outcome is not known yet",
                    data={"idempotency_key": key, "since": iso(record["created_at"])},
                )
            attempt = int(record["attempt"]) + 1
            self.conn.execute(
                "UPDATE idempotency_records SET state = 'IN_PROGRESS', result_json = NULL, attempt = ?,"
                " updated_at = ? WHERE user_id = ? AND idempotency_key = ?",
                (attempt, now, user_id, key),
            )
            return attempt, None

    def _effect(
        self,
        user_id: str,
        order_id: str,
        key: str,
        amount_cents: int | None,
        digest: str,
        attempt: int,
    ) -> dict[str, Any]:
        with transaction(self.conn):
            ledger = self._ledger_row(user_id, key)
            if ledger is not None:  # already executed (only a released-and-retried key gets here)
                result = _result_from_ledger(ledger)
                self.conn.execute(
                    "UPDATE idempotency_records SET state = 'SUCCEEDED', result_json = ?, updated_at = ?"
                    " WHERE user_id = ? AND idempotency_key = ? AND attempt = ? AND state = 'IN_PROGRESS'",
                    (json.dumps(result, sort_keys=True), self.clock.now(), user_id, key, attempt),
                )
                return result
            record = self._record(user_id, key)
            if record is None or record["state"] != RecordState.IN_PROGRESS or record["attempt"] != attempt:
                raise DuplicateInProgressError(
                    f"the claim on idempotency key {key!r} was released; not executing",
                    data={"idempotency_key": key, "reason": "CLAIM_LOST"},
                )
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
            now = self.clock.now()
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
            result = _result(refund_id, order_id, amount, row["currency"], key)
            if not self.split_completion:
                self.conn.execute(
                    "UPDATE idempotency_records SET state = 'SUCCEEDED', result_json = ?, updated_at = ?"
                    " WHERE user_id = ? AND idempotency_key = ?",
                    (json.dumps(result, sort_keys=True), now, user_id, key),
                )
            self._hook("before_ledger_commit")
            return result

    def _finish(self, user_id: str, key: str, attempt: int, state: RecordState, result: dict[str, Any]) -> None:
        with transaction(self.conn):
            self.conn.execute(
                "UPDATE idempotency_records SET state = ?, result_json = ?, updated_at = ?"
                " WHERE user_id = ? AND idempotency_key = ? AND attempt = ? AND state = 'IN_PROGRESS'",
                (str(state), json.dumps(result, sort_keys=True), self.clock.now(), user_id, key, attempt),
            )

    @staticmethod
    def _mismatch(key: str) -> IdempotencyKeyMismatchError:
        return IdempotencyKeyMismatchError(
            f"idempotency key {key!r} was already used with different arguments",
            data={"idempotency_key": key},
        )

    def _record(self, user_id: str, key: str) -> sqlite3.Row | None:
        return self.conn.execute(
            "SELECT * FROM idempotency_records WHERE user_id = ? AND idempotency_key = ?", (user_id, key)
        ).fetchone()

    def _ledger_row(self, user_id: str, key: str) -> sqlite3.Row | None:
        return self.conn.execute(
            "SELECT * FROM refund_ledger WHERE user_id = ? AND idempotency_key = ?", (user_id, key)
        ).fetchone()

    # -- status, reconciliation, retention ------------------------------------------------

    def status(self, user_id: str, idempotency_key: str, *, arguments_hash: str | None = None) -> StatusReport:
        """The real status of ``user_id``'s key: SUCCEEDED, NOT_EXECUTED or UNKNOWN (read-only).

        The ledger is consulted first, so ``NOT_EXECUTED`` is never answered
        for a key the ledger has. With ``arguments_hash`` (``refund_arguments_hash``
        of the caller's arguments) the report also says whether the key was
        recorded with those arguments (``arguments_match``).
        """
        report = self._status(user_id, idempotency_key)
        if arguments_hash is None or report.arguments_hash is None:
            return report
        return replace(report, arguments_match=report.arguments_hash == arguments_hash)

    def _status(self, user_id: str, key: str) -> StatusReport:
        with snapshot(self.conn):  # one consistent view of both tables
            ledger = self._ledger_row(user_id, key)
            record = self._record(user_id, key)
        state = None if record is None else record["state"]
        if ledger is not None:
            if state == RecordState.SUCCEEDED and record is not None and record["result_json"]:
                result, why = json.loads(record["result_json"]), "the ledger has the refund"
            else:
                result = _result_from_ledger(ledger)
                why = "the ledger has the refund (record not completed; result rebuilt from the ledger)"
            return StatusReport(IdempotencyStatus.SUCCEEDED, key, why, result, state, 1, ledger["arguments_hash"])
        if record is None:
            return StatusReport(IdempotencyStatus.NOT_EXECUTED, key, "no record of this key and no ledger row")
        recorded = record["arguments_hash"]
        if state == RecordState.FAILED:
            stored = json.loads(record["result_json"] or "{}")
            reason = {
                "RELEASED": "released by reconciliation: stale, nothing in the ledger",
                "REJECTED": f"rejected by a business rule ({stored.get('rule')})",
            }.get(stored.get("reason"), "failed before any refund was recorded")
            return StatusReport(IdempotencyStatus.NOT_EXECUTED, key, reason, None, state, 0, recorded)
        if state == RecordState.IN_PROGRESS:
            age = self.clock.now() - float(record["updated_at"])
            if age >= self.stale_after:
                reason = f"stale: in progress for {age:g}s with nothing in the ledger; awaiting reconciliation"
            else:
                reason = f"in flight: claimed {age:g}s ago, not finished"
            return StatusReport(IdempotencyStatus.UNKNOWN, key, reason, None, state, 0, recorded)
        return StatusReport(
            IdempotencyStatus.UNKNOWN, key, "inconsistent: record SUCCEEDED but no ledger row", None, state, 0, recorded
        )

    def reconcile(self) -> ReconciliationReport:
        """Settle stale IN_PROGRESS records from the ledger.

        Ledger row present -> ``SUCCEEDED`` with the result rebuilt from the
        ledger (healed). No row and older than ``stale_after`` -> ``FAILED``
        with reason ``RELEASED`` (``status`` then says NOT_EXECUTED; a retry
        with the same key may claim it). Fresh ones are left alone.
        """
        now = self.clock.now()
        healed: list[tuple[str, str]] = []
        released: list[tuple[str, str]] = []
        fresh: list[tuple[str, str]] = []
        with transaction(self.conn):
            records = self.conn.execute(
                "SELECT * FROM idempotency_records WHERE state = 'IN_PROGRESS' ORDER BY user_id, idempotency_key"
            ).fetchall()
            for record in records:
                user_id, key = record["user_id"], record["idempotency_key"]
                ledger = self._ledger_row(user_id, key)
                if ledger is not None:
                    result = json.dumps(_result_from_ledger(ledger), sort_keys=True)
                    self.conn.execute(
                        "UPDATE idempotency_records SET state = 'SUCCEEDED', result_json = ?, updated_at = ?"
                        " WHERE user_id = ? AND idempotency_key = ?",
                        (result, now, user_id, key),
                    )
                    healed.append((user_id, key))
                elif now - float(record["updated_at"]) >= self.stale_after:
                    self.conn.execute(
                        "UPDATE idempotency_records SET state = 'FAILED', result_json = ?, updated_at = ?"
                        " WHERE user_id = ? AND idempotency_key = ?",
                        (json.dumps({"reason": "RELEASED"}), now, user_id, key),
                    )
                    released.append((user_id, key))
                else:
                    fresh.append((user_id, key))
        return ReconciliationReport(tuple(healed), tuple(released), tuple(fresh))

    def purge_expired(self) -> int:
        """Delete completed idempotency records older than ``retention``; never the ledger. Returns the count."""
        cutoff = self.clock.now() - self.retention
        with transaction(self.conn):
            cursor = self.conn.execute(
                "DELETE FROM idempotency_records WHERE state IN ('SUCCEEDED', 'FAILED') AND updated_at < ?",
                (cutoff,),
            )
            return int(cursor.rowcount)

    # -- reading ---------------------------------------------------------------------

    def ledger(self, user_id: str | None = None, idempotency_key: str | None = None) -> list[dict[str, Any]]:
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

    def execution_count(self, user_id: str, idempotency_key: str) -> int:
        """How many refunds the ledger holds for this key: the ``handler_execution_count`` (0 or 1)."""
        return int(
            self.conn.execute(
                "SELECT COUNT(*) FROM refund_ledger WHERE user_id = ? AND idempotency_key = ?",
                (user_id, idempotency_key),
            ).fetchone()[0]
        )

    def record(self, user_id: str, idempotency_key: str) -> dict[str, Any] | None:
        """The idempotency record as a dict (times as ISO text), or None."""
        row = self._record(user_id, idempotency_key)
        if row is None:
            return None
        return {**dict(row), "created_at": iso(row["created_at"]), "updated_at": iso(row["updated_at"])}

    def health(self) -> bool:
        """Side-effect-free: can the database answer a query?"""
        try:
            return self.conn.execute("SELECT 1").fetchone()[0] == 1
        except sqlite3.Error:
            return False
