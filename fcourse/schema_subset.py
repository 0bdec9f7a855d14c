"""A compiled yes-check for the common subset of JSON Schema: the registry's fast path.

Introduced in chapter 4 (the registry checks every call, so the check must be
cheap). ``compile_subset(schema)`` turns a schema that uses only the keywords
below into a predicate; ``fcourse.schema`` runs it first and asks ``jsonschema``
for the full report only when it does not say yes::

    type  enum  const  properties  required  additionalProperties  items
    minimum  maximum  exclusiveMinimum  exclusiveMaximum  minLength  maxLength
    pattern (ECMA-262, via ``regress``)  minItems  maxItems  anyOf  allOf
    and annotations (title, description, default, examples, format, ...)

The one promise: **True means jsonschema (with ``fcourse.schema``'s ECMA-262 patterns
and finite numbers) accepts the instance.** False means "not sure": the caller asks
jsonschema, which reports every issue, or none. So each check below may be
stricter than the spec (a value of an unusual Python type, a NaN, a ``oneOf``),
never looser; ``tests/test_schema_subset.py`` holds it to that against jsonschema.
Any other keyword (``$ref``, ``oneOf``, ``patternProperties``, ``multipleOf``, ...)
makes ``compile_subset`` return None: that schema always goes to jsonschema.

Why not ``fastjsonschema`` (installed here, and it compiles validators too): its
``pattern`` runs on Python's ``re`` (``$`` before a final newline, Unicode ``\\d``:
the holes issue 11 closed), its ``number`` accepts NaN and Infinity, and it stops
at the first error. A yes/no over this small subset, checked against jsonschema
itself, is less code to trust than patching those.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

__all__ = ["compile_subset"]

Check = Callable[[Any], bool]

#: Keywords that never change whether an instance is valid (no format checker is used).
_ANNOTATIONS = frozenset(
    {"title", "description", "default", "examples", "$comment", "deprecated", "readOnly", "writeOnly", "format"}
)
_SUPPORTED = frozenset(
    {
        "type", "enum", "const", "properties", "required", "additionalProperties", "items",
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength",
        "pattern", "minItems", "maxItems", "anyOf", "allOf",
    }
)  # fmt: skip
#: The Python types JSON data is made of: a keyword that does not apply to one of them passes it.
_JSON_TYPES = frozenset({dict, list, str, int, float, bool, type(None)})


class _OutsideSubsetError(Exception):
    """The schema uses something this subset does not cover."""


def compile_subset(schema: Any) -> Check | None:
    """A predicate that says True only for instances jsonschema accepts, or None if ``schema`` is outside the subset."""
    try:
        return _compile(schema)
    except _OutsideSubsetError:
        return None


def _all(checks: list[Check]) -> Check:
    if not checks:
        return lambda instance: True
    if len(checks) == 1:
        return checks[0]
    frozen = tuple(checks)

    def check(instance: Any) -> bool:
        for one in frozen:
            if not one(instance):
                return False
        return True

    return check


def _compile(schema: Any) -> Check:
    if schema is True:
        return lambda instance: True
    if schema is False:
        return lambda instance: False
    if not isinstance(schema, dict):
        raise _OutsideSubsetError(schema)
    unknown = set(schema) - _SUPPORTED - _ANNOTATIONS
    if unknown:
        raise _OutsideSubsetError(sorted(unknown))
    checks: list[Check] = []
    is_object = schema.get("type") == "object" and {"properties", "required", "additionalProperties"} & set(schema)
    if "type" in schema and not is_object:  # an object's type is checked by _object itself
        checks.append(_type(schema["type"]))
    if "enum" in schema:
        checks.append(_enum(schema["enum"]))
    if "const" in schema:
        checks.append(_enum([schema["const"]]))
    checks += _number_checks(schema) + _string_checks(schema) + _array_checks(schema)
    if {"properties", "required", "additionalProperties"} & set(schema):
        checks.append(_object(schema, must_be_object=bool(is_object)))
    for keyword in ("anyOf", "allOf"):
        if keyword in schema:
            subs = schema[keyword]
            if not isinstance(subs, list) or not subs:
                raise _OutsideSubsetError(keyword)
            compiled = tuple(_compile(sub) for sub in subs)
            join = any if keyword == "anyOf" else all
            checks.append(lambda instance, subs=compiled, join=join: join(sub(instance) for sub in subs))
    return _all(checks)


# --- type, enum, const -----------------------------------------------------------------


def _is_number(value: Any) -> bool:
    kind = type(value)
    return kind is int or (kind is float and math.isfinite(value))


def _is_integer(value: Any) -> bool:
    kind = type(value)
    return kind is int or (kind is float and math.isfinite(value) and value.is_integer())


_TYPES: dict[str, Check] = {
    "object": lambda value: type(value) is dict,
    "array": lambda value: type(value) is list,
    "string": lambda value: type(value) is str,
    "integer": _is_integer,
    "number": _is_number,
    "boolean": lambda value: type(value) is bool,
    "null": lambda value: value is None,
}


def _type(kind: Any) -> Check:
    if isinstance(kind, str) and kind in _TYPES:
        return _TYPES[kind]
    if isinstance(kind, list) and kind and all(isinstance(k, str) and k in _TYPES for k in kind):
        options = tuple(_TYPES[k] for k in kind)
        return lambda value: any(option(value) for option in options)
    raise _OutsideSubsetError(kind)


def _enum(values: Any) -> Check:
    """Membership as jsonschema's ``equal`` reads it for scalars: ``True`` is not ``1``, ``1`` is ``1.0``."""
    if not isinstance(values, list):
        raise _OutsideSubsetError(values)
    strings = frozenset(v for v in values if type(v) is str)
    numbers = tuple(v for v in values if type(v) in (int, float))
    singletons = tuple(v for v in values if v is None or type(v) is bool)

    def check(value: Any) -> bool:
        kind = type(value)
        if kind is str:
            return value in strings
        if kind is int or kind is float:
            return any(value == number for number in numbers)
        if value is None or kind is bool:
            return any(value is single for single in singletons)
        return False  # an array or object in an enum: leave it to jsonschema

    return check


