"""fcourse: an offline, hands-on course on LLM function calling.

The model only proposes; code decides and executes. This facade is the small
public API the notebooks use; each name's docstring says which chapter
introduces it. Names load on first use (PEP 562), so ``import fcourse`` is
cheap and starts no threads, sockets or subprocesses: the door stays open to a
browser-only (JupyterLite) edition.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

# name -> module that defines it
_EXPORTS: dict[str, str] = {
    # chapter 0: start here
    "Connection": "fcourse.client",
    "check_environment": "fcourse.lab.setup_check",
    "connect": "fcourse.client",
    "explain": "fcourse.teaching.endpoint",
    # diagrams and widget panels (chapters 0-4)
    "MermaidDiagram": "fcourse.lab.diagrams",
    "breaker_timeline": "fcourse.lab.diagrams",
    "conversation_sequence": "fcourse.lab.diagrams",
    "recovery_flowchart": "fcourse.lab.diagrams",
    "switchboard": "fcourse.lab.panels",
    # chapter 4: registry runtime and idempotent recovery
    "CircuitBreaker": "fcourse.runtime.breaker",
    "ErrorCode": "fcourse.runtime.registry",
    "Fault": "fcourse.shop.faults",
    "IdempotencyStatus": "fcourse.shop.refunds",
    "RefundDomain": "fcourse.shop.refunds",
    "Runtime": "fcourse.runtime.recovery",
    "RuntimeAction": "fcourse.runtime.recovery",
    "Session": "fcourse.runtime.security",
    "ToolRegistry": "fcourse.runtime.registry",
    "ToolResponse": "fcourse.runtime.registry",
    "check_recovery_policy": "fcourse.runtime.recovery",
    "decide_recovery": "fcourse.runtime.recovery",
    "run_scenario": "fcourse.shop.demo",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'fcourse' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
