"""Shared by the registry's tests (not a test module): a counting handler and a refund-shaped registry."""

from __future__ import annotations

from typing import Any

from fcourse.clock import FakeClock
from fcourse.runtime.identity import Session
from fcourse.runtime.registry import ToolRegistry

SESSION = Session("U-1", roles={"customer"})

REFUND_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "order_id": {"type": "string", "pattern": "^O-[0-9]+$"},
        "idempotency_key": {"type": "string", "minLength": 8},
        "amount_cents": {"type": "integer", "minimum": 1},
        "user_id": {"type": "string"},
    },
    "required": ["order_id", "idempotency_key", "user_id"],
    "additionalProperties": False,
}


class Calls:
    """A handler that counts its calls and returns what it got."""

    def __init__(self, result: Any = None, error: BaseException | None = None) -> None:
        self.calls: list[dict[str, Any]] = []
        self.result = result
        self.error = error

    def __call__(self, **kwargs: Any) -> Any:
        self.calls.append(kwargs)
        if self.error is not None:
            raise self.error
        return self.result if self.result is not None else {"ok": True, "args": kwargs}


def refund_registry(handler: Calls, **options: Any) -> ToolRegistry:
    """A registry with one side-effecting ``refund_order`` tool whose handler is ``handler``."""
    registry = ToolRegistry(clock=FakeClock())
    registry.register(
        "refund_order",
        handler,
        description="Refund a paid order.",
        parameters=REFUND_SCHEMA,
        side_effects=True,
        roles={"customer"},
        session_args={"user_id": "user_id"},
        idempotency_key_arg="idempotency_key",
        health_check=lambda: True,
        **options,
    )
    return registry


GOOD = {"order_id": "O-100", "idempotency_key": "key-00001"}
