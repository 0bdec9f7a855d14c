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
extra argument, a number as a string, a JSON array, a JSON string where a schema has no type,
a handler that raises with a secret in its message, one that raises ``KeyError``, values on
both sides of every bound, a float, a tool name in other letters, the same tool name with
another schema, arguments null or empty for a tool that needs none). Arguments that are
missing, null or empty are an empty object. The registry and the call must come back unchanged.
What is right is what the reference does, worked out after the learner's function has
answered; then both run side by side on generated registries and calls.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from fcourse.lab.exercises.compare import Outcome, changed, compare_when_cases_pass, run_all, short, snapshot
from fcourse.lab.exercises.generated import refusal_reason, tool_call_inputs
from fcourse.lab.exercises.integrity import finish, keep, restore, shortcut
from fcourse.lab.exercises.report import CheckCase, CheckReport
from fcourse.protocol.execute import execute_call
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
    """A handler that counts its runs; ``fails`` makes it raise with :data:`SECRET` in the message (a
    ``ConnectionError``, or the exception class ``fails`` names)."""

    def __init__(self, fails: bool | type[Exception] = False) -> None:
        self.runs = 0
        self.fails = fails

    def __call__(self, **arguments: Any) -> dict[str, Any]:
        self.runs += 1
        if self.fails:
            raise (self.fails if isinstance(self.fails, type) else ConnectionError)(SECRET)
        return {"done": sorted(arguments), "order_id": arguments.get("order_id")}


def _schemas(maximum: int = 100_000) -> dict[str, dict[str, Any]]:
    """The checker's tools' schemas; built fresh for every step."""
    return {
        "refund_order": {
            "type": "object",
            "properties": {"order_id": {"type": "string", "pattern": "^O-[0-9]+$"},
                           "amount_cents": {"type": "integer", "minimum": 1, "maximum": maximum}},
            "required": ["order_id"], "additionalProperties": False},
        "convert_currency": {
            "type": "object",
            "properties": {"amount": {"type": "number", "exclusiveMinimum": 0},
                           "currency": {"type": "string", "enum": ["EUR", "USD"]}},
            "required": ["amount", "currency"], "additionalProperties": False},
        "ping": {"properties": {}, "additionalProperties": False},  # no "type": an array would get through it
    }


def _registry(available: bool | None = True, fails: bool | type[Exception] = False,
              maximum: int = 100_000) -> tuple[dict[str, Any], _Spy]:
    """Every tool with the same spy handler; ``available=None`` leaves the key out (the default: available)."""
    spy = _Spy(fails)
    return {name: {"schema": schema, "handler": spy, **({} if available is None else {"available": available})}
            for name, schema in _schemas(maximum).items()}, spy


def _call(name: str, arguments: str | None) -> dict[str, Any]:
    """The proposed call; arguments ``"MISSING"`` leaves the key out."""
    return {"name": name} if arguments == "MISSING" else {"name": name, "arguments": arguments}


_GOOD = '{"order_id": "O-300", "amount_cents": 2500}'
_BOUND = ("check values on both sides of every bound (the whole schema, with validate): `minimum`/`maximum` "
          "include the bound, `exclusiveMinimum` does not")
_EMPTY = ("arguments that are null or empty (\"\") are an empty object, as missing ones are: call.get('arguments') or "
          "'{}' (a default in get() applies only when the key is missing)")
_STALE = ("the same tool name came back with another schema: validate against the registry you are given now, "
          "and keep nothing between calls (a validator cached by tool name goes stale)")


