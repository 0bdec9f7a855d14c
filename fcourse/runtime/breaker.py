"""A circuit breaker per tool: stop calling a failing tool, probe it without side effects.

Introduced in chapter 4. The breaker owns one decision: "may the next call of
this tool reach its handler?". It does not own the refund fact (the domain
does) and it does not retry anything (``fcourse.runtime.recovery`` decides that).

States and transitions::

    CLOSED --(failure_threshold consecutive execution failures)--> OPEN
    OPEN   --(a call arrives after `cooldown` seconds)-----------> HALF_OPEN
    HALF_OPEN --(health check passes)--> CLOSED   (that call goes through)
    HALF_OPEN --(health check fails)---> OPEN     (cooldown starts again)

The probe is the tool's side-effect-free ``health_check()``, never a real
call: probing a refund service with a new refund would itself be a business
action. Only one probe runs at a time; calls arriving meanwhile are told the
tool is unavailable. One timeout is not an outage: only *consecutive*
failures count, any success resets the count, and a business refusal (bad
arguments, no permission, a rule the domain enforces) counts as neither a
success nor a failure: the tool worked, the request was wrong.

Every state change is an event (time, from, to, reason) in ``events``, so
the notebook can draw a timeline; time comes from an injectable clock.
"""

from __future__ import annotations

import enum
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fcourse.clock import Clock, SystemClock, iso
from fcourse.errors import ConfigurationError

__all__ = ["Admission", "BreakerEvent", "BreakerState", "CircuitBreaker"]


class BreakerState(enum.StrEnum):
    """``CLOSED`` (calls flow), ``OPEN`` (calls refused), ``HALF_OPEN`` (one probe running)."""

    CLOSED = "CLOSED"
    OPEN = "OPEN"
    HALF_OPEN = "HALF_OPEN"


@dataclass(frozen=True)
class BreakerEvent:
    """One state change: at ``at`` (clock seconds) from ``from_state`` to ``to_state``, because ``reason``."""

    at: float
    from_state: BreakerState
    to_state: BreakerState
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``at`` (seconds), ``time`` (ISO), ``from``, ``to``, ``reason``."""
        return {
            "at": self.at,
            "time": iso(self.at),
            "from": str(self.from_state),
            "to": str(self.to_state),
            "reason": self.reason,
        }


@dataclass(frozen=True)
class Admission:
    """The breaker's answer for one call: ``allowed`` or not, and why."""

    allowed: bool
    state: BreakerState
    reason: str
    retry_after: float | None = None


#: The answer for every call through a closed breaker (frozen, so one object serves them all).
_ADMITTED = Admission(True, BreakerState.CLOSED, "closed")


class CircuitBreaker:
    """Counts consecutive execution failures of one tool and gates its calls.

    ``health_check`` is the side-effect-free probe; with None, a probe always
    fails and the breaker stays open until ``reset()`` (a side-effecting tool
    without a health check is never probed with a real call).
    """

    def __init__(
        self,
        name: str = "tool",
        *,
        failure_threshold: int = 3,
        cooldown: float = 30.0,
        clock: Clock | None = None,
        health_check: Callable[[], bool] | None = None,
    ) -> None:
        if failure_threshold < 1:
            raise ConfigurationError("failure_threshold must be at least 1")
        if cooldown < 0:
            raise ConfigurationError("cooldown cannot be negative")
        self.name = name
        self.failure_threshold = failure_threshold
        self.cooldown = float(cooldown)
        self.clock: Clock = clock or SystemClock()
        self.health_check = health_check
        self._state = BreakerState.CLOSED
        self._failures = 0
        self._opened_at: float | None = None
        self._events: list[BreakerEvent] = []
        self.probes = 0
        self._lock = threading.Lock()

    # -- reading ---------------------------------------------------------------------

    @property
    def state(self) -> BreakerState:
        """The current state (no transition happens by reading it)."""
        return self._state

    @property
    def consecutive_failures(self) -> int:
        """Execution failures since the last success, reset or close."""
        return self._failures

    @property
    def events(self) -> tuple[BreakerEvent, ...]:
        """Every state change so far, oldest first."""
        with self._lock:
            return tuple(self._events)

    def timeline(self) -> list[dict[str, Any]]:
        """``events`` as JSON-ready dicts, for tables and plots."""
        return [event.to_dict() for event in self.events]

    def __repr__(self) -> str:
        return (
            f"CircuitBreaker({self.name!r}, state={self._state}, failures={self._failures}/"
            f"{self.failure_threshold}, cooldown={self.cooldown:g}s)"
        )

    # -- gating ----------------------------------------------------------------------

    def admit(self) -> Admission:
        """May a call go through now? Runs the health-check probe when the cooldown is over."""
        if self._state is BreakerState.CLOSED:
            # the common case, without the lock: reading one attribute is atomic, and a call admitted
            # while another thread opens the breaker is the same as one admitted just before it opened
            return _ADMITTED
        with self._lock:
            if self._state is BreakerState.CLOSED:
                return Admission(True, self._state, "closed")
            if self._state is BreakerState.HALF_OPEN:
                return Admission(False, self._state, "a health probe is in progress")
            now = self.clock.now()
            assert self._opened_at is not None
            ready_at = self._opened_at + self.cooldown
            if now < ready_at:
                return Admission(False, self._state, "circuit open", retry_after=ready_at - now)
            self._move(BreakerState.HALF_OPEN, "cooldown over: probing with the health check", now)
            self.probes += 1
        healthy, why = self._run_probe()
        with self._lock:
            now = self.clock.now()
            if healthy:
                self._failures = 0
                self._opened_at = None
                self._move(BreakerState.CLOSED, f"health check passed{why}", now)
                return Admission(True, self._state, "health check passed")
            self._opened_at = now
            self._move(BreakerState.OPEN, f"health check failed{why}", now)
            return Admission(False, self._state, f"health check failed{why}", retry_after=self.cooldown)

    def _run_probe(self) -> tuple[bool, str]:
        if self.health_check is None:
            return False, " (no health check: reset() by hand)"
        try:
            return bool(self.health_check()), ""
        except Exception as error:
            return False, f" ({type(error).__name__})"

    # -- outcomes --------------------------------------------------------------------

    def record_success(self) -> None:
        """The handler ran and returned: the consecutive-failure count starts over."""
        if self._failures == 0:
            return  # nothing to start over (no lock: as if this success came just before a racing failure)
        with self._lock:
            self._failures = 0

    def record_failure(self, reason: str = "execution error") -> None:
        """The handler failed (an EXECUTION_ERROR); open after ``failure_threshold`` in a row."""
        with self._lock:
            self._failures += 1
            if self._state is BreakerState.CLOSED and self._failures >= self.failure_threshold:
                now = self.clock.now()
                self._opened_at = now
                self._move(
                    BreakerState.OPEN,
                    f"{self._failures} consecutive execution failures (last: {reason})",
                    now,
                )

    def record_neutral(self) -> None:
        """A business refusal: neither a success nor a failure (kept for symmetry; does nothing)."""

    def reset(self, reason: str = "manual reset") -> None:
        """Close the breaker by hand (an operator fixed the service)."""
        with self._lock:
            self._failures = 0
            self._opened_at = None
            if self._state is not BreakerState.CLOSED:
                self._move(BreakerState.CLOSED, reason, self.clock.now())

    def _move(self, to: BreakerState, reason: str, now: float) -> None:
        self._events.append(BreakerEvent(now, self._state, to, reason))
        self._state = to
