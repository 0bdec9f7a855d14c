"""What a tool parameter's schema says about itself: its type, its words, and coercion.

The smallest piece of the teaching model's argument filling (chapter 2): the
value finders (``extract``, ``dates``, ``named_values``, ``freetext``) and
``arguments`` read a parameter through these helpers - its ``type`` as a list
or its main type, its description and name as words, a value converted to the
schema's type, and where a word occurs in a text.
"""

from __future__ import annotations

import re
from typing import Any

from fcourse.teaching.reading.rx import rx

__all__ = [
    "coerce",
    "fits_pattern",
    "function_of",
    "main_type",
    "name_words",
    "param_text",
    "types_of",
    "value_pattern",
    "word_search",
]


def function_of(tool: dict[str, Any]) -> dict[str, Any]:
    """The ``function`` object of a tool definition (``{}`` when it has none)."""
    fn = tool.get("function")
    return fn if isinstance(fn, dict) else {}


def types_of(schema: dict[str, Any]) -> list[str]:
    """The schema's ``type`` as a list (``["string", "null"]`` stays a list)."""
    t = schema.get("type")
    if isinstance(t, list):
        return [x for x in t if isinstance(x, str)]
    return [t] if isinstance(t, str) else []


def main_type(schema: dict[str, Any]) -> str:
    """The first non-null type of a schema (``"string"`` when none is given)."""
    non_null = [t for t in types_of(schema) if t != "null"]
    if non_null:
        return non_null[0]
    if "enum" in schema:
        return "enum"
    return "string"


def name_words(name: str) -> str:
    return re.sub(r"([a-z])([A-Z])", r"\1 \2", name).replace("_", " ").replace("-", " ")


def param_text(name: str, schema: dict[str, Any]) -> str:
    """What a parameter says about itself: its description, then its name as words."""
    return f"{schema.get('description', '')} {name_words(name)}"


def fits_pattern(schema: dict[str, Any], value: str) -> bool | None:
    """Whether ``value`` fits the parameter's ``pattern``; None when it has none (request validation has
    already turned away a pattern that does not compile)."""
    pattern = schema.get("pattern") if isinstance(schema, dict) else None
    if not isinstance(pattern, str):
        return None
    try:
        return re.search(pattern, value) is not None
    except re.error:
        return None


def value_pattern(value: str) -> re.Pattern[str]:
    """How an enum value is written in running text: its parts apart or together ("8_inch": "8 inch", "8-inch",
    "8inch"), as a whole word, any case."""
    parts = [re.escape(p) for p in re.split(r"[_\-\s]+", value) if p]
    body = r"[\s_-]?".join(parts) or re.escape(value)
    return rx(rf"(?<![A-Za-z0-9]){body}(?![A-Za-z0-9])", re.IGNORECASE)


def word_search(text: str, word: str) -> int:
    if word.isascii():
        m = rx(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", re.IGNORECASE).search(text)
        return m.start() if m else -1
    return text.find(word)

def coerce(value: Any, schema: dict[str, Any]) -> Any:
    """``value`` converted to the schema's type, or None if it cannot be."""
    main = main_type(schema)
    try:
        if main == "integer" and not isinstance(value, int):
            return int(str(value))
        if main == "number" and not isinstance(value, (int, float)):
            f = float(str(value))
            return int(f) if f == int(f) else f
    except ValueError:
        return None
    if main == "string" and not isinstance(value, str):
        return str(value)
    return value
