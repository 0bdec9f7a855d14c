"""fcourse.runtime.confirmation: single-use tokens bound to user, tool, arguments and expiry."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fcourse.clock import FakeClock
from fcourse.db import open_database
from fcourse.runtime.confirmation import ConfirmationGate
from fcourse.runtime.identity import Session
from fcourse.runtime.responses import ErrorCode
from fcourse.shop.world import World, build_world

ALICE = Session("U-1001", roles={"customer"}, session_id="S-1")
MALLORY = Session("U-2002", roles={"customer"}, session_id="S-2")
BIG = {"order_id": "O-300", "idempotency_key": "refund-O-300-a1", "amount_cents": 60_000}  # above 50,000


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    w = build_world(str(tmp_path / "security.db"))
    yield w
    w.close()


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
