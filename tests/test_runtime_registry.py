"""fcourse.runtime.registry: registration, the checks before the handler, and responses as data."""

from __future__ import annotations

import enum
import json
from types import SimpleNamespace
from typing import Annotated, Any, Literal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fcourse.clock import FakeClock
from fcourse.errors import (
    BusinessRuleError,
    DuplicateInProgressError,
    DuplicateToolError,
    RegistrationError,
    ServiceUnavailableError,
    ToolTimeoutError,
)
from fcourse.runtime.registry import ErrorCode, ToolRegistry, ToolResponse, schema_from_function
from fcourse.schema import validate
from fcourse.runtime.identity import Session

SESSION = Session("U-1", roles={"customer"})

REFUND_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "order_id": {"type": "string", "pattern": "^O-[0-9]+$"},
        "idempotency_key": {"type": "string", "minLength": 8},
        "amount_cents": {"type": "integer", "minimum": 1},
        "user_id": {"type": "string"},
    },
    "required": ["order_id", "idempotency_key", "user_id"],
    "additionalProperties": False,
}


class Calls:
    """A handler that counts its calls and returns what it got."""

    def __init__(self, result: Any = None, error: BaseException | None = None) -> None:
        self.calls: list[dict[str, Any]] = []
        self.result = result
        self.error = error

    def __call__(self, **kwargs: Any) -> Any:
        self.calls.append(kwargs)
        if self.error is not None:
            raise self.error
        return self.result if self.result is not None else {"ok": True, "args": kwargs}


def refund_registry(handler: Calls, **options: Any) -> ToolRegistry:
    registry = ToolRegistry(clock=FakeClock())
    registry.register(
        "refund_order",
        handler,
        description="Refund a paid order.",
        parameters=REFUND_SCHEMA,
        side_effects=True,
        roles={"customer"},
        session_args={"user_id": "user_id"},
        idempotency_key_arg="idempotency_key",
        health_check=lambda: True,
        **options,
    )
    return registry


class Unit(enum.Enum):
    C = "celsius"
    F = "fahrenheit"


GOOD = {"order_id": "O-100", "idempotency_key": "key-00001"}


# --- registration -------------------------------------------------------------------------


def test_decorator_bare_derives_schema_and_description_from_signature_and_docstring() -> None:
    registry = ToolRegistry()

    @registry.tool
    def get_weather(
        city: str,
        unit: Unit = Unit.C,
        days: int = 1,
        detail: Literal["short", "long"] = "short",
        tags: list[str] | None = None,
        lang: Annotated[str, "An IETF language tag."] = "en",
    ) -> dict[str, Any]:
        """Current weather for a city.

        Args:
            city: City name, e.g. 北京 or Paris.
            days (int): How many days
                of forecast.
        """
        return {"city": city}

    assert get_weather(city="Paris") == {"city": "Paris"}  # still a plain function
    (definition,) = registry.openai_tools()
    function = definition["function"]
    assert definition["type"] == "function"
    assert function["name"] == "get_weather"
    assert function["description"] == "Current weather for a city."
    params = function["parameters"]
    assert params["required"] == ["city"]
    assert params["additionalProperties"] is False
    assert params["properties"]["city"] == {"type": "string", "description": "City name, e.g. 北京 or Paris."}
    assert params["properties"]["unit"] == {"enum": ["celsius", "fahrenheit"], "type": "string"}
    assert params["properties"]["days"]["description"] == "How many days of forecast."
    assert params["properties"]["detail"] == {"enum": ["short", "long"], "type": "string"}
    assert params["properties"]["tags"] == {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]}
    assert params["properties"]["lang"] == {"type": "string", "description": "An IETF language tag."}


