"""fcourse.schema_subset: the compiled yes-check says yes only where jsonschema agrees, and often enough to matter."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fcourse.schema import _validator_class
from fcourse.schema_subset import compile_subset


def _jsonschema_accepts(schema: Any, instance: Any) -> bool:
    """The reference: jsonschema with fcourse's ECMA-262 patterns and finite numbers."""
    return not list(_validator_class()(schema).iter_errors(instance))


TOOL_SCHEMA = {
    "type": "object",
    "properties": {
        "order_id": {"type": "string", "pattern": "^O-[0-9]+$", "description": "the order"},
        "amount_cents": {"type": "integer", "minimum": 1, "maximum": 100_000},
        "ratio": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
        "reason": {"type": "string", "enum": ["damaged", "late"]},
        "note": {"type": ["string", "null"], "minLength": 1, "maxLength": 5},
        "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 2},
        "flag": {"const": True},
    },
    "required": ["order_id"],
    "additionalProperties": False,
}


@pytest.mark.parametrize(
    "instance",
    [
        {"order_id": "O-1"},
        {"order_id": "O-12", "amount_cents": 5, "ratio": 0.5, "reason": "late", "note": None, "flag": True},
        {"order_id": "O-1", "amount_cents": 7.0, "note": "ok", "tags": ["a", "b"]},
    ],
)
def test_a_valid_call_is_a_yes_without_jsonschema(instance: dict[str, Any]) -> None:
    check = compile_subset(TOOL_SCHEMA)
    assert check is not None
    assert check(instance) is True
    assert _jsonschema_accepts(TOOL_SCHEMA, instance)


@pytest.mark.parametrize(
    "instance",
    [
        {},
        {"order_id": "O-1\n"},  # ECMA-262: $ does not match before a final newline
        {"order_id": "O-١"},  # ECMA-262: [0-9] is ASCII
        {"order_id": "O-1", "extra": 1},
        {"order_id": "O-1", "amount_cents": True},
        {"order_id": "O-1", "amount_cents": 0},
        {"order_id": "O-1", "amount_cents": 1.5},
        {"order_id": "O-1", "ratio": math.nan},
        {"order_id": "O-1", "ratio": math.inf},
        {"order_id": "O-1", "ratio": 1},
        {"order_id": "O-1", "reason": "other"},
        {"order_id": "O-1", "note": ""},
        {"order_id": "O-1", "note": "toolong"},
        {"order_id": "O-1", "tags": []},
        {"order_id": "O-1", "tags": ["a", 1]},
        {"order_id": "O-1", "flag": 1},
        ["not", "an", "object"],
    ],
)
def test_an_invalid_call_is_never_a_yes(instance: Any) -> None:
    check = compile_subset(TOOL_SCHEMA)
    assert check is not None
    assert check(instance) is False
    assert not _jsonschema_accepts(TOOL_SCHEMA, instance)


@pytest.mark.parametrize(
    "schema",
    [
        {"$ref": "#/$defs/x", "$defs": {"x": {}}},
        {"oneOf": [{"type": "string"}]},
        {"not": {"type": "string"}},
        {"type": "object", "patternProperties": {"^a": {}}},
        {"type": "number", "multipleOf": 0.1},
        {"type": "string", "pattern": "(?<name"},  # not ECMA-262: jsonschema's path reports it
        {"type": "no-such-type"},
        {"type": "object", "properties": {"a": {"uniqueItems": True}}},
        "not a schema",
    ],
)
def test_a_schema_outside_the_subset_compiles_to_none(schema: Any) -> None:
    assert compile_subset(schema) is None


# --- the promise, fuzzed: a yes implies jsonschema's yes -----------------------------------

_names = st.sampled_from(["a", "b", "c"])
_json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-7, max_value=7),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.sampled_from([10**400, -(10**400), 2.0, -0.0, 0.5]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(alphabet="aAz09-_.\n\u0661 é", max_size=6),
)
_scalars = st.one_of(_json_scalars, st.sampled_from([math.nan, math.inf, -math.inf]))


def _data(scalars: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.recursive(
        scalars,
        lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(_names, inner, max_size=3)),
        max_leaves=8,
    )


