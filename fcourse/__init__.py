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
    "check_run_tool_call": "fcourse.lab.exercises.tool_call",
    "connect": "fcourse.client",
    "blind_figures": "fcourse.lab.try_it",
    "explain": "fcourse.teaching.wire.endpoint",
    "say": "fcourse.lab.try_it",
    "try_panel": "fcourse.lab.try_it",
    # chapter 1: models only complete text (the prompt-hack JSON action)
    "OrderHistory": "fcourse.shop.order_history",
    "ParsedReply": "fcourse.prompting.parse",
    "check_extractor": "fcourse.lab.exercises.parsing",
    "check_strict_loads": "fcourse.lab.exercises.strict_json",
    "check_validate_action": "fcourse.lab.exercises.action_check",
    "failure_gallery": "fcourse.lab.parse_panel",
    "parse_panel": "fcourse.lab.parse_panel",
    "parse_prompt_reply": "fcourse.prompting.parse",
    "prompt_hack_flowchart": "fcourse.lab.prompt_diagram",
    "run_prompt_hack": "fcourse.prompting.loop",
    "run_sweep": "fcourse.prompting.sweep",
    # chapter 2: the native tools protocol
    "LoopResult": "fcourse.protocol.loop",
    "ScriptedModel": "fcourse.protocol.scripted",
    "Transcript": "fcourse.protocol.transcript",
    "check_loop": "fcourse.lab.exercises.loop",
    "check_parallel_loop": "fcourse.lab.exercises.parallel",
    "check_run_call": "fcourse.lab.exercises.run_call",
    "check_responses_loop": "fcourse.lab.exercises.responses_loop",
    "execute_call": "fcourse.protocol.execute",
    "inspect_transcript": "fcourse.protocol.transcript",
    "lint_messages": "fcourse.protocol.lint",
    "protocol_panel": "fcourse.lab.protocol_panel",
    "run_responses_loop": "fcourse.protocol.responses_loop",
    "run_tool_loop": "fcourse.protocol.loop",
    "tool_shapes": "fcourse.protocol.shapes",
    # chapter 3: why the model picks a tool (evaluation harness and experiments)
    "Price": "fcourse.evaluation.cost",
    "check_description": "fcourse.lab.exercises.descriptions",
    "confusion_chart": "fcourse.evaluation.charts",
    "distractor_curve": "fcourse.evaluation.experiments",
    "estimate_cost": "fcourse.evaluation.cost",
    "line_chart": "fcourse.evaluation.charts",
    "load_cases": "fcourse.evaluation.cases",
    "run_cases": "fcourse.evaluation.harness",
    "run_prompt_only": "fcourse.evaluation.prompt_only",
    "selection_panel": "fcourse.lab.selection_panel",
    "swap_descriptions": "fcourse.evaluation.scenarios",
    "swap_experiment": "fcourse.evaluation.scenarios",
    "training_to_runtime": "fcourse.lab.training_diagram",
    "vagueness_curve": "fcourse.evaluation.experiments",
    # diagrams and widget panels (chapters 0-4)
    "MermaidDiagram": "fcourse.lab.diagrams",
    "breaker_timeline": "fcourse.lab.diagrams",
    "conversation_sequence": "fcourse.lab.diagrams",
    "recovery_flowchart": "fcourse.lab.diagrams",
    "switchboard": "fcourse.lab.panels",
    # chapter 4: registry runtime and idempotent recovery
    "AuditLog": "fcourse.runtime.audit",
    "CircuitBreaker": "fcourse.runtime.breaker",
    "ConfirmationGate": "fcourse.runtime.confirmation",
    "ErrorCode": "fcourse.runtime.responses",
    "Fault": "fcourse.shop.faults",
    "IdempotencyStatus": "fcourse.runtime.status",
    "RefundDomain": "fcourse.shop.refunds",
    "Runtime": "fcourse.runtime.recovery",
    "RuntimeAction": "fcourse.runtime.recovery",
    "Session": "fcourse.runtime.identity",
    "ToolRegistry": "fcourse.runtime.registry",
    "ToolResponse": "fcourse.runtime.responses",
    "check_recovery_policy": "fcourse.lab.exercises.recovery",
    "decide_recovery": "fcourse.runtime.recovery",
    "run_scenario": "fcourse.shop.scenarios",
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
