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
program and the model can tell it from a result), never an exception.

:func:`check_run_tool_call` runs it on tools the notebook has not shown. Each
handler records its calls, so the checker sees whether a refused call reached
it: a ``try/except TypeError`` around the handler is not a check, because a
handler can accept a wrong value (an unknown currency) without raising. The
checker judges the kind of result (the handler's own result, or a dict with
``"error"``), not its wording.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fcourse.lab.exercises.report import CheckCase, CheckReport
from fcourse.lab.exercises.report import function_entry as _function

__all__ = ["HIDDEN_TOOLS", "ToolCallCase", "check_run_tool_call", "tool_call_cases"]


#: the tools the checker offers (none of them appears in the notebook)
HIDDEN_TOOLS: list[dict[str, Any]] = [
    _function("convert_currency", "Convert an amount of yuan into another currency.", {
        "type": "object",
        "properties": {"amount": {"type": "number", "exclusiveMinimum": 0},
                       "currency": {"type": "string", "enum": ["EUR", "USD", "JPY"]}},
        "required": ["amount", "currency"], "additionalProperties": False}),
    _function("get_air_quality", "Today's air quality index in a city.", {
        "type": "object", "properties": {"city": {"type": "string"}},
        "required": ["city"], "additionalProperties": False}),
]


@dataclass(frozen=True)
class ToolCallCase:
    """One proposal; ``runs`` says whether the handler should run (and with which keyword arguments)."""

    label: str
    name: str
    arguments: str
    runs: dict[str, Any] | None
    hint: str


_SCHEMA_HINT = ("validate the parsed arguments against the tool's `parameters` (jsonschema) before calling "
                "the handler; catching the handler's TypeError is not a check")
_CASES: tuple[ToolCallCase, ...] = (
    ToolCallCase("a valid call", "get_air_quality", '{"city": "Chengdu"}', {"city": "Chengdu"},
                 "a valid call must reach its handler, and its result must come back unchanged"),
    ToolCallCase("a valid call with a number", "convert_currency", '{"amount": 12.5, "currency": "EUR"}',
                 {"amount": 12.5, "currency": "EUR"},
                 "a valid call must reach its handler, and its result must come back unchanged"),
    ToolCallCase("a tool nobody defined", "get_air_qualty", '{"city": "Chengdu"}', None,
                 "a name that is not among the tools must be refused"),
    ToolCallCase("a handler that was not offered", "delete_all_orders", "{}", None,
                 "only tools offered in `tools` may run, even when the dispatch table has a handler"),
    ToolCallCase("arguments that are not JSON", "get_air_quality", '{"city": "Chengdu"', None,
                 "arguments are text the model wrote: refuse what json.loads cannot read"),
    ToolCallCase("a JSON array, not an object", "get_air_quality", '["Chengdu"]', None,
                 "the arguments must be a JSON object (a dict)"),
    ToolCallCase("the wrong key", "get_air_quality", '{"town": "Paris"}', None, _SCHEMA_HINT),
    ToolCallCase("a number where a string belongs", "get_air_quality", '{"city": 42}', None, _SCHEMA_HINT),
    ToolCallCase("an extra key", "get_air_quality", '{"city": "Chengdu", "unit": "AQI"}', None, _SCHEMA_HINT),
    ToolCallCase("a currency outside the enum", "convert_currency", '{"amount": 5, "currency": "GBP"}', None,
                 _SCHEMA_HINT),
    ToolCallCase("an amount written as a string", "convert_currency", '{"amount": "12", "currency": "EUR"}', None,
                 _SCHEMA_HINT),
    ToolCallCase("true is not a number", "convert_currency", '{"amount": true, "currency": "EUR"}', None,
                 _SCHEMA_HINT),
    ToolCallCase("an amount that must be above 0", "convert_currency", '{"amount": -5, "currency": "EUR"}', None,
                 _SCHEMA_HINT),
)


def tool_call_cases() -> tuple[ToolCallCase, ...]:
    """Every case the checker runs."""
    return _CASES


def _handlers(ran: list[tuple[str, dict[str, Any]]]) -> dict[str, Callable[..., Any]]:
    """Handlers that record each call; none of them checks its input (that is the caller's job)."""
    rates = {"EUR": 0.127, "USD": 0.138, "JPY": 21.4}

    def convert_currency(amount: Any, currency: Any) -> dict[str, Any]:
        ran.append(("convert_currency", {"amount": amount, "currency": currency}))
        return {"amount": amount, "currency": currency, "converted": round(amount * rates.get(currency, 1.0), 2)}

    def get_air_quality(city: Any = "?", **extra: Any) -> str:
        ran.append(("get_air_quality", {"city": city, **extra}))
        return f"AQI 42 in {city}"

    def delete_all_orders(**anything: Any) -> str:
        ran.append(("delete_all_orders", anything))
        return "all orders deleted"

    return {"convert_currency": convert_currency, "get_air_quality": get_air_quality,
            "delete_all_orders": delete_all_orders}


def _short(value: Any, limit: int = 60) -> str:
    text = json.dumps(value, ensure_ascii=False, default=repr) if not isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _judge(case: ToolCallCase, run_tool_call: Callable[..., Any]) -> CheckCase:
    ran: list[tuple[str, dict[str, Any]]] = []
    handlers = _handlers(ran)
    expected = "the handler's result" if case.runs is not None else "{'error': ...}, handler not run"
    try:
        returned = run_tool_call(case.name, case.arguments, [dict(t) for t in HIDDEN_TOOLS], handlers)
    except Exception as error:  # noqa: BLE001 - the learner's bug is reported, not raised
        hint = "errors come back as data: return {'error': ..., 'message': ...} instead of raising"
        if ran:
            hint = _SCHEMA_HINT
        return CheckCase(case.label, expected, f"raised {type(error).__name__}", False, hint)
    if case.runs is None:
        if ran:
            return CheckCase(case.label, expected, f"handler ran: {ran[0][0]}({_short(ran[0][1], 40)})", False,
                             case.hint)
        if not (isinstance(returned, dict) and "error" in returned):
            return CheckCase(case.label, expected, _short(returned), False,
                             "a refusal is a dict with an 'error' key, so it cannot be mistaken for a result")
        return CheckCase(case.label, expected, _short(returned), True)
    if ran != [(case.name, case.runs)]:
        got = "handler not run" if not ran else f"handler ran {len(ran)} time(s)"
        return CheckCase(case.label, expected, got + f", returned {_short(returned, 40)}", False, case.hint)
    wanted = handlers[case.name](**case.runs)
    if returned != wanted:
        return CheckCase(case.label, expected, _short(returned), False, case.hint)
    return CheckCase(case.label, expected, _short(returned), True)


def check_run_tool_call(run_tool_call: Callable[..., Any]) -> CheckReport:
    """Run ``run_tool_call(name, arguments, tools, handlers)`` on every case; say per case what went wrong."""
    cases = tuple(_judge(case, run_tool_call) for case in _CASES)
    return CheckReport(cases, verdict="every proposal is checked before it runs")
