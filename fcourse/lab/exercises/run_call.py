"""Chapter 2's first exercise: ``run_call``, one tool call checked like outside input, every failure a result.

Introduced in chapter 2 ("Your turn 1"). The learner writes
``run_call(tool_call, tools, handlers) -> str``: the text of the ``role: "tool"``
message that answers ``tool_call`` (a dict, as ``message.to_dict()`` gives it).
In order: the tool must be offered in ``tools`` *and* have a handler
(``UNKNOWN_TOOL``); ``function.arguments`` must parse as a JSON object with no
key twice and no ``NaN`` (``INVALID_ARGUMENT``; chapter 1's ``strict_loads``);
the object must fit the tool's schema (``INVALID_ARGUMENT``); then the handler
runs, and if it raises, the result is ``EXECUTION_ERROR`` in one sentence,
without the traceback or the exception's text, which can carry a password.

An error is JSON with an ``error_code`` (the notebook's ``error_result``
writes ``{"status": "ERROR", "error_code": ..., "message": ...}``); a result is
the handler's string, or its value as JSON. :func:`check_run_call` judges the
kind of answer - which error code, whether the handler ran (once, never retried), whether a secret
or a traceback got out - not the wording. Its cases include values on both sides
of every bound, floats, an overflow written ``1e999``, and the same tool name with
another schema; ``run_call`` must not edit the call, the tools or the handlers it
is given. What is right is what the reference does, worked out after the
learner's function has answered; then both run side by side on generated tools
and calls.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from fcourse.lab.exercises import solutions
from fcourse.lab.exercises.compare import Outcome, changed, compare_when_cases_pass, run_all, short, snapshot
from fcourse.lab.exercises.generated import refusal_reason, tool_call_inputs
from fcourse.lab.exercises.integrity import finish, keep, restore, shortcut
from fcourse.lab.exercises.report import CheckCase, CheckReport
from fcourse.protocol.execute import execute_call

__all__ = ["SECRET", "check_run_call"]

#: what the failing handlers' exceptions carry; it must never reach a tool message
SECRET = "hunter2"


def _function(name: str, parameters: dict[str, Any]) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": f"{name} (a checker tool)",
                                             "parameters": parameters}}


def _tools(maximum: float = 10_000) -> list[dict[str, Any]]:
    """The tools the checker offers: refund_invoice has no handler; drop_tables has a handler but is not offered."""
    return [
        _function("get_invoice", {"type": "object",
                                  "properties": {"invoice_id": {"type": "string", "pattern": "^INV-[0-9]+$"}},
                                  "required": ["invoice_id"], "additionalProperties": False}),
        _function("convert", {"type": "object",
                              "properties": {"amount": {"type": "number", "exclusiveMinimum": 0, "maximum": maximum},
                                             "currency": {"type": "string", "enum": ["EUR", "USD"]}},
                              "required": ["amount", "currency"], "additionalProperties": False}),
        _function("list_regions", {"type": "object", "properties": {}, "additionalProperties": False}),
        _function("refund_invoice", {"type": "object", "properties": {"invoice_id": {"type": "string"}},
                                     "required": ["invoice_id"], "additionalProperties": False}),
    ]


_PARSE = "parse arguments with chapter 1's strict_loads: NaN, 1e999 and a key given twice are not arguments"
_SCHEMA = "validate the parsed arguments against the tool's `parameters` before the handler runs"
_BOUND = ("check values on both sides of every bound, as jsonschema does: `maximum` includes the bound, "
          "`exclusiveMinimum` does not")
_RAISES = ("wrap the handler call in try/except Exception and answer EXECUTION_ERROR with the exception's "
           "type name only: its text and the traceback stay in your log")
_RESULT = "a result goes back as it is: a string unchanged, anything else as JSON text (json.dumps)"
_ONCE = ("run the handler once per call: when it raises, answer EXECUTION_ERROR at once and never retry "
         "(a handler that timed out may have done its work: a retried refund is paid twice)")
_STALE = ("the same tool name came back with another schema: validate against the tools you are given now, and "
          "keep nothing between calls (a validator cached by tool name goes stale)")


def _cases() -> list[tuple[str, str, str, str]]:
    """(label, tool name, arguments, what to look at): the calls, without their verdicts."""
    return [
        ("a valid call, a dict result", "get_invoice", '{"invoice_id": "INV-7"}', _RESULT),
        ("a valid call, a text result", "convert", '{"amount": 10, "currency": "EUR"}', _RESULT),
        ("an amount with decimals", "convert", '{"amount": 12.5, "currency": "USD"}',
         "a float is a number: strict_loads and the schema must both accept 12.5"),
        ("the largest amount allowed", "convert", '{"amount": 10000, "currency": "EUR"}', _BOUND),
        ("a tool without parameters", "list_regions", "{}", "a call with {} to a tool without parameters is valid"),
        ("empty arguments, a tool without parameters", "list_regions", "",
         "empty arguments are an empty object: parse (arguments or \"{}\"), as the starter does"),
        ("a handler that was not offered", "drop_tables", "{}", "UNKNOWN_TOOL: only tools offered in `tools` may run, "
                                                              "even when `handlers` has one"),
        ("an offered tool with no handler", "refund_invoice", '{"invoice_id": "INV-7"}',
         "a tool with no handler is UNKNOWN_TOOL too (not a KeyError)"),
        ("truncated JSON", "get_invoice", '{"invoice_id": "INV-7"', _PARSE),
        ("NaN", "convert", '{"amount": NaN, "currency": "EUR"}', _PARSE),
        ("an amount that overflows", "convert", '{"amount": 1e999, "currency": "EUR"}', _PARSE),
        ("a key given twice", "convert", '{"amount": 10, "currency": "EUR", "currency": "USD"}', _PARSE),
        ("an array, not an object", "get_invoice", '["INV-7"]', "the arguments must be a JSON object"),
        ("null, not an object", "get_invoice", "null", "the arguments must be a JSON object"),
        ("a number where a string belongs", "get_invoice", '{"invoice_id": 7}', _SCHEMA),
        ("an id that breaks the pattern", "get_invoice", '{"invoice_id": "7; DROP TABLE"}', _SCHEMA),
        ("a currency outside the enum", "convert", '{"amount": 10, "currency": "GBP"}', _SCHEMA),
        ("a required key missing", "convert", '{"amount": 10}', _SCHEMA),
        ("an amount of exactly 0", "convert", '{"amount": 0, "currency": "EUR"}', _BOUND),
        ("an amount just over the maximum", "convert", '{"amount": 10000.5, "currency": "EUR"}', _BOUND),
        ("the same tool, now at most 100", "convert", '{"amount": 500, "currency": "EUR"}', _STALE),
        ("a handler that loses its database", "get_invoice", '{"invoice_id": "INV-500"}', _RAISES),
        ("a handler that raises ValueError", "get_invoice", '{"invoice_id": "INV-501"}', _RAISES),
        ("a handler that times out", "get_invoice", '{"invoice_id": "INV-502"}', _RAISES),
    ]


def _handlers(ran: list[str]) -> dict[str, Callable[..., Any]]:
    def get_invoice(invoice_id: Any) -> Any:
        ran.append("get_invoice")
        if invoice_id == "INV-500":
            raise ConnectionError(f"postgres://billing:{SECRET}@10.1.2.3/billing refused the connection")
        if invoice_id == "INV-501":
            raise ValueError(f"row for {invoice_id} unreadable (api key sk-{SECRET})")
        if invoice_id == "INV-502":
            raise TimeoutError(f"billing at 10.1.2.3 did not answer (user billing, password {SECRET})")
        return {"invoice_id": invoice_id, "total": "12.00"}

    def convert(amount: Any, currency: Any) -> str:
        ran.append("convert")
        return f"{amount} CNY in {currency}"

    def list_regions() -> list[str]:
        ran.append("list_regions")
        return ["north", "south"]

    def drop_tables(**anything: Any) -> str:
        ran.append("drop_tables")
        return "all tables dropped"

    return {"get_invoice": get_invoice, "convert": convert, "list_regions": list_regions, "drop_tables": drop_tables}


def _code(content: Any) -> str | None:
    """The error code of a tool message's content; None for a result."""
    try:
        value = json.loads(content)
    except (TypeError, ValueError):
        return None
    return str(value.get("error_code")) if isinstance(value, dict) and value.get("error_code") else None


