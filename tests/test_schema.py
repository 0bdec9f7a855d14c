"""fcourse.schema: the one seam in front of the JSON Schema validator."""

from __future__ import annotations

import pytest

from fcourse.schema import SchemaIssue, check_schema, validate

SCHEMA = {
    "type": "object",
    "properties": {
        "order_id": {"type": "string", "pattern": "^O-[0-9]+$"},
        "amount_cents": {"type": "integer", "minimum": 1},
        "items": {"type": "array", "items": {"type": "integer"}},
    },
    "required": ["order_id"],
    "additionalProperties": False,
}


def test_a_valid_instance_has_no_issues() -> None:
    assert validate({"order_id": "O-1", "amount_cents": 5}, SCHEMA) == []


def test_issues_carry_path_message_and_keyword() -> None:
    issues = validate({"amount_cents": 0, "items": [1, "x"], "extra": 1}, SCHEMA)
    assert all(isinstance(issue, SchemaIssue) for issue in issues)
    by_path = {(issue.path, issue.validator) for issue in issues}
    assert ("$", "required") in by_path
    assert ("$", "additionalProperties") in by_path
    assert ("$.amount_cents", "minimum") in by_path
    assert ("$.items[1]", "type") in by_path
    required = next(issue for issue in issues if issue.validator == "required")
    assert required.message == "'order_id' is a required property"
    assert required.to_dict() == {"path": "$", "message": required.message, "validator": "required"}


def test_issues_are_sorted_and_deterministic() -> None:
    instance = {"amount_cents": "x", "items": "y", "zzz": 1}
    first = validate(instance, SCHEMA)
    assert first == sorted(first)
    assert validate(instance, SCHEMA) == first


@pytest.mark.parametrize("instance", [None, 3, "text", [1, 2], {"order_id": float("nan")}])
def test_any_instance_gives_issues_never_an_exception(instance: object) -> None:
    assert validate(instance, SCHEMA)


def test_check_schema_reports_an_invalid_schema() -> None:
    assert check_schema(SCHEMA) == []
    assert check_schema({"type": "nope"})[0].path == "$.type"
    assert check_schema(["not", "a", "schema"])[0].validator == "type"
