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
kind of answer - which error code, whether the handler ran, whether a secret
or a traceback got out - not the wording.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fcourse.lab.exercises.report import CheckCase, CheckReport

__all__ = ["RUN_CALL_TOOLS", "SECRET", "RunCallCase", "check_run_call", "run_call_cases"]

#: what the failing handlers' exceptions carry; it must never reach a tool message
SECRET = "hunter2"


def _function(name: str, parameters: dict[str, Any]) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": f"{name} (a checker tool)",
                                             "parameters": parameters}}


#: the tools the checker offers: refund_invoice has no handler; drop_tables has a handler but is not offered
RUN_CALL_TOOLS: list[dict[str, Any]] = [
    _function("get_invoice", {"type": "object",
                              "properties": {"invoice_id": {"type": "string", "pattern": "^INV-[0-9]+$"}},
                              "required": ["invoice_id"], "additionalProperties": False}),
    _function("convert", {"type": "object",
                          "properties": {"amount": {"type": "number"},
                                         "currency": {"type": "string", "enum": ["EUR", "USD"]}},
                          "required": ["amount", "currency"], "additionalProperties": False}),
    _function("list_regions", {"type": "object", "properties": {}, "additionalProperties": False}),
    _function("refund_invoice", {"type": "object", "properties": {"invoice_id": {"type": "string"}},
                                 "required": ["invoice_id"], "additionalProperties": False}),
]


@dataclass(frozen=True)
class RunCallCase:
    """One call; ``code`` is the error code expected (None: the handler runs and ``result`` comes back)."""

    label: str
    name: str
    arguments: str
    code: str | None
    hint: str
    result: Any = None


_PARSE = "parse arguments with chapter 1's strict_loads: NaN and a key given twice are not arguments"
_SCHEMA = "validate the parsed arguments against the tool's `parameters` before the handler runs"
_RAISES = ("wrap the handler call in try/except Exception and answer EXECUTION_ERROR with the exception's "
           "type name only: its text and the traceback stay in your log")
_CASES: tuple[RunCallCase, ...] = (
    RunCallCase("a valid call, a dict result", "get_invoice", '{"invoice_id": "INV-7"}', None,
                "a dict result goes back as JSON text (json.dumps)", {"invoice_id": "INV-7", "total": "12.00"}),
    RunCallCase("a valid call, a text result", "convert", '{"amount": 10, "currency": "EUR"}', None,
                "a text result goes back as it is", "10 CNY = 1.27 EUR"),
    RunCallCase("a tool without parameters", "list_regions", "{}", None,
                "a call with {} to a tool without parameters is valid", ["north", "south"]),
    RunCallCase("a handler that was not offered", "drop_tables", "{}", "UNKNOWN_TOOL",
                "only tools offered in `tools` may run, even when `handlers` has one"),
    RunCallCase("an offered tool with no handler", "refund_invoice", '{"invoice_id": "INV-7"}', "UNKNOWN_TOOL",
                "a tool with no handler is UNKNOWN_TOOL too (not a KeyError)"),
    RunCallCase("truncated JSON", "get_invoice", '{"invoice_id": "INV-7"', "INVALID_ARGUMENT", _PARSE),
    RunCallCase("NaN", "convert", '{"amount": NaN, "currency": "EUR"}', "INVALID_ARGUMENT", _PARSE),
    RunCallCase("a key given twice", "convert", '{"amount": 10, "currency": "EUR", "currency": "USD"}',
                "INVALID_ARGUMENT", _PARSE),
    RunCallCase("an array, not an object", "get_invoice", '["INV-7"]', "INVALID_ARGUMENT",
                "the arguments must be a JSON object"),
    RunCallCase("a number where a string belongs", "get_invoice", '{"invoice_id": 7}', "INVALID_ARGUMENT", _SCHEMA),
    RunCallCase("an id that breaks the pattern", "get_invoice", '{"invoice_id": "7; DROP TABLE"}',
                "INVALID_ARGUMENT", _SCHEMA),
    RunCallCase("a currency outside the enum", "convert", '{"amount": 10, "currency": "GBP"}', "INVALID_ARGUMENT",
                _SCHEMA),
    RunCallCase("a required key missing", "convert", '{"amount": 10}', "INVALID_ARGUMENT", _SCHEMA),
    RunCallCase("a handler that loses its database", "get_invoice", '{"invoice_id": "INV-500"}', "EXECUTION_ERROR",
                _RAISES),
    RunCallCase("a handler that raises ValueError", "get_invoice", '{"invoice_id": "INV-501"}', "EXECUTION_ERROR",
                _RAISES),
    RunCallCase("a handler that times out", "get_invoice", '{"invoice_id": "INV-502"}', "EXECUTION_ERROR",
                _RAISES),
)


def run_call_cases() -> tuple[RunCallCase, ...]:
    """Every case the checker runs."""
    return _CASES


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
        return "10 CNY = 1.27 EUR"

    def list_regions() -> list[str]:
        ran.append("list_regions")
        return ["north", "south"]

    def drop_tables(**anything: Any) -> str:
        ran.append("drop_tables")
        return "all tables dropped"

    return {"get_invoice": get_invoice, "convert": convert, "list_regions": list_regions, "drop_tables": drop_tables}


def _short(value: Any, limit: int = 60) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _error_code(content: str) -> str | None:
    try:
        value = json.loads(content)
    except ValueError:
        return None
    return str(value.get("error_code")) if isinstance(value, dict) and value.get("error_code") else None


def _judge(case: RunCallCase, run_call: Callable[..., Any]) -> CheckCase:
    ran: list[str] = []
    call = {"id": "call_check", "type": "function", "function": {"name": case.name, "arguments": case.arguments}}
    expected = case.code or "the handler's result"
    try:
        content = run_call(call, json.loads(json.dumps(RUN_CALL_TOOLS)), _handlers(ran))
    except Exception as error:  # noqa: BLE001 - the learner's bug is reported, not raised
        hint = _RAISES if ran else "run_call must never raise: every failure is a result the model can read"
        return CheckCase(case.label, expected, f"raised {type(error).__name__}", False, hint)
    if not isinstance(content, str):
        return CheckCase(case.label, expected, f"returned a {type(content).__name__}", False,
                         "a tool message's content is text: return a string (json.dumps for data)")
    if SECRET in content or "Traceback" in content:
        return CheckCase(case.label, expected, "the secret or a traceback is in it", False, case.hint)
    if case.code is None:
        wanted = case.result if isinstance(case.result, str) else json.dumps(case.result)
        same = content == wanted or (not isinstance(case.result, str) and _loads(content) == case.result)
        return CheckCase(case.label, expected, _short(content), same and ran == [case.name], case.hint)
    if ran and case.code != "EXECUTION_ERROR":
        return CheckCase(case.label, expected, f"the handler ran ({ran[0]})", False, case.hint)
    code = _error_code(content)
    return CheckCase(case.label, expected, code or _short(content), code == case.code,
                     case.hint if code != case.code else "")


def _loads(content: str) -> Any:
    try:
        return json.loads(content)
    except ValueError:
        return None


def check_run_call(run_call: Callable[..., Any]) -> CheckReport:
    """Run ``run_call(tool_call, tools, handlers) -> str`` on every case; say per case what went wrong."""
    return CheckReport(tuple(_judge(case, run_call) for case in _CASES),
                       verdict="every call is checked, every failure is a result")
