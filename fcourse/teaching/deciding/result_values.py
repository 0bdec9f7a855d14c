"""Values a tool result gave, found by the key that names a field of a response schema (issue 38).

Introduced with Structured Outputs: an agent calls a tool, and its final answer must fit a schema
(``{"city", "temperature_c", "conditions"}``). A tool result is JSON whose keys are written for programs
(``temp_c``); a field takes a result's value when the key names the same thing: the same words once
``fcourse.teaching.reading.field_words.label_of`` has read both (``temp_c`` and ``temperature_c`` are both
"temperature", in °C), in any order, an identifier word at the end aside (``flightNumber`` for ``flight``),
and no other unit (``temp_f`` is no ``temperature_c``). The value must
fit the field's schema as it is - a number is not turned into a string, nor a string into a number - and a
key that holds different values in different places of the results says nothing (the filler never picks one).
An object or a list of objects is read field by field the same way. A result that is not JSON is text,
which the filler reads like the context a runtime states.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from fcourse.teaching.deciding.response_schema import is_object
from fcourse.teaching.reading.analysis import stem
from fcourse.teaching.reading.field_words import label_of
from fcourse.teaching.reading.params import main_type, types_of

__all__ = ["by_key", "results_of", "same_field"]


def results_of(messages: list[dict[str, Any]]) -> tuple[list[Any], list[str]]:
    """The tool results of a conversation, newest first: ``(parsed JSON values, texts that are not JSON)``."""
    parsed: list[Any] = []
    texts: list[str] = []
    for message in reversed(messages):
        if message.get("role") != "tool" or not isinstance(message.get("content"), str):
            continue
        content = message["content"].strip()
        try:
            value = json.loads(content)
        except ValueError:
            if content:
                texts.append(content)
            continue
        if isinstance(value, (dict, list)):
            parsed.append(value)
        elif content:
            texts.append(content)
    return parsed, texts


#: words after a thing's name that only say "its identifier" (``flightNumber`` names the flight): a closed class
_ID_WORDS = frozenset({"id", "ids", "no", "num", "number", "code", "ref", "reference", "key"})


def _words(label: tuple[str, ...]) -> list[str]:
    words = list(label)
    while len(words) > 1 and words[-1] in _ID_WORDS:
        words.pop()
    return sorted(stem(w) for w in words)


def same_field(key: str, name: str) -> bool:
    """Whether a result's ``key`` names the field ``name`` (see the module docstring): the same words, in any
    order, an identifier word at the end aside (``flightNumber`` and ``flight``, ``order_id`` and ``order``)."""
    a, b = label_of(key), label_of(name)
    if not a.words or not b.words:
        return False
    if _words(a.words) != _words(b.words):
        return False
    return a.unit is None or b.unit is None or a.unit == b.unit


def _pairs(node: Any, depth: int = 0) -> Iterator[tuple[str, Any]]:
    """Every (key, value) of a parsed result, at any depth."""
    if depth > 12:
        return
    if isinstance(node, dict):
        for key, value in node.items():
            yield str(key), value
            yield from _pairs(value, depth + 1)
    elif isinstance(node, list):
        for value in node:
            yield from _pairs(value, depth + 1)


def _fits(value: Any, schema: dict[str, Any]) -> bool:
    """Whether a result's value is one the field takes as it is (its type, its enum)."""
    kinds = types_of(schema) or [main_type(schema)]
    if value is None:
        return "null" in kinds
    if "enum" in schema and value not in schema["enum"]:
        return False
    if isinstance(value, bool):
        return "boolean" in kinds
    if isinstance(value, int):
        return bool({"integer", "number"} & set(kinds))
    if isinstance(value, float):
        return "number" in kinds or "integer" in kinds and value.is_integer()
    if isinstance(value, str):
        return "string" in kinds or "enum" in kinds
    return False


def _shaped(value: Any, schema: dict[str, Any]) -> tuple[bool, Any]:
    """``(True, value)`` shaped to the field's schema, or ``(False, None)`` when it does not fit."""
    if is_object(schema):
        if not isinstance(value, dict):
            return False, None
        out: dict[str, Any] = {}
        for name, sub in (schema.get("properties") or {}).items():
            hits = [v for k, v in value.items() if same_field(str(k), name)]
            if len(hits) == 1 and isinstance(sub, dict):
                ok, shaped = _shaped(hits[0], sub)
                if ok:
                    out[name] = shaped
        required = [r for r in schema.get("required") or [] if isinstance(r, str)]
        return (all(r in out for r in required) and bool(out)), out
    if main_type(schema) == "array":
        items = schema.get("items") if isinstance(schema.get("items"), dict) else {}
        if not isinstance(value, list):
            return False, None
        shaped_items = [_shaped(v, items) for v in value]
        if not all(ok for ok, _ in shaped_items):
            return False, None
        return True, [v for _, v in shaped_items]
    if not _fits(value, schema):
        return False, None
    if isinstance(value, float) and main_type(schema) == "integer" and value.is_integer():
        return True, int(value)
    return True, value


def by_key(parsed: list[Any], name: str, schema: dict[str, Any]) -> tuple[Any, str] | None:
    """The value the results give for field ``name`` (shaped to its schema) and how it was found, or None."""
    found: list[tuple[str, Any]] = []
    for result in parsed:
        for key, value in _pairs(result):
            if same_field(key, name):
                ok, shaped = _shaped(value, schema)
                if ok:
                    found.append((key, shaped))
    values = {json.dumps(v, sort_keys=True, ensure_ascii=False) for _, v in found}
    if len(values) != 1:
        return None
    key, value = found[0]
    return value, f"the tool result's key '{key}'"
