"""fcourse.runtime.recovery: the decision table, pluggable decision functions, exactly-once under random histories."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from fcourse.clock import FakeClock
from fcourse.runtime.recovery import Runtime, RuntimeAction, decide_recovery
from fcourse.runtime.registry import ToolRegistry
from fcourse.shop.demo import DEMO_ARGUMENTS, DEMO_KEY, DEMO_SESSION, World, build_world
from fcourse.shop.faults import FAULT_EXPECTED_STATUS, Fault
from fcourse.shop.refunds import IdempotencyStatus, refund_arguments_hash

USER = DEMO_SESSION.user_id


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    w = build_world(str(tmp_path / "recovery.db"))
    yield w
    w.close()


def test_the_default_decision() -> None:
    assert decide_recovery(IdempotencyStatus.SUCCEEDED) is RuntimeAction.REPLAY_SUCCESS
    assert decide_recovery(IdempotencyStatus.NOT_EXECUTED) is RuntimeAction.RETRY_ONCE
    assert decide_recovery(IdempotencyStatus.UNKNOWN) is RuntimeAction.AWAIT_RECONCILIATION
    assert decide_recovery("SUCCEEDED") is RuntimeAction.REPLAY_SUCCESS
    assert decide_recovery("SOMETHING_ELSE") is RuntimeAction.AWAIT_RECONCILIATION


# fault -> (idempotency_status, runtime_action, final, handler_execution_count, refund requests)
DECISION_TABLE: dict[Fault, tuple[str | None, str | None, str, int, int]] = {
    Fault.NONE: (None, None, "SUCCESS", 1, 1),
    Fault.TIMEOUT_BEFORE_EXECUTION: ("NOT_EXECUTED", "RETRY_ONCE", "SUCCESS", 1, 2),
    Fault.TIMEOUT_AFTER_SUCCESS: ("SUCCEEDED", "REPLAY_SUCCESS", "SUCCESS", 1, 1),
    Fault.CRASH_IN_FLIGHT: ("UNKNOWN", "AWAIT_RECONCILIATION", "PENDING", 0, 1),
    Fault.CRASH_AFTER_LEDGER: ("SUCCEEDED", "REPLAY_SUCCESS", "SUCCESS", 1, 1),
    Fault.SERVICE_DOWN: ("NOT_EXECUTED", "RETRY_ONCE", "SUCCESS", 1, 2),
    Fault.SLOW: ("SUCCEEDED", "REPLAY_SUCCESS", "SUCCESS", 1, 1),
    Fault.STATUS_LOOKUP_FAILS: ("UNKNOWN", "AWAIT_RECONCILIATION", "PENDING", 1, 1),
}


@pytest.mark.parametrize("fault", list(Fault), ids=str)
def test_decision_table_status_by_fault(world: World, fault: Fault) -> None:
    status, action, final, count, requests = DECISION_TABLE[fault]
    assert status == FAULT_EXPECTED_STATUS[fault]
    world.service.inject(fault)
    outcome = world.runtime.run("refund_order", dict(DEMO_ARGUMENTS), DEMO_SESSION)
    assert outcome.first.code == ("SUCCESS" if fault is Fault.NONE else "EXECUTION_ERROR")
    assert (outcome.idempotency_status, outcome.runtime_action, outcome.final) == (status, action, final)
    assert world.domain.execution_count(USER, DEMO_KEY) == count
    assert world.service.requests == requests
    assert outcome.trace[-1] == f"final={final}"
    if final == "SUCCESS":
        assert outcome.response.ok and outcome.response.data == world.domain.status(USER, DEMO_KEY).result
    else:
        assert outcome.response.status == "PENDING" and not outcome.response.retry_safe
        assert outcome.response.data["idempotency_status"] == "UNKNOWN"
    if fault is Fault.STATUS_LOOKUP_FAILS:
        assert "idempotency_lookup=FAILED" in outcome.trace and outcome.lookup_error


def test_replay_does_not_call_the_handler_again(world: World) -> None:
    world.service.inject(Fault.TIMEOUT_AFTER_SUCCESS)
    outcome = world.runtime.run("refund_order", dict(DEMO_ARGUMENTS), DEMO_SESSION)
    assert outcome.trace == (
        "refund_order response=EXECUTION_ERROR",
        "idempotency_status=SUCCEEDED",
        "runtime_action=REPLAY_SUCCESS",
        "final=SUCCESS",
    )
    assert outcome.response.replayed and world.service.requests == 1
    assert str(outcome) == "\n".join(outcome.trace)


def test_a_persistent_outage_fails_after_one_retry(world: World) -> None:
    world.service.inject(Fault.SERVICE_DOWN, times=None)
    outcome = world.runtime.run("refund_order", dict(DEMO_ARGUMENTS), DEMO_SESSION)
    assert outcome.runtime_action == "RETRY_ONCE" and outcome.final == "FAILED"
    assert outcome.retry is not None and outcome.retry.code == "EXECUTION_ERROR"
    assert world.service.requests == 2 and world.domain.ledger() == []


def test_pending_is_settled_by_reconciliation_then_a_retry_runs_once(world: World) -> None:
    world.service.inject(Fault.CRASH_IN_FLIGHT)
    assert world.runtime.run("refund_order", dict(DEMO_ARGUMENTS), DEMO_SESSION).final == "PENDING"
    again = world.runtime.run("refund_order", dict(DEMO_ARGUMENTS), DEMO_SESSION)
    assert again.first.code == "DUPLICATE_IN_PROGRESS" and again.final == "PENDING"
    world.clock.advance(world.domain.stale_after)
    assert world.domain.reconcile().released == ((USER, DEMO_KEY),)
    settled = world.runtime.run("refund_order", dict(DEMO_ARGUMENTS), DEMO_SESSION)
    assert settled.final == "SUCCESS" and world.domain.execution_count(USER, DEMO_KEY) == 1


def test_a_confirmed_call_keeps_its_confirmation_for_the_runtime_retry(world: World) -> None:
    big = {"order_id": "O-300", "idempotency_key": "big-refund-1"}
    need = world.registry.execute("refund_order", big, DEMO_SESSION)
    token = world.confirmations.issue(DEMO_SESSION, "refund_order", need.data["arguments_hash"])
    world.service.inject(Fault.TIMEOUT_BEFORE_EXECUTION)
    outcome = world.runtime.run("refund_order", big, DEMO_SESSION, confirmation_token=token)
    assert outcome.runtime_action == "RETRY_ONCE" and outcome.final == "SUCCESS"
    assert world.domain.execution_count(USER, "big-refund-1") == 1


def test_errors_that_recovery_does_not_touch(world: World) -> None:
    rejected = world.runtime.run(
        "refund_order", {"order_id": "O-200", "idempotency_key": "unpaid-01"}, DEMO_SESSION
    )
    assert rejected.final == "REJECTED" and rejected.idempotency_status is None
    registry = ToolRegistry()
    registry.register("read", lambda: 1 / 0, description="Read.", parameters={"type": "object"})
    failed = Runtime(registry).run("read", {}, None)
    assert (failed.final, failed.trace) == ("FAILED", ("read response=EXECUTION_ERROR", "final=FAILED"))


def test_a_raising_decision_function_never_breaks_the_runtime(world: World) -> None:
    def broken(status: IdempotencyStatus) -> RuntimeAction:
        raise KeyError(status)

    world.runtime.decide = broken
    world.service.inject(Fault.TIMEOUT_AFTER_SUCCESS)
    outcome = world.runtime.run("refund_order", dict(DEMO_ARGUMENTS), DEMO_SESSION)
    assert outcome.runtime_action == "MANUAL_REVIEW" and outcome.final == "PENDING"
    assert outcome.decision_error and "decision_error=KeyError" in outcome.trace


# --- random histories on one database file -----------------------------------------------------------

KEYS = [f"hist-key-{n}" for n in range(5)]
KEY_ARGUMENTS: dict[str, dict[str, Any]] = {
    "hist-key-0": {"order_id": "O-100", "amount_cents": 4_000},
    "hist-key-1": {"order_id": "O-100", "amount_cents": 6_000},
    "hist-key-2": {"order_id": "O-100"},  # the rest of O-100
    "hist-key-3": {"order_id": "O-300", "amount_cents": 20_000},
    "hist-key-4": {"order_id": "O-200", "amount_cents": 1_000},  # unpaid: always refused
}


class RefundHistories(RuleBasedStateMachine):
    """Calls, faults, retries, duplicates, clock jumps, reconciliation, purges and restarts."""

    def __init__(self) -> None:
        super().__init__()
        self.tmp = tempfile.mkdtemp(prefix="fcourse-hist-")
        self.path = str(Path(self.tmp) / "history.db")
        self.clock = FakeClock()
        self.world = build_world(self.path, clock=self.clock)
        self.reported_success: set[str] = set()

    def arguments(self, key: str) -> dict[str, Any]:
        return {**KEY_ARGUMENTS[key], "idempotency_key": key}

    @rule(key=st.sampled_from(KEYS), fault=st.sampled_from(list(Fault)), duplicate=st.booleans())
    def call(self, key: str, fault: Fault, duplicate: bool) -> None:
        self.world.service.inject(fault)
        outcome = self.world.runtime.run("refund_order", self.arguments(key), DEMO_SESSION)
        if duplicate:  # the model proposes the very same call again
            outcome = self.world.runtime.run("refund_order", self.arguments(key), DEMO_SESSION)
        self.world.service.heal()
        count = self.world.domain.execution_count(USER, key)
        if outcome.final == "SUCCESS":
            assert count == 1, f"reported success without a ledger effect: {outcome.trace}"
            self.reported_success.add(key)
        if outcome.status_report is not None and outcome.status_report.status == "NOT_EXECUTED":
            assert outcome.status_report.ledger_rows == 0

    @rule(key=st.sampled_from(KEYS), delta=st.sampled_from([1, -1]))
    def same_key_other_arguments(self, key: str, delta: int) -> None:
        arguments = self.arguments(key)
        arguments["amount_cents"] = arguments.get("amount_cents", 500) + delta
        self.world.runtime.run("refund_order", arguments, DEMO_SESSION)

    @rule(seconds=st.sampled_from([1.0, 120.0, 300.0, 86_401.0]))
    def time_passes(self, seconds: float) -> None:
        self.clock.advance(seconds)

    @rule()
    def reconcile(self) -> None:
        self.world.domain.reconcile()

    @rule()
    def purge(self) -> None:
        self.world.domain.purge_expired()

    @rule()
    def restart(self) -> None:
        self.world.close()
        self.world = build_world(self.path, clock=self.clock)

    @invariant()
    def exactly_once_and_honest(self) -> None:
        domain = self.world.domain
        for key in KEYS:
            count = domain.execution_count(USER, key)
            assert count <= 1
            status = domain.status(USER, key).status
            if count:
                assert status == IdempotencyStatus.SUCCEEDED
            if status == IdempotencyStatus.NOT_EXECUTED:
                assert count == 0
        for key in self.reported_success:
            assert domain.execution_count(USER, key) == 1
        for order in domain.orders():
            ledger = sum(r["amount_cents"] for r in domain.ledger() if r["order_id"] == order.order_id)
            assert order.refunded_cents == ledger <= order.amount_cents

    def teardown(self) -> None:
        self.world.close()
        shutil.rmtree(self.tmp, ignore_errors=True)


RefundHistories.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestRefundHistories = RefundHistories.TestCase


# --- issue 11, defect 1: a replay must belong to *this* call's arguments ---------------------


@pytest.mark.parametrize("fault", [Fault.TIMEOUT_BEFORE_EXECUTION, Fault.SERVICE_DOWN], ids=str)
@pytest.mark.parametrize(
    "second",
    [
        {"order_id": "O-400", "idempotency_key": DEMO_KEY},  # another order
        {"order_id": "O-100", "idempotency_key": DEMO_KEY, "amount_cents": 100},  # another amount
    ],
    ids=["other-order", "other-amount"],
)
def test_a_key_reused_with_other_arguments_is_a_mismatch_never_a_replay(
    world: World, fault: Fault, second: dict[str, Any]
) -> None:
    world.domain.add_order("O-400", USER, 3_000)
    first = world.runtime.run("refund_order", dict(DEMO_ARGUMENTS), DEMO_SESSION)
    assert first.final == "SUCCESS"
    world.service.inject(fault)
    outcome = world.runtime.run("refund_order", dict(second), DEMO_SESSION)
    assert outcome.final == "REJECTED", outcome.trace
    assert outcome.response.error_code == "IDEMPOTENCY_KEY_MISMATCH"
    assert not outcome.response.replayed and outcome.runtime_action is None
    assert world.domain.execution_count(USER, DEMO_KEY) == 1
    assert [row["order_id"] for row in world.domain.ledger()] == ["O-100"]


# --- issue 11: for every fault and every pair of calls sharing a key, SUCCESS is this call's ----------

PAIR_ARGUMENTS = st.sampled_from(
    [
        {"order_id": "O-100"},
        {"order_id": "O-100", "amount_cents": 100},
        {"order_id": "O-100", "amount_cents": 200},
        {"order_id": "O-400"},
        {"order_id": "O-400", "amount_cents": 100},
        {"order_id": "O-200", "amount_cents": 100},  # unpaid: refused by a business rule
    ]
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    first=PAIR_ARGUMENTS,
    second=PAIR_ARGUMENTS,
    first_fault=st.sampled_from(list(Fault)),
    second_fault=st.sampled_from(list(Fault)),
    settle=st.booleans(),
)
def test_a_reported_success_is_a_ledger_row_with_this_calls_arguments(
    first: dict[str, Any], second: dict[str, Any], first_fault: Fault, second_fault: Fault, settle: bool
) -> None:
    world = build_world(":memory:")
    try:
        world.domain.add_order("O-400", USER, 3_000)
        for arguments, fault in ((first, first_fault), (second, second_fault)):
            world.service.heal()
            world.service.inject(fault)
            call = {**arguments, "idempotency_key": "pair-key-0001"}
            outcome = world.runtime.run("refund_order", dict(call), DEMO_SESSION)
            rows = world.domain.ledger(USER, "pair-key-0001")
            assert len(rows) <= 1
            if outcome.final == "SUCCESS":
                expected = refund_arguments_hash(call["order_id"], call.get("amount_cents"))
                assert rows and rows[0]["arguments_hash"] == expected, outcome.trace
                assert outcome.response.ok and outcome.response.data["order_id"] == call["order_id"]
                assert outcome.response.data["refund_id"] == rows[0]["refund_id"]
            if settle:  # let reconciliation settle an abandoned claim before the second call
                world.service.heal()
                world.clock.advance(world.domain.stale_after)
                world.domain.reconcile()
    finally:
        world.close()


def test_a_malformed_status_report_never_raises_into_the_loop(world: World) -> None:
    # nearby hole: a status lookup answering SUCCEEDED (arguments matching) without a result made run() raise
    from types import SimpleNamespace

    tool = world.registry.get("refund_order")
    assert tool is not None
    object.__setattr__(
        tool, "status_lookup", lambda session, key, arguments: SimpleNamespace(status="SUCCEEDED", arguments_match=True)
    )
    world.service.inject(Fault.TIMEOUT_AFTER_SUCCESS)
    outcome = world.runtime.run("refund_order", dict(DEMO_ARGUMENTS), DEMO_SESSION)
    assert outcome.final == "PENDING" and outcome.response.status == "PENDING"
    assert outcome.runtime_action == "MANUAL_REVIEW" and not outcome.response.retry_safe
    assert any(line.startswith("recovery_error=") for line in outcome.trace)
