"""fcourse.shop.refunds: the refund fact on SQLite -- exactly once, per key, across crashes and processes."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fcourse.clock import DEMO_EPOCH, FakeClock
from fcourse.db import open_database
from fcourse.errors import (
    BusinessRuleError,
    DuplicateInProgressError,
    IdempotencyKeyMismatchError,
    StorageError,
)
from fcourse.shop.faults import SimulatedCrash
from fcourse.shop.refunds import IdempotencyStatus, RecordState, RefundDomain

USER = "U-1"


def seed(domain: RefundDomain) -> RefundDomain:
    domain.add_order("O-100", USER, 10_000)
    domain.add_order("O-200", USER, 5_000, status="unpaid")
    domain.add_order("O-300", "U-2", 7_000)
    return domain


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def domain(clock: FakeClock) -> Iterator[RefundDomain]:
    d = seed(RefundDomain(open_database(":memory:"), clock=clock))
    yield d
    d.close()


def crash_at(point: str) -> Any:
    def hook(reached: str) -> None:
        if reached == point:
            raise SimulatedCrash(point)

    return hook


# --- the happy path and replays ----------------------------------------------------------------


def test_a_refund_writes_one_ledger_row_and_updates_the_order(domain: RefundDomain) -> None:
    result = domain.refund(USER, "O-100", "key-1")
    assert result == {
        "refund_id": result["refund_id"],
        "order_id": "O-100",
        "amount_cents": 10_000,
        "currency": "CNY",
        "idempotency_key": "key-1",
        "status": "REFUNDED",
    }
    assert result["refund_id"].startswith("RF-")
    (row,) = domain.ledger()
    assert row["created_at"] == "2026-04-14T00:00:00.000Z"
    assert domain.get_order("O-100").status == "refunded"  # type: ignore[union-attr]
    assert domain.record(USER, "key-1")["state"] == "SUCCEEDED"  # type: ignore[index]


def test_the_same_key_replays_the_stored_result(domain: RefundDomain) -> None:
    first = domain.refund(USER, "O-100", "key-1", 1_000)
    assert domain.refund(USER, "O-100", "key-1", 1_000) == first
    assert domain.execution_count(USER, "key-1") == 1
    assert domain.get_order("O-100").refunded_cents == 1_000  # type: ignore[union-attr]


def test_the_same_key_with_other_arguments_is_a_mismatch(domain: RefundDomain) -> None:
    domain.refund(USER, "O-100", "key-1", 1_000)
    with pytest.raises(IdempotencyKeyMismatchError):
        domain.refund(USER, "O-100", "key-1", 2_000)


def test_keys_are_scoped_to_the_user(domain: RefundDomain) -> None:
    domain.refund(USER, "O-100", "shared-key", 1_000)
    domain.refund("U-2", "O-300", "shared-key", 1_000)
    assert len(domain.ledger()) == 2


# --- business rules are refusals, not execution errors ------------------------------------------------


@pytest.mark.parametrize(
    ("user", "order", "amount", "rule"),
    [
        (USER, "O-999", None, "ORDER_NOT_FOUND"),
        (USER, "O-300", None, "ORDER_NOT_FOUND"),  # someone else's order
        (USER, "O-200", None, "ORDER_NOT_PAID"),
        (USER, "O-100", 10_001, "AMOUNT_EXCEEDS_ORDER"),
        (USER, "O-100", 0, "INVALID_AMOUNT"),
    ],
)
def test_business_rules(domain: RefundDomain, user: str, order: str, amount: int | None, rule: str) -> None:
    with pytest.raises(BusinessRuleError) as caught:
        domain.refund(user, order, "key-x", amount)
    assert caught.value.rule == rule
    assert domain.ledger() == []
    status = domain.status(user, "key-x")
    assert status.status == IdempotencyStatus.NOT_EXECUTED and rule in status.reason


def test_partial_refunds_up_to_the_order_amount_then_already_refunded(domain: RefundDomain) -> None:
    domain.refund(USER, "O-100", "k-1", 6_000)
    assert domain.get_order("O-100").status == "partially_refunded"  # type: ignore[union-attr]
    with pytest.raises(BusinessRuleError, match="exceeds the 4000 cents left"):
        domain.refund(USER, "O-100", "k-2", 4_001)
    domain.refund(USER, "O-100", "k-3")  # the rest
    with pytest.raises(BusinessRuleError) as caught:
        domain.refund(USER, "O-100", "k-4", 1)
    assert caught.value.rule == "ORDER_ALREADY_REFUNDED"
    assert sum(row["amount_cents"] for row in domain.ledger()) == 10_000


def test_a_rejected_key_can_be_used_again_once_the_rule_allows(domain: RefundDomain) -> None:
    with pytest.raises(BusinessRuleError):
        domain.refund(USER, "O-200", "k-1")
    domain.conn.execute("UPDATE orders SET status = 'paid' WHERE order_id = 'O-200'")
    assert domain.refund(USER, "O-200", "k-1")["amount_cents"] == 5_000
    assert domain.record(USER, "k-1")["attempt"] == 2  # type: ignore[index]


# --- status, crash points and reconciliation ----------------------------------------------------------


def test_status_of_an_unknown_key_is_not_executed(domain: RefundDomain) -> None:
    report = domain.status(USER, "never-used")
    assert report.status == IdempotencyStatus.NOT_EXECUTED and report.record_state is None


def test_crash_after_claim_is_unknown_then_released_by_reconciliation(domain: RefundDomain, clock: FakeClock) -> None:
    domain.crash_hook = crash_at("after_claim")
    with pytest.raises(SimulatedCrash):
        domain.refund(USER, "O-100", "key-1")
    domain.crash_hook = None
    report = domain.status(USER, "key-1")
    assert report.status == IdempotencyStatus.UNKNOWN and report.reason.startswith("in flight")
    with pytest.raises(DuplicateInProgressError):
        domain.refund(USER, "O-100", "key-1")
    assert domain.reconcile().still_in_flight == ((USER, "key-1"),)
    clock.advance(domain.stale_after)
    assert domain.status(USER, "key-1").reason.startswith("stale")
    report_r = domain.reconcile()
    assert report_r.released == ((USER, "key-1"),) and "released=1" in str(report_r)
    assert domain.status(USER, "key-1").status == IdempotencyStatus.NOT_EXECUTED
    domain.refund(USER, "O-100", "key-1")
    assert domain.execution_count(USER, "key-1") == 1


def test_crash_inside_the_ledger_transaction_rolls_back(domain: RefundDomain) -> None:
    domain.crash_hook = crash_at("before_ledger_commit")
    with pytest.raises(SimulatedCrash):
        domain.refund(USER, "O-100", "key-1")
    assert domain.ledger() == [] and domain.get_order("O-100").refunded_cents == 0  # type: ignore[union-attr]
    assert domain.status(USER, "key-1").status == IdempotencyStatus.UNKNOWN


def test_by_default_the_ledger_and_the_record_commit_together(domain: RefundDomain) -> None:
    domain.crash_hook = crash_at("after_ledger_commit")
    with pytest.raises(SimulatedCrash):
        domain.refund(USER, "O-100", "key-1")
    assert domain.record(USER, "key-1")["state"] == RecordState.SUCCEEDED  # type: ignore[index]
    assert domain.reconcile().healed == ()


def test_crash_after_the_ledger_commit_is_succeeded_from_the_ledger(domain: RefundDomain) -> None:
    domain.split_completion = True
    domain.crash_hook = crash_at("after_ledger_commit")
    with pytest.raises(SimulatedCrash):
        domain.refund(USER, "O-100", "key-1")
    domain.crash_hook = None
    assert domain.record(USER, "key-1")["state"] == RecordState.IN_PROGRESS  # type: ignore[index]
    report = domain.status(USER, "key-1")
    assert report.status == IdempotencyStatus.SUCCEEDED and "rebuilt from the ledger" in report.reason
    healed = domain.reconcile()
    assert healed.healed == ((USER, "key-1"),)
    assert domain.status(USER, "key-1").result == report.result  # rebuilt == stored, byte for byte
    assert domain.refund(USER, "O-100", "key-1") == report.result
    assert domain.execution_count(USER, "key-1") == 1


def test_a_retry_of_an_unhealed_crash_after_ledger_replays(domain: RefundDomain) -> None:
    domain.split_completion = True
    domain.crash_hook = crash_at("after_ledger_commit")
    with pytest.raises(SimulatedCrash):
        domain.refund(USER, "O-100", "key-1")
    domain.crash_hook = None
    assert domain.refund(USER, "O-100", "key-1")["idempotency_key"] == "key-1"
    assert domain.record(USER, "key-1")["state"] == RecordState.SUCCEEDED  # type: ignore[index]


def test_an_ordinary_error_in_the_effect_releases_the_claim(domain: RefundDomain) -> None:
    def fail(point: str) -> None:
        if point == "before_ledger_commit":
            raise sqlite3.OperationalError("disk I/O error")

    domain.crash_hook = fail
    with pytest.raises(sqlite3.OperationalError):
        domain.refund(USER, "O-100", "key-1")
    assert domain.status(USER, "key-1").status == IdempotencyStatus.NOT_EXECUTED
    domain.crash_hook = None
    domain.refund(USER, "O-100", "key-1")
    assert domain.execution_count(USER, "key-1") == 1


@pytest.mark.parametrize("retried_meanwhile", [True, False])
def test_a_zombie_whose_claim_was_released_cannot_refund_twice(
    tmp_path: Path, clock: FakeClock, retried_meanwhile: bool
) -> None:
    path = str(tmp_path / "zombie.db")
    zombie = seed(RefundDomain.open(path, clock=clock))
    other = RefundDomain.open(path, clock=clock)
    results = []

    def meanwhile(point: str) -> None:  # the zombie stalls after claiming; the world moves on
        if point == "after_claim":
            clock.advance(zombie.stale_after)
            assert other.reconcile().released == ((USER, "key-1"),)
            if retried_meanwhile:
                results.append(other.refund(USER, "O-100", "key-1"))

    zombie.crash_hook = meanwhile
    if retried_meanwhile:  # the ledger already has it: the zombie sees that and replays
        assert zombie.refund(USER, "O-100", "key-1") == results[0]
    else:  # its claim is gone: it must not execute
        with pytest.raises(DuplicateInProgressError, match="released"):
            zombie.refund(USER, "O-100", "key-1")
    assert other.execution_count(USER, "key-1") == (1 if retried_meanwhile else 0)
    zombie.close()
    other.close()


# --- retention and append-only ----------------------------------------------------------------------------


def test_purge_removes_old_completed_records_but_never_the_ledger(domain: RefundDomain, clock: FakeClock) -> None:
    domain.refund(USER, "O-100", "old-key", 1_000)
    domain.crash_hook = crash_at("after_claim")
    with pytest.raises(SimulatedCrash):
        domain.refund(USER, "O-100", "stuck-key", 1_000)
    domain.crash_hook = None
    clock.advance(domain.retention + 1)
    assert domain.purge_expired() == 1
    assert domain.record(USER, "old-key") is None
    assert domain.record(USER, "stuck-key") is not None  # IN_PROGRESS is never purged
    assert len(domain.ledger()) == 1
    # the ledger still remembers the key: same arguments replay, others are a mismatch
    assert domain.status(USER, "old-key").status == IdempotencyStatus.SUCCEEDED
    assert domain.refund(USER, "O-100", "old-key", 1_000)["amount_cents"] == 1_000
    with pytest.raises(IdempotencyKeyMismatchError):
        domain.purge_expired() or domain.refund(USER, "O-100", "old-key", 2_000)
    assert len(domain.ledger()) == 1


def test_the_ledger_is_append_only(domain: RefundDomain) -> None:
    domain.refund(USER, "O-100", "key-1")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        domain.conn.execute("UPDATE refund_ledger SET amount_cents = 1")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        domain.conn.execute("DELETE FROM refund_ledger")
    with pytest.raises(sqlite3.IntegrityError):
        domain.conn.execute(
            "INSERT INTO refund_ledger (refund_id, user_id, idempotency_key, order_id, amount_cents, currency,"
            " arguments_hash, created_at) VALUES ('RF-X', ?, 'key-1', 'O-100', 1, 'CNY', 'h', 0)",
            (USER,),
        )


def test_connections_use_wal_busy_timeout_and_explicit_transactions(tmp_path: Path) -> None:
    conn = open_database(str(tmp_path / "x.db"))
    assert conn.isolation_level is None
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 1000
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    conn.close()
    (tmp_path / "junk.db").write_bytes(b"this is not a database" * 100)
    with pytest.raises(StorageError):
        RefundDomain.open(str(tmp_path / "junk.db"))


def test_health_is_side_effect_free(domain: RefundDomain) -> None:
    before = domain.conn.total_changes
    assert domain.health() is True
    assert domain.conn.total_changes == before


# --- several processes, and a process killed mid-refund ---------------------------------------------------

ORDERS = [f"O-{n}" for n in range(1, 9)]


def _race_worker(path: str, keys: list[str], holder: bool, sync: Any, out: Any) -> None:
    barrier, claimed, contended = sync
    domain = RefundDomain.open(path, clock=FakeClock())
    if holder:  # holds its first claim until another process has run into it: contention is certain

        def hold(point: str) -> None:
            if point == "after_claim":
                claimed.set()
                contended.wait(60)

        domain.crash_hook = hold
    barrier.wait(60)
    if not holder:
        claimed.wait(60)
    results, busy = {}, 0
    for key in keys:
        order = ORDERS[int(key.split("-")[1]) % len(ORDERS)]
        for attempt in range(200):
            try:
                results[key] = domain.refund(USER, order, key, 100)["refund_id"]
                break
            except DuplicateInProgressError:  # another process holds the claim right now
                busy += 1
                contended.set()
                time.sleep(min(0.0005 * 2**attempt, 0.02))  # back off, then ask again
        domain.crash_hook = None
    out.put((results, busy))
    domain.close()


def test_processes_racing_the_same_keys_execute_each_exactly_once(tmp_path: Path) -> None:
    path = str(tmp_path / "race.db")
    setup = RefundDomain.open(path, clock=FakeClock())
    for order in ORDERS:
        setup.add_order(order, USER, 1_000_000)
    keys = [f"k-{n}" for n in range(60)]
    ctx = multiprocessing.get_context("spawn")
    sync, out = (ctx.Barrier(4), ctx.Event(), ctx.Event()), ctx.Queue()
    orders = [keys, keys[::-1], keys, keys[::-1]]  # workers 0 and 2 start on the same key, 1 and 3 meet them
    workers = [ctx.Process(target=_race_worker, args=(path, orders[i], i == 0, sync, out)) for i in range(4)]
    for worker in workers:
        worker.start()
    reports = [out.get(timeout=120) for _ in workers]
    for worker in workers:
        worker.join(timeout=120)
        assert worker.exitcode == 0
    results = [r for r, _ in reports]
    busy = sum(b for _, b in reports)
    assert busy > 0  # the processes really did collide on a claim in flight
    assert all(len(r) == len(keys) for r in results)  # nobody gave up
    for key in keys:
        assert setup.execution_count(USER, key) == 1
        assert len({r[key] for r in results}) == 1  # everyone saw the same refund
    assert len(setup.ledger()) == len(keys)
    assert sum(o.refunded_cents for o in setup.orders()) == 100 * len(keys)
    setup.close()


def _paused_worker(path: str, point: str, pipe: Any) -> None:
    domain = RefundDomain.open(path, clock=FakeClock(DEMO_EPOCH), split_completion=True)

    def pause(reached: str) -> None:
        if reached == point:
            pipe.send("paused")
            pipe.recv()  # wait here until killed

    domain.crash_hook = pause
    domain.refund(USER, "O-100", "key-killed")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize(
    ("point", "status_after_kill"),
    [
        ("after_claim", IdempotencyStatus.UNKNOWN),
        ("before_ledger_commit", IdempotencyStatus.UNKNOWN),  # holding the write lock, uncommitted
        ("after_ledger_commit", IdempotencyStatus.SUCCEEDED),
    ],
)
def test_a_process_killed_mid_refund_never_causes_a_second_refund(
    tmp_path: Path, point: str, status_after_kill: IdempotencyStatus
) -> None:
    path = str(tmp_path / "killed.db")
    clock = FakeClock(DEMO_EPOCH)
    setup = seed(RefundDomain.open(path, clock=clock))
    setup.close()
    ctx = multiprocessing.get_context("spawn")
    parent_end, child_end = ctx.Pipe()
    child = ctx.Process(target=_paused_worker, args=(path, point, child_end))
    child.start()
    assert parent_end.poll(120), "the child never reached the pause point"
    assert parent_end.recv() == "paused"
    os.kill(child.pid, signal.SIGKILL)  # type: ignore[arg-type]
    child.join(timeout=60)
    assert child.exitcode == -signal.SIGKILL

    restarted = RefundDomain.open(path, clock=clock)
    assert restarted.status(USER, "key-killed").status == status_after_kill
    clock.advance(restarted.stale_after)
    report = restarted.reconcile()
    if status_after_kill == IdempotencyStatus.SUCCEEDED:
        assert report.healed == ((USER, "key-killed"),)
    else:
        assert report.released == ((USER, "key-killed"),)  # handed to reconciliation: released
        assert restarted.status(USER, "key-killed").status == IdempotencyStatus.NOT_EXECUTED
    restarted.refund(USER, "O-100", "key-killed")  # the retry: replays or executes, once
    assert restarted.status(USER, "key-killed").status == IdempotencyStatus.SUCCEEDED
    assert restarted.execution_count(USER, "key-killed") == 1
    assert restarted.get_order("O-100").refunded_cents == 10_000  # type: ignore[union-attr]
    restarted.close()
