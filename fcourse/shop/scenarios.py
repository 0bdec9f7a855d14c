"""The chapter-4 scenarios: seven refund stories through the real runtime, on a real database file.

Introduced in chapter 4. Each scenario builds a fresh world
(``fcourse.shop.world``), does one thing to it (a wrong tool name, a tool
switched off, a missing key, a fault injected into the order service) and
sends one ``refund_order`` through the recovering runtime. Every trace line is
produced by the runtime, and ``handler_execution_count`` is counted from the
ledger::

    from fcourse.shop.scenarios import SCENARIOS, run_scenario
    result = run_scenario("timeout_after_success")
    print(result)            # the trace
    result.handler_execution_count   # 1, from the ledger

Everything printed is byte-stable: a fake clock starting at a fixed instant,
ids from hashes and counters, a demo-only confirmation secret, and no paths.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fcourse.errors import UnknownScenarioError
from fcourse.runtime.responses import ToolResponse
from fcourse.shop.faults import Fault
from fcourse.shop.world import DEMO_ARGUMENTS, DEMO_KEY, World, build_world

__all__ = ["SCENARIOS", "SCENARIO_DESCRIPTIONS", "ScenarioResult", "run_scenario"]

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
        raise UnknownScenarioError(f"unknown scenario {name!r}; choose one of {', '.join(SCENARIOS)}")
    outcome = world.runtime.run(tool, arguments, world.session)
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
        raise UnknownScenarioError(f"unknown scenario {name!r}; choose one of {', '.join(SCENARIOS)}")
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
