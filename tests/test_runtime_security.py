"""fcourse.runtime.security: identity from the session, permissions, confirmation tokens, append-only audit."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from fcourse.clock import FakeClock
from fcourse.db import open_database
from fcourse.shop.demo import World, build_world
from fcourse.runtime.registry import ErrorCode
from fcourse.runtime.security import AuditLog, ConfirmationGate, Session

ALICE = Session("U-1001", roles={"customer"}, session_id="S-1")
MALLORY = Session("U-2002", roles={"customer"}, session_id="S-2")
BIG = {"order_id": "O-300", "idempotency_key": "refund-O-300-a1", "amount_cents": 60_000}  # above 50,000


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    w = build_world(str(tmp_path / "security.db"))
    yield w
    w.close()


def test_the_session_overrides_a_user_id_from_the_model_and_the_audit_says_so(world: World) -> None:
    response = world.registry.execute(
        "refund_order", {"order_id": "O-900", "idempotency_key": "steal-0001", "user_id": "U-2002"}, ALICE
    )
    # O-900 belongs to U-2002; the session says U-1001, so the domain cannot find it for this user
    assert response.error_code == ErrorCode.BUSINESS_RULE_VIOLATION
    assert response.data["rule"] == "ORDER_NOT_FOUND"
    assert response.notes == ("user_id overridden from the session (the model said 'U-2002')",)
    entry = world.audit.entries()[-1]
    assert entry.user_id == "U-1001" and entry.notes == response.notes
    assert world.domain.ledger() == []


def test_roles_are_checked_per_tool(world: World) -> None:
    guest = Session("U-1001", roles={"guest"})
    response = world.registry.execute("get_order", {"order_id": "O-100"}, guest)
    assert response.error_code == ErrorCode.PERMISSION_DENIED
    support = Session("U-1001", roles={"support"})
    assert world.registry.execute("get_order", {"order_id": "O-100"}, support).ok


def test_a_large_refund_needs_a_confirmation_token(world: World) -> None:
    first = world.registry.execute("refund_order", BIG, ALICE)
    assert first.error_code == ErrorCode.CONFIRMATION_REQUIRED
    assert first.data["token_problem"] == "NO_TOKEN"
    assert "above 50000 cents" in first.data["reason"]
    assert world.domain.ledger() == []
    token = world.confirmations.issue(ALICE, "refund_order", first.data["arguments_hash"])
    assert token == "cf1." + token.split(".")[1]  # counter-based id, HMAC signature
    confirmed = world.registry.execute("refund_order", BIG, ALICE, confirmation_token=token)
    assert confirmed.ok and confirmed.confirmed
    assert world.domain.execution_count("U-1001", BIG["idempotency_key"]) == 1
    # single use
    again = world.registry.execute("refund_order", BIG, ALICE, confirmation_token=token)
    assert again.error_code == ErrorCode.CONFIRMATION_REQUIRED and again.data["token_problem"] == "ALREADY_USED"


def test_small_refunds_need_no_confirmation(world: World) -> None:
    response = world.registry.execute("refund_order", {"order_id": "O-100", "idempotency_key": "small-0001"}, ALICE)
    assert response.ok and not response.confirmed


def test_a_token_is_bound_to_user_tool_arguments_and_expiry(world: World) -> None:
    need = world.registry.execute("refund_order", BIG, ALICE)
    digest = need.data["arguments_hash"]
    gate = world.confirmations
    assert (
        world.registry.execute(
            "refund_order", BIG, MALLORY, confirmation_token=gate.issue(ALICE, "refund_order", digest)
        ).data["token_problem"]
        == "WRONG_BINDING"
    )
    other_args = {**BIG, "amount_cents": 70_000}
    assert (
        world.registry.execute(
            "refund_order", other_args, ALICE, confirmation_token=gate.issue(ALICE, "refund_order", digest)
        ).data["token_problem"]
        == "WRONG_BINDING"
    )
    assert gate.redeem(gate.issue(ALICE, "cancel_order", digest), ALICE, "refund_order", digest) == "WRONG_BINDING"
    late = gate.issue(ALICE, "refund_order", digest)
    world.clock.advance(gate.ttl + 1)
    assert gate.redeem(late, ALICE, "refund_order", digest) == "EXPIRED"
    assert gate.redeem("cf999.abc", ALICE, "refund_order", digest) == "UNKNOWN_TOKEN"
    assert gate.redeem("nonsense", ALICE, "refund_order", digest) == "MALFORMED"
    assert gate.redeem("cfx.abc", ALICE, "refund_order", digest) == "MALFORMED"
    assert gate.redeem(late, None, "refund_order", digest) == "NO_SESSION"
    forged = late.split(".")[0] + "." + "0" * 32
    assert gate.redeem(forged, ALICE, "refund_order", digest) == "WRONG_BINDING"


def test_the_secret_is_per_database_and_survives_a_restart(tmp_path: Path) -> None:
    clock = FakeClock()
    first = ConfirmationGate(open_database(str(tmp_path / "a.db")), clock=clock)
    token = first.issue(ALICE, "refund_order", "h" * 16)
    reopened = ConfirmationGate(open_database(str(tmp_path / "a.db")), clock=clock)
    assert reopened.redeem(token, ALICE, "refund_order", "h" * 16) is None
    stranger = ConfirmationGate(open_database(str(tmp_path / "b.db")), clock=clock)
    stranger.issue(ALICE, "refund_order", "h" * 16)  # so that token id 1 exists there too
    assert stranger.redeem(token, ALICE, "refund_order", "h" * 16) == "WRONG_BINDING"


def test_every_proposed_call_is_audited_accepted_or_refused(world: World) -> None:
    registry = world.registry
    registry.execute("refund_money", "{}", ALICE)
    registry.execute("refund_order", '{"order_id": ', ALICE)
    registry.execute("refund_order", {"order_id": "O-100", "idempotency_key": "audit-0001"}, ALICE)
    registry.execute("refund_order", {"order_id": "O-100", "idempotency_key": "audit-0001"}, None)
    entries = world.audit.entries()
    assert [(e.tool, e.decision, e.code) for e in entries] == [
        ("refund_money", "REFUSED", "UNKNOWN_TOOL"),
        ("refund_order", "REFUSED", "INVALID_ARGUMENT"),
        ("refund_order", "ACCEPTED", "SUCCESS"),
        ("refund_order", "REFUSED", "PERMISSION_DENIED"),
    ]
    assert entries[1].arguments == '{"order_id": '  # stored as the model sent it
    assert entries[3].user_id is None
    assert [e.seq for e in entries] == [1, 2, 3, 4]
    assert entries[0].to_dict()["time"] == "2026-04-14T00:00:00.000Z"
    assert len(world.audit) == 4 and len(world.audit.entries(tool="refund_money")) == 1


def test_the_audit_log_is_append_only(tmp_path: Path) -> None:
    conn = open_database(str(tmp_path / "audit.db"))
    log = AuditLog(conn, clock=FakeClock())

    class Response:
        executed, code, message, notes = False, "UNKNOWN_TOOL", "no such tool", ()

    log.record(session=ALICE, tool="x", arguments={}, response=Response())
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("UPDATE audit_log SET decision = 'ACCEPTED'")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("DELETE FROM audit_log")
    assert len(log) == 1


def test_an_audit_failure_stops_the_call_before_the_handler(world: World) -> None:
    # issue 11, defect 4: nothing executes unless its audit entry is written
    world.audit.conn.execute("ALTER TABLE audit_log RENAME TO audit_log_gone")
    response = world.registry.execute("refund_order", {"order_id": "O-100", "idempotency_key": "audit-0002"}, ALICE)
    assert response.error_code == ErrorCode.TOOL_UNAVAILABLE and response.data["reason"] == "AUDIT_UNAVAILABLE"
    assert not response.executed and response.retry_safe
    assert response.notes[-1].startswith("audit log write failed")
    assert world.service.requests == 0 and world.domain.ledger() == []


@pytest.mark.parametrize("where", ["user_id", "order_id", "idempotency_key"])
def test_a_lone_surrogate_never_separates_a_refund_from_its_audit_entry(world: World, where: str) -> None:
    # issue 11, defect 4: the audit INSERT failed on encoding after the refund had run
    arguments = {"order_id": "O-100", "idempotency_key": "audit-0003", "user_id": "U-1001"}
    arguments[where] += "\udc80"
    response = world.registry.execute("refund_order", arguments, ALICE)
    entries = world.audit.entries()
    assert len(entries) == 1 and not any("audit log write failed" in note for note in response.notes)
    assert entries[0].decision == ("ACCEPTED" if response.executed else "REFUSED")
    assert "\\udc80" in entries[0].arguments  # escaped, readable, storable
    assert entries[0].code == response.code
    executed = len(world.domain.ledger())
    accepted = sum(e.decision == "ACCEPTED" and e.code == "SUCCESS" for e in entries)
    assert executed == accepted


def test_a_lost_outcome_leaves_the_entry_saying_executing(world: World) -> None:
    world.audit.conn.execute("ALTER TABLE audit_outcomes RENAME TO audit_outcomes_gone")
    response = world.registry.execute("refund_order", {"order_id": "O-100", "idempotency_key": "audit-0004"}, ALICE)
    assert response.ok and response.notes[-1].startswith("audit log write failed")
    world.audit.conn.execute("ALTER TABLE audit_outcomes_gone RENAME TO audit_outcomes")
    assert [(e.decision, e.code) for e in world.audit.entries()] == [("ACCEPTED", "EXECUTING")]


def test_an_entry_is_written_before_the_handler_runs(world: World) -> None:
    seen: list[tuple[str, str]] = []
    tool = world.registry.get("get_order")
    assert tool is not None
    original = tool.handler

    def spy(**kwargs: object) -> object:
        seen.extend((e.decision, e.code) for e in world.audit.entries())
        return original(**kwargs)

    object.__setattr__(tool, "handler", spy)
    response = world.registry.execute("get_order", {"order_id": "O-100"}, ALICE)
    assert response.ok and seen == [("ACCEPTED", "EXECUTING")]
    assert [(e.decision, e.code) for e in world.audit.entries()] == [("ACCEPTED", "SUCCESS")]


def test_sessions_coerce_roles() -> None:
    assert Session("U", roles=["a", "b"]).roles == frozenset({"a", "b"})
    assert Session("U").roles == frozenset({"customer"})


# --- issue 11, defect 5: a malformed token is a refusal like any other bad token ---------------


@pytest.mark.parametrize(
    "token",
    [
        f"cf{2**63}.0123456789abcdef",  # the defect: OverflowError in SQLite
        f"cf{10**40}.0123456789abcdef",
        "cf².0123456789abcdef",  # a digit to str.isdigit, not to int()
        "cf١.0123456789abcdef",  # an Arabic-Indic 1: int() reads it as token 1
        "cf1.ünïcödé",  # compare_digest refuses non-ASCII str
        "cf1.",
        "cf.abc",
    ],
)
def test_a_malformed_token_is_refused_as_data(world: World, token: str) -> None:
    world.confirmations.issue(ALICE, "refund_order", "h" * 16)  # token id 1 exists
    assert world.confirmations.redeem(token, ALICE, "refund_order", "h" * 16) in {"MALFORMED", "UNKNOWN_TOKEN"}
    response = world.registry.execute("refund_order", BIG, ALICE, confirmation_token=token)
    assert response.error_code == ErrorCode.CONFIRMATION_REQUIRED
    assert response.data["token_problem"] in {"MALFORMED", "UNKNOWN_TOKEN"}
    assert world.domain.ledger() == []


def test_a_confirmation_is_carried_to_one_runtime_retry_only_if_the_registry_granted_it(world: World) -> None:
    # nearby hole: any ToolResponse(confirmed=True) passed as retry_of skipped the confirmation gate
    from dataclasses import replace

    need = world.registry.execute("refund_order", BIG, ALICE)
    forged = replace(need, status="ERROR", error_code="EXECUTION_ERROR", confirmed=True)
    response = world.registry.execute("refund_order", BIG, ALICE, retry_of=forged)
    assert response.error_code == ErrorCode.CONFIRMATION_REQUIRED and world.domain.ledger() == []

    token = world.confirmations.issue(ALICE, "refund_order", need.data["arguments_hash"])
    world.service.inject("TIMEOUT_BEFORE_EXECUTION")
    first = world.registry.execute("refund_order", BIG, ALICE, confirmation_token=token)
    assert first.confirmed and first.error_code == ErrorCode.EXECUTION_ERROR
    retry = world.registry.execute("refund_order", BIG, ALICE, retry_of=first)
    assert retry.ok and retry.confirmed
    again = world.registry.execute("refund_order", BIG, ALICE, retry_of=first)
    assert again.error_code == ErrorCode.CONFIRMATION_REQUIRED  # one retry per confirmation
    other = world.registry.execute("refund_order", BIG, MALLORY, retry_of=first)
    assert other.error_code == ErrorCode.CONFIRMATION_REQUIRED
