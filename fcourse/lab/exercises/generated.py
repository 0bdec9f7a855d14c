"""The inputs the checkers generate: tool schemas with values on both sides of each bound, JSON texts with floats,
exponents, duplicates and nesting, and keys that differ only in case or length.

Introduced in chapter 0 with the first checker (see :mod:`fcourse.lab.exercises.compare`, which runs them).
Each function returns a ``hypothesis`` strategy; hypothesis is imported when one is built, not when fcourse is.

Names repeat on purpose: the same tool name comes back with another schema, the same key in another case, so
that code which remembers something between calls (a validator cached by tool name, a set of keys seen) shows.
Values are ones whose verdict nobody disputes: a ``format`` is an annotation the course does not check, so a
value under a ``format`` always fits it; an integer is never written ``3.0``.
"""

from __future__ import annotations

import json
import math
from typing import Any

__all__ = ["TOOL_NAMES", "json_texts", "keys", "refusal_reason", "replies", "schema_and_arguments", "tool_call_inputs"]

#: tool names the generated schemas reuse (with a different schema each time)
TOOL_NAMES = ("get_quote", "book_room", "convert")


def _st() -> Any:
    from hypothesis import strategies

    return strategies


def _property(st: Any) -> Any:
    """One property's schema, and the values to try for it by what they do: fit, fall below or above a bound, or
    break it otherwise (a wrong type, a value outside an enum or a pattern)."""
    integer = st.tuples(st.integers(-3, 3), st.integers(1, 9)).map(lambda t: (t[0], t[0] + t[1])).map(lambda b: (
        {"type": "integer", "minimum": b[0], "maximum": b[1]},
        {"fits": [b[0], b[1], b[0] + 1], "below": [b[0] - 1], "above": [b[1] + 1],
         "breaks": [b[0] + 0.5, str(b[0]), True]}))
    exclusive = st.sampled_from([0, 1, 10]).map(lambda low: (
        {"type": "number", "exclusiveMinimum": low, "maximum": low + 100},
        {"fits": [low + 0.5, low + 100, low + 2.5e-3], "below": [low, low - 1], "above": [low + 100.25],
         "breaks": [str(low + 1), False]}))
    enum = st.sampled_from([["EUR", "USD"], ["paid", "refunded", "open"], ["north", "south"]]).map(lambda e: (
        {"type": "string", "enum": e},
        {"fits": [e[0], e[-1]], "breaks": [e[0].lower() if e[0].isupper() else e[0].upper(), e[0] + " ", "other",
                                          None]}))
    pattern = st.just(({"type": "string", "pattern": "^O-[0-9]+$"},
                       {"fits": ["O-12", "O-7"], "breaks": ["o-12", "O-12x", "O-", 12]}))
    formatted = st.sampled_from([("date", "2026-03-14"), ("email", "ana@example.com")]).map(lambda f: (
        {"type": "string", "format": f[0], "maxLength": 20},
        {"fits": [f[1]], "above": [f[1] + "x" * 11], "breaks": [7]}))
    boolean = st.just(({"type": "boolean"}, {"fits": [True, False], "breaks": [1, "true"]}))
    return st.one_of(integer, exclusive, enum, pattern, formatted, boolean)


_PROPERTY_NAMES = ("amount", "month", "currency", "order_id", "status", "day", "notify")