def _steps() -> list[tuple[str, str, str | None, bool | None, bool | type[Exception], str]]:
    """(case, name, arguments, available, handler fails, what it is about): first the ladder - everything wrong at
    once, then one problem fixed per step - then single faults a shortcut misses. No verdicts: the right answer is
    the reference's, worked out after the learner's function has answered."""
    return [
        ("everything wrong at once", "refund_money", '{"order_id": ', False, True,
         "the name is checked first: with an unknown tool there is nothing to validate against"),
        ("+ the right name", "refund_order", '{"order_id": ', False, True,
         "arguments that are not JSON are INVALID_ARGUMENT, answered before availability, and never raise"),
        ("+ JSON that breaks the schema", "refund_order", '{"order_id": "300"}', False, True,
         "the schema is checked before availability: validate the arguments against the tool's schema"),
        ("+ valid arguments", "refund_order", _GOOD, False, True,
         "a tool that is switched off is TOOL_UNAVAILABLE, and its handler must not run"),
        ("+ the tool back online", "refund_order", _GOOD, True, True,
         "a handler that raises is EXECUTION_ERROR, returned as data (never raised), after exactly one run"),
        ("+ a handler that works", "refund_order", _GOOD, True, False,
         "a call that passes every check runs its handler once and returns SUCCESS with the handler's result"),
        ("a handler that raises KeyError", "refund_order", _GOOD, True, KeyError,
         "any exception from the handler is EXECUTION_ERROR (catch Exception, not only the ones you expect): "
         "nothing raises out of mini_execute"),
        ("an argument the schema does not know", "refund_order", '{"order_id": "O-300", "user_id": "U-2002"}', True,
         False, "check the whole schema (additionalProperties too), not only the required keys"),
        ("a number sent as a string", "refund_order", '{"order_id": "O-300", "amount_cents": "2500"}', True, False,
         "check the whole schema (types too), not only the required keys"),
        ("a JSON array instead of an object", "refund_order", '["O-300"]', True, False,
         "arguments must be a JSON object; an array is INVALID_ARGUMENT, not a crash"),
        ("no arguments at all", "refund_order", "", True, False,
         "empty arguments are an empty object, and the schema says order_id is required"),
        ("unknown tool, good arguments", "cancel_everything", _GOOD, True, False,
         "a name the registry does not hold is UNKNOWN_TOOL (look it up, do not index and crash)"),
        ("a tool name in other letters", "Refund_Order", _GOOD, True, False,
         "names are compared exactly: Refund_Order is not refund_order (UNKNOWN_TOOL)"),
        ("1 cent, the minimum", "refund_order", '{"order_id": "O-300", "amount_cents": 1}', True, False, _BOUND),
        ("0 cents, below the minimum", "refund_order", '{"order_id": "O-300", "amount_cents": 0}', True, False,
         _BOUND),
        ("the maximum, 100000 cents", "refund_order", '{"order_id": "O-300", "amount_cents": 100000}', True, False,
         _BOUND),
        ("one cent over the maximum", "refund_order", '{"order_id": "O-300", "amount_cents": 100001}', True, False,
         _BOUND),
        ("an amount with decimals", "convert_currency", '{"amount": 12.5, "currency": "EUR"}', True, False,
         "a float is a number: accept 12.5 where the schema says number"),
        ("an amount of exactly 0", "convert_currency", '{"amount": 0, "currency": "EUR"}', True, False, _BOUND),
        ("the same tool, now at most 1000 cents", "refund_order", '{"order_id": "O-300", "amount_cents": 2500}', True,
         False, _STALE),
        ("arguments null", "refund_order", None, True, False,
         "arguments that are null (or missing) are an empty object: call.get('arguments') or '{}', then validate"),
        ("no arguments key at all", "ping", "MISSING", True, False,
         "arguments that are missing are an empty object: call.get('arguments') or '{}'"),
        ("arguments null, a tool that needs none", "ping", None, True, False, _EMPTY),
        ("empty arguments, a tool that needs none", "ping", "", True, False, _EMPTY),
        ("a JSON array, a schema without a type", "ping", "[1, 2]", True, False,
         "check that the parsed arguments are a JSON object yourself: a schema without \"type\": \"object\" lets "
         "an array through, and handler(**[1, 2]) is not a call"),
        ("a JSON string, a schema without a type", "ping", '"O-300"', True, False,
         "check that the parsed arguments are a JSON object yourself (isinstance(arguments, dict)), not only that "
         "they are not a list: a string, a number or null gets through a schema without \"type\": \"object\" too"),
        ("an entry without 'available'", "refund_order", _GOOD, None, False,
         "a tool is available unless its entry says otherwise: tool.get('available', True)"),
    ]


def _judge(answer: Outcome, runs: int, inputs: tuple[Any, Any], before: tuple[Any, Any], wanted: dict[str, Any],
           wanted_runs: int, about: str) -> tuple[str, list[str]]:
    """(what came back, in short; the problems)."""
    if not answer.returned:
        return answer.shown(30), [f"mini_execute {answer.shown(60)}: {about}"]
    value = answer.value
    if not isinstance(value, dict):
        return type(value).__name__, [f"the answer must be a dict, not {type(value).__name__}"]
    for name, now, old in (("registry", inputs[0], before[0]), ("call", inputs[1], before[1])):
        where = changed(old, now)
        if where:
            return "changed its input", [f"mini_execute changed the {name} it was given, at {where}: read it, do not "
                                         "edit it (tool.get('available', True), not setdefault or assignment)"]
    want = str(wanted.get("error_code") or wanted.get("status"))
    got = str(value.get("error_code") or value.get("status"))
    shown = f"{got}, handler ran {runs}x"
    problems = []
    if got != want:  # the wrong answer says it all; the follow-on checks would only repeat it
        problems.append(f"expected {want}, got {got}: {about}")
    elif runs != wanted_runs:
        problems.append(f"the handler ran {runs} times, should run {wanted_runs}: {about}")
    elif want != "SUCCESS" and value.get("status") != "ERROR":
        problems.append(f"an error needs status ERROR, got {value.get('status')!r}")
    elif want == "SUCCESS" and value.get("data") != wanted.get("data"):
        problems.append("SUCCESS carries what the handler returned, unchanged, under 'data'")
    try:
        text = json.dumps(value, default=str)
    except (TypeError, ValueError) as error:
        problems.append(f"the answer must be JSON for the tool message: {error}")
        text = repr(value)
    if "sk-live-51f2" in text or "payments.internal" in text:
        problems.append("the exception's text reached the answer (it holds a URL and a key): the model must not see "
                        "it; say what failed, keep the details in the program's log")
    if got == want != "SUCCESS" and not str(value.get("message") or "").strip():
        problems.append("an error needs a message that says what went wrong")
    return shown, problems