def _value(content: str) -> Any:
    try:
        return json.loads(content)
    except ValueError:
        return content


def _judge(outcome: Outcome, ran: list[str], inputs: tuple[Any, Any, Any], before: tuple[Any, Any, Any],
           reference: tuple[list[str], str], hint: str) -> tuple[str, str | None, str]:
    """(what the learner's function answered, the problem or None, what to look at)."""
    ref_ran, wanted = reference
    code = _code(wanted)
    if not outcome.returned:
        if ran and code == "EXECUTION_ERROR":
            return outcome.shown(40), "the handler's exception got out", _RAISES
        return outcome.shown(40), "it raised", "run_call must never raise: every failure is a result the model can read"
    content = outcome.value
    for name, value, old in zip(("tool call", "tools", "handlers"), inputs, before):
        where = changed(old, value if name != "handlers" else sorted(value))
        if where:
            return short(content), f"it changed the {name} it was given, at {where}", \
                "do not edit the caller's call, tools or handlers: parse into new values, check, run"
    if not isinstance(content, str):
        return f"returned a {type(content).__name__}", "it did not return text", \
            "a tool message's content is text: return a string (json.dumps for data)"
    if SECRET in content or "Traceback" in content:
        return "the secret or a traceback is in it", "the exception's text reached the model", _RAISES
    if code is None:
        if _code(content) or ran != ref_ran:
            return short(_code(content) or content), "a valid call did not run, or not once", hint
        if _value(content) != _value(wanted) or (isinstance(_value(wanted), str) and content != wanted):
            return short(content), "the handler's result did not come back as it is", _RESULT
        return short(content), None, ""
    if ran and code != "EXECUTION_ERROR":
        return f"the handler ran ({ran[0]})", f"{code} is due, and the handler must not run", hint
    if len(ran) > len(ref_ran):
        return f"the handler ran {len(ran)} times", "a failing handler ran again for one call", _ONCE
    got = _code(content)
    return got or short(content), None if got == code else f"{code} is due", hint