def schema_and_arguments() -> Any:
    """``(schema, arguments)``: an object schema of 1-3 properties (some optional, no extra keys), and arguments
    that may fit it or break it in one or two places (a value just outside a bound, a wrong type, a missing
    required key, an extra key)."""
    st = _st()

    @st.composite
    def build(draw: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        names = draw(st.lists(st.sampled_from(_PROPERTY_NAMES), min_size=1, max_size=3, unique=True))
        properties, arguments, required = {}, {}, []
        for name in names:
            schema, values = draw(_property(st))
            properties[name] = schema
            if draw(st.booleans()):
                required.append(name)
            choice = draw(st.sampled_from(["fits", "fits", "missing", *values]))
            if choice != "missing":
                arguments[name] = draw(st.sampled_from(values[choice]))
        if draw(st.integers(0, 5)) == 0:
            arguments[draw(st.sampled_from(["user_id", "Amount", "note"]))] = draw(st.sampled_from([1, "x", None]))
        return ({"type": "object", "properties": properties, "required": required, "additionalProperties": False},
                arguments)

    return build()


def tool_call_inputs() -> Any:
    """``(tools, name, arguments_text, has_handler)``: one or two offered tools (names from :data:`TOOL_NAMES`),
    a proposed name (offered, unknown, or offered but without a handler) and the arguments as JSON text (or text
    that is not a JSON object)."""
    st = _st()

    @st.composite
    def build(draw: Any) -> tuple[list[dict[str, Any]], str, str, bool]:
        names = draw(st.lists(st.sampled_from(TOOL_NAMES), min_size=1, max_size=2, unique=True))
        tools, chosen = [], None
        for name in names:
            schema, arguments = draw(schema_and_arguments())
            tools.append({"type": "function", "function": {"name": name, "description": f"{name} (generated)",
                                                           "parameters": schema}})
            chosen = chosen or (name, arguments)
        assert chosen is not None
        name = draw(st.sampled_from([chosen[0]] * 4 + ["delete_everything", chosen[0].upper()]))
        text = draw(st.sampled_from([json.dumps(chosen[1], ensure_ascii=False)] * 6 + [
            json.dumps(list(chosen[1].values())), "null", '"' + name + '"',
            json.dumps(chosen[1])[:-1]]))
        return tools, name, text, draw(st.sampled_from([True] * 5 + [False]))

    return build()


def refusal_reason(arguments: Any, schema: dict[str, Any]) -> str:
    """Why ``arguments`` break ``schema``, as the keyword that fails and the value: ``maximum (8)``; "" if they fit."""
    from fcourse.schema import jsonschema  # without the IRI grammars a plain import builds (about 0.9 s)

    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(arguments), key=lambda e: list(e.path))
    if not errors:
        return ""
    error = errors[0]
    where = ".".join(str(p) for p in error.path)
    value = json.dumps(error.instance, ensure_ascii=False) if error.path else ""
    return f"{error.validator} ({where}={value})" if where else str(error.validator)


# ----------------------------------------------------------------------------- JSON texts

_KEYS = ('"city"', '"City"', '"city "', '"cit"', '"\\u0063ity"', '"id"', '"Id"')
_NUMBERS = ("0", "-7", "12", "123456789012345678901234567890", "12.5", "-0.5", "1e3", "1E+3", "2.5e-3", "1e-400",
            "1e999", "1E999", "-1e400", "10e308", "1.7976931348623157e308")
_STRINGS = ('"NaN"', '"Infinity"', '"北京"', '"a \\"city\\": b"', '"x\\u0041"', '""')
_CONSTANTS = ("NaN", "Infinity", "-Infinity")


def json_texts() -> Any:
    """Texts a model could write as arguments: objects (keys that repeat, differ in case or length, or hide behind
    an escape), lists, numbers with fractions and exponents (some overflow), strings that say NaN, and now and
    then ``NaN``/``Infinity`` or a trailing comma. Nesting up to three levels."""
    st = _st()

    def texts(leaf: Any, unique: bool) -> Any:
        def obj(values: Any, min_size: int = 0) -> Any:
            pairs = st.lists(st.tuples(st.sampled_from(_KEYS), values), min_size=min_size, max_size=3,
                             unique_by=(lambda pair: pair[0]) if unique else None)
            return pairs.map(lambda p: "{" + ", ".join(f"{k}: {v}" for k, v in p) + "}")

        tree = st.recursive(leaf, lambda children: st.one_of(
            obj(children), st.lists(children, max_size=3).map(lambda items: "[" + ", ".join(items) + "]")),
            max_leaves=6)
        return st.one_of(obj(tree, 1), obj(tree, 1), tree)

    finite = st.sampled_from([n for n in _NUMBERS if math.isfinite(float(n))])
    clean = st.one_of(finite, st.sampled_from(_STRINGS), st.sampled_from(("true", "false", "null")))
    anything = st.one_of(clean, st.sampled_from(_NUMBERS), st.sampled_from(_CONSTANTS))
    ordinary, troubled = texts(clean, unique=True), texts(anything, unique=False)
    return st.one_of(ordinary, ordinary, troubled, troubled.map(  # half of them JSON, with keys that differ in case
        lambda text: text[:-1] + ",}" if text.endswith("}") else text))  # or length; in a quarter a trailing comma