_json_instances = st.one_of(st.dictionaries(_names, _data(_json_scalars), max_size=4), _data(_json_scalars))
_instances = st.one_of(st.dictionaries(_names, _data(_scalars), max_size=4), _data(_scalars))
_keywords = {
    "type": st.one_of(
        st.sampled_from(["object", "array", "string", "integer", "number", "boolean", "null"]),
        st.lists(st.sampled_from(["string", "integer", "number", "null", "boolean"]), min_size=1, max_size=3),
    ),
    "enum": st.lists(_json_scalars, max_size=3),
    "const": _json_scalars,
    "minimum": st.integers(-5, 5),
    "maximum": st.floats(-5, 5),
    "exclusiveMinimum": st.integers(-5, 5),
    "exclusiveMaximum": st.integers(-5, 5),
    "minLength": st.integers(0, 3),
    "maxLength": st.integers(0, 3),
    "pattern": st.sampled_from(["^[a-z]+$", "\\d", "^.$", "^\\w*$", "[0-9]$", "^O-[0-9]+$"]),
    "minItems": st.integers(0, 2),
    "maxItems": st.integers(0, 2),
    "description": st.just("annotation"),
}
#: one or two keywords: a schema that everything fails teaches the check nothing
_leaf_schemas = st.one_of(
    st.lists(
        st.sampled_from(sorted(_keywords)).flatmap(lambda k: st.tuples(st.just(k), _keywords[k])),
        max_size=2,
        unique_by=lambda pair: pair[0],
    ).map(dict),
    st.booleans(),
)


def _object_schemas(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.fixed_dictionaries(
        {"properties": st.dictionaries(_names, inner, max_size=3)},
        optional={
            "type": st.just("object"),
            "required": st.lists(_names, max_size=3),
            "additionalProperties": st.one_of(st.booleans(), inner),
        },
    )


_any_schemas = st.recursive(
    _leaf_schemas,
    lambda inner: st.one_of(
        _object_schemas(inner),
        st.fixed_dictionaries({"items": inner}, optional={"type": st.just("array")}),
        st.fixed_dictionaries({"anyOf": st.lists(inner, min_size=1, max_size=2)}),
        st.fixed_dictionaries({"allOf": st.lists(inner, min_size=1, max_size=2)}),
    ),
    max_leaves=6,
)
#: mostly what tools declare: an object schema at the top, and an object (the arguments) to check
_schemas = st.one_of(_object_schemas(_any_schemas), _any_schemas)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(schema=_schemas, instance=_json_instances)
def test_on_json_data_the_subset_says_exactly_what_jsonschema_says(schema: Any, instance: Any) -> None:
    # for finite JSON data and scalar enums the check is exact, so every valid call takes the fast path
    check = compile_subset(schema)
    assert check is not None  # the generator stays inside the subset
    assert check(instance) is _jsonschema_accepts(schema, instance), (schema, instance)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(schema=_schemas, instance=_instances)
def test_a_yes_is_always_jsonschemas_yes(schema: Any, instance: Any) -> None:
    check = compile_subset(schema)
    assert check is not None  # the generator stays inside the subset
    if check(instance):
        assert _jsonschema_accepts(schema, instance), (schema, instance)


# --- every keyword against every kind of edge value, exactly ------------------------------

EDGE_VALUES: list[Any] = [
    None, True, False, 0, 1, -1, 1.0, -0.0, 2.5, 10**400, -(10**400), 2**53 + 1,
    "", "a", "ab", "abc", "O-7", "O-7\n", "\u0661", "é", [], [1], ["a", "b", "c"], {}, {"a": 1}, {"z": None},
]  # fmt: skip
EDGE_SCHEMAS: list[Any] = [
    True, False, {},
    *({"type": kind} for kind in ("object", "array", "string", "integer", "number", "boolean", "null")),
    {"type": ["integer", "null"]}, {"type": ["number", "string"]},
    {"enum": [0, 1]}, {"enum": [True]}, {"enum": [False, None]}, {"enum": [1.0, "a"]}, {"const": 0}, {"const": "é"},
    {"minimum": 0}, {"maximum": 1}, {"exclusiveMinimum": 0}, {"exclusiveMaximum": 1}, {"minimum": -0.5, "maximum": 2.5},
    {"minLength": 1}, {"maxLength": 1}, {"minLength": 2, "maxLength": 2},
    {"pattern": "^O-[0-9]+$"}, {"pattern": "\\d"}, {"pattern": "^\\w+$"}, {"pattern": "^.$"},
    {"minItems": 1}, {"maxItems": 2}, {"items": {"type": "integer"}}, {"items": False},
    {"required": ["a"]}, {"properties": {"a": {"type": "string"}}},
    {"properties": {"a": {}}, "additionalProperties": False}, {"additionalProperties": {"type": "null"}},
    {"anyOf": [{"type": "string"}, {"minimum": 1}]}, {"allOf": [{"type": "integer"}, {"maximum": 0}]},
]  # fmt: skip


@pytest.mark.parametrize("schema", EDGE_SCHEMAS, ids=repr)
def test_each_keyword_agrees_with_jsonschema_on_every_edge_value(schema: Any) -> None:
    check = compile_subset(schema)
    assert check is not None
    wrong = [value for value in EDGE_VALUES if check(value) is not _jsonschema_accepts(schema, value)]
    assert wrong == []
