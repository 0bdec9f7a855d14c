"""fcourse.runtime.identity: the session, not the model, says who calls; roles per tool."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from fcourse.runtime.identity import Session
from fcourse.runtime.responses import ErrorCode
from fcourse.shop.world import World, build_world

ALICE = Session("U-1001", roles={"customer"}, session_id="S-1")


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


def test_sessions_coerce_roles() -> None:
    assert Session("U", roles=["a", "b"]).roles == frozenset({"a", "b"})
    assert Session("U").roles == frozenset({"customer"})


def test_the_arguments_hash_reads_numbers_as_json_does() -> None:
    # nearby hole: 100 and 100.0 are one JSON number, but hashed apart; the same refund resent as 100.0 under
    # its key was refused as IDEMPOTENCY_KEY_MISMATCH, whose advice ("use a new key") leads to a second refund
    from fcourse.runtime.identity import arguments_hash

    assert arguments_hash({"amount_cents": 100}) == arguments_hash({"amount_cents": 100.0})
    assert arguments_hash({"x": [1.0, {"y": -0.0}]}) == arguments_hash({"x": [1, {"y": 0}]})
    assert arguments_hash({"amount_cents": 100}) != arguments_hash({"amount_cents": 100.5})
    assert arguments_hash({"flag": True}) != arguments_hash({"flag": 1})


def test_the_same_refund_resent_with_a_float_amount_replays(world: World) -> None:
    arguments = {"order_id": "O-100", "idempotency_key": "float-001", "amount_cents": 100}
    first = world.registry.execute("refund_order", arguments, ALICE)
    again = world.registry.execute("refund_order", json.dumps({**arguments, "amount_cents": 100.0}), ALICE)
    assert first.ok and again.ok and again.data == first.data
    assert world.domain.execution_count("U-1001", "float-001") == 1
