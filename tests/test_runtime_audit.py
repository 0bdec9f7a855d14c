"""fcourse.runtime.audit: every proposed call audited, append-only, and nothing runs without its entry."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from fcourse.clock import FakeClock
from fcourse.db import open_database
from fcourse.runtime.audit import AuditLog
from fcourse.runtime.identity import Session
from fcourse.runtime.responses import ErrorCode
from fcourse.shop.world import World, build_world

ALICE = Session("U-1001", roles={"customer"}, session_id="S-1")


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    w = build_world(str(tmp_path / "security.db"))
    yield w
    w.close()


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
