"""fcourse.shop.scenarios: the seven scenarios through the real runtime, and the reference trace."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from fcourse.errors import UnknownScenarioError
from fcourse.shop.scenarios import SCENARIOS, ScenarioResult, run_scenario

REFERENCE_TRACE = (
    "refund_order response=EXECUTION_ERROR\n"
    "idempotency_status=SUCCEEDED\n"
    "runtime_action=REPLAY_SUCCESS\n"
    "final=SUCCESS\n"
    "refund_order handler_execution_count=1"
)

ROOT = Path(__file__).resolve().parents[1]

# name -> (first line, final, handler_execution_count, flow_path, runtime_action)
EXPECTED = {
    "unknown_tool": ("refund_money response=UNKNOWN_TOOL", "REJECTED", 0, None, None),
    "tool_unavailable": ("refund_order response=TOOL_UNAVAILABLE", "REJECTED", 0, None, None),
    "invalid_argument": ("refund_order response=INVALID_ARGUMENT", "REJECTED", 0, None, None),
    "success": ("refund_order response=SUCCESS", "SUCCESS", 1, None, None),
    "timeout_after_success": ("refund_order response=EXECUTION_ERROR", "SUCCESS", 1, "SUCCEEDED", "REPLAY_SUCCESS"),
    "timeout_before_execution": ("refund_order response=EXECUTION_ERROR", "SUCCESS", 1, "NOT_EXECUTED", "RETRY_ONCE"),
    "timeout_unknown": ("refund_order response=EXECUTION_ERROR", "PENDING", 0, "UNKNOWN", "AWAIT_RECONCILIATION"),
}


def test_the_scenarios_in_order() -> None:
    assert SCENARIOS == tuple(EXPECTED)


@pytest.mark.parametrize("name", SCENARIOS)
def test_each_scenario(name: str) -> None:
    first, final, count, flow_path, action = EXPECTED[name]
    result = run_scenario(name)
    assert isinstance(result, ScenarioResult) and result.name == name
    assert result.trace[0] == first
    assert f"final={final}" in result.trace
    assert result.trace[-1] == f"refund_order handler_execution_count={count}"
    assert (result.final, result.handler_execution_count, result.flow_path) == (final, count, flow_path)
    assert (result.idempotency_status, result.runtime_action) == (flow_path, action)
    assert len(result.ledger_rows) == count
    assert str(result) == "\n".join(result.trace)
    assert result.response.ok == (final == "SUCCESS")
    assert result.audit and result.audit[0]["tool"] == result.trace[0].split()[0]


def test_timeout_after_success_prints_the_reference_trace() -> None:
    result = run_scenario("timeout_after_success")
    assert str(result) == REFERENCE_TRACE
    assert result.response.replayed and result.response.data == {
        "amount_cents": 12_900,
        "currency": "CNY",
        "idempotency_key": "refund-O-100-a1",
        "order_id": "O-100",
        "refund_id": result.ledger_rows[0]["refund_id"],
        "status": "REFUNDED",
    }


def test_results_are_frozen_and_byte_stable(tmp_path: Path) -> None:
    first = run_scenario("timeout_before_execution")
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.final = "x"  # type: ignore[misc]
    again = run_scenario("timeout_before_execution", db_path=str(tmp_path / "given.db"))
    assert again.trace == first.trace
    assert again.ledger_rows == first.ledger_rows
    assert first.ledger_rows[0]["created_at"] == "2026-04-14T00:00:02.000Z"  # after one simulated 2 s timeout
    assert again.response == first.response and again.audit == first.audit
    assert (tmp_path / "given.db").exists()
    assert str(tmp_path) not in repr(first)


def test_unknown_scenarios_are_refused() -> None:
    with pytest.raises(UnknownScenarioError, match="unknown scenario") as raised:
        run_scenario("nope")
    assert isinstance(raised.value, ValueError)
