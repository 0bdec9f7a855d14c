"""fcourse.runtime.checks: the checks before a handler, in order, each refusal as data."""

from __future__ import annotations

import pytest
from registry_support import GOOD, SESSION, Calls, refund_registry

from fcourse.runtime.identity import Session
from fcourse.runtime.registry import ErrorCode


def test_invalid_argument_includes_the_schema_issues() -> None:
    handler = Calls()
    response = refund_registry(handler).execute("refund_order", {"order_id": "100", "amount_cents": 0}, SESSION)
    assert response.error_code == ErrorCode.INVALID_ARGUMENT
    issues = response.data["issues"]
    assert {"path": "$", "message": "'idempotency_key' is a required property", "validator": "required"} in issues
    assert any(issue["path"] == "$.order_id" for issue in issues)
    assert any(issue["path"] == "$.amount_cents" for issue in issues)
    assert response.message.startswith("invalid arguments: ")
    assert handler.calls == []


def test_check_order_unknown_then_invalid_then_unavailable() -> None:
    handler = Calls()
    registry = refund_registry(handler)
    registry.set_available("refund_order", False, "maintenance")
    assert registry.execute("nope", "{bad", SESSION).error_code == ErrorCode.UNKNOWN_TOOL
    assert registry.execute("refund_order", "{bad", SESSION).error_code == ErrorCode.INVALID_ARGUMENT
    offline = registry.execute("refund_order", GOOD, SESSION)
    assert offline.error_code == ErrorCode.TOOL_UNAVAILABLE
    assert offline.data == {"reason": "OFFLINE", "detail": "maintenance"}
    registry.set_available("refund_order", True)
    assert registry.execute("refund_order", GOOD, SESSION).ok
    assert len(handler.calls) == 1


def test_permission_is_checked_before_arguments() -> None:
    handler = Calls()
    registry = refund_registry(handler)
    no_session = registry.execute("refund_order", "{bad", None)
    assert no_session.error_code == ErrorCode.PERMISSION_DENIED and no_session.data["reason"] == "NO_SESSION"
    wrong_role = registry.execute("refund_order", GOOD, Session("U-1", roles={"guest"}))
    assert wrong_role.error_code == ErrorCode.PERMISSION_DENIED
    assert wrong_role.data == {"reason": "ROLE", "required_roles": ["customer"]}
    assert handler.calls == []


def test_the_session_identity_overrides_the_model() -> None:
    handler = Calls()
    response = refund_registry(handler).execute("refund_order", {**GOOD, "user_id": "U-666"}, SESSION)
    assert response.ok
    assert handler.calls[0]["user_id"] == "U-1"
    assert response.notes == ("user_id overridden from the session (the model said 'U-666')",)


@pytest.mark.parametrize("field", ["idempotency_key", "order_id"])
def test_a_trailing_newline_does_not_slip_past_an_anchored_pattern(field: str) -> None:
    from fcourse.shop.demo import build_world

    world = build_world(":memory:")
    arguments = {"order_id": "O-100", "idempotency_key": "key-B-0001"}
    arguments[field] += "\n"
    response = world.registry.execute("refund_order", arguments, world.session)
    assert response.error_code == ErrorCode.INVALID_ARGUMENT
    assert [issue["path"] for issue in response.data["issues"]] == [f"$.{field}"]
    assert not response.executed and world.service.requests == 0 and world.domain.ledger() == []
