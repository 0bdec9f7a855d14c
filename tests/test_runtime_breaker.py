"""fcourse.runtime.breaker: open after N failures, probe with the health check only, on a fake clock."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from fcourse.clock import DEMO_EPOCH, FakeClock
from fcourse.errors import BusinessRuleError
from fcourse.runtime.breaker import BreakerState, CircuitBreaker
from fcourse.runtime.identity import Session
from fcourse.runtime.registry import ErrorCode, ToolRegistry

SESSION = Session("U-1")


class Flaky:
    """A side-effecting handler and its health check, both counting."""

    def __init__(self) -> None:
        self.calls = 0
        self.health_calls = 0
        self.healthy = False
        self.fail_with: Exception | None = RuntimeError("down")

    def handler(self, order_id: str) -> dict[str, Any]:
        self.calls += 1
        if self.fail_with is not None:
            raise self.fail_with
        return {"order_id": order_id}

    def health(self) -> bool:
        self.health_calls += 1
        return self.healthy


def make(threshold: int = 3, cooldown: float = 30.0) -> tuple[ToolRegistry, Flaky, FakeClock]:
    clock = FakeClock(DEMO_EPOCH)
    flaky = Flaky()
    registry = ToolRegistry(clock=clock, breaker_threshold=threshold, breaker_cooldown=cooldown)
    registry.register(
        "refund_order",
        flaky.handler,
        description="Refund.",
        parameters={
            "type": "object",
            "properties": {"order_id": {"type": "string"}},
            "required": ["order_id"],
            "additionalProperties": False,
        },
        side_effects=True,
        health_check=flaky.health,
    )
    return registry, flaky, clock


def call(registry: ToolRegistry, arguments: Any = None) -> str:
    return registry.execute("refund_order", arguments or {"order_id": "O-1"}, SESSION).code


def test_opens_after_n_consecutive_failures_and_then_spares_the_handler() -> None:
    registry, flaky, clock = make()
    assert [call(registry) for _ in range(3)] == ["EXECUTION_ERROR"] * 3
    breaker = registry.breaker("refund_order")
    assert breaker.state is BreakerState.OPEN
    response = registry.execute("refund_order", {"order_id": "O-1"}, SESSION)
    assert response.error_code == ErrorCode.TOOL_UNAVAILABLE
    assert response.data == {"reason": "CIRCUIT_OPEN", "breaker_state": "OPEN", "retry_after_seconds": 30.0}
    clock.advance(10)
    assert call(registry) == "TOOL_UNAVAILABLE"
    assert flaky.calls == 3 and flaky.health_calls == 0


def test_a_success_resets_the_count() -> None:
    registry, flaky, _ = make()
    call(registry), call(registry)
    flaky.fail_with = None
    assert call(registry) == "SUCCESS"
    flaky.fail_with = RuntimeError("x")
    call(registry), call(registry)
    assert registry.breaker("refund_order").state is BreakerState.CLOSED


def test_business_errors_are_neither_success_nor_failure() -> None:
    registry, flaky, _ = make()
    call(registry), call(registry)
    flaky.fail_with = BusinessRuleError("ORDER_ALREADY_REFUNDED", "no")
    for _ in range(5):
        assert call(registry) == "BUSINESS_RULE_VIOLATION"
        assert call(registry, {"order_id": 42}) == "INVALID_ARGUMENT"
        assert registry.execute("refund_order", {"order_id": "O-1"}, None).ok is False
    breaker = registry.breaker("refund_order")
    assert breaker.consecutive_failures == 2 and breaker.state is BreakerState.CLOSED
    flaky.fail_with = RuntimeError("x")
    call(registry)
    assert breaker.state is BreakerState.OPEN


def test_after_the_cooldown_it_probes_with_the_health_check_never_a_real_call() -> None:
    registry, flaky, clock = make()
    for _ in range(3):
        call(registry)
    clock.advance(30)
    assert call(registry) == "TOOL_UNAVAILABLE"  # probe failed: open again, cooldown restarts
    assert (flaky.health_calls, flaky.calls) == (1, 3)
    clock.advance(29)
    assert call(registry) == "TOOL_UNAVAILABLE"
    assert flaky.health_calls == 1
    clock.advance(1)
    flaky.healthy, flaky.fail_with = True, None
    assert call(registry) == "SUCCESS"  # probe passed: closed, and this call goes through
    assert (flaky.health_calls, flaky.calls) == (2, 4)
    timeline = registry.breaker("refund_order").timeline()
    assert [(e["from"], e["to"]) for e in timeline] == [
        ("CLOSED", "OPEN"),
        ("OPEN", "HALF_OPEN"),
        ("HALF_OPEN", "OPEN"),
        ("OPEN", "HALF_OPEN"),
        ("HALF_OPEN", "CLOSED"),
    ]
    assert timeline[0]["reason"] == "3 consecutive execution failures (last: RuntimeError)"
    assert timeline[0]["time"] == "2026-04-14T00:00:00.000Z"
    assert [e["at"] - DEMO_EPOCH for e in timeline] == [0, 30, 30, 60, 60]


def test_only_one_probe_at_a_time() -> None:
    clock = FakeClock()
    entered, release = threading.Event(), threading.Event()
    answers: list[bool] = []

    def slow_health() -> bool:
        entered.set()
        release.wait(timeout=30)
        return True

    breaker = CircuitBreaker("t", failure_threshold=1, cooldown=5, clock=clock, health_check=slow_health)
    breaker.record_failure()
    clock.advance(5)
    prober = threading.Thread(target=lambda: answers.append(breaker.admit().allowed))
    prober.start()
    assert entered.wait(timeout=30)
    second = breaker.admit()
    assert (second.allowed, second.state, second.reason) == (
        False,
        BreakerState.HALF_OPEN,
        "a health probe is in progress",
    )
    release.set()
    prober.join(timeout=30)
    assert answers == [True] and breaker.state is BreakerState.CLOSED and breaker.probes == 1


def test_a_side_effecting_tool_without_health_check_stays_open_until_reset() -> None:
    clock = FakeClock()
    breaker = CircuitBreaker("refund", failure_threshold=1, cooldown=1, clock=clock, health_check=None)
    breaker.record_failure("TimeoutError")
    clock.advance(1)
    admission = breaker.admit()
    assert not admission.allowed and "no health check" in admission.reason
    breaker.reset("operator fixed the service")
    assert breaker.admit().allowed
    assert breaker.events[-1].reason == "operator fixed the service"


def test_a_raising_health_check_counts_as_unhealthy() -> None:
    clock = FakeClock()
    breaker = CircuitBreaker("t", failure_threshold=1, cooldown=0, clock=clock, health_check=lambda: 1 / 0)
    breaker.record_failure()
    admission = breaker.admit()
    assert not admission.allowed and "ZeroDivisionError" in admission.reason


def test_invalid_settings() -> None:
    with pytest.raises(ValueError):
        CircuitBreaker(failure_threshold=0)
    with pytest.raises(ValueError):
        CircuitBreaker(cooldown=-1)
    assert "CLOSED" in repr(CircuitBreaker("x"))
