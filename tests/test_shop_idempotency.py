"""fcourse.shop.idempotency: the records of who holds a key, apart from the ledger."""

from __future__ import annotations

import pytest

from fcourse.db import open_database, transaction
from fcourse.shop.idempotency import IDEMPOTENCY_SCHEMA, IdempotencyRecords, RecordState


@pytest.fixture
def records() -> IdempotencyRecords:
    conn = open_database(":memory:")
    conn.executescript(IDEMPOTENCY_SCHEMA)
    return IdempotencyRecords(conn)


def test_claim_finish_and_reclaim(records: IdempotencyRecords) -> None:
    with transaction(records.conn):
        records.claim("U-1", "k", "h1", 10.0)
    assert records.get("U-1", "k")["state"] == "IN_PROGRESS"
    with transaction(records.conn):
        records.finish("U-1", "k", 2, RecordState.FAILED, {"reason": "ERROR"}, 11.0)  # not attempt 2's claim
    assert records.get("U-1", "k")["state"] == "IN_PROGRESS"
    with transaction(records.conn):
        records.finish("U-1", "k", 1, RecordState.FAILED, {"reason": "ERROR"}, 11.0)
        records.reclaim("U-1", "k", 2, 12.0)
    row = records.as_dict("U-1", "k")
    assert (row["state"], row["attempt"], row["arguments_hash"]) == ("IN_PROGRESS", 2, "h1")
    assert records.get("U-2", "k") is None  # keys are scoped to the user


def test_release_and_purge_only_completed_old_records(records: IdempotencyRecords) -> None:
    with transaction(records.conn):
        records.claim("U-1", "stale", "h", 0.0)
        records.claim("U-1", "done", "h", 0.0)
        records.succeed("U-1", "done", {"ok": True}, 1.0)
        records.claim("U-1", "running", "h", 0.0)
    assert [r["idempotency_key"] for r in records.in_progress()] == ["running", "stale"]
    with transaction(records.conn):
        records.release("U-1", "stale", 2.0)
        purged = records.purge(cutoff=1.5)
    assert purged == 1  # "done" (updated at 1.0); "stale" was updated at 2.0, "running" is in progress
    assert records.get("U-1", "done") is None and records.get("U-1", "running") is not None
