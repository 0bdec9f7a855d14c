"""Chapter 1's third exercise: check an extracted action against the tools' JSON Schemas.

Introduced in chapter 1 ("Your turn 3"). An action that parsed is still
outside input. The learner writes ``validate_action(action, tools) -> list[str]``:
the problems in words, an empty list when the action may run. It must

- refuse an action whose ``"action"`` is missing, not a string, or names no tool;
- validate the *other* keys (the arguments) against that tool's
  ``parameters``: required keys, types, enums, ranges, no extra keys.

:func:`check_validate_action` runs it on tools the notebook has not shown. Its cases
defeat the usual shortcuts: ``true`` where an integer belongs (``isinstance(True,
int)`` is True in Python), a month of 13 (a type check alone lets it through),
a tool with no parameters at all (validating the whole object, ``"action"``
included, refuses it), arguments that fit the *first* tool but not the named
one, and an ``"action"`` that is a list (a dict lookup raises ``TypeError``).
The package's tested version is the ``tools=`` check of
``parse_prompt_reply``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fcourse.lab.exercises.report import CheckCase, CheckReport
from fcourse.lab.exercises.report import function_entry as _function

__all__ = ["ACTION_TOOLS", "ActionCase", "action_cases", "check_validate_action"]


#: the tools the checker offers (none of them appears in the notebook)
ACTION_TOOLS: list[dict[str, Any]] = [
    _function("convert_currency", "Convert yuan into another currency.", {
        "type": "object",
        "properties": {"amount": {"type": "number", "exclusiveMinimum": 0},
                       "currency": {"type": "string", "enum": ["EUR", "USD", "JPY"]}},
        "required": ["amount", "currency"], "additionalProperties": False}),
    _function("search_orders", "Find my orders in a month.", {
        "type": "object",
        "properties": {"month": {"type": "integer", "minimum": 1, "maximum": 12},
                       "status": {"type": "string", "enum": ["paid", "refunded"]}},
        "required": ["month"], "additionalProperties": False}),
    _function("ping", "Check that the shop is up.",
              {"type": "object", "properties": {}, "additionalProperties": False}),
]


@dataclass(frozen=True)
class ActionCase:
    """One action; ``accept`` says whether it may run."""

    label: str
    action: Any
    accept: bool
    hint: str


_NAME = "look the tool up by the action's name, and refuse a name that is missing, not a string, or unknown"
_SCHEMA = ("validate the arguments (every key but \"action\") with jsonschema against the named tool's "
           "`parameters`: types, enums, minimum/maximum, required, no extra keys")
_CASES: tuple[ActionCase, ...] = (
    ActionCase("a valid call", {"action": "convert_currency", "amount": 10, "currency": "EUR"}, True, _SCHEMA),
    ActionCase("a valid call, the optional key left out", {"action": "search_orders", "month": 3}, True, _SCHEMA),
    ActionCase("a valid call to a tool without parameters", {"action": "ping"}, True,
               "the \"action\" key names the tool; it is not an argument, so leave it out of what you validate"),
    ActionCase("a tool that does not exist", {"action": "refund_everything"}, False, _NAME),
    ActionCase("no action key", {"amount": 10, "currency": "EUR"}, False, _NAME),
    ActionCase("an action that is a list", {"action": ["ping"], "x": 1}, False, _NAME),
    ActionCase("a required key missing", {"action": "convert_currency", "amount": 10}, False, _SCHEMA),
    ActionCase("a month written as text", {"action": "search_orders", "month": "3"}, False, _SCHEMA),
    ActionCase("true where an integer belongs", {"action": "search_orders", "month": True}, False,
               "in Python True is an int: a type check by isinstance lets it through, jsonschema does not"),
    ActionCase("a month of 3.5", {"action": "search_orders", "month": 3.5}, False, _SCHEMA),
    ActionCase("a month of 13", {"action": "search_orders", "month": 13}, False, _SCHEMA),
    ActionCase("a currency outside the enum", {"action": "convert_currency", "amount": 5, "currency": "GBP"}, False,
               _SCHEMA),
    ActionCase("an extra key", {"action": "ping", "verbose": True}, False, _SCHEMA),
    ActionCase("arguments of another tool", {"action": "search_orders", "amount": 10, "currency": "EUR"}, False,
               "validate against the schema of the tool the action names, not the first one"),
)


def action_cases() -> tuple[ActionCase, ...]:
    """Every case the checker runs."""
    return _CASES


def _short(value: Any, limit: int = 50) -> str:
    text = json.dumps(value, ensure_ascii=False, default=repr)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _judge(case: ActionCase, validate_action: Callable[..., Any]) -> CheckCase:
    expected = "[] (may run)" if case.accept else "a list of problems"
    try:
        problems = validate_action(json.loads(json.dumps(case.action)), json.loads(json.dumps(ACTION_TOOLS)))
    except Exception as error:  # noqa: BLE001 - the learner's bug is reported, not raised
        return CheckCase(case.label, expected, f"raised {type(error).__name__}", False,
                         "return the problems as a list of strings; never raise on a bad action")
    if not isinstance(problems, list):
        return CheckCase(case.label, expected, _short(problems), False,
                         "return a list: [] when the action may run, else one string per problem")
    if case.accept:
        return CheckCase(case.label, expected, _short(problems), not problems, case.hint)
    return CheckCase(case.label, expected, _short(problems), bool(problems), case.hint)


def check_validate_action(validate_action: Callable[..., Any]) -> CheckReport:
    """Run ``validate_action(action, tools) -> list[str]`` on every case; say per case what went wrong."""
    return CheckReport(tuple(_judge(case, validate_action) for case in _CASES), verdict="only valid calls may run")
