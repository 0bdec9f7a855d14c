"""Clocks the chapter-4 runtime reads time from, so tests and the demo never sleep.

Introduced in chapter 4. This module owns nothing but time: the refund domain
(stale windows, retention), the circuit breaker (cooldowns), confirmation
tokens (expiry) and the fault-injecting order service (a slow service, a
client timeout) all take a ``clock`` argument instead of calling ``time``.

``FakeClock`` starts at a fixed instant (``DEMO_EPOCH``) and only moves when
told to (``advance``/``sleep``), so every timestamp the notebook prints is
byte-stable; ``SystemClock`` is the real thing for benchmarks and production.
"""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime
from typing import Protocol, runtime_checkable

__all__ = ["DEMO_EPOCH", "Clock", "FakeClock", "SystemClock", "iso"]

#: 2026-04-14T00:00:00Z, the day the source post was published; the demo's "now".
DEMO_EPOCH = 1_776_124_800.0


@runtime_checkable
class Clock(Protocol):
    """Anything with ``now()`` (seconds since the epoch) and ``sleep(seconds)``."""

    def now(self) -> float: ...

    def sleep(self, seconds: float) -> None: ...


class SystemClock:
    """Wall-clock time and real sleeping."""

    def now(self) -> float:
        """Seconds since the epoch, from ``time.time()``."""
        return time.time()

    def sleep(self, seconds: float) -> None:
        """Really sleep."""
        if seconds > 0:
            time.sleep(seconds)

    def __repr__(self) -> str:
        return "SystemClock()"


class FakeClock:
    """A clock that stands still until ``advance`` or ``sleep`` moves it (thread-safe)."""

    def __init__(self, start: float = DEMO_EPOCH) -> None:
        self._now = float(start)
        self._lock = threading.Lock()

    def now(self) -> float:
        """The current fake time."""
        with self._lock:
            return self._now

    def advance(self, seconds: float) -> float:
        """Move time forward by ``seconds`` (never backwards); return the new time."""
        if seconds < 0:
            raise ValueError("a clock cannot go backwards")
        with self._lock:
            self._now += seconds
            return self._now

    def sleep(self, seconds: float) -> None:
        """Sleeping on a fake clock just advances it: no real time passes."""
        self.advance(max(0.0, seconds))

    def __repr__(self) -> str:
        return f"FakeClock(now={iso(self.now())!r})"


def iso(seconds: float) -> str:
    """``seconds`` since the epoch as an ISO-8601 UTC string (millisecond precision)."""
    text = datetime.fromtimestamp(seconds, tz=UTC).isoformat(timespec="milliseconds")
    return text.replace("+00:00", "Z")