def _reference(name: str, arguments: str, tools: list[dict[str, Any]],
               handlers_for: Callable[[list[str]], dict[str, Any]]) -> tuple[list[str], str]:
    ran: list[str] = []
    call = {"id": "call_check", "type": "function", "function": {"name": name, "arguments": arguments}}
    return ran, solutions.run_call(call, snapshot(tools), handlers_for(ran))


def _generated_handlers(tools: list[dict[str, Any]], has_handler: bool, chosen: str, fails: bool,
                        ran: list[str]) -> dict[str, Callable[..., Any]]:
    def recorder(name: str) -> Callable[..., Any]:
        def handler(**arguments: Any) -> Any:
            ran.append(name)
            if fails:
                raise RuntimeError(f"backend refused: password {SECRET}")
            return {"tool": name, "received": arguments}
        return handler

    names = [t["function"]["name"] for t in tools if has_handler or t["function"]["name"] != chosen]
    return {name: recorder(name) for name in [*names, "delete_everything"]}


def _generated() -> Any:
    from hypothesis import strategies as st

    def strict(text: str, twist: str) -> str:
        if twist == "duplicate" and text.startswith("{") and len(text) > 2:
            first = text[1:].split(",")[0].rstrip("}")
            return "{" + first + ", " + text[1:]
        if twist in ("NaN", "1e999", "-1E400", "2.5e-3"):  # a number written another way
            return re.sub(r"(: )-?[0-9]+(\.[0-9]+)?", lambda m: m.group(1) + twist, text, count=1)
        return text

    return st.tuples(tool_call_inputs(), st.sampled_from(["none"] * 4 + ["duplicate", "NaN", "1e999", "-1E400",
                                                                          "2.5e-3"]),
                     st.sampled_from([False] * 5 + [True])).map(
        lambda v: (v[0][0], v[0][1], strict(v[0][2], v[1]), v[0][3], v[2]))