def test_decorator_with_options() -> None:
    registry = ToolRegistry()

    @registry.tool(side_effects=True, roles={"support"}, name="cancel", strict=True)
    def cancel_order(order_id: str, user_id: str) -> dict[str, str]:
        """Cancel an unpaid order."""
        return {"cancelled": order_id}

    tool = registry.get("cancel")
    assert tool is not None and tool.side_effects and tool.roles == frozenset({"support"})
    assert registry.openai_tools()[0]["function"]["strict"] is True
    response = registry.execute("cancel", {"order_id": "O-1", "user_id": "U"}, Session("U", roles={"support"}))
    assert response.ok and response.data == {"cancelled": "O-1"}


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


@pytest.mark.parametrize(
    ("name", "kwargs", "match"),
    [
        ("bad name!", {"description": "x", "parameters": {"type": "object"}}, "must match"),
        ("t", {"description": " ", "parameters": {"type": "object"}}, "description"),
        ("t", {"description": "x", "parameters": {"type": "nope"}}, "invalid JSON Schema"),
        ("t", {"description": "x", "parameters": {"type": "string"}}, "type object"),
        (
            "t",
            {"description": "x", "parameters": {"type": "object"}, "session_args": {"user_id": "user_id"}},
            "not in the schema",
        ),
        (
            "t",
            {"description": "x", "parameters": {"type": "object"}, "status_lookup": lambda s, k, a: None},
            "idempotency_key_arg",
        ),
    ],
)
def test_invalid_registrations_fail_loudly(name: str, kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(RegistrationError, match=match):
        ToolRegistry().register(name, lambda **_: None, **kwargs)


def test_untyped_parameters_cannot_be_described() -> None:
    def untyped(x) -> None:  # type: ignore[no-untyped-def]  # noqa: ANN001
        """Untyped."""

    def star(*args: int) -> None:
        """Star."""

    with pytest.raises(RegistrationError, match="type hint"):
        schema_from_function(untyped)
    with pytest.raises(RegistrationError, match=r"\*args"):
        schema_from_function(star)


def test_openai_tools_hide_session_fields() -> None:
    registry = refund_registry(Calls())
    params = registry.openai_tools()[0]["function"]["parameters"]
    assert "user_id" not in params["properties"]
    assert params["required"] == ["order_id", "idempotency_key"]
    assert "user_id" in registry.get("refund_order").parameters["properties"]  # type: ignore[union-attr]


# --- the checks, in order ----------------------------------------------------------------------


def test_unknown_tool_lists_the_available_ones_and_runs_nothing() -> None:
    handler = Calls()
    response = refund_registry(handler).execute("refund_money", GOOD, SESSION)
    assert (response.status, response.error_code) == ("ERROR", ErrorCode.UNKNOWN_TOOL)
    assert response.data == {"available_tools": ["refund_order"]}
    assert response.retry_safe and not response.executed and handler.calls == []


def test_invalid_argument_includes_the_schema_issues() -> None:
    handler = Calls()
    response = refund_registry(handler).execute("refund_order", {"order_id": "100", "amount_cents": 0}, SESSION)
    assert response.error_code == ErrorCode.INVALID_ARGUMENT
    issues = response.data["issues"]
    assert {"path": "$", "message": "'idempotency_key' is a required property", "validator": "required"} in issues
    assert any(issue["path"] == "$.order_id" for issue in issues)
    assert any(issue["path"] == "$.amount_cents" for issue in issues)
    assert response.message.startswith("invalid arguments: ")
    assert handler.calls == []


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


def test_check_order_unknown_then_invalid_then_unavailable() -> None:
    handler = Calls()
    registry = refund_registry(handler)
    registry.set_available("refund_order", False, "maintenance")
    assert registry.execute("nope", "{bad", SESSION).error_code == ErrorCode.UNKNOWN_TOOL
    assert registry.execute("refund_order", "{bad", SESSION).error_code == ErrorCode.INVALID_ARGUMENT
    offline = registry.execute("refund_order", GOOD, SESSION)
    assert offline.error_code == ErrorCode.TOOL_UNAVAILABLE
    assert offline.data == {"reason": "OFFLINE", "detail": "maintenance"}
    registry.set_available("refund_order", True)
    assert registry.execute("refund_order", GOOD, SESSION).ok
    assert len(handler.calls) == 1


def test_permission_is_checked_before_arguments() -> None:
    handler = Calls()
    registry = refund_registry(handler)
    no_session = registry.execute("refund_order", "{bad", None)
    assert no_session.error_code == ErrorCode.PERMISSION_DENIED and no_session.data["reason"] == "NO_SESSION"
    wrong_role = registry.execute("refund_order", GOOD, Session("U-1", roles={"guest"}))
    assert wrong_role.error_code == ErrorCode.PERMISSION_DENIED
    assert wrong_role.data == {"reason": "ROLE", "required_roles": ["customer"]}
    assert handler.calls == []


def test_success_response_and_tool_message() -> None:
    handler = Calls(result={"refund_id": "RF-1"})
    response = refund_registry(handler).execute("refund_order", json.dumps(GOOD), SESSION)
    assert response.ok and response.code == "SUCCESS" and response.executed
    assert response.data == {"refund_id": "RF-1"}
    assert response.idempotency_key == "key-00001"
    assert handler.calls == [{**GOOD, "user_id": "U-1"}]
    message = response.to_tool_message("call_1")
    assert message["role"] == "tool" and message["tool_call_id"] == "call_1"
    assert json.loads(message["content"]) == {
        "status": "SUCCESS",
        "error_code": None,
        "message": "ok",
        "data": {"refund_id": "RF-1"},
        "retry_safe": True,
    }
    assert str(response) == "refund_order response=SUCCESS"


def test_execute_tool_call_accepts_dicts_and_sdk_objects() -> None:
    registry = refund_registry(Calls())
    as_dict = {"id": "c1", "type": "function", "function": {"name": "refund_order", "arguments": json.dumps(GOOD)}}
    as_object = SimpleNamespace(function=SimpleNamespace(name="refund_order", arguments=json.dumps(GOOD)))
    assert registry.execute_tool_call(as_dict, SESSION).ok
    assert registry.execute_tool_call(as_object, SESSION).ok


def test_the_session_identity_overrides_the_model() -> None:
    handler = Calls()
    response = refund_registry(handler).execute("refund_order", {**GOOD, "user_id": "U-666"}, SESSION)
    assert response.ok
    assert handler.calls[0]["user_id"] == "U-1"
    assert response.notes == ("user_id overridden from the session (the model said 'U-666')",)


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


# --- handler failures never escape ---------------------------------------------------------------


class Unprintable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("cannot print me")


@pytest.mark.parametrize(
    "error",
    [
        RuntimeError("boom"),
        ZeroDivisionError("division by zero"),
        KeyError("missing"),
        RecursionError("deep"),
        MemoryError(),
        ToolTimeoutError("no answer"),
        ServiceUnavailableError("refused"),
        Unprintable(),
    ],
    ids=lambda e: type(e).__name__,
)
def test_any_handler_exception_becomes_an_execution_error(error: Exception) -> None:
    registry = refund_registry(Calls(error=error))
    response = registry.execute("refund_order", GOOD, SESSION)
    assert isinstance(response, ToolResponse)
    assert response.status == "ERROR" and response.error_code == ErrorCode.EXECUTION_ERROR
    if isinstance(error, ServiceUnavailableError):
        assert response.retry_safe and response.data["reason"] == "SERVICE_UNAVAILABLE"
    elif isinstance(error, ToolTimeoutError):
        assert not response.retry_safe and response.data["reason"] == "TIMEOUT"
    else:
        assert not response.retry_safe  # a side-effecting tool: the outcome is unknown


def test_a_side_effect_free_tool_failure_is_retry_safe() -> None:
    registry = ToolRegistry()
    registry.register("read", Calls(error=ValueError("x")), description="Read.", parameters={"type": "object"})
    response = registry.execute("read", {}, None)
    assert response.error_code == ErrorCode.EXECUTION_ERROR and response.retry_safe


def test_a_non_json_result_is_an_execution_error() -> None:
    registry = refund_registry(Calls(result=object()))
    assert registry.execute("refund_order", GOOD, SESSION).error_code == ErrorCode.EXECUTION_ERROR


def test_refusals_keep_their_code_and_do_not_trip_the_breaker() -> None:
    registry = refund_registry(Calls(error=BusinessRuleError("ORDER_ALREADY_REFUNDED", "already refunded")))
    for _ in range(5):
        response = registry.execute("refund_order", GOOD, SESSION)
        assert response.error_code == ErrorCode.BUSINESS_RULE_VIOLATION
        assert response.data == {"rule": "ORDER_ALREADY_REFUNDED"}
    assert registry.breaker("refund_order").consecutive_failures == 0
    busy = refund_registry(Calls(error=DuplicateInProgressError("busy")))
    response = busy.execute("refund_order", GOOD, SESSION)
    assert response.error_code == ErrorCode.DUPLICATE_IN_PROGRESS and not response.retry_safe


def test_a_failing_check_is_returned_as_data_too() -> None:
    registry = refund_registry(Calls())
    registry._breakers["refund_order"].admit = lambda: 1 / 0  # type: ignore[method-assign]
    response = registry.execute("refund_order", GOOD, SESSION)
    assert response.error_code == ErrorCode.EXECUTION_ERROR and response.data["reason"] == "RUNTIME_ERROR"


def test_arguments_are_copied_before_the_handler_sees_them() -> None:
    def mutate(**kwargs: Any) -> str:
        kwargs["order_id"] = "changed"
        return "ok"

    registry = refund_registry(Calls())
    registry.register("mutate", mutate, description="Mutates.", parameters={"type": "object"})
    arguments = {"order_id": "O-1"}
    registry.execute("mutate", arguments, None)
    assert arguments == {"order_id": "O-1"}


# --- fuzz: malformed calls give structured errors and never reach the handler --------------------------

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


def test_to_dict_gives_error_codes_as_plain_strings_for_every_refusal() -> None:
    from fcourse.shop.demo import build_world
    from fcourse.runtime.identity import Session

    world = build_world(":memory:")
    stranger = Session(user_id="U-9", roles=frozenset())
    refused = [
        world.registry.execute("no_such_tool", "{}", world.session),
        world.registry.execute("refund_order", '{"order_id": "O-100"}', world.session),
        world.registry.execute(
            "refund_order", '{"order_id": "O-100", "idempotency_key": "refund-O-100-zz"}', stranger
        ),
    ]
    codes = [response.to_dict()["error_code"] for response in refused]
    assert codes == ["UNKNOWN_TOOL", "INVALID_ARGUMENT", "PERMISSION_DENIED"]
    assert all(type(code) is str for code in codes)


# --- issue 11, defect 2: a trailing newline is not inside ^...$ ------------------------------


@pytest.mark.parametrize("field", ["idempotency_key", "order_id"])
def test_a_trailing_newline_does_not_slip_past_an_anchored_pattern(field: str) -> None:
    from fcourse.shop.demo import build_world

    world = build_world(":memory:")
    arguments = {"order_id": "O-100", "idempotency_key": "key-B-0001"}
    arguments[field] += "\n"
    response = world.registry.execute("refund_order", arguments, world.session)
    assert response.error_code == ErrorCode.INVALID_ARGUMENT
    assert [issue["path"] for issue in response.data["issues"]] == [f"$.{field}"]
    assert not response.executed and world.service.requests == 0 and world.domain.ledger() == []


# --- issue 11, defect 3: JSON has no NaN or Infinity ------------------------------------------

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


# --- issue 11, defect 6: a malformed tool call is answered, not raised --------------------------


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


# --- issue 11: a fuzz of the registry against an independent reading of the schema ----------------

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

_UPPER, _DIGITS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), set("0123456789")


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


# --- nearby holes: text that is not Unicode, and keys given twice ------------------------------


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
