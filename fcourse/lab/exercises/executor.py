"""Your turn (chapter 4): ``mini_execute``, the checks a registry runs before a handler, written by the learner.

The learner writes ``mini_execute(registry, call) -> dict``. ``registry`` maps a tool name to
``{"schema": <JSON Schema of its arguments>, "handler": <function>, "available": bool}``;
``call`` is what a model proposed, ``{"name": ..., "arguments": <a JSON string>}``. The
answer is data, never an exception::

    {"status": "SUCCESS", "data": <what the handler returned>}
    {"status": "ERROR", "error_code": "UNKNOWN_TOOL" | "INVALID_ARGUMENT" | "TOOL_UNAVAILABLE"
                                      | "EXECUTION_ERROR", "message": "...", "data": {...}}

The checks run in this order, and the first that fails answers: is the tool known? are the
arguments a JSON object that the schema accepts? is the tool available? Only then the
handler runs; if it raises, ``EXECUTION_ERROR`` - and the exception's text stays out of the
answer, because the answer goes to the model (chapter 2: it can carry secrets).

:func:`check_executor` proves the order one broken call at a time: a call with every
problem at once, then the same call with one problem fixed per step, each step on a fresh
registry whose handlers count their runs; then single faults a shortcut misses (an
extra argument, a number as a string, a JSON array, a handler that raises with a secret in
its message).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from fcourse.lab.exercises.report import CheckCase, CheckReport
from fcourse.schema import validate

__all__ = ["SECRET", "check_executor", "solution_execute"]

#: what the failing handler's exception says; it must never reach the answer
SECRET = "POST https://payments.internal/v1/refunds?api_key=sk-live-51f2 refused"

_SCHEMA = {
    "type": "object",
    "properties": {
        "order_id": {"type": "string", "pattern": "^O-[0-9]+$"},
        "amount_cents": {"type": "integer", "minimum": 1},
    },
    "required": ["order_id"],
    "additionalProperties": False,
}


def solution_execute(registry: dict[str, dict[str, Any]], call: dict[str, Any]) -> dict[str, Any]:
    """The reference: known? a JSON object the schema accepts? available? then run; errors as data."""
    def error(code: str, message: str, **data: Any) -> dict[str, Any]:
        return {"status": "ERROR", "error_code": code, "message": message, "data": data}

    name = call.get("name")
    if name not in registry:
        return error("UNKNOWN_TOOL", f"there is no tool named {name!r}", available_tools=sorted(registry))
    tool = registry[name]
    try:
        arguments = json.loads(call.get("arguments") or "{}")
    except json.JSONDecodeError:
        return error("INVALID_ARGUMENT", "the arguments are not valid JSON")
    if not isinstance(arguments, dict):
        return error("INVALID_ARGUMENT", "the arguments must be a JSON object")
    issues = validate(arguments, tool["schema"])
    if issues:
        return error("INVALID_ARGUMENT", "the arguments break the contract",
                     issues=[f"{issue.path}: {issue.message}" for issue in issues])
    if not tool.get("available", True):
        return error("TOOL_UNAVAILABLE", f"{name} is switched off; do not try it again now")
    try:
        return {"status": "SUCCESS", "data": tool["handler"](**arguments)}
    except Exception as exc:  # the details belong in the program's log, not in the model's context
        return error("EXECUTION_ERROR", f"{name} failed while running; it may or may not have taken effect",
                     exception=type(exc).__name__)


class _Spy:
    """A handler that counts its runs; ``fails`` makes it raise with :data:`SECRET` in the message."""

    def __init__(self, fails: bool = False) -> None:
        self.runs = 0
        self.fails = fails

    def __call__(self, **arguments: Any) -> dict[str, Any]:
        self.runs += 1
        if self.fails:
            raise ConnectionError(SECRET)
        return {"refunded": arguments["order_id"]}


def _registry(available: bool = True, fails: bool = False) -> tuple[dict[str, dict[str, Any]], _Spy]:
    spy = _Spy(fails)
    return {"refund_order": {"schema": _SCHEMA, "handler": spy, "available": available}}, spy


GOOD = '{"order_id": "O-300", "amount_cents": 2500}'

#: (case, name, arguments, available, handler fails, expected code or SUCCESS, should the handler run, about)
LADDER: tuple[tuple[str, str, str, bool, bool, str, bool, str], ...] = (
    ("everything wrong at once", "refund_money", '{"order_id": ', False, True, "UNKNOWN_TOOL", False,
     "the name is checked first: with an unknown tool there is nothing to validate against"),
    ("+ the right name", "refund_order", '{"order_id": ', False, True, "INVALID_ARGUMENT", False,
     "arguments that are not JSON are INVALID_ARGUMENT, answered before availability, and never raise"),
    ("+ JSON that breaks the schema", "refund_order", '{"order_id": "300"}', False, True, "INVALID_ARGUMENT", False,
     "the schema is checked before availability: validate the arguments against the tool's schema"),
    ("+ valid arguments", "refund_order", GOOD, False, True, "TOOL_UNAVAILABLE", False,
     "a tool that is switched off is TOOL_UNAVAILABLE, and its handler must not run"),
    ("+ the tool back online", "refund_order", GOOD, True, True, "EXECUTION_ERROR", True,
     "a handler that raises is EXECUTION_ERROR, returned as data (never raised), after exactly one run"),
    ("+ a handler that works", "refund_order", GOOD, True, False, "SUCCESS", True,
     "a call that passes every check runs its handler once and returns SUCCESS with the handler's result"),
)

#: single faults a shortcut misses
SINGLE: tuple[tuple[str, str, str, bool, bool, str, bool, str], ...] = (
    ("an argument the schema does not know", "refund_order", '{"order_id": "O-300", "user_id": "U-2002"}', True,
     False, "INVALID_ARGUMENT", False,
     "check the whole schema (additionalProperties too), not only the required keys"),
    ("a number sent as a string", "refund_order", '{"order_id": "O-300", "amount_cents": "2500"}', True, False,
     "INVALID_ARGUMENT", False, "check the whole schema (types too), not only the required keys"),
    ("a JSON array instead of an object", "refund_order", '["O-300"]', True, False, "INVALID_ARGUMENT", False,
     "arguments must be a JSON object; an array is INVALID_ARGUMENT, not a crash"),
    ("no arguments at all", "refund_order", "", True, False, "INVALID_ARGUMENT", False,
     "empty arguments are an empty object, and the schema says order_id is required"),
    ("unknown tool, good arguments", "cancel_everything", GOOD, True, False, "UNKNOWN_TOOL", False,
     "a name the registry does not hold is UNKNOWN_TOOL (look it up, do not index and crash)"),
)


def _run(execute: Callable[..., Any], step: tuple[str, str, str, bool, bool, str, bool, str]) -> tuple[str, list[str]]:
    """Run one step on a fresh registry; (what came back, in short; the problems)."""
    _, name, arguments, available, fails, want, should_run, about = step
    registry, spy = _registry(available, fails)
    try:
        answer = execute(registry, {"name": name, "arguments": arguments})
    except Exception as error:  # noqa: BLE001 - a raising executor is the finding
        return f"raised {type(error).__name__}", [f"mini_execute raised {type(error).__name__}: {about}"]
    if not isinstance(answer, dict):
        return type(answer).__name__, [f"the answer must be a dict, not {type(answer).__name__}"]
    got = str(answer.get("error_code") or answer.get("status"))
    shown = f"{got}, handler ran {spy.runs}x"
    problems = []
    if got != want:  # the wrong answer says it all; the follow-on checks would only repeat it
        problems.append(f"expected {want}, got {got}: {about}")
    elif spy.runs != (1 if should_run else 0):
        problems.append(f"the handler ran {spy.runs} times, should run {1 if should_run else 0}: {about}")
    elif want != "SUCCESS" and answer.get("status") != "ERROR":
        problems.append(f"an error needs status ERROR, got {answer.get('status')!r}")
    try:
        text = json.dumps(answer, default=str)
    except (TypeError, ValueError) as error:
        problems.append(f"the answer must be JSON for the tool message: {error}")
        text = repr(answer)
    if "sk-live-51f2" in text or "payments.internal" in text:
        problems.append("the exception's text reached the answer (it holds a URL and a key): the model must not see "
                        "it; say what failed, keep the details in the program's log")
    if got == want != "SUCCESS" and not str(answer.get("message") or "").strip():
        problems.append("an error needs a message that says what went wrong")
    return shown, problems


def check_executor(execute: Callable[..., Any]) -> CheckReport:
    """Check a learner's ``mini_execute`` (see the module docstring); notes say what each failure is about."""
    rows, notes = [], []
    for step in (*LADDER, *SINGLE):
        shown, problems = _run(execute, step)
        want = f"{step[5]}, handler ran {1 if step[6] else 0}x"
        rows.append(CheckCase(step[0], want, shown, not problems))
        notes.extend(f"{step[0]}: {problem}" for problem in problems)
    return CheckReport(tuple(rows), tuple(notes), "every check answers in order, and errors stay data")