# --- keywords of one type: a value of another JSON type passes them -------------------


def _guarded(kind: type, test: Check) -> Check:
    def check(value: Any) -> bool:
        if type(value) is kind:
            return test(value)
        return type(value) in _JSON_TYPES

    return check


def _number_checks(schema: dict[str, Any]) -> list[Check]:
    checks: list[Check] = []
    for keyword, holds in (
        ("minimum", lambda v, bound: v >= bound),
        ("maximum", lambda v, bound: v <= bound),
        ("exclusiveMinimum", lambda v, bound: v > bound),
        ("exclusiveMaximum", lambda v, bound: v < bound),
    ):
        if keyword not in schema:
            continue
        bound = schema[keyword]
        if not _is_number(bound):
            raise _OutsideSubsetError(keyword)

        def check(value: Any, bound: Any = bound, holds: Callable[[Any, Any], bool] = holds) -> bool:
            kind = type(value)
            if kind is int or kind is float:
                return _is_number(value) and holds(value, bound)  # NaN/Infinity: leave to jsonschema
            return kind in _JSON_TYPES

        checks.append(check)
    return checks


def _count(schema: dict[str, Any], keyword: str) -> int | None:
    if keyword not in schema:
        return None
    count = schema[keyword]
    if type(count) is not int or count < 0:
        raise _OutsideSubsetError(keyword)
    return count


def _string_checks(schema: dict[str, Any]) -> list[Check]:
    checks: list[Check] = []
    low, high = _count(schema, "minLength"), _count(schema, "maxLength")
    if low is not None:
        checks.append(_guarded(str, lambda text: len(text) >= low))  # code points, as jsonschema counts
    if high is not None:
        checks.append(_guarded(str, lambda text: len(text) <= high))
    if "pattern" in schema:
        if not isinstance(schema["pattern"], str):
            raise _OutsideSubsetError("pattern")
        import regress

        try:
            regex = regress.Regex(schema["pattern"], flags="u")
        except Exception as error:  # regress.RegressError: jsonschema's path reports it
            raise _OutsideSubsetError("pattern") from error
        checks.append(_guarded(str, lambda text: regex.find(text) is not None))
    return checks


def _array_checks(schema: dict[str, Any]) -> list[Check]:
    checks: list[Check] = []
    low, high = _count(schema, "minItems"), _count(schema, "maxItems")
    if low is not None:
        checks.append(_guarded(list, lambda items: len(items) >= low))
    if high is not None:
        checks.append(_guarded(list, lambda items: len(items) <= high))
    if "items" in schema:
        each = _compile(schema["items"])
        checks.append(_guarded(list, lambda items: all(each(item) for item in items)))
    return checks


def _object(schema: dict[str, Any], *, must_be_object: bool) -> Check:
    properties = schema.get("properties", {})
    required = schema.get("required", [])
    extra = schema.get("additionalProperties", True)
    if not isinstance(properties, dict) or not isinstance(required, list):
        raise _OutsideSubsetError("properties")
    if not all(isinstance(name, str) for name in required):
        raise _OutsideSubsetError("required")
    known = {name: _compile(sub) for name, sub in properties.items()}
    needed = tuple(dict.fromkeys(required))
    closed = extra is False
    extra_check = None if extra is True or closed else _compile(extra)

    def check(value: Any) -> bool:
        if type(value) is not dict:
            return not must_be_object and type(value) in _JSON_TYPES
        for name in needed:
            if name not in value:
                return False
        for name, item in value.items():
            sub = known.get(name) if type(name) is str else None
            if sub is not None:
                if not sub(item):
                    return False
            elif closed or (extra_check is not None and not extra_check(item)):
                return False
        return True

    return check
