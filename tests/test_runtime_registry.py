"""fcourse.runtime.registry: registration, the checks before the handler, and responses as data."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from registry_support import GOOD, REFUND_SCHEMA, SESSION, Calls, refund_registry

from fcourse.clock import FakeClock
from fcourse.errors import DuplicateToolError
from fcourse.runtime.identity import Session
from fcourse.runtime.registry import ErrorCode, ToolRegistry, ToolResponse
from fcourse.schema import validate


def test_duplicate_names_fail_at_registration() -> None:
    registry = ToolRegistry()
    registry.register("ping", lambda: "pong", description="Ping.", parameters={"type": "object"})
    with pytest.raises(DuplicateToolError) as caught:
        registry.register("ping", lambda: "pong", description="Ping again.", parameters={"type": "object"})
    assert caught.value.name == "ping"
    with pytest.raises(DuplicateToolError):

        @registry.tool
        def ping() -> str:
            """Ping."""
            return "pong"


def test_unknown_tool_lists_the_available_ones_and_runs_nothing() -> None:
    handler = Calls()
    response = refund_registry(handler).execute("refund_money", GOOD, SESSION)
    assert (response.status, response.error_code) == ("ERROR", ErrorCode.UNKNOWN_TOOL)
    assert response.data == {"available_tools": ["refund_order"]}
    assert response.retry_safe and not response.executed and handler.calls == []


def test_execute_tool_call_accepts_dicts_and_sdk_objects() -> None:
    registry = refund_registry(Calls())
    as_dict = {"id": "c1", "type": "function", "function": {"name": "refund_order", "arguments": json.dumps(GOOD)}}
    as_object = SimpleNamespace(function=SimpleNamespace(name="refund_order", arguments=json.dumps(GOOD)))
    assert registry.execute_tool_call(as_dict, SESSION).ok
    assert registry.execute_tool_call(as_object, SESSION).ok


def test_handlers_get_the_session_when_they_ask_for_it() -> None:
    registry = ToolRegistry()
    seen: list[Session] = []

    @registry.tool
    def whoami(session: Session) -> str:
        """Who is calling."""
        seen.append(session)
        return session.user_id

    assert registry.execute("whoami", "", SESSION).data == "U-1"
    assert seen == [SESSION]
    assert registry.openai_tools()[0]["function"]["parameters"]["properties"] == {}


def test_a_failing_check_is_returned_as_data_too() -> None:
    registry = refund_registry(Calls())
    registry._breakers["refund_order"].admit = lambda: 1 / 0  # type: ignore[method-assign]
    response = registry.execute("refund_order", GOOD, SESSION)
    assert response.error_code == ErrorCode.EXECUTION_ERROR and response.data["reason"] == "RUNTIME_ERROR"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3),
    max_leaves=8,
)


raw_arguments = st.one_of(
    st.text(max_size=40),
    st.binary(max_size=20),
    json_values.map(json.dumps),
    json_values,
    st.dictionaries(
        st.sampled_from(["order_id", "idempotency_key", "amount_cents", "user_id", "other"]), json_values, max_size=5
    ),
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(["refund_order", "refund_orders", "", "REFUND_ORDER"]) | st.text(max_size=12),
    raw=raw_arguments,
)
def test_fuzz_every_call_gets_a_structured_answer(name: str, raw: Any) -> None:
    handler = Calls()
    registry = refund_registry(handler)
    response = registry.execute(name, raw, SESSION)
    assert isinstance(response, ToolResponse)
    json.loads(response.to_json())
    if response.ok:
        assert name == "refund_order" and len(handler.calls) == 1
        assert validate(handler.calls[0], REFUND_SCHEMA) == []
    else:
        assert response.error_code in set(ErrorCode)
        assert handler.calls == []


@settings(max_examples=100, deadline=None)
@given(
    broken=st.one_of(
        st.fixed_dictionaries({"order_id": st.text(max_size=6).filter(lambda s: not s.startswith("O-"))}),
        st.fixed_dictionaries({"order_id": st.just("O-1"), "idempotency_key": st.integers() | st.none()}),
        st.fixed_dictionaries(
            {
                "order_id": st.just("O-1"),
                "idempotency_key": st.just("key-00001"),
                "amount_cents": st.integers(max_value=0),
            }
        ),
        st.text(max_size=30).filter(lambda s: not s.strip().startswith("{")),
    )
)
def test_fuzz_malformed_calls_execute_nothing(broken: Any) -> None:
    handler = Calls()
    response = refund_registry(handler).execute("refund_order", broken, SESSION)
    assert response.error_code == ErrorCode.INVALID_ARGUMENT
    assert response.data["issues"] and all({"path", "message"} <= set(i) for i in response.data["issues"])
    assert handler.calls == []


FUZZ_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "code": {"type": "string", "pattern": "^[A-Z]{2}-[0-9]{1,4}$"},
        "note": {"type": "string", "maxLength": 12},
        "count": {"type": "integer", "minimum": 0, "maximum": 1000},
        "ratio": {"type": "number", "minimum": 0, "maximum": 1},
        "flag": {"type": "boolean"},
        "nothing": {"type": "null"},
        "tags": {"type": "array", "items": {"enum": ["a", "b"]}, "maxItems": 3},
        "meta": {
            "type": "object",
            "properties": {"k": {"type": "string"}},
            "required": ["k"],
            "additionalProperties": False,
        },
        "anything": {"description": "any JSON value at all"},
    },
    "required": ["code"],
    "additionalProperties": False,
}


_UPPER = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


_DIGITS = set("0123456789")


def _finite(value: Any) -> bool:
    """No NaN or infinity anywhere: JSON has none."""
    if isinstance(value, float):
        return value == value and value not in (float("inf"), float("-inf"))
    if isinstance(value, list):
        return all(_finite(v) for v in value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    return True


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _oracle(arguments: Any) -> bool:
    """FUZZ_SCHEMA read by hand, without jsonschema or a regex engine (ECMA-262: $ is the very end)."""
    if not isinstance(arguments, dict) or not _finite(arguments):
        return False
    if not set(arguments) <= set(FUZZ_SCHEMA["properties"]) or "code" not in arguments:
        return False
    code = arguments["code"]
    if not isinstance(code, str) or not 4 <= len(code) <= 7:
        return False
    if not (code[0] in _UPPER and code[1] in _UPPER and code[2] == "-" and set(code[3:]) <= _DIGITS):
        return False
    checks = {
        "note": lambda v: isinstance(v, str) and len(v) <= 12,
        "count": lambda v: _number(v) and float(v).is_integer() and 0 <= v <= 1000,
        "ratio": lambda v: _number(v) and 0 <= v <= 1,
        "flag": lambda v: isinstance(v, bool),
        "nothing": lambda v: v is None,
        "tags": lambda v: isinstance(v, list) and len(v) <= 3 and all(isinstance(t, str) and t in "ab" for t in v)
        and all(len(t) == 1 for t in v),
        "meta": lambda v: isinstance(v, dict) and set(v) == {"k"} and isinstance(v["k"], str),
    }
    return all(check(arguments[name]) for name, check in checks.items() if name in arguments)


_TRICKY_TEXT = st.text(alphabet="AZQ-0179\n\r\u2028 ١²ab", max_size=9)


_ANY_SCALAR = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 1_200),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, 1.0, 0.5, 5.0, -0.0, 1e308, 1000.0]),
    _TRICKY_TEXT,
)


_ANY_VALUE = st.recursive(
    _ANY_SCALAR,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(["k", "x", "k\n"]), inner, max_size=2)
    ),
    max_leaves=6,
)


_VALID_CODE = st.from_regex(r"\A[A-Z]{2}-[0-9]{1,4}\Z")


_FINITE_VALUE = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False), st.text()),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=3), inner, max_size=2)),
    max_leaves=5,
)


_VALID_ARGUMENTS = st.fixed_dictionaries(
    {"code": _VALID_CODE},
    optional={
        "note": st.text(max_size=12),
        "count": st.one_of(st.integers(0, 1000), st.sampled_from([0.0, 5.0, 1000.0])),
        "ratio": st.one_of(st.floats(0, 1), st.integers(0, 1)),
        "flag": st.booleans(),
        "nothing": st.none(),
        "tags": st.lists(st.sampled_from(["a", "b"]), max_size=3),
        "meta": st.fixed_dictionaries({"k": st.text(max_size=3)}),
        "anything": _FINITE_VALUE,
    },
)


_NON_FINITE = st.sampled_from([float("nan"), float("inf"), float("-inf")])


_TRICKY_VALUE = st.one_of(
    _ANY_VALUE,
    _NON_FINITE,
    _NON_FINITE.map(lambda x: [x]),
    _NON_FINITE.map(lambda x: {"k": x}),
    _VALID_CODE.map(lambda c: c + "\n"),  # $ before a trailing newline
    st.text(min_size=13, max_size=14),
    st.lists(_ANY_SCALAR, max_size=4),
)


def _mutated(arguments: dict[str, Any], field: str, value: Any, drop: bool) -> dict[str, Any]:
    """One change to valid arguments: a field gets a tricky value (or, with ``drop``, goes away)."""
    changed = dict(arguments)
    if drop:
        changed.pop(field, None)
    else:
        changed[field] = value
    return changed


_FUZZ_ARGUMENTS = st.one_of(
    _VALID_ARGUMENTS,
    st.builds(
        _mutated,
        _VALID_ARGUMENTS,
        st.sampled_from([*FUZZ_SCHEMA["properties"], "extra", "code\n"]),
        _TRICKY_VALUE,
        st.sampled_from([False, False, False, True]),
    ),
)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(arguments=_FUZZ_ARGUMENTS, as_text=st.booleans())
def test_fuzz_the_registry_accepts_exactly_what_the_schema_allows(arguments: dict[str, Any], as_text: bool) -> None:
    handler = Calls()
    registry = ToolRegistry(clock=FakeClock())
    registry.register("fuzz", handler, description="Fuzz target.", parameters=FUZZ_SCHEMA)
    sent = json.dumps(arguments) if as_text else arguments  # json.dumps writes NaN/Infinity for non-finite floats
    response = registry.execute("fuzz", sent)
    if _oracle(arguments):
        assert response.ok, (arguments, response)
        assert handler.calls == [arguments]
    else:
        assert response.error_code == ErrorCode.INVALID_ARGUMENT, (arguments, response)
        assert handler.calls == [] and response.data["issues"]


def test_a_bug_in_a_check_is_an_execution_error_that_says_nothing_ran() -> None:
    # nearby hole: the last-resort answer said retry_safe=False ("it may have run") although no handler ran
    handler = Calls()
    registry = refund_registry(handler)
    tool = registry.get("refund_order")
    assert tool is not None

    def broken_validator(instance: Any) -> list[Any]:
        raise RuntimeError("a bug in a check")

    object.__setattr__(tool, "validate", broken_validator)
    response = registry.execute("refund_order", GOOD, SESSION)
    assert response.error_code == ErrorCode.EXECUTION_ERROR and response.data["reason"] == "RUNTIME_ERROR"
    assert response.retry_safe and not response.executed and handler.calls == []
