"""fcourse.shop.faults: each fault leaves the domain in the state the recovery flow expects."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fcourse.clock import DEMO_EPOCH, FakeClock
from fcourse.db import open_database
from fcourse.errors import BusinessRuleError, ServiceUnavailableError, ToolTimeoutError
from fcourse.shop.faults import FAULT_EXPECTED_STATUS, Fault, OrderService
from fcourse.shop.refunds import RefundDomain

USER = "U-1"


@pytest.fixture
def service() -> Iterator[OrderService]:
    clock = FakeClock(DEMO_EPOCH)
    domain = RefundDomain(open_database(":memory:"), clock=clock)
    domain.add_order("O-100", USER, 10_000)
    yield OrderService(domain, clock=clock, timeout=2.0, slow_seconds=5.0)
    domain.close()


def refund(service: OrderService, key: str = "key-1") -> dict[str, object]:
    return service.refund(USER, "O-100", key, 1_000)


@pytest.mark.parametrize("fault", [f for f in Fault if f is not Fault.NONE], ids=str)
def test_each_fault_leaves_the_status_recovery_will_find(service: OrderService, fault: Fault) -> None:
    service.inject(fault)
    expected_error = ServiceUnavailableError if fault is Fault.SERVICE_DOWN else ToolTimeoutError
    with pytest.raises(expected_error):
        refund(service)
    if fault is Fault.STATUS_LOOKUP_FAILS:
        with pytest.raises(ServiceUnavailableError):
            service.status(USER, "key-1")
        service.heal()
        assert service.domain.status(USER, "key-1").status == "SUCCEEDED"  # it did happen; nobody could tell
    else:
        assert service.status(USER, "key-1").status == FAULT_EXPECTED_STATUS[fault]
    assert service.domain.execution_count(USER, "key-1") == (
        1 if FAULT_EXPECTED_STATUS[fault] == "SUCCEEDED" or fault is Fault.STATUS_LOOKUP_FAILS else 0
    )
    assert service.requests == 1 and service.log == [f"refund request 1: {fault}"]


def test_no_fault_just_works(service: OrderService) -> None:
    assert refund(service)["amount_cents"] == 1_000
    assert service.clock.now() == DEMO_EPOCH  # no time passed


def test_a_fault_hits_the_next_n_requests_then_clears(service: OrderService) -> None:
    service.inject(Fault.TIMEOUT_BEFORE_EXECUTION, times=2)
    for key in ("a-key-001", "a-key-002"):
        with pytest.raises(ToolTimeoutError):
            refund(service, key)
    assert service.pending_fault is Fault.NONE
    assert refund(service, "a-key-003")["status"] == "REFUNDED"
    assert service.clock.now() == DEMO_EPOCH + 4.0  # two client timeouts, simulated


def test_service_down_until_healed_and_the_health_check_says_so(service: OrderService) -> None:
    service.inject(Fault.SERVICE_DOWN, times=None)
    assert service.health() is False
    for _ in range(3):
        with pytest.raises(ServiceUnavailableError):
            refund(service)
    assert service.domain.ledger() == []
    service.heal()
    assert service.health() is True
    assert refund(service)["status"] == "REFUNDED"


def test_slow_below_the_timeout_is_only_slow(service: OrderService) -> None:
    service.slow_seconds = 1.5
    service.inject(Fault.SLOW)
    assert refund(service)["status"] == "REFUNDED"
    assert service.clock.now() == DEMO_EPOCH + 1.5


def test_slow_above_the_timeout_commits_but_the_client_gives_up(service: OrderService) -> None:
    service.inject(Fault.SLOW)
    with pytest.raises(ToolTimeoutError, match="within 2s"):
        refund(service)
    assert service.clock.now() == DEMO_EPOCH + 5.0
    assert service.domain.execution_count(USER, "key-1") == 1


def test_business_refusals_pass_through_unchanged(service: OrderService) -> None:
    with pytest.raises(BusinessRuleError):
        service.refund(USER, "O-100", "key-1", 10_001)


def test_crash_faults_restore_the_domain_hook(service: OrderService) -> None:
    seen: list[str] = []
    service.domain.crash_hook = seen.append
    service.inject(Fault.CRASH_AFTER_LEDGER)
    with pytest.raises(ToolTimeoutError):
        refund(service)
    assert seen == ["after_claim", "before_ledger_commit", "after_ledger_commit"]
    assert service.domain.crash_hook == seen.append
