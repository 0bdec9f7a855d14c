"""The hosted API's error envelope for request checks: how it names a bad field.

Shared by the three request checkers of the teaching model (chapter 2):
``validation`` (the request body), ``validation_messages`` and
``validation_tools``. Each helper returns (or raises) an
``fcourse.errors.InvalidRequestError`` worded the way the hosted API words it:
"Invalid type for 'x': expected a string, but got an integer instead.",
"Missing required parameter: 'x'.", "Invalid value: 'y'. Supported values are: ...".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from fcourse.errors import InvalidRequestError

__all__ = [
    "MAX_JSON_DEPTH",
    "boolean",
    "empty_array",
    "fail",
    "fmt_number",
    "integer",
    "invalid_value",
    "is_int",
    "is_number",
    "json_problem",
    "json_type",
    "missing",
    "number",
    "one_of",
    "quoted_list",
    "raw_json_problem",
    "string",
    "type_error",
]


def fail(
    message: str, param: str | None = None, code: str | None = None, status: int = 400
) -> InvalidRequestError:
    """An ``InvalidRequestError`` with this message, param, code and status (400 unless said)."""
    return InvalidRequestError(message, param=param, code=code, status=status)


def json_type(value: object) -> str:
    """How the hosted API names the JSON type of a value in its messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a decimal"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def type_error(param: str, expected: str, value: object) -> InvalidRequestError:
    """The error: Invalid type for 'param': expected ..., but got ... instead."""
    return fail(
        f"Invalid type for '{param}': expected {expected}, but got {json_type(value)} instead.",
        param,
        "invalid_type",
    )


def missing(param: str) -> InvalidRequestError:
    """The error: Missing required parameter: 'param'."""
    return fail(f"Missing required parameter: '{param}'.", param, "missing_required_parameter")


def empty_array(param: str) -> InvalidRequestError:
    """The error: Invalid 'param': empty array. ..."""
    return fail(
        f"Invalid '{param}': empty array. Expected an array with minimum length 1, "
        "but got an empty array instead.",
        param,
        "empty_array",
    )


def quoted_list(values: tuple[str, ...]) -> str:
    """Values listed the way the hosted API lists them: 'a', 'b', and 'c'."""
    quoted = [f"'{v}'" for v in values]
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1] if len(quoted) > 2 else " and ".join(quoted)


def invalid_value(param: str, value: object, supported: tuple[str, ...]) -> InvalidRequestError:
    """The error: Invalid value: 'x'. Supported values are: ..."""
    return fail(
        f"Invalid value: '{value}'. Supported values are: {quoted_list(supported)}.",
        param,
        "invalid_value",
    )


def is_number(value: object) -> bool:
    """Whether ``value`` is a JSON number (``True`` is not)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def is_int(value: object) -> bool:
    """Whether ``value`` is a JSON integer (``True`` is not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def fmt_number(value: float) -> str:
    """A number as the hosted API prints it in a message (``2`` for ``2.0``)."""
    return str(int(value)) if float(value).is_integer() and abs(value) < 1e15 else repr(value)


def number(
    body: Mapping[str, Any], name: str, low: float, high: float, param: str | None = None
) -> float | None:
    """``body[name]`` checked as a number in ``[low, high]`` (None when absent)."""
    value = body.get(name)
    param = param or name
    if value is None:
        return None
    if not is_number(value):
        raise type_error(param, "a decimal", value)
    _in_range(value, param, low, high, "decimal", fmt_number)
    return float(value)


def integer(body: Mapping[str, Any], name: str, low: int, high: int) -> int | None:
    """``body[name]`` checked as an integer in ``[low, high]`` (None when absent)."""
    value = body.get(name)
    if value is None:
        return None
    if not is_int(value):
        raise type_error(name, "an integer", value)
    _in_range(value, name, low, high, "integer", str)
    return value


def _in_range(value: float, param: str, low: float, high: float, kind: str, show: Any) -> None:
    """The hosted API's out-of-range error for a ``kind`` of number ("decimal", "integer")."""
    for beyond, bound, direction, relation, code in ((value > high, high, "above maximum", "<=", "above_max"),
                                                     (value < low, low, "below minimum", ">=", "below_min")):
        if beyond:
            raise fail(
                f"Invalid '{param}': {kind} {direction} value. Expected a value {relation} "
                f"{show(bound)}, but got {show(value)} instead.",
                param,
                f"{kind}_{code}_value",
            )


def boolean(body: Mapping[str, Any], name: str) -> bool | None:
    """``body[name]`` checked as a boolean (None when absent)."""
    value = body.get(name)
    if value is None:
        return None
    if not isinstance(value, bool):
        raise type_error(name, "a boolean", value)
    return value


def one_of(obj: Mapping[str, Any], key: str, param: str, allowed: tuple[str, ...]) -> str:
    """``obj[key]``, required, a string, and one of ``allowed``: the hosted API's three errors in its order."""
    value = obj.get(key)
    if value is None:
        raise missing(param)
    if value not in allowed:
        if not isinstance(value, str):
            raise type_error(param, "a string", value)
        raise invalid_value(param, value, allowed)
    return value


def string(body: Mapping[str, Any], name: str, param: str) -> str | None:
    """``body[name]`` checked as a string (None when absent); ``param`` names it in the error."""
    value = body.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise type_error(param, "a string", value)
    return value


#: JSON nested deeper than this is refused (Python's own limit is near 1000, and
#: everything after parsing - hashing, the policy - must stay well below it).
MAX_JSON_DEPTH = 64


def json_problem(value: object) -> str | None:
    """What makes parsed JSON unusable: nesting too deep, or text that is not Unicode."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if not item.isascii():
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError:  # a lone surrogate such as "\ud800"
                    return "unicode"
            continue
        if isinstance(item, dict):
            children: list[object] = [*item.keys(), *item.values()]
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_JSON_DEPTH:
            return "depth"
        stack.extend((child, depth + 1) for child in children)
    return None


#: the ``\\uD800``-``\\uDFFF`` escapes: the only way a lone surrogate gets into parsed JSON (raw UTF-8 cannot hold one)
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89abcdefABCDEF]")


def _too_deep(value: object) -> bool:
    """``json_problem(value) == "depth"`` for a value with no lone surrogate: only containers are walked."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()  # a parsed object's keys are strings
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_JSON_DEPTH:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


def raw_json_problem(raw: bytes, value: object) -> str | None:
    """``json_problem(value)`` for JSON parsed from ``raw``, without walking every string when the bytes
    rule a lone surrogate out, and without walking at all when they rule both problems out."""
    if _SURROGATE_ESCAPE.search(raw):
        return json_problem(value)
    if raw.count(b"{") + raw.count(b"[") <= MAX_JSON_DEPTH:  # cannot nest deeper than its brackets
        return None
    return "depth" if _too_deep(value) else None
