"""The chapter-4 world: a refund domain, a faulty order service and a registry, assembled on one database.

Introduced in chapter 4. ``build_world`` wires a refund domain on SQLite, a
fault-injecting order service, a registry with the ``refund_order`` and
``get_order`` tools, the audit log, the confirmation gate and the recovering
runtime, with the demo's orders and fixed clock. It owns no rule of its own:
the notebook, the widget, the scenarios and the exercise checker all use it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fcourse.clock import DEMO_EPOCH, FakeClock
from fcourse.db import open_database
from fcourse.errors import BusinessRuleError
from fcourse.runtime.audit import AuditLog
from fcourse.runtime.confirmation import ConfirmationGate
from fcourse.runtime.identity import Session
from fcourse.runtime.recovery import Decide, Runtime, decide_recovery
from fcourse.runtime.registry import ToolRegistry
from fcourse.runtime.tools import Tool
from fcourse.shop.faults import OrderService
from fcourse.shop.refunds import RefundDomain, refund_arguments_hash

__all__ = [
    "CONFIRM_ABOVE_CENTS",
    "DEMO_ARGUMENTS",
    "DEMO_KEY",
    "DEMO_SESSION",
    "GET_ORDER_RESULT_SCHEMA",
    "GET_ORDER_SCHEMA",
    "REFUND_ORDER_RESULT_SCHEMA",
    "REFUND_ORDER_SCHEMA",
    "World",
    "build_world",
    "register_refund_tools",
]

DEMO_USER = "U-1001"
DEMO_ORDER = "O-100"
DEMO_KEY = "refund-O-100-a1"
DEMO_SESSION = Session(user_id=DEMO_USER, roles=frozenset({"customer"}), session_id="S-1")
DEMO_ARGUMENTS: dict[str, Any] = {"order_id": DEMO_ORDER, "idempotency_key": DEMO_KEY}
#: Demo-only: a fixed secret keeps confirmation tokens byte-stable. Real databases get a random one.
DEMO_SECRET = b"fcourse-demo-only-secret"
#: Refunds above this many cents need the user's confirmation.
CONFIRM_ABOVE_CENTS = 50_000

REFUND_ORDER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "order_id": {
            "type": "string",
            "pattern": "^O-[0-9]+$",
            "description": "The order to refund, e.g. O-100.",
        },
        "amount_cents": {
            "type": "integer",
            "minimum": 1,
            "description": "Amount to refund in cents; omit to refund what is left on the order.",
        },
        "idempotency_key": {
            "type": "string",
            "pattern": "^[A-Za-z0-9_.:-]{8,64}$",
            "description": "A unique key for this refund request; reuse it only to retry the same request.",
        },
        "user_id": {"type": "string", "description": "Filled from the session, never by the model."},
    },
    "required": ["order_id", "idempotency_key", "user_id"],
    "additionalProperties": False,
}

GET_ORDER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "order_id": {"type": "string", "pattern": "^O-[0-9]+$", "description": "The order id, e.g. O-100."},
        "user_id": {"type": "string", "description": "Filled from the session, never by the model."},
    },
    "required": ["order_id", "user_id"],
    "additionalProperties": False,
}

#: What ``get_order`` returns (chapter 5 serves it as the tool's MCP output schema).
GET_ORDER_RESULT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "order_id": {"type": "string", "description": "The order id."},
        "amount_cents": {"type": "integer", "description": "What the order cost, in cents."},
        "currency": {"type": "string", "description": "ISO 4217 currency code, e.g. CNY."},
        "status": {
            "type": "string",
            "enum": ["unpaid", "paid", "partially_refunded", "refunded", "cancelled"],
            "description": "Where the order stands: payment and refund.",
        },
        "refunded_cents": {"type": "integer", "description": "How much has been refunded so far, in cents."},
    },
    "required": ["order_id", "amount_cents", "currency", "status", "refunded_cents"],
    "additionalProperties": False,
}

#: What ``refund_order`` returns, fresh or replayed (chapter 5 serves it as the tool's MCP output schema).
REFUND_ORDER_RESULT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "refund_id": {"type": "string", "description": "The refund's id, derived from the user and the key."},
        "order_id": {"type": "string", "description": "The refunded order."},
        "amount_cents": {"type": "integer", "description": "The amount refunded, in cents."},
        "currency": {"type": "string", "description": "ISO 4217 currency code, e.g. CNY."},
        "idempotency_key": {"type": "string", "description": "The key this refund was made under."},
        "status": {"type": "string", "enum": ["REFUNDED"], "description": "Always REFUNDED for a result."},
    },
    "required": ["refund_id", "order_id", "amount_cents", "currency", "idempotency_key", "status"],
    "additionalProperties": False,
}


@dataclass
class World:
    """One assembled runtime on one database file (close it when done)."""

    path: str
    clock: FakeClock
    domain: RefundDomain
    service: OrderService
    registry: ToolRegistry
    runtime: Runtime
    audit: AuditLog
    confirmations: ConfirmationGate
    session: Session = field(default=DEMO_SESSION)

    def close(self) -> None:
        """Close the database connection."""
        self.domain.close()


def register_refund_tools(
    registry: ToolRegistry,
    service: OrderService,
    *,
    confirm_above_cents: int = CONFIRM_ABOVE_CENTS,
) -> tuple[Tool, Tool]:
    """Register ``refund_order`` (side effects, idempotent) and ``get_order`` (read-only) on ``registry``."""
    domain = service.domain

    def refund_order(
        order_id: str, idempotency_key: str, user_id: str, amount_cents: int | None = None
    ) -> dict[str, Any]:
        return service.refund(user_id, order_id, idempotency_key, amount_cents)

    def get_order(order_id: str, user_id: str) -> dict[str, Any]:
        order = domain.get_order(order_id)
        if order is None or order.user_id != user_id:
            raise BusinessRuleError("ORDER_NOT_FOUND", f"order {order_id} was not found", order_id=order_id)
        return {
            "order_id": order.order_id,
            "amount_cents": order.amount_cents,
            "currency": order.currency,
            "status": order.status,
            "refunded_cents": order.refunded_cents,
        }

    def needs_confirmation(arguments: dict[str, Any]) -> bool:
        amount = arguments.get("amount_cents")
        if amount is None:  # a full refund: what is left on the order
            order = domain.get_order(arguments["order_id"])
            amount = 0 if order is None else order.amount_cents - order.refunded_cents
        return amount > confirm_above_cents

    refund = registry.register(
        "refund_order",
        refund_order,
        description=(
            "Refund a paid order: give the customer their money back, in full or in part. "
            "Use it when the user asks for a refund of a specific order."
        ),
        parameters=REFUND_ORDER_SCHEMA,
        side_effects=True,
        roles={"customer", "support"},
        confirm_when=needs_confirmation,
        confirm_reason=(
            f"refunds above {confirm_above_cents} cents need the user's confirmation"
            if confirm_above_cents > 0
            else "every refund needs the user's confirmation"
        ),
        health_check=service.health,
        session_args={"user_id": "user_id"},
        idempotency_key_arg="idempotency_key",
        status_lookup=lambda session, key, arguments: service.status(
            session.user_id,
            key,
            arguments_hash=refund_arguments_hash(arguments["order_id"], arguments.get("amount_cents")),
        ),
        effect_count=lambda session, key: domain.execution_count(session.user_id, key),
    )
    lookup = registry.register(
        "get_order",
        get_order,
        description="Look up one of the user's orders: amount, currency, payment and refund status.",
        parameters=GET_ORDER_SCHEMA,
        roles={"customer", "support"},
        health_check=domain.health,
        session_args={"user_id": "user_id"},
    )
    return refund, lookup


def build_world(
    db_path: str,
    *,
    clock: FakeClock | None = None,
    decide: Decide = decide_recovery,
    secret: bytes | None = DEMO_SECRET,
    confirm_above_cents: int = CONFIRM_ABOVE_CENTS,
) -> World:
    """Assemble the chapter-4 runtime on ``db_path`` with the demo's orders (O-100 paid, O-200 unpaid, O-300 large)."""
    clock = clock or FakeClock(DEMO_EPOCH)
    conn = open_database(db_path)
    domain = RefundDomain(conn, clock=clock)
    domain.add_order("O-100", DEMO_USER, 12_900)
    domain.add_order("O-200", DEMO_USER, 5_900, status="unpaid")
    domain.add_order("O-300", DEMO_USER, 89_900)
    domain.add_order("O-900", "U-2002", 4_500)
    service = OrderService(domain, clock=clock)
    audit = AuditLog(conn, clock=clock)
    confirmations = ConfirmationGate(conn, clock=clock, secret=secret)
    registry = ToolRegistry(clock=clock, audit=audit, confirmations=confirmations)
    register_refund_tools(registry, service, confirm_above_cents=confirm_above_cents)
    runtime = Runtime(registry, decide=decide)
    return World(db_path, clock, domain, service, registry, runtime, audit, confirmations)
