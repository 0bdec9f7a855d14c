"""From what a model sent to arguments a handler may receive: JSON, as JSON defines it.

Introduced in chapter 4. ``parse_arguments`` turns a tool call's arguments
(JSON text, or an already-parsed dict) into a detached dict of JSON data, or
says what is wrong with it (``ArgumentsProblem``): not JSON, not an object,
NaN/Infinity or a number that overflows to infinity, a key given twice, a
lone surrogate. ``read_tool_call`` takes an OpenAI tool call (dict or SDK
object) apart without trusting its shape. The registry turns a problem into
an ``INVALID_ARGUMENT`` response.
"""

from __future__ import annotations

import json
import json.scanner
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fcourse.errors import NotJSONError
from fcourse.schema import SchemaIssue

__all__ = [
    "ArgumentsProblem",
    "describe",
    "detached",
    "issues_message",
    "parse_arguments",
    "plainly_json",
    "read_tool_call",
    "short",
]


@dataclass(frozen=True)
class ArgumentsProblem:
    """Why arguments are not JSON data a handler may receive: a sentence and the issue."""

    message: str
    issue: SchemaIssue


def parse_arguments(raw: Any) -> dict[str, Any] | ArgumentsProblem:
    """A detached dict of the JSON data in ``raw`` (text, bytes or a mapping), or what is wrong with it."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return {}
    if isinstance(raw, str) and "\\u" not in raw and _encodable(raw):
        # Fast path, same answer: the text holds an object, scanned with the hooks below, so the dict is
        # new (detached), its numbers finite and its keys unique; without a \u escape its strings hold
        # only characters of ``raw``, which encodes, so no lone surrogate. Anything else: the full path.
        scanned = _scan_object(raw)
        if scanned is not None:
            return scanned
    if isinstance(raw, (str, bytes, bytearray)):
        try:
            if isinstance(raw, str) and not raw.startswith("\ufeff"):  # json.loads names a BOM; keep its message
                parsed = _DECODER.decode(raw)
            else:
                parsed = json.loads(raw, **_HOOKS)
        except (ValueError, RecursionError) as error:
            issue = SchemaIssue("$", f"not valid JSON: {short(error)}", "json")
            return ArgumentsProblem("the arguments are not valid JSON", issue)
    else:
        parsed = raw
    if not isinstance(parsed, Mapping):
        return ArgumentsProblem(
            "the arguments must be a JSON object",
            SchemaIssue("$", f"expected an object, got {type(parsed).__name__}", "type"),
        )
    try:
        # a deep, detached copy (the handler cannot mutate the caller's dict), as JSON allows it
        text = json.dumps(dict(parsed), allow_nan=False, ensure_ascii=False)
    except Exception as error:  # whatever a caller's mapping raises when read, it is not JSON data
        issue = SchemaIssue("$", f"not JSON data: {short(error)}", "json")
        return ArgumentsProblem("the arguments are not JSON data", issue)
    if not _encodable(text):
        # JSON text may escape a lone surrogate (\ud800), but it is not Unicode text: no handler,
        # database or hash can encode it (RFC 8259 section 8.2 calls its behaviour unpredictable)
        return ArgumentsProblem(
            "the arguments contain text that is not valid Unicode",
            SchemaIssue("$", "a string contains a lone surrogate (not valid Unicode)", "json"),
        )
    return dict(json.loads(text))


def _scan_object(text: str) -> dict[str, Any] | None:
    """The JSON object ``text`` holds, read by the decoder's own scanner (None: let ``_DECODER`` say what is wrong).

    ``JSONDecoder.decode`` is this plus two regex calls for the whitespace around the value (JSON's
    four whitespace characters) and its error sentences, which the full path still gives.
    """
    body = text.strip(" \t\n\r")
    try:
        value, end = _SCAN(body, 0)
    except (StopIteration, ValueError, RecursionError):
        return None
    return value if end == len(body) and type(value) is dict else None


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


#: Values json.dumps always writes (an int only below the 4300-digit limit on int-to-text conversion).
_PLAIN = frozenset({str, float, bool, type(None)})


def plainly_json(value: Any) -> bool:
    """A cheap yes for a scalar ``json.dumps`` cannot refuse (False: ask ``json.dumps``)."""
    return type(value) in _PLAIN or (type(value) is int and value.bit_length() <= 10_000)


def detached(arguments: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of validated arguments nobody else can reach into: shallow when every value is a plain scalar."""
    for value in arguments.values():
        kind = type(value)  # plainly_json, inlined: this runs for every argument of every call
        if kind not in _PLAIN and (kind is not int or value.bit_length() > 10_000):
            return dict(json.loads(json.dumps(arguments)))
    return dict(arguments)


def read_tool_call(tool_call: Any) -> tuple[Any, Any] | SchemaIssue:
    """``(name, arguments)`` of an OpenAI tool call (dict or SDK object), or what is wrong with its shape."""
    if isinstance(tool_call, Mapping):
        function = tool_call.get("function")
    else:
        function = getattr(tool_call, "function", None)
    if function is None:
        return SchemaIssue("$.function", "a tool call needs a 'function' with a name and arguments", "required")
    if isinstance(function, Mapping):
        name, arguments = function.get("name"), function.get("arguments")
    elif hasattr(function, "name") and not isinstance(function, (str, bytes)):
        name, arguments = function.name, getattr(function, "arguments", None)
    else:
        return SchemaIssue("$.function", f"expected an object, got {type(function).__name__}", "type")
    if name is not None and not isinstance(name, str):
        return SchemaIssue("$.function.name", f"expected a string, got {type(name).__name__}", "type")
    return name, arguments


def describe(value: Any, limit: int = 500) -> str:
    """A short text of a malformed tool call, for the audit log."""
    try:
        text = json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are unique: parsers disagree on which of two values wins."""
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise NotJSONError(f"the key {key!r} is given twice")
            seen.add(key)
    return result


def _no_constant(name: str) -> float:
    """``json.loads`` accepts NaN, Infinity and -Infinity; JSON (RFC 8259) does not."""
    raise NotJSONError(f"{name} is not a JSON value")


def _finite_float(text: str) -> float:
    """A JSON number as a float, refusing one that overflows to infinity (``1e999``)."""
    value = float(text)
    if not math.isfinite(value):
        raise NotJSONError(f"the number {text[:40]} is out of range")
    return value


def issues_message(issues: list[SchemaIssue]) -> str:
    """One sentence for a list of schema issues: the first, and how many more."""
    first = issues[0]
    more = f" (and {len(issues) - 1} more)" if len(issues) > 1 else ""
    return f"invalid arguments: {first.path}: {first.message}{more}"


def short(error: BaseException, limit: int = 200) -> str:
    """An exception's text, cut to ``limit`` characters."""
    text = str(error)
    return text if len(text) <= limit else text[: limit - 1] + "…"


_HOOKS: dict[str, Any] = {
    "parse_constant": _no_constant,
    "parse_float": _finite_float,
    "object_pairs_hook": _unique_keys,
}
_DECODER = json.JSONDecoder(**_HOOKS)
_SCAN = json.scanner.make_scanner(_DECODER)
