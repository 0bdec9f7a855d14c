"""The chapter-4 demo: seven refund scenarios through the real runtime, on a real database file.

Introduced in chapter 4. This module owns the *assembly* -- a world of a
refund domain on SQLite, a fault-injecting order service, a registry with the
``refund_order`` and ``get_order`` tools, audit log, confirmation gate and the
recovering runtime -- and the scenarios the notebook, the widget and the
terminal show. It owns no rule of its own: every trace line is produced by
the runtime, and ``handler_execution_count`` is counted from the ledger.

Terminal::

    python -m fcourse demo refund                              # all seven scenarios
    python -m fcourse demo refund --scenario timeout_after_success

Python::

    from fcourse.shop.demo import SCENARIOS, run_scenario
    result = run_scenario("timeout_after_success")
    print(result)            # the trace
    result.handler_execution_count   # 1, from the ledger

Everything printed is byte-stable: a fake clock starting at a fixed instant,
ids from hashes and counters, a demo-only confirmation secret, and no paths.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fcourse.clock import DEMO_EPOCH, FakeClock
from fcourse.db import connect
from fcourse.shop.faults import Fault, OrderService
from fcourse.runtime.recovery import Runtime, RuntimeAction, decide_recovery
from fcourse.shop.refunds import IdempotencyStatus, RefundDomain, refund_arguments_hash
from fcourse.runtime.registry import Tool, ToolRegistry, ToolResponse
from fcourse.runtime.security import AuditLog, ConfirmationGate, Session

__all__ = [
    "DEMO_ARGUMENTS",
    "DEMO_KEY",
    "DEMO_SESSION",
    "SCENARIOS",
    "ScenarioResult",
    "World",
    "build_world",
    "main",
    "register_refund_tools",
    "run_scenario",
]

SCENARIOS: tuple[str, ...] = (
    "unknown_tool",
    "tool_unavailable",
    "invalid_argument",
    "success",
    "timeout_after_success",
    "timeout_before_execution",
    "timeout_unknown",
)

SCENARIO_DESCRIPTIONS: dict[str, str] = {
    "unknown_tool": "the model names a tool that does not exist: UNKNOWN_TOOL, no handler",
    "tool_unavailable": "refund_order is switched off: TOOL_UNAVAILABLE, never forced",
    "invalid_argument": "the idempotency key is missing: INVALID_ARGUMENT, ask or refuse",
    "success": "a normal call: one execution",
    "timeout_after_success": "the refund commits, the answer is lost: look up -> SUCCEEDED -> replay",
    "timeout_before_execution": "the request is lost on the way: look up -> NOT_EXECUTED -> retry once",
    "timeout_unknown": "the service dies mid-refund: look up -> UNKNOWN -> wait for reconciliation",
}

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
            from fcourse.errors import BusinessRuleError

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
        confirm_reason=f"refunds above {confirm_above_cents} cents need the user's confirmation",
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
    decide: Callable[[IdempotencyStatus], RuntimeAction | str] = decide_recovery,
    secret: bytes | None = DEMO_SECRET,
    confirm_above_cents: int = CONFIRM_ABOVE_CENTS,
) -> World:
    """Assemble the chapter-4 runtime on ``db_path`` with the demo's orders (O-100 paid, O-200 unpaid, O-300 large)."""
    clock = clock or FakeClock(DEMO_EPOCH)
    conn = connect(db_path)
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


@dataclass(frozen=True)
class ScenarioResult:
    """One scenario's run: its trace and the facts behind it.

    ``response`` is what the model/loop gets back at the end;
    ``handler_execution_count`` and ``ledger_rows`` come from the ledger;
    ``flow_path`` is the branch of the recovery flow taken (``"SUCCEEDED"``,
    ``"NOT_EXECUTED"``, ``"UNKNOWN"``) or None when recovery was not involved.
    """

    name: str
    trace: tuple[str, ...]
    response: ToolResponse
    idempotency_status: str | None
    runtime_action: str | None
    final: str
    handler_execution_count: int
    ledger_rows: tuple[dict[str, Any], ...]
    flow_path: str | None
    description: str = ""
    first_response: ToolResponse | None = None
    audit: tuple[dict[str, Any], ...] = ()

    def __str__(self) -> str:
        return "\n".join(self.trace)


def _play(name: str, world: World) -> ScenarioResult:
    arguments: dict[str, Any] = dict(DEMO_ARGUMENTS)
    tool = "refund_order"
    if name == "unknown_tool":
        tool = "refund_money"
    elif name == "tool_unavailable":
        world.registry.set_available("refund_order", False, "taken offline for maintenance")
    elif name == "invalid_argument":
        arguments.pop("idempotency_key")
    elif name == "timeout_after_success":
        world.service.inject(Fault.TIMEOUT_AFTER_SUCCESS)
    elif name == "timeout_before_execution":
        world.service.inject(Fault.TIMEOUT_BEFORE_EXECUTION)
    elif name == "timeout_unknown":
        world.service.inject(Fault.CRASH_IN_FLIGHT)
    elif name != "success":
        raise ValueError(f"unknown scenario {name!r}; choose one of {', '.join(SCENARIOS)}")
    outcome = world.runtime.execute(tool, arguments, world.session)
    count = world.domain.execution_count(world.session.user_id, DEMO_KEY)
    trace = (*outcome.trace, f"refund_order handler_execution_count={count}")
    return ScenarioResult(
        name=name,
        trace=trace,
        response=outcome.response,
        idempotency_status=outcome.idempotency_status,
        runtime_action=outcome.runtime_action,
        final=outcome.final,
        handler_execution_count=count,
        ledger_rows=tuple(world.domain.ledger(world.session.user_id, DEMO_KEY)),
        flow_path=outcome.idempotency_status,
        description=SCENARIO_DESCRIPTIONS[name],
        first_response=outcome.first,
        audit=tuple(entry.to_dict() for entry in world.audit.entries()),
    )


def run_scenario(name: str, db_path: str | None = None) -> ScenarioResult:
    """Run one of ``SCENARIOS`` on a fresh world and return its result.

    ``db_path=None`` uses a database file in a temporary directory, deleted
    afterwards. A given ``db_path`` is used as is (a fresh file gives the
    reference trace; an existing one carries its ledger over).
    """
    if name not in SCENARIOS:
        raise ValueError(f"unknown scenario {name!r}; choose one of {', '.join(SCENARIOS)}")
    if db_path is not None:
        world = build_world(db_path)
        try:
            return _play(name, world)
        finally:
            world.close()
    with tempfile.TemporaryDirectory(prefix="fcourse-demo-") as tmp:
        world = build_world(str(Path(tmp) / "refunds.db"))
        try:
            return _play(name, world)
        finally:
            world.close()


def main(argv: list[str] | None = None) -> int:
    """``python -m fcourse demo refund [--scenario NAME]``: print each scenario's trace; return the exit code."""
    args_in = list(sys.argv[1:] if argv is None else argv)
    if args_in and args_in[0] == "demo":
        args_in = args_in[1:]
    parser = argparse.ArgumentParser(
        prog="python -m fcourse demo",
        description="Chapter 4: refund_order through the registry and idempotent recovery.",
    )
    parser.add_argument("demo", choices=["refund"], help="which demo to run")
    parser.add_argument("--scenario", choices=SCENARIOS, help="run only this scenario")
    try:
        args = parser.parse_args(args_in)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    names = [args.scenario] if args.scenario else list(SCENARIOS)
    for index, name in enumerate(names):
        if index:
            print()
        result = run_scenario(name)
        print(f"== {name}: {result.description}")
        print(result)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
