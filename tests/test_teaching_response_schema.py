"""Reading a request's response format and its schema (issue 38): fcourse.teaching.deciding.response_schema."""

from __future__ import annotations

from typing import Any

from fcourse.teaching.deciding.response_schema import (
    ResponseFormat,
    is_array_of_objects,
    is_object,
    nullable,
    plain,
    response_format,
)


def test_the_three_formats_and_plain_text() -> None:
    assert response_format({"response_format": None}) is None
    assert response_format({"response_format": {"type": "text"}}) is None
    assert response_format({"response_format": {"type": "json_object"}}) == ResponseFormat("json_object")
    spec = {"type": "json_schema", "json_schema": {"name": "n", "description": "d", "schema": {"type": "object"},
                                                   "strict": True}}
    assert response_format({"response_format": spec}) == ResponseFormat("json_schema", "n", "d",
                                                                        {"type": "object"}, True)


def test_references_are_put_in_place_with_the_outer_words() -> None:
    schema = {"$defs": {"Tier": {"enum": ["a", "b"], "type": "string"}},
              "type": "object", "properties": {"tier": {"$ref": "#/$defs/Tier", "description": "the tier"}}}
    assert plain(schema) == {"type": "object",
                             "properties": {"tier": {"enum": ["a", "b"], "type": "string", "description": "the tier"}}}


def test_optional_becomes_a_nullable_type() -> None:
    schema = {"anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}], "title": "Count"}
    assert plain(schema) == {"type": ["integer", "null"], "minimum": 1, "title": "Count"}
    enum = plain({"anyOf": [{"enum": ["x", "y"]}, {"type": "null"}]})
    assert nullable(enum) and enum["enum"] == ["x", "y", None]


def test_a_one_member_all_of_is_merged_and_nested_refs_resolve() -> None:
    schema: dict[str, Any] = {"definitions": {"P": {"type": "object", "properties": {"x": {"type": "number"}}}},
                              "type": "array", "items": {"allOf": [{"$ref": "#/definitions/P"}]}}
    got = plain(schema)
    assert is_array_of_objects(got) and got["items"]["properties"] == {"x": {"type": "number"}}


def test_a_broken_or_recursive_reference_reads_as_nothing() -> None:
    assert plain({"$ref": "#/$defs/Missing"}) == {}
    assert plain({"$ref": "https://example.com/schema.json"}) == {}
    looping = {"$defs": {"Node": {"type": "object", "properties": {"next": {"$ref": "#/$defs/Node"}}}},
               "$ref": "#/$defs/Node"}
    depth, node = 0, plain(looping)
    while node.get("properties", {}).get("next"):
        node, depth = node["properties"]["next"], depth + 1
    assert 0 < depth <= 12  # it stops instead of recursing for ever


def test_shapes() -> None:
    assert is_object({"type": "object"}) and is_object({"properties": {}}) and not is_object({"type": "string"})
    assert is_object({"type": ["object", "null"]}) and nullable({"type": ["object", "null"]})
    assert not is_array_of_objects({"type": "array", "items": {"type": "string"}})
