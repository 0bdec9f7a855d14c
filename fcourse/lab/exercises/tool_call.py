"""Chapter 0's exercise: run one proposed tool call only after checking it.

Introduced in chapter 0 (start here). The learner writes
``run_tool_call(name, arguments, tools, handlers)``: ``name`` and ``arguments``
(a JSON *string*) are what the model proposed, ``tools`` the definitions the
program offered, ``handlers`` the dispatch table from tool name to function.
It must run the handler only when

1. the tool was offered in ``tools`` *and* has a handler,
2. ``arguments`` parses as a JSON object, and
3. that object satisfies the tool's JSON Schema (``parameters``),

and otherwise return a refusal *as data*: a dict with an ``"error"`` key (the
program and the model can tell it from a result), never an exception, and
never by an ``assert`` (``python -O`` removes it). It must not edit the
``tools`` or ``handlers`` it is given.

:func:`check_run_tool_call` runs it on tools the notebook has not shown, with
values on both sides of every bound (an amount of 0 where it must be above 0,
a day count of 7 and of 8 where the maximum is 7), floats where a number
belongs, a name in other capitals, and a tool whose schema leaves extra keys
open (adding ``additionalProperties: false`` to the caller's schema edits it).
Each handler records its calls, so the checker sees whether a refused call
reached it: a ``try/except TypeError`` around the handler is not a check,
because a handler can accept a wrong value (an unknown currency) without
raising. The checker judges the kind of result (the handler's own result, or a
dict with ``"error"``), not its wording. What is right is what the reference
solution does, worked out after the learner's function has answered; then both
run side by side on generated tools and proposals
(:mod:`fcourse.lab.exercises.compare`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fcourse.lab.exercises import solutions
from fcourse.lab.exercises.compare import (
    Outcome,
    assert_lines,
    changed,
    compare_when_cases_pass,
    run_all,
    same_json,
    short,
    snapshot,
)
from fcourse.lab.exercises.generated import refusal_reason, tool_call_inputs
from fcourse.lab.exercises.integrity import finish, keep, restore, shortcut
from fcourse.lab.exercises.report import CheckCase, CheckReport
from fcourse.lab.exercises.report import function_entry as _function
from fcourse.protocol.execute import execute_call

__all__ = ["check_run_tool_call"]

_SCHEMA_HINT = ("validate the parsed arguments against the tool's `parameters` (jsonschema) before calling "
                "the handler; catching the handler's TypeError is not a check")
_VALID_HINT = "a valid call must reach its handler, and its result must come back unchanged"
_BOUND_HINT = ("check values on both sides of every bound, as jsonschema does: `minimum`/`maximum` include the "
               "bound, `exclusiveMinimum` does not")
_EXACT = ("the name must be exactly one of the offered names: look it up in a dict of the offered names as they are "
          "written (no lower(), no strip(), no search in their text)")
_ASSERT = ("`python -O` removes every assert, and with it your check: write each check as an `if` that returns the "
           "refusal")


def _tools() -> list[dict[str, Any]]:
    """The tools the checker offers (none of them appears in the notebook); built fresh for every call."""
    return [
        _function("convert_currency", "Convert an amount of yuan into another currency.", {
            "type": "object",
            "properties": {"amount": {"type": "number", "exclusiveMinimum": 0},
                           "currency": {"type": "string", "enum": ["EUR", "USD", "JPY"]}},
            "required": ["amount", "currency"], "additionalProperties": False}),
        _function("get_air_quality", "Air quality in a city, today or for the next days.", {
            "type": "object", "properties": {"city": {"type": "string"},
                                             "days": {"type": "integer", "minimum": 1, "maximum": 7}},
            "required": ["city"], "additionalProperties": False}),
        _function("refund_payment", "Refund a payment (its handler is not in this program yet).", {
            "type": "object", "properties": {"payment_id": {"type": "string"}},
            "required": ["payment_id"], "additionalProperties": False}),
        _function("find_station", "Find the nearest charging station (more filters may come).", {
            "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}),
    ]


_STALE_HINT = ("the same tool name came back with another schema: validate against the `parameters` you are given "
               "now, and keep nothing between calls (a validator cached by tool name goes stale)")


def _stricter_tools() -> list[dict[str, Any]]:
    """The same names with another schema: at most 3 days now."""
    tools = _tools()
    tools[1]["function"]["parameters"]["properties"]["days"]["maximum"] = 3
    return tools


def _cases() -> list[tuple[str, str, str, str]]:
    """(label, name, arguments, what to look at): the proposals, without their verdicts."""
    return [
        ("a valid call", "get_air_quality", '{"city": "Chengdu"}', _VALID_HINT),
        ("a valid call with a number", "convert_currency", '{"amount": 12.5, "currency": "EUR"}', _VALID_HINT),
        ("a number written with an exponent", "convert_currency", '{"amount": 1e2, "currency": "JPY"}',
         "1e2 is a JSON number (100.0): a float must be accepted where the schema says number"),
        ("the largest number of days", "get_air_quality", '{"city": "Lhasa", "days": 7}', _BOUND_HINT),
        ("a tool nobody defined", "get_air_qualty", '{"city": "Chengdu"}',
         "a name that is not among the tools must be refused"),
        ("a name that is part of an offered name", "convert", '{"amount": 5, "currency": "EUR"}',
         "the name must be exactly one of the offered names (convert is not convert_currency, even with a handler): "
         "look it up in a dict of the offered names, don't search their text"),
        ("a name in other capitals", "Get_Air_Quality", '{"city": "Chengdu"}', _EXACT),
        ("a name with a space after it", "get_air_quality ", '{"city": "Chengdu"}', _EXACT),
        ("a handler that was not offered", "delete_all_orders", "{}",
         "only tools offered in `tools` may run, even when the dispatch table has a handler"),
        ("an offered tool without a handler", "refund_payment", '{"payment_id": "P-1"}',
         "a tool in `tools` with no handler must be refused as data (look it up, don't index and crash)"),
        ("arguments that are not JSON", "get_air_quality", '{"city": "Chengdu"',
         "arguments are text the model wrote: refuse what json.loads cannot read"),
        ("a JSON array, not an object", "get_air_quality", '["Chengdu"]',
         "the arguments must be a JSON object (a dict)"),
        ("JSON null, not an object", "get_air_quality", "null", "the arguments must be a JSON object (a dict)"),
        ("the wrong key", "get_air_quality", '{"town": "Paris"}', _SCHEMA_HINT),
        ("a number where a string belongs", "get_air_quality", '{"city": 42}', _SCHEMA_HINT),
        ("an extra key", "get_air_quality", '{"city": "Chengdu", "unit": "AQI"}',
         "a key the schema does not have is refused (additionalProperties: false), not skipped: " + _SCHEMA_HINT),
        ("a currency outside the enum", "convert_currency", '{"amount": 5, "currency": "GBP"}', _SCHEMA_HINT),
        ("an amount written as a string", "convert_currency", '{"amount": "12", "currency": "EUR"}', _SCHEMA_HINT),
        ("true is not a number", "convert_currency", '{"amount": true, "currency": "EUR"}',
         "true is a boolean, not a number: isinstance(True, int) is True in Python, so check types as jsonschema "
         "does"),
        ("an amount that must be above 0", "convert_currency", '{"amount": -5, "currency": "EUR"}', _SCHEMA_HINT),
        ("an amount of exactly 0", "convert_currency", '{"amount": 0, "currency": "EUR"}', _BOUND_HINT),
        ("one day more than the maximum", "get_air_quality", '{"city": "Lhasa", "days": 8}', _BOUND_HINT),
        ("0 days, below the minimum", "get_air_quality", '{"city": "Lhasa", "days": 0}', _BOUND_HINT),
        ("2.5 days where an integer belongs", "get_air_quality", '{"city": "Lhasa", "days": 2.5}', _SCHEMA_HINT),
        ("the same tool, now at most 3 days", "get_air_quality", '{"city": "Lhasa", "days": 5}', _STALE_HINT),
        ("a tool whose schema allows more keys", "find_station", '{"city": "Xining"}', _VALID_HINT),
        ("an extra key the schema allows", "find_station", '{"city": "Xining", "fast": true}',
         "the schema decides what is extra: without `additionalProperties: false` an extra key is allowed (and "
         "the caller's schema is not yours to tighten)"),
    ]


def _handlers(ran: list[tuple[str, dict[str, Any]]]) -> dict[str, Callable[..., Any]]:
    """Handlers that record each call; none of them checks its input (that is the caller's job)."""
    rates = {"EUR": 0.127, "USD": 0.138, "JPY": 21.4}

    def convert_currency(amount: Any, currency: Any) -> dict[str, Any]:
        ran.append(("convert_currency", {"amount": amount, "currency": currency}))
        return {"amount": amount, "currency": currency, "converted": round(amount * rates.get(currency, 1.0), 2)}

    def get_air_quality(city: Any = "?", **extra: Any) -> str:
        ran.append(("get_air_quality", {"city": city, **extra}))
        return f"AQI 42 in {city}" + (f" for {extra['days']} days" if "days" in extra else "")

    def delete_all_orders(**anything: Any) -> str:
        ran.append(("delete_all_orders", anything))
        return "all orders deleted"

    def convert(**anything: Any) -> str:  # an old handler, still in the table, never offered
        ran.append(("convert", anything))
        return "converted at last year's rate"

    def find_station(city: Any = "?", **filters: Any) -> str:
        ran.append(("find_station", {"city": city, **filters}))
        return f"station 3 in {city}" + (f", filtered by {sorted(filters)}" if filters else "")

    return {"convert_currency": convert_currency, "get_air_quality": get_air_quality,
            "delete_all_orders": delete_all_orders, "convert": convert, "find_station": find_station}


def _generated_handlers(tools: list[dict[str, Any]], chosen_has_handler: bool, chosen: str,
                        ran: list[tuple[str, dict[str, Any]]]) -> dict[str, Callable[..., Any]]:
    def recorder(name: str) -> Callable[..., Any]:
        def handler(**arguments: Any) -> dict[str, Any]:
            ran.append((name, arguments))
            return {"tool": name, "received": arguments}
        return handler

    names = [t["function"]["name"] for t in tools if chosen_has_handler or t["function"]["name"] != chosen]
    return {name: recorder(name) for name in [*names, "delete_everything"]}


def _is_refusal(value: Any) -> bool:
    return isinstance(value, dict) and "error" in value


def _judge(outcome: Outcome, ran: list[Any], inputs: tuple[Any, ...], before: tuple[Any, Any],
           reference: tuple[list[Any], Any], hint: str) -> tuple[str, str | None, str]:
    """(what the learner's function did, the problem or None, what to look at)."""
    name, arguments, tools, handlers = inputs
    ref_ran, ref_value = reference
    if not outcome.returned:
        if ran and not ref_ran:
            return outcome.shown(), "it ran the handler, then raised", hint
        return outcome.shown(), "it raised", hint + " - and errors come back as data: return {'error': ..., " \
            "'message': ...} instead of raising"
    got = short(outcome.value, 60)
    where = changed(before[0], tools)
    if where:
        return got, f"it changed the tools it was given, at {where}", \
            "do not edit the caller's tools or handlers: read them, and build what you need on the side"
    if changed(before[1], sorted(handlers)):
        return got, "it changed the handlers dict it was given", \
            "do not edit the caller's tools or handlers: read them, and build what you need on the side"
    if not ref_ran:
        if ran:
            return f"handler ran: {ran[0][0]}({short(ran[0][1], 40)})", "a refused call reached its handler", hint
        if not _is_refusal(outcome.value):
            return got, "the refusal has no 'error' key", \
                "a refusal is a dict with an 'error' key, so it cannot be mistaken for a result"
        return got, None, ""
    if len(ran) != 1 or ran[0][0] != ref_ran[0][0] or not same_json(ran[0][1], ref_ran[0][1]):
        shown = "handler not run" if not ran else f"handler ran {len(ran)} time(s) with {short(ran[0][1], 30)}"
        return f"{shown}, returned {short(outcome.value, 30)}", "a valid call did not run as proposed", hint
    if not same_json(outcome.value, ref_value):
        return got, "the handler's result did not come back unchanged", _VALID_HINT
    return got, None, ""


def _reference(name: str, arguments: str, tools: list[dict[str, Any]],
               handlers_for: Callable[[list[Any]], dict[str, Any]]) -> tuple[list[Any], Any]:
    """What the reference does with the same proposal, on its own copy of the tools and its own handlers."""
    ran: list[Any] = []
    return ran, solutions.run_tool_call(name, arguments, snapshot(tools), handlers_for(ran))


def _compare_generated(run_tool_call: Callable[..., Any]) -> Callable[[Any], tuple[str, str] | None]:
    def compare(value: Any) -> tuple[str, str] | None:
        tools, name, arguments, has_handler = value
        ran: list[Any] = []
        mine = snapshot(tools)
        handlers = _generated_handlers(mine, has_handler, name, ran)
        before = (snapshot(mine), sorted(handlers))
        outcome = run_all(run_tool_call, [((name, arguments, mine, handlers), {})], timeout=10)[0]
        reference = _reference(name, arguments, tools, lambda r: _generated_handlers(tools, has_handler, name, r))
        schema = next((t["function"]["parameters"] for t in tools if t["function"]["name"] == name), None)
        why = _why(name, arguments, schema, has_handler)
        got, problem, hint = _judge(outcome, ran, (name, arguments, mine, handlers), before, reference,
                                    f"the reference refuses it ({why}): " + _SCHEMA_HINT if why else _VALID_HINT)
        return None if problem is None else (f"{problem}; yours: {got}", hint)

    return compare


def _why(name: str, arguments: str, schema: dict[str, Any] | None, has_handler: bool) -> str:
    import json

    if schema is None:
        return f"no tool named {name!r} was offered"
    if not has_handler:
        return f"{name} has no handler"
    try:
        parsed = json.loads(arguments)
    except ValueError:
        return "not JSON"
    if not isinstance(parsed, dict):
        return "not a JSON object"
    return refusal_reason(parsed, schema)


def _show(value: Any) -> str:
    tools, name, arguments, has_handler = value
    schema = next((t["function"]["parameters"] for t in tools if t["function"]["name"] == name), None)
    offered = f"schema {short(schema, 160)}" if schema else f"offered: {[t['function']['name'] for t in tools]}"
    return f"{name}({arguments}) with {offered}" + ("" if has_handler else ", no handler for it")


def check_run_tool_call(run_tool_call: Callable[..., Any]) -> CheckReport:
    """Run ``run_tool_call(name, arguments, tools, handlers)`` on every case, then on generated ones beside the
    reference; say per case what went wrong."""
    replaced = restore()
    if (early := shortcut(run_tool_call, _REFERENCES, replaced, _VERDICT)) is not None:
        return early
    cases = _cases()
    trials = []
    for label, name, arguments, _ in cases:
        ran: list[Any] = []
        tools, handlers = (_stricter_tools() if "now at most" in label else _tools()), _handlers(ran)
        trials.append((ran, (name, arguments, tools, handlers), (snapshot(tools), sorted(handlers))))
    outcomes = run_all(run_tool_call, [(inputs, {}) for _, inputs, _ in trials])
    rows, notes = [], []
    for (label, name, arguments, hint), (ran, inputs, before), outcome in zip(cases, trials, outcomes):
        reference = _reference(name, arguments, _stricter_tools() if "now at most" in label else _tools(), _handlers)
        expected = "the handler's result" if reference[0] else "{'error': ...}, handler not run"
        got, problem, look = _judge(outcome, ran, inputs, before, reference, hint)
        rows.append(CheckCase(label, expected, got, problem is None, look))
        if problem and not any(note.startswith("first failure") for note in notes):
            notes.append(f"first failure: {name}({arguments}) - {problem}")
    asserts = assert_lines(run_tool_call)
    rows.append(CheckCase("checks that still run under python -O", "no assert",
                          f"assert at line {', '.join(map(str, asserts))}" if asserts else "no assert", not asserts,
                          _ASSERT))
    compare_when_cases_pass(rows, notes, "tools and proposals", tool_call_inputs, _compare_generated(run_tool_call),
                            show=_show, examples=30, budget=90)
    return finish(rows, notes, _VERDICT, learner=run_tool_call, replaced=replaced, references=_REFERENCES)


#: the last words of a report whose every case passed
_VERDICT = "every proposal is checked before it runs"
#: the reference and the package's tested version: a learner's code that is (or calls) one is not theirs
_REFERENCES = {
    "fcourse.lab.exercises.solutions.run_tool_call": solutions.run_tool_call,
    "fcourse.execute_call": execute_call,
}

keep(__name__)