def _compare(run_call: Callable[..., Any]) -> Callable[[Any], tuple[str, str] | None]:
    def compare(value: Any) -> tuple[str, str] | None:
        tools, name, arguments, has_handler, fails = value
        ran: list[str] = []
        mine = snapshot(tools)
        handlers = _generated_handlers(mine, has_handler, name, fails, ran)
        call = {"id": "call_gen", "type": "function", "function": {"name": name, "arguments": arguments}}
        inputs = (call, mine, handlers)
        before = (snapshot(call), snapshot(mine), sorted(handlers))
        outcome = run_all(run_call, [(inputs, {})], timeout=10)[0]
        reference = _reference(name, arguments, tools,
                               lambda r: _generated_handlers(tools, has_handler, name, fails, r))
        schema = next((t["function"]["parameters"] for t in tools if t["function"]["name"] == name), None)
        code = _code(reference[1])
        try:
            reason = refusal_reason(json.loads(arguments), schema) if schema and code == "INVALID_ARGUMENT" else ""
        except ValueError:
            reason = ""
        hint = {"UNKNOWN_TOOL": "a name not offered, or offered without a handler, is UNKNOWN_TOOL",
                "INVALID_ARGUMENT": _PARSE if not reason else f"{_SCHEMA} (here: {reason}); {_BOUND}",
                "EXECUTION_ERROR": _RAISES}.get(code or "", f"a valid call must run: {_BOUND}; {_STALE}")
        got, problem, look = _judge(outcome, ran, inputs, before, reference, hint)
        return None if problem is None else (f"{problem} (yours: {got}; the reference: {code or 'the result'})", look)

    return compare


def _show(value: Any) -> str:
    tools, name, arguments, has_handler, fails = value
    schema = next((t["function"]["parameters"] for t in tools if t["function"]["name"] == name), None)
    offered = f"schema {short(schema, 160)}" if schema else f"offered: {[t['function']['name'] for t in tools]}"
    return (f"{name}({arguments}) with {offered}" + ("" if has_handler else ", no handler for it") +
            (", a handler that raises" if fails else ""))


def check_run_call(run_call: Callable[..., Any]) -> CheckReport:
    """Run ``run_call(tool_call, tools, handlers) -> str`` on every case, then on generated ones beside the
    reference; say per case what went wrong."""
    replaced = restore()
    if (early := shortcut(run_call, _REFERENCES, replaced, _VERDICT)) is not None:
        return early
    cases = _cases()
    trials = []
    for label, name, arguments, _ in cases:
        ran: list[str] = []
        tools = _tools(100 if "at most 100" in label else 10_000)
        call = {"id": "call_check", "type": "function", "function": {"name": name, "arguments": arguments}}
        handlers = _handlers(ran)
        trials.append((ran, (call, tools, handlers), (snapshot(call), snapshot(tools), sorted(handlers))))
    outcomes = run_all(run_call, [(inputs, {}) for _, inputs, _ in trials])
    rows, notes = [], []
    for (label, name, arguments, hint), (ran, inputs, before), outcome in zip(cases, trials, outcomes):
        reference = _reference(name, arguments, before[1], _handlers)
        got, problem, look = _judge(outcome, ran, inputs, before, reference, hint)
        rows.append(CheckCase(label, _code(reference[1]) or "the handler's result", got, problem is None, look))
        if problem and not notes:
            notes.append(f"first failure: {name}({arguments}) - {problem}")
    compare_when_cases_pass(rows, notes, "tools and calls", _generated, _compare(run_call), show=_show, examples=30,
                            budget=90)
    return finish(rows, notes, _VERDICT, learner=run_call, replaced=replaced, references=_REFERENCES)


#: the last words of a report whose every case passed
_VERDICT = "every call is checked, every failure is a result"
#: the reference and the package's tested version: a learner's code that is (or calls) one is not theirs
_REFERENCES = {
    "fcourse.lab.exercises.solutions.run_call": solutions.run_call,
    "fcourse.lab.exercises.solutions.run_call_in_session": solutions.run_call_in_session,
    "fcourse.execute_call": execute_call,
}

keep(__name__)
