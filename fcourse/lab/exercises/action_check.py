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
one, an ``"action"`` that is a list (a dict lookup raises ``TypeError``), values on both sides of every
bound (a month of 0, 1, 12 and 13; an amount of exactly 0 where it must be above 0), floats where a
number belongs, the same tool name with another schema (a validator cached by name goes stale), the
same tools list changed in place between two calls (a cache keyed by ``id(tools)`` goes stale), a name
that is only the start of a tool's name, and null for an optional key (null is a value, not a missing key).
It must not edit the action or the tools it is given (popping ``"action"`` out of the caller's dict
changes the caller's data). What is right is what the reference does, worked out after the learner's
function has answered; then both run side by side on generated schemas and actions.
The package's tested version is the ``tools=`` check of
``parse_prompt_reply``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fcourse.lab.exercises import solutions
from fcourse.lab.exercises.compare import Outcome, changed, compare_when_cases_pass, run_all, short, snapshot
from fcourse.lab.exercises.generated import TOOL_NAMES, refusal_reason, schema_and_arguments
from fcourse.lab.exercises.integrity import finish, keep, restore, shortcut
from fcourse.lab.exercises.report import CheckCase, CheckReport
from fcourse.lab.exercises.report import function_entry as _function
from fcourse.prompting.parse import parse_prompt_reply

__all__ = ["check_validate_action"]


def _tools(month_max: int = 12) -> list[dict[str, Any]]:
    """The tools the checker offers (none of them appears in the notebook); built fresh for every call."""
    return [
        _function("convert_currency", "Convert yuan into another currency.", {
            "type": "object",
            "properties": {"amount": {"type": "number", "exclusiveMinimum": 0},
                           "currency": {"type": "string", "enum": ["EUR", "USD", "JPY"]}},
            "required": ["amount", "currency"], "additionalProperties": False}),
        _function("search_orders", "Find my orders in a month.", {
            "type": "object",
            "properties": {"month": {"type": "integer", "minimum": 1, "maximum": month_max},
                           "status": {"type": "string", "enum": ["paid", "refunded"]}},
            "required": ["month"], "additionalProperties": False}),
        _function("ping", "Check that the shop is up.",
                  {"type": "object", "properties": {}, "additionalProperties": False}),
    ]


_NAME = "look the tool up by the action's name, and refuse a name that is missing, not a string, or unknown"
_SCHEMA = ("validate the arguments (every key but \"action\") with jsonschema against the named tool's "
           "`parameters`: types, enums, minimum/maximum, required, no extra keys")
_BOUND = ("check values on both sides of every bound, as jsonschema does: `minimum`/`maximum` include the bound, "
          "`exclusiveMinimum` does not")
_FLOAT = "a float is a number: accept 0.5 and 12.5 where the schema says number"
_STALE = ("the same tool name came back with another schema: validate against the tools you are given now, and "
          "keep nothing between calls (a validator cached by tool name goes stale)")
_CHANGED = ("validate against the tools as they are now: the caller may change its tools list between calls, so a "
            "cache keyed by tool name or by id(tools) goes stale - keep nothing between calls")
#: the case that validates once, changes the caller's tools list in place, and validates again
_AGAIN = "the same tools list, changed since the last call"


def _cases() -> list[tuple[str, Any, str]]:
    """(label, action, what to look at): the actions, without their verdicts."""
    return [
        ("a valid call", {"action": "convert_currency", "amount": 10, "currency": "EUR"}, _SCHEMA),
        ("a valid call, the optional key left out", {"action": "search_orders", "month": 3}, _SCHEMA),
        ("a valid call to a tool without parameters", {"action": "ping"},
         "the \"action\" key names the tool; it is not an argument, so leave it out of what you validate"),
        ("an amount with decimals", {"action": "convert_currency", "amount": 12.5, "currency": "USD"}, _FLOAT),
        ("an amount just above 0", {"action": "convert_currency", "amount": 0.5, "currency": "JPY"}, _FLOAT),
        ("month 1, the minimum", {"action": "search_orders", "month": 1}, _BOUND),
        ("month 12, the maximum", {"action": "search_orders", "month": 12, "status": "paid"}, _BOUND),
        ("a tool that does not exist", {"action": "refund_everything"}, _NAME),
        ("no action key", {"amount": 10, "currency": "EUR"}, _NAME),
        ("an action that is a list", {"action": ["ping"], "x": 1}, _NAME),
        ("a tool name in other letters", {"action": "PING"}, _NAME + " (names are compared exactly: PING is not ping)"),
        ("a name that is the start of a tool's name", {"action": "convert", "amount": 5, "currency": "EUR"},
         _NAME + " (names are compared exactly: convert is not convert_currency; do not complete a cut-off name)"),
        ("a required key missing", {"action": "convert_currency", "amount": 10}, _SCHEMA),
        ("a month written as text", {"action": "search_orders", "month": "3"}, _SCHEMA),
        ("true where an integer belongs", {"action": "search_orders", "month": True},
         "in Python True is an int: a type check by isinstance lets it through, jsonschema does not"),
        ("a month of 3.5", {"action": "search_orders", "month": 3.5}, _SCHEMA),
        ("a month of 13", {"action": "search_orders", "month": 13}, _BOUND),
        ("a month of 0", {"action": "search_orders", "month": 0}, _BOUND),
        ("an amount of exactly 0", {"action": "convert_currency", "amount": 0, "currency": "EUR"}, _BOUND),
        ("a currency outside the enum", {"action": "convert_currency", "amount": 5, "currency": "GBP"}, _SCHEMA),
        ("a currency in small letters", {"action": "convert_currency", "amount": 5, "currency": "eur"}, _SCHEMA),
        ("null for an optional key", {"action": "search_orders", "month": 3, "status": None},
         "null is a value, not a missing key: validate it as given (null is not a string, nor one of the enum's "
         "values)"),
        ("an extra key", {"action": "ping", "verbose": True}, _SCHEMA),
        ("arguments of another tool", {"action": "search_orders", "amount": 10, "currency": "EUR"},
         "validate against the schema of the tool the action names, not the first one"),
        ("the same tool, now at most month 6", {"action": "search_orders", "month": 9}, _STALE),
        (_AGAIN, {"action": "search_orders", "month": 8}, _CHANGED),
    ]


def _changed_then_again(validate_action: Callable[..., Any]) -> Callable[..., Any]:
    """``validate_action(action, tools)`` with search_orders at most month 12, then again after the caller put a
    new search_orders (at most month 6) into the same list (what the second call returns is what counts)."""
    def again(action: Any, tools: Any) -> Any:
        now = tools[1]
        tools[1] = _tools(12)[1]
        validate_action(action, tools)
        tools[1] = now
        return validate_action(action, tools)

    return again


def _judge(outcome: Outcome, inputs: tuple[Any, Any], before: tuple[Any, Any], wanted: list[str],
           hint: str) -> tuple[str, str | None, str]:
    """(what the learner's function returned, the problem or None, what to look at)."""
    if not outcome.returned:
        return outcome.shown(40), "it raised", "return the problems as a list of strings; never raise on a bad action"
    problems = outcome.value
    got = short(problems, 50)
    for name, value, old in (("action", inputs[0], before[0]), ("tools", inputs[1], before[1])):
        where = changed(old, value)
        if where:
            return got, f"it changed the {name} it was given, at {where}", \
                "do not edit the caller's action or tools (no pop, no del): copy what you need, e.g. " \
                "{k: v for k, v in action.items() if k != 'action'}"
    if not isinstance(problems, list) or not all(isinstance(p, str) for p in problems):
        return got, "it did not return a list of strings", \
            "return a list: [] when the action may run, else one string per problem"
    if not wanted and problems:
        return got, "it refused an action that may run", hint
    if wanted and not problems:
        return got, "it let through an action that must not run", hint
    return got, None, ""


def _compare(validate_action: Callable[..., Any]) -> Callable[[Any], tuple[str, str] | None]:
    def compare(value: Any) -> tuple[str, str] | None:
        tools, action = value
        inputs = (snapshot(action), snapshot(tools))
        before = (snapshot(action), snapshot(tools))
        outcome = run_all(validate_action, [(inputs, {})], timeout=10)[0]
        wanted = solutions.validate_action(snapshot(action), snapshot(tools))
        schema = next((t["function"]["parameters"] for t in tools if t["function"]["name"] == action.get("action")),
                      None)
        arguments = {k: v for k, v in action.items() if k != "action"}
        why = refusal_reason(arguments, schema) if schema is not None else "no such tool"
        hint = f"the reference refuses it ({why}): {_BOUND}" if wanted else f"it may run: {_FLOAT}; {_STALE}"
        got, problem, look = _judge(outcome, inputs, before, wanted, hint)
        return None if problem is None else (f"{problem} (yours: {got})", look)

    return compare


def _generated() -> Any:
    from hypothesis import strategies as st

    @st.composite
    def build(draw: Any) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        tools, first = [], None
        for name in draw(st.lists(st.sampled_from(TOOL_NAMES), min_size=1, max_size=2, unique=True)):
            schema, arguments = draw(schema_and_arguments())
            tools.append(_function(name, f"{name} (generated)", schema))
            first = arguments if first is None else first
        assert first is not None
        name = draw(st.sampled_from([tools[0]["function"]["name"]] * 5 + ["quote", None]))
        action = ({"action": name} if name is not None else {}) | first
        return tools, action

    return build()


def _show(value: Any) -> str:
    tools, action = value
    schema = next((t["function"]["parameters"] for t in tools if t["function"]["name"] == action.get("action")), None)
    return f"{short(action, 100)} against {short(schema, 160) if schema else [t['function']['name'] for t in tools]}"


def check_validate_action(validate_action: Callable[..., Any]) -> CheckReport:
    """Run ``validate_action(action, tools) -> list[str]`` on every case, then on generated ones beside the reference;
    say per case what went wrong."""
    replaced = restore()
    if (early := shortcut(validate_action, _REFERENCES, replaced, _VERDICT)) is not None:
        return early
    cases = _cases()
    trials = []
    for label, action, _ in cases:
        tools = _tools(6 if "at most month 6" in label or label == _AGAIN else 12)
        trials.append(((action, tools), (snapshot(action), snapshot(tools))))
    again = [label == _AGAIN for label, _, _ in cases]
    outcomes = run_all(validate_action, [(inputs, {}) for (inputs, _), last in zip(trials, again) if not last])
    outcomes += run_all(_changed_then_again(validate_action), [(inputs, {}) for (inputs, _), last in zip(trials, again)
                                                               if last])
    rows, notes = [], []
    for (label, _, hint), (inputs, before), outcome in zip(cases, trials, outcomes):
        wanted = solutions.validate_action(snapshot(before[0]), snapshot(before[1]))
        got, problem, look = _judge(outcome, inputs, before, wanted, hint)
        rows.append(CheckCase(label, "a list of problems" if wanted else "[] (may run)", got, problem is None, look))
        if problem and not notes:
            notes.append(f"first failure: {short(before[0], 80)} - {problem}")
    compare_when_cases_pass(rows, notes, "schemas and actions", _generated, _compare(validate_action), show=_show,
                            examples=30, budget=90)
    return finish(rows, notes, _VERDICT, learner=validate_action, replaced=replaced, references=_REFERENCES)


#: the last words of a report whose every case passed
_VERDICT = "only valid calls may run"
#: the reference and the package's tested version: a learner's code that is (or calls) one is not theirs
_REFERENCES = {
    "fcourse.lab.exercises.solutions.validate_action": solutions.validate_action,
    "fcourse.parse_prompt_reply": parse_prompt_reply,
}

keep(__name__)
