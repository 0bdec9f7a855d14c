"""A fault-injecting order service: the refund domain as a handler sees it, over a bad network.

Introduced in chapter 4. ``OrderService`` wraps a ``RefundDomain`` the way a
remote service wraps its database: the ``refund_order`` handler calls
``service.refund(...)`` and may get a result, a refusal, or a fault. The
faults are deterministic (no randomness, no real sleeping): time passes only
on the injected clock, and a fault hits the next ``times`` refund requests.

The faults, and what the domain knows afterwards (what recovery will find)::

    NONE                      the refund runs and the answer arrives
    TIMEOUT_BEFORE_EXECUTION  the request is lost on the way: nothing happened    -> NOT_EXECUTED
    TIMEOUT_AFTER_SUCCESS     the refund commits, the answer is lost              -> SUCCEEDED
    CRASH_IN_FLIGHT           the service dies after claiming the key, before the
                              ledger write: record IN_PROGRESS, ledger empty      -> UNKNOWN
                              (reconciliation releases it once stale)
    CRASH_AFTER_LEDGER        the service dies after the ledger commit, before the
                              record is completed (the domain runs this request
                              with ``split_completion``, as if the ledger were an
                              external system)                                    -> SUCCEEDED
                              (the status lookup reads the ledger first)
    SERVICE_DOWN              connection refused: nothing happened, the health
                              check fails while the fault lasts                   -> NOT_EXECUTED
    SLOW                      the service takes ``slow_seconds`` (on the clock); if
                              that exceeds the client ``timeout``, the refund still
                              commits but the client has given up                -> SUCCEEDED
    STATUS_LOOKUP_FAILS       like TIMEOUT_AFTER_SUCCESS, and the status endpoint is
                              down too until ``heal()``: nobody can tell          -> UNKNOWN

A crash is simulated by raising ``SimulatedCrash`` (a ``BaseException``, so
no ``except Exception`` in the domain can "clean up" the way a dead process
could not) at one of ``fcourse.shop.refunds.CRASH_POINTS``; the client then sees
its connection drop, i.e. a timeout. The real thing -- a child process
killed with SIGKILL inside the handler -- is exercised by the test suite.
"""

from __future__ import annotations

import enum
import threading
from collections.abc import Callable
from typing import Any

from fcourse.clock import Clock, SystemClock
from fcourse.errors import ServiceUnavailableError, ToolTimeoutError
from fcourse.runtime.status import StatusReport
from fcourse.shop.refunds import RefundDomain

__all__ = ["FAULT_EXPECTED_STATUS", "Fault", "OrderService", "SimulatedCrash"]


class Fault(enum.StrEnum):
    """The failure modes the order service can be told to show."""

    NONE = "NONE"
    TIMEOUT_BEFORE_EXECUTION = "TIMEOUT_BEFORE_EXECUTION"
    TIMEOUT_AFTER_SUCCESS = "TIMEOUT_AFTER_SUCCESS"
    CRASH_IN_FLIGHT = "CRASH_IN_FLIGHT"
    CRASH_AFTER_LEDGER = "CRASH_AFTER_LEDGER"
    SERVICE_DOWN = "SERVICE_DOWN"
    SLOW = "SLOW"
    STATUS_LOOKUP_FAILS = "STATUS_LOOKUP_FAILS"


#: What an idempotency status lookup answers right after a single faulty refund request
#: (None: the request did not fail, no lookup is needed).
FAULT_EXPECTED_STATUS: dict[Fault, str | None] = {
    Fault.NONE: None,
    Fault.TIMEOUT_BEFORE_EXECUTION: "NOT_EXECUTED",
    Fault.TIMEOUT_AFTER_SUCCESS: "SUCCEEDED",
    Fault.CRASH_IN_FLIGHT: "UNKNOWN",
    Fault.CRASH_AFTER_LEDGER: "SUCCEEDED",
    Fault.SERVICE_DOWN: "NOT_EXECUTED",
    Fault.SLOW: "SUCCEEDED",
    Fault.STATUS_LOOKUP_FAILS: "UNKNOWN",
}


class SimulatedCrash(BaseException):
    """The service process "dies" here: raised at a crash point, never caught by ``except Exception``."""


def _crash_at(point: str, previous: Callable[[str], None] | None) -> Callable[[str], None]:
    def hook(reached: str) -> None:
        if previous is not None:
            previous(reached)
        if reached == point:
            raise SimulatedCrash(f"the order service crashed at {point}")

    return hook