# ----------------------------------------------------------------------------- keys

def keys() -> Any:
    """Sequences of two to six idempotency keys, some repeated, others differing only in case or in length:
    ``refund-O-100-a``, ``REFUND-O-100-A``, a key of 53 characters and the same with one more."""
    st = _st()
    base = "refund-O-100-"
    stems = st.sampled_from(["a", "b", "A", "x" * 40, "x" * 40 + "y", "x" * 41])
    key = st.tuples(st.sampled_from([base, base.upper(), base + "2026-03-14-"]), stems).map(lambda p: p[0] + p[1])
    return st.lists(key, min_size=2, max_size=6)


# ----------------------------------------------------------------------------- replies with actions

_PROSE = ("Sure:", "好的，我来查：", "Templates look like {city};", 'I will use the "action" key as asked:',
          "Here is mine", "smile :-} or :-{", "请稍等。", "It is sunny today.")
_CITIES = ("Oslo", "成都", "Xi'an", "Lima", "北京", "Bergen")


def replies() -> Any:
    """A model's reply in the prompt-hack format: prose, fences, and zero to two *different* actions, objects that
    are not actions, actions with braces in their strings or a nested argument, and broken actions (single quotes,
    a trailing comma, a key twice, cut off at the end). Never two identical copies of one action, and never an
    action nested inside another object: the course does not rule on those."""
    st = _st()

    def action(index: int, kind: str) -> str:
        city = _CITIES[index % len(_CITIES)]
        if kind == "nested":
            return json.dumps({"action": "search_orders", "filter": {"city": city, "n": index}}, ensure_ascii=False)
        if kind == "braces":
            return json.dumps({"action": "send_note", "text": f"{{{city}}} :-}} {index}"}, ensure_ascii=False)
        return json.dumps({"action": "get_weather", "city": city, "days": index}, ensure_ascii=False)

    broken = st.sampled_from([
        "{'action': 'get_weather', 'city': 'Oslo'}", '{"action": "get_weather", "city": "北京",}',
        '{"action": "get_weather", "city": "北京", "city": "武汉"}', '{"action": "get_weather", "days": NaN}'])
    other = st.sampled_from(['{"confidence": 0.9}', '{"note": "not an action"}', "[1, 2]"])

    @st.composite
    def build(draw: Any) -> str:
        parts: list[str] = []
        count = draw(st.integers(0, 2))
        for index in range(count):
            text = action(index, draw(st.sampled_from(["plain", "plain", "nested", "braces"])))
            parts.append(f"```json\n{text}\n```" if draw(st.booleans()) else text)
        parts += draw(st.lists(st.one_of(st.sampled_from(_PROSE), other), max_size=3))
        if draw(st.integers(0, 3)) == 0:
            parts.append(draw(broken))
        parts = draw(st.permutations(parts))
        reply = draw(st.sampled_from([" ", "\n"])).join(parts)
        if count and draw(st.integers(0, 4)) == 0:  # cut off in the middle of a last action
            reply += ' {"action": "get_weather", "city": "Sh'
        return reply

    return build()
