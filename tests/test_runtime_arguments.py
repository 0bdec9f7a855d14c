"""fcourse.runtime.arguments: what a model sent becomes JSON data, as JSON defines it, or INVALID_ARGUMENT."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from registry_support import REFUND_SCHEMA, SESSION, Calls, refund_registry

from fcourse.clock import FakeClock
from fcourse.runtime.arguments import ArgumentsProblem, parse_arguments
from fcourse.runtime.registry import ErrorCode, ToolRegistry, ToolResponse


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ('{"order_id": "O-1",', "not valid JSON"),
        ("[1, 2]", "expected an object, got list"),
        ('"O-1"', "expected an object, got str"),
        ("42", "expected an object, got int"),
        (["O-1"], "expected an object, got list"),
        (b"\xff\xfe", "not valid JSON"),
    ],
)
def test_bad_json_and_non_object_arguments_are_invalid_arguments(raw: Any, message: str) -> None:
    handler = Calls()
    response = refund_registry(handler).execute("refund_order", raw, SESSION)
    assert response.error_code == ErrorCode.INVALID_ARGUMENT
    assert message in response.data["issues"][0]["message"]
    assert handler.calls == []


def test_arguments_are_copied_before_the_handler_sees_them() -> None:
    def mutate(**kwargs: Any) -> str:
        kwargs["order_id"] = "changed"
        return "ok"

    registry = refund_registry(Calls())
    registry.register("mutate", mutate, description="Mutates.", parameters={"type": "object"})
    arguments = {"order_id": "O-1"}
    registry.execute("mutate", arguments, None)
    assert arguments == {"order_id": "O-1"}


RATIO_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"ratio": {"type": "number", "minimum": 0, "maximum": 1}, "tags": {"type": "array"}},
    "required": ["ratio"],
    "additionalProperties": False,
}


def ratio_registry(handler: Calls) -> ToolRegistry:
    registry = ToolRegistry(clock=FakeClock())
    registry.register("set_ratio", handler, description="Set a ratio.", parameters=RATIO_SCHEMA)
    return registry


@pytest.mark.parametrize(
    "arguments",
    [
        '{"ratio": NaN}',
        '{"ratio": Infinity}',
        '{"ratio": -Infinity}',
        '{"ratio": 0.5, "tags": [NaN]}',
        '{"ratio": 1e999}',  # overflows to inf when parsed: the same hole by another door
        '{"ratio": -1e999}',
        {"ratio": float("nan")},
        {"ratio": 0.5, "tags": [float("inf")]},
    ],
    ids=repr,
)
def test_non_finite_numbers_are_invalid_arguments(arguments: Any) -> None:
    handler = Calls()
    response = ratio_registry(handler).execute("set_ratio", arguments)
    assert response.error_code == ErrorCode.INVALID_ARGUMENT, response
    assert handler.calls == [] and not response.executed


@pytest.mark.parametrize(
    "tool_call",
    [
        {},
        {"function": None},
        {"function": "refund_order"},
        {"function": {}},
        {"function": {"name": None}},
        {"function": {"name": ["refund_order"]}},
        None,
        42,
        "refund_order",
        SimpleNamespace(),
        SimpleNamespace(function=None),
        SimpleNamespace(function=SimpleNamespace()),
    ],
    ids=repr,
)
def test_a_malformed_tool_call_is_a_structured_error(tool_call: Any) -> None:
    handler = Calls()
    response = refund_registry(handler).execute_tool_call(tool_call, SESSION)
    assert isinstance(response, ToolResponse) and response.status == "ERROR"
    assert response.error_code in {ErrorCode.INVALID_ARGUMENT, ErrorCode.UNKNOWN_TOOL}
    assert response.data and handler.calls == [] and not response.executed


def test_a_well_formed_tool_call_object_still_runs() -> None:
    handler = Calls()
    arguments = '{"order_id": "O-1", "idempotency_key": "k-000001"}'
    call = SimpleNamespace(function=SimpleNamespace(name="refund_order", arguments=arguments))
    assert refund_registry(handler).execute_tool_call(call, SESSION).ok and len(handler.calls) == 1


@pytest.mark.parametrize(
    "arguments",
    [
        '{"order_id": "O-1", "idempotency_key": "k-000001", "note": "\\ud800"}',  # an escaped lone surrogate
        {"order_id": "O-1", "idempotency_key": "k-000001", "note": "\udc80"},
        {"order_id": "O-1", "idempotency_key": "k-000001", "note": ["ok", {"deep": "\ud83d"}]},
        {"order_id": "O-1", "idempotency_key": "k-000001", "\ud800": "key"},
    ],
    ids=repr,
)
def test_a_lone_surrogate_is_an_invalid_argument_not_a_runtime_failure(arguments: Any) -> None:
    # A lone surrogate cannot be encoded as UTF-8: before, the side-effect tool's arguments hash raised
    # and the call came back EXECUTION_ERROR, retry_safe=False -- "maybe it ran" for a call that never ran.
    handler = Calls()
    registry = ToolRegistry(clock=FakeClock())
    schema = {**REFUND_SCHEMA, "properties": {**REFUND_SCHEMA["properties"], "note": {}}, "required": []}
    schema["additionalProperties"] = True
    registry.register("refund_order", handler, description="Refund.", parameters=schema, side_effects=True)
    response = registry.execute("refund_order", arguments)
    assert response.error_code == ErrorCode.INVALID_ARGUMENT, response
    assert response.retry_safe and not response.executed and handler.calls == []
    assert "surrogate" in response.data["issues"][0]["message"]


def test_a_key_given_twice_is_an_invalid_argument() -> None:
    # Parsers disagree on which value wins (Python: the last), and the audit log keeps the raw text:
    # a reader could not tell whether O-100 or O-999 was refunded.
    handler = Calls()
    text = '{"order_id": "O-100", "idempotency_key": "k-000001", "order_id": "O-999"}'
    response = refund_registry(handler).execute("refund_order", text, SESSION)
    assert response.error_code == ErrorCode.INVALID_ARGUMENT and handler.calls == []
    assert "order_id" in response.data["issues"][0]["message"]
    nested = '{"order_id": "O-1", "idempotency_key": "k-000001", "amount_cents": 1, "x": {"a": 1, "a": 2}}'
    assert refund_registry(handler).execute("refund_order", nested, SESSION).error_code == ErrorCode.INVALID_ARGUMENT


class _Unreadable(Mapping[str, Any]):
    """A mapping that raises when read: not JSON data, and nothing ran."""

    def __getitem__(self, key: str) -> Any:
        raise RuntimeError("unreadable")

    def __iter__(self) -> Iterator[str]:
        raise RuntimeError("unreadable")

    def __len__(self) -> int:
        return 1


def test_a_mapping_that_cannot_be_read_is_an_invalid_argument_not_maybe_executed() -> None:
    # nearby hole: the error escaped the parser, and the registry's last-resort answer said
    # EXECUTION_ERROR with retry_safe=False -- "it may have run" -- for a call that never reached a handler
    handler = Calls()
    response = refund_registry(handler).execute("refund_order", _Unreadable(), SESSION)
    assert response.error_code == ErrorCode.INVALID_ARGUMENT and response.retry_safe
    assert not response.executed and handler.calls == []


# --- the fast path for JSON text (issue 12): the same answers as the full path -------------

_json = st.recursive(
    st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False),
        st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=5),
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=3), inner, max_size=3)),
    max_leaves=10,
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(data=st.dictionaries(st.text(max_size=4), _json, max_size=4), ascii_only=st.booleans())
def test_json_text_parses_to_what_the_mapping_path_gives(data: dict[str, Any], ascii_only: bool) -> None:
    text = json.dumps(data, ensure_ascii=ascii_only)
    parsed = parse_arguments(text)
    assert parsed == parse_arguments(data) == data
    assert type(parsed) is dict and parsed is not parse_arguments(text)  # a new dict every time


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"note": "\\udc80"}', "lone surrogate"),  # escaped: only the full path can see it
        ('{"note": "\udc80"}', "lone surrogate"),  # the character itself, in the text
        ('{"\\ud800": 1}', "lone surrogate"),
        ('{"a": 1, "a": 2}', "given twice"),
        ('{"a": {"b": 1, "b": 1}}', "given twice"),
        ('{"a": NaN}', "NaN is not a JSON value"),
        ('{"a": 1e999}', "out of range"),
        ('\ufeff{"a": 1}', "BOM"),  # json.loads's own sentence, as before
    ],
)
def test_json_text_the_fast_path_must_not_accept(text: str, message: str) -> None:
    problem = parse_arguments(text)
    assert isinstance(problem, ArgumentsProblem)
    assert message in problem.issue.message


def test_an_escaped_pair_is_one_character_and_accepted() -> None:
    assert parse_arguments('{"emoji": "\\ud83d\\ude00"}') == {"emoji": "\U0001f600"}


def test_the_response_keeps_the_validated_arguments_whatever_the_handler_does() -> None:
    def mutate(tags: list[str], name: str) -> str:
        """Change the tags in place."""
        tags.append("changed")
        return "ok"

    registry = ToolRegistry(clock=FakeClock())
    registry.tool(mutate)
    response = registry.execute("mutate", '{"tags": ["a"], "name": "n"}')
    assert response.ok and response.arguments == {"tags": ["a"], "name": "n"}


def test_a_huge_integer_is_a_number_and_a_huge_integer_result_is_not_json_text() -> None:
    calls = Calls(result=10**5000)  # more digits than int-to-text conversion allows: json.dumps refuses it
    registry = ratio_registry(calls)
    registry.register("scale", lambda x: x, description="Scale.", parameters={"type": "object"})
    assert registry.execute("scale", {"x": 10**400}).ok  # was EXECUTION_ERROR: math.isfinite overflowed
    huge = registry.execute("set_ratio", '{"ratio": 1}')
    assert huge.error_code == ErrorCode.EXECUTION_ERROR and huge.executed
