"""The refund domain on SQLite: exactly one refund per idempotency key, across crashes and processes.

Introduced in chapter 4. The domain owns the refund *fact*: whether a refund
happened is answered here, from the database, and nowhere else. The runtime
(``fcourse.runtime.registry`` + ``fcourse.runtime.recovery``) owns the *decision* of what to
do next and asks the domain before deciding; the model owns nothing.

Three tables, in two modules: ``orders`` and the append-only
``refund_ledger`` (``fcourse.shop.ledger``: the truth of what happened) and
``idempotency_records`` (``fcourse.shop.idempotency``: the domain's memory of
each key, scoped to the user). This module runs the flow over both.

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

Connections: one per thread/process (``fcourse.db.open_database``); the clock is
injectable, so stale windows and retention are tested without sleeping.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from fcourse.clock import Clock, SystemClock, iso
from fcourse.db import open_database, snapshot, transaction
from fcourse.errors import BusinessRuleError, DuplicateInProgressError, IdempotencyKeyMismatchError, StorageError
from fcourse.runtime.status import IdempotencyStatus, StatusReport
from fcourse.shop.idempotency import IDEMPOTENCY_SCHEMA, IdempotencyRecords, ReconciliationReport, RecordState
from fcourse.shop.ledger import LEDGER_SCHEMA, Ledger, Order, refund_arguments_hash, result_from_ledger

# The contract types are importable from here as before the split (the facade points at their homes).
__all__ = [
    "CRASH_POINTS",
    "IdempotencyStatus",
    "Order",
    "ReconciliationReport",
    "RecordState",
    "RefundDomain",
    "StatusReport",
    "refund_arguments_hash",
]

#: Points where ``RefundDomain.crash_hook`` is called, in execution order.
CRASH_POINTS = ("after_claim", "before_ledger_commit", "after_ledger_commit")


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
            conn.executescript(LEDGER_SCHEMA + IDEMPOTENCY_SCHEMA)
        except sqlite3.DatabaseError as error:
            raise StorageError(f"cannot create the refund tables: {error}") from error
        self._ledger = Ledger(conn)
        self._records = IdempotencyRecords(conn)

    @classmethod
    def open(cls, path: str, **options: Any) -> RefundDomain:
        """Connect to the database file at ``path`` (created if missing) and return a domain on it."""
        synchronous = options.pop("synchronous", "NORMAL")
        return cls(open_database(path, synchronous=synchronous), **options)

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
            self._ledger.add_order(order_id, user_id, amount_cents, currency, status)
        order = self.get_order(order_id)
        if order is None:  # pragma: no cover - the INSERT above just made it
            raise StorageError(f"order {order_id} was not stored")
        return order

    def get_order(self, order_id: str) -> Order | None:
        """The order, or None."""
        return self._ledger.get_order(order_id)

    def orders(self) -> list[Order]:
        """Every order, by id."""
        return self._ledger.orders()

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
            record = self._records.get(user_id, key)
            if record is None:
                ledger = self._ledger.row(user_id, key)
                if ledger is not None:  # the record was purged; the ledger still knows
                    if ledger["arguments_hash"] != digest:
                        raise self._mismatch(key)
                    result = result_from_ledger(ledger)
                    self._records.restore(user_id, key, digest, result, now)
                    return 0, result
                self._records.claim(user_id, key, digest, now)
                return 1, None
            if record["arguments_hash"] != digest:
                raise self._mismatch(key)
            if record["state"] == RecordState.SUCCEEDED:
                return 0, json.loads(record["result_json"])
            if record["state"] == RecordState.IN_PROGRESS:
                ledger = self._ledger.row(user_id, key)
                if ledger is not None:  # crashed after the ledger commit: heal the record, replay
                    result = result_from_ledger(ledger)
                    self._records.succeed(user_id, key, result, now)
                    return 0, result
                raise DuplicateInProgressError(
                    f"a refund with idempotency key {key!r} is in progress; its outcome is not known yet",
                    data={"idempotency_key": key, "since": iso(record["created_at"])},
                )
            attempt = int(record["attempt"]) + 1
            self._records.reclaim(user_id, key, attempt, now)
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
            ledger = self._ledger.row(user_id, key)
            if ledger is not None:  # already executed (only a released-and-retried key gets here)
                result = result_from_ledger(ledger)
                self._records.succeed(user_id, key, result, self.clock.now(), attempt=attempt)
                return result
            record = self._records.get(user_id, key)
            if record is None or record["state"] != RecordState.IN_PROGRESS or record["attempt"] != attempt:
                raise DuplicateInProgressError(
                    f"the claim on idempotency key {key!r} was released; not executing",
                    data={"idempotency_key": key, "reason": "CLAIM_LOST"},
                )
            now = self.clock.now()
            result = self._ledger.refund(user_id, order_id, key, amount_cents, digest, now)
            if not self.split_completion:
                self._records.succeed(user_id, key, result, now)
            self._hook("before_ledger_commit")
            return result

    def _finish(self, user_id: str, key: str, attempt: int, state: RecordState, result: dict[str, Any]) -> None:
        with transaction(self.conn):
            self._records.finish(user_id, key, attempt, state, result, self.clock.now())

    @staticmethod
    def _mismatch(key: str) -> IdempotencyKeyMismatchError:
        return IdempotencyKeyMismatchError(
            f"idempotency key {key!r} was already used with different arguments",
            data={"idempotency_key": key},
        )

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
            ledger = self._ledger.row(user_id, key)
            record = self._records.get(user_id, key)
        state = None if record is None else record["state"]
        if ledger is not None:
            if state == RecordState.SUCCEEDED and record is not None and record["result_json"]:
                result, why = json.loads(record["result_json"]), "the ledger has the refund"
            else:
                result = result_from_ledger(ledger)
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
            for record in self._records.in_progress():
                user_id, key = record["user_id"], record["idempotency_key"]
                ledger = self._ledger.row(user_id, key)
                if ledger is not None:
                    self._records.succeed(user_id, key, result_from_ledger(ledger), now)
                    healed.append((user_id, key))
                elif now - float(record["updated_at"]) >= self.stale_after:
                    self._records.release(user_id, key, now)
                    released.append((user_id, key))
                else:
                    fresh.append((user_id, key))
        return ReconciliationReport(tuple(healed), tuple(released), tuple(fresh))

    def purge_expired(self) -> int:
        """Delete completed idempotency records older than ``retention``; never the ledger. Returns the count."""
        cutoff = self.clock.now() - self.retention
        with transaction(self.conn):
            return self._records.purge(cutoff)

    # -- reading ---------------------------------------------------------------------

    def ledger(self, user_id: str | None = None, idempotency_key: str | None = None) -> list[dict[str, Any]]:
        """Ledger rows as dicts (``created_at`` as ISO text), oldest first, optionally filtered."""
        return self._ledger.rows(user_id, idempotency_key)

    def execution_count(self, user_id: str, idempotency_key: str) -> int:
        """How many refunds the ledger holds for this key: the ``handler_execution_count`` (0 or 1)."""
        return self._ledger.count(user_id, idempotency_key)

    def record(self, user_id: str, idempotency_key: str) -> dict[str, Any] | None:
        """The idempotency record as a dict (times as ISO text), or None."""
        return self._records.as_dict(user_id, idempotency_key)

    def health(self) -> bool:
        """Side-effect-free: can the database answer a query?"""
        try:
            return self.conn.execute("SELECT 1").fetchone()[0] == 1
        except sqlite3.Error:
            return False
