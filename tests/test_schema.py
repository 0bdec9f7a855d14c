"""fcourse.schema: the one seam in front of the JSON Schema validator."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from fcourse.schema import SchemaIssue, check_schema, compile_schema, validate

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


# --- issue 11, defect 2: patterns are ECMA-262 regular expressions -------------------------

KEY_SCHEMA = {"type": "string", "pattern": "^[A-Za-z0-9_.:-]{8,64}$"}


@pytest.mark.parametrize("text", ["key-B-0001\n", "O-100\n", "key-B-0001\r\n"])
def test_dollar_does_not_match_before_a_trailing_newline(text: str) -> None:
    assert [i.validator for i in validate(text, KEY_SCHEMA)] == ["pattern"]
    assert [i.validator for i in validate(text, {"type": "string", "pattern": "^O-[0-9]+$"})] == ["pattern"]
    assert validate(text.rstrip(), {"type": "string", "pattern": "^(key-B-0001|O-100)$"}) == []


# --- the same kind of hole nearby: the rest of Python's regex dialect ------------------------


@pytest.mark.parametrize(
    ("pattern", "text"),
    [
        ("^[0-9]+$", "123\n"),  # the defect itself, once more
        ("^\\d+$", "١٢٣"),  # Arabic-Indic digits: \d is ASCII in ECMA-262
        ("^\\w+$", "naïve"),  # \w is ASCII in ECMA-262
        ("^.$", "\r"),  # . matches no line terminator in ECMA-262
        ("^.$", "\u2028"),
    ],
)
def test_patterns_follow_ecma_262_not_python(pattern: str, text: str) -> None:
    assert [i.validator for i in validate(text, {"type": "string", "pattern": pattern})] == ["pattern"]


def test_pattern_properties_and_additional_properties_match_keys_by_ecma_262() -> None:
    schema = {"type": "object", "patternProperties": {"^x-[a-z]+$": {"type": "integer"}}, "additionalProperties": False}
    assert validate({"x-abc": 1}, schema) == []
    assert [i.validator for i in validate({"x-abc\n": 1}, schema)] == ["additionalProperties"]
    assert [i.validator for i in validate({"x-abc": "one"}, schema)] == ["type"]


@pytest.mark.parametrize("pattern", ["(?P<name>x)", "\\Z", "a{2,1}"])
def test_check_schema_rejects_a_pattern_that_is_not_ecma_262(pattern: str) -> None:
    issues = check_schema({"type": "object", "properties": {"k": {"type": "string", "pattern": pattern}}})
    assert issues and issues[0].path.endswith(".pattern")


def test_check_schema_refuses_unevaluated_properties_next_to_pattern_properties() -> None:
    schema = {"type": "object", "patternProperties": {"^a$": {}}, "unevaluatedProperties": False}
    assert [i.validator for i in check_schema(schema)] == ["unevaluatedProperties"]


# --- the compiled fast path (fcourse.schema_subset) changes no answer ----------------------


def _full_report(instance: object, schema: dict[str, object]) -> list[SchemaIssue]:
    """What validate answered before the fast path: jsonschema's every error, as sorted issues."""
    from fcourse.schema import _path, _validator_class

    errors = _validator_class()(schema).iter_errors(instance)
    return sorted({SchemaIssue(_path(e.absolute_path), e.message, str(e.validator)) for e in errors})


@pytest.mark.parametrize(
    "instance",
    [
        {"order_id": "O-1", "amount_cents": 5, "items": [1, 2]},
        {"amount_cents": 0, "items": [1, "x"], "extra": 1},
        {"order_id": "O-1\n", "amount_cents": True},
        {"order_id": 7, "amount_cents": 1.5, "items": "y"},
        {"order_id": "O-1", "amount_cents": float("nan")},
        [],
        None,
    ],
)
def test_validate_reports_exactly_what_jsonschema_reports(instance: object) -> None:
    assert validate(instance, SCHEMA) == _full_report(instance, SCHEMA)
    assert compile_schema(SCHEMA)(instance) == _full_report(instance, SCHEMA)


def test_a_schema_the_fast_path_does_not_cover_still_validates() -> None:
    schema = {"type": "object", "properties": {"n": {"oneOf": [{"type": "integer"}, {"type": "string"}]}}}
    assert validate({"n": 1}, schema) == []
    assert [i.validator for i in validate({"n": 1.5}, schema)] == ["oneOf"]


def test_a_huge_integer_is_a_finite_number_not_a_crash() -> None:
    # math.isfinite(10**400) raises OverflowError; an int is always finite (the same kind of hole as issue 11's NaN)
    schema = {"type": "object", "properties": {"x": {"type": "number", "minimum": 0}}}
    assert validate({"x": 10**400}, schema) == []
    assert [i.validator for i in validate({"x": -(10**400)}, schema)] == ["minimum"]
    assert _full_report({"x": 10**400}, schema) == []


# --- importing jsonschema does not build rfc3987-syntax's grammars -------------------------

_FIRST_VALIDATION = """
import sys
from fcourse.schema import check_schema, validate
schema = {"type": "object", "properties": {"k": {"type": "string", "pattern": "^a+$"}}, "required": ["k"]}
assert check_schema(schema) == []
print([i.validator for i in validate({"k": "b"}, schema)], validate({"k": "aa"}, schema))
print("jsonschema" in sys.modules, "rfc3987_syntax" in sys.modules)
import jsonschema
checker = jsonschema.FormatChecker()
print(checker.conforms("http://example.com/é", "iri"), checker.conforms("no iri", "iri"))
import rfc3987_syntax
print(rfc3987_syntax.is_valid_syntax("iri", "http://example.com/"), type(rfc3987_syntax.__spec__).__name__)
"""

_NOTEBOOK_IMPORT = """
import sys
from fcourse.schema import jsonschema
import jsonschema as plain
print(jsonschema is plain, "rfc3987_syntax" in sys.modules, jsonschema.validators.validate(1, {}) is None)
"""


def test_the_first_validation_does_not_import_rfc3987_syntax_and_formats_still_work() -> None:
    pytest.importorskip("rfc3987_syntax")  # installed here (jupyter-events); the cost only exists with it
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-c", _FIRST_VALIDATION], capture_output=True, text=True, env=env, timeout=120, check=True
    )
    lines = done.stdout.splitlines()
    assert lines[0] == "['pattern'] []"
    assert lines[1] == "True False"  # jsonschema imported, rfc3987_syntax not
    # jsonschema's own iri format check still runs rfc3987-syntax (imported on first use), and a later
    # import rfc3987_syntax gets the real module, not fcourse's stand-in
    assert lines[2] == "True False"
    assert lines[3] == "True ModuleSpec"


def test_a_notebook_gets_jsonschema_itself_from_the_seam_without_the_grammar() -> None:
    pytest.importorskip("rfc3987_syntax")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    done = subprocess.run(
        [sys.executable, "-c", _NOTEBOOK_IMPORT], capture_output=True, text=True, env=env, timeout=120, check=True
    )
    assert done.stdout.split() == ["True", "False", "True"]
    with pytest.raises(ImportError):
        from fcourse.schema import no_such_name  # noqa: F401