class OrderService:
    """The remote order service in front of a ``RefundDomain``, with injectable faults.

    ``timeout`` is how long the client waits (seconds on ``clock``);
    ``slow_seconds`` how long the service takes under ``Fault.SLOW``.
    ``requests`` counts refund requests the client sent (faulty or not);
    ``log`` lists what happened to each, for the notebook.
    """

    def __init__(
        self,
        domain: RefundDomain,
        *,
        clock: Clock | None = None,
        timeout: float = 2.0,
        slow_seconds: float = 5.0,
    ) -> None:
        self.domain = domain
        self.clock: Clock = clock or domain.clock or SystemClock()
        self.timeout = float(timeout)
        self.slow_seconds = float(slow_seconds)
        self.requests = 0
        self.log: list[str] = []
        self._fault = Fault.NONE
        self._remaining: int | None = 0
        self._status_down = False
        self._lock = threading.Lock()

    # -- fault control ---------------------------------------------------------------

    def inject(self, fault: Fault | str, *, times: int | None = 1) -> None:
        """Make the next ``times`` refund requests show ``fault`` (``times=None``: until ``heal()``)."""
        fault = Fault(fault)
        with self._lock:
            self._fault = fault
            self._remaining = times
            if fault is Fault.STATUS_LOOKUP_FAILS:
                self._status_down = True

    def heal(self) -> None:
        """Remove every fault (the status endpoint comes back too)."""
        with self._lock:
            self._fault, self._remaining, self._status_down = Fault.NONE, 0, False

    @property
    def pending_fault(self) -> Fault:
        """The fault the next refund request will show."""
        with self._lock:
            return self._fault if self._remaining is None or self._remaining > 0 else Fault.NONE

    def _take(self) -> Fault:
        with self._lock:
            if self._remaining is not None and self._remaining <= 0:
                return Fault.NONE
            if self._remaining is not None:
                self._remaining -= 1
            return self._fault

    # -- the service's endpoints -------------------------------------------------------

    def refund(
        self, user_id: str, order_id: str, idempotency_key: str, amount_cents: int | None = None
    ) -> dict[str, Any]:
        """Ask the service to refund; raises ``ToolTimeoutError``/``ServiceUnavailableError`` on faults.

        Business refusals (``BusinessRuleError``, ...) pass through unchanged:
        they are answers, not faults.
        """
        with self._lock:
            self.requests += 1
            number = self.requests
        fault = self._take()
        self.log.append(f"refund request {number}: {fault}")
        call = (user_id, order_id, idempotency_key, amount_cents)
        if fault is Fault.SERVICE_DOWN:
            raise ServiceUnavailableError("the order service refused the connection")
        if fault is Fault.TIMEOUT_BEFORE_EXECUTION:
            self.clock.sleep(self.timeout)
            raise self._timeout()
        if fault in (Fault.CRASH_IN_FLIGHT, Fault.CRASH_AFTER_LEDGER):
            point = "after_claim" if fault is Fault.CRASH_IN_FLIGHT else "after_ledger_commit"
            previous, split = self.domain.crash_hook, self.domain.split_completion
            self.domain.crash_hook = _crash_at(point, previous)
            if fault is Fault.CRASH_AFTER_LEDGER:
                self.domain.split_completion = True  # the ledger commits on its own, like an external system
            try:
                self.domain.refund(*call)
            except SimulatedCrash:
                self.clock.sleep(self.timeout)
                raise self._timeout() from None
            finally:
                self.domain.crash_hook, self.domain.split_completion = previous, split
            raise AssertionError(f"the crash point {point} was not reached")  # pragma: no cover
        if fault is Fault.SLOW:
            self.clock.sleep(self.slow_seconds)
            result = self.domain.refund(*call)
            if self.slow_seconds > self.timeout:
                raise self._timeout()
            return result
        if fault in (Fault.TIMEOUT_AFTER_SUCCESS, Fault.STATUS_LOOKUP_FAILS):
            self.domain.refund(*call)
            self.clock.sleep(self.timeout)
            raise self._timeout()
        return self.domain.refund(*call)

    def status(self, user_id: str, idempotency_key: str, *, arguments_hash: str | None = None) -> StatusReport:
        """The idempotency status endpoint; raises ``ServiceUnavailableError`` under STATUS_LOOKUP_FAILS.

        ``arguments_hash``: see ``RefundDomain.status``.
        """
        with self._lock:
            down = self._status_down
        if down:
            raise ServiceUnavailableError("the order service's status endpoint is unavailable")
        return self.domain.status(user_id, idempotency_key, arguments_hash=arguments_hash)

    def health(self) -> bool:
        """Side-effect free: is the service up? (False while SERVICE_DOWN is pending.)"""
        if self.pending_fault is Fault.SERVICE_DOWN:
            return False
        return self.domain.health()

    def _timeout(self) -> ToolTimeoutError:
        return ToolTimeoutError(f"the order service did not answer within {self.timeout:g}s")