def _reference(name: str, arguments: str | None, registry: dict[str, Any],
               fails: bool | type[Exception]) -> tuple[dict[str, Any], int]:
    copy = {tool: {**entry, "schema": snapshot(entry["schema"]), "handler": _Spy(fails)}
            for tool, entry in registry.items()}
    answer = solution_execute(copy, _call(name, arguments))
    return answer, sum(entry["handler"].runs for entry in copy.values())


def check_executor(execute: Callable[..., Any]) -> CheckReport:
    """Check a learner's ``mini_execute`` (see the module docstring), then compare it with the reference on
    generated registries and calls; notes say what each failure is about."""
    replaced = restore()
    if (early := shortcut(execute, _REFERENCES, replaced, _VERDICT)) is not None:
        return early
    steps = _steps()
    trials = []
    for label, name, arguments, available, fails, _ in steps:
        registry, spy = _registry(available, fails, 1000 if "at most 1000" in label else 100_000)
        call = _call(name, arguments)
        trials.append((spy, (registry, call), (snapshot(registry), snapshot(call))))
    answers = run_all(execute, [(inputs, {}) for _, inputs, _ in trials])
    rows, notes = [], []
    for (label, name, arguments, _, fails, about), (spy, inputs, before), answer in zip(steps, trials, answers):
        wanted, wanted_runs = _reference(name, arguments, before[0], fails)
        shown, problems = _judge(answer, spy.runs, inputs, before, wanted, wanted_runs, about)
        want = f"{wanted.get('error_code') or wanted.get('status')}, handler ran {wanted_runs}x"
        rows.append(CheckCase(label, want, shown, not problems))
        notes.extend(f"{label}: {problem}" for problem in problems)
    compare_when_cases_pass(rows, notes, "registries and calls", _generated, _compare(execute), show=_show, examples=30,
                            budget=90)
    return finish(rows, notes, _VERDICT, learner=execute, replaced=replaced, references=_REFERENCES)


def _generated() -> Any:
    from hypothesis import strategies as st

    return st.tuples(tool_call_inputs(), st.sampled_from([False] * 4 + [True]))


def _show(value: Any) -> str:
    (tools, name, arguments, available), fails = value
    schema = next((t["function"]["parameters"] for t in tools if t["function"]["name"] == name), None)
    held = f"schema {short(schema, 160)}" if schema else f"registry: {[t['function']['name'] for t in tools]}"
    return (f"{name}({arguments}) with {held}" + ("" if available else ", switched off") +
            (", a handler that raises" if fails else ""))


def _compare(execute: Callable[..., Any]) -> Callable[[Any], tuple[str, str] | None]:
    def compare(value: Any) -> tuple[str, str] | None:
        (tools, name, arguments, available), fails = value
        spy = _Spy(fails)
        registry = {t["function"]["name"]: {"schema": snapshot(t["function"]["parameters"]), "handler": spy,
                                            "available": available or t["function"]["name"] != name} for t in tools}
        call = {"name": name, "arguments": arguments}
        before = (snapshot(registry), snapshot(call))
        answer = run_all(execute, [((registry, call), {})], timeout=10)[0]
        wanted, wanted_runs = _reference(name, arguments, before[0], fails)
        schema = registry.get(name, {}).get("schema")
        try:
            reason = refusal_reason(json.loads(arguments), schema) if schema else ""
        except ValueError:
            reason = ""
        about = f"the reference answers {wanted.get('error_code') or wanted.get('status')}" + \
            (f" ({reason}): {_BOUND}" if reason else f"; {_STALE}")
        shown, problems = _judge(answer, spy.runs, (registry, call), before, wanted, wanted_runs, about)
        return (problems[0], problems[0].split(": ", 1)[-1]) if problems else None

    return compare


#: the last words of a report whose every case passed
_VERDICT = "every check answers in order, and errors stay data"
#: the reference and the package's tested version: a learner's code that is (or calls) one is not theirs
_REFERENCES = {
    "fcourse.lab.exercises.executor.solution_execute": solution_execute,
    "fcourse.execute_call": execute_call,
}

keep(__name__)
