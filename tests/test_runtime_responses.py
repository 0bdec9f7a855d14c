"""fcourse.runtime.responses: results and structured errors as data, whatever the handler did."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from registry_support import GOOD, SESSION, Calls, refund_registry

from fcourse.errors import BusinessRuleError, DuplicateInProgressError, ServiceUnavailableError, ToolTimeoutError
from fcourse.runtime.identity import Session
from fcourse.runtime.registry import ErrorCode, ToolRegistry, ToolResponse


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


def test_to_dict_gives_error_codes_as_plain_strings_for_every_refusal() -> None:
    from fcourse.shop.demo import build_world

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


# --- ToolResponse.built: the registry's fast constructor is the dataclass's, faster -----------


@pytest.mark.parametrize(
    "values",
    [
        {"tool": "t", "status": "SUCCESS"},
        {"tool": "t", "status": "SUCCESS", "message": "ok", "data": 3, "executed": True, "notes": ("n",)},
        {"tool": "t", "status": "ERROR", "error_code": ErrorCode.EXECUTION_ERROR, "retry_safe": False,
         "idempotency_key": "k", "arguments_hash": "h", "confirmed": True, "replayed": True, "arguments": {"a": 1}},
    ],
)  # fmt: skip
def test_built_is_the_same_response_as_the_constructor(values: dict[str, Any]) -> None:
    built, made = ToolResponse.built(**values), ToolResponse(**values)
    assert built == made and hash(built) == hash(made) and repr(built) == repr(made)
    assert vars(built) == vars(made) and built.arguments == made.arguments
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.status = "ERROR"  # type: ignore[misc]


def test_built_refuses_what_the_constructor_refuses() -> None:
    with pytest.raises(TypeError):
        ToolResponse.built(tool="t", status="SUCCESS", no_such_field=1)
    with pytest.raises(TypeError):
        ToolResponse.built(status="SUCCESS")


def test_every_field_but_tool_and_status_has_a_plain_default() -> None:
    # built() copies defaults; a default_factory would be shared between responses, so it must not appear unseen
    for item in dataclasses.fields(ToolResponse):
        assert item.default_factory is dataclasses.MISSING
        assert (item.default is dataclasses.MISSING) == (item.name in ("tool", "status"))


def test_an_execution_error_keeps_the_exception_text_out_of_what_the_model_sees() -> None:
    from fcourse.runtime.responses import failed_in_handler

    secret = "POST https://payments.internal/v1/refunds?api_key=sk-live-51f2 refused"
    response = failed_in_handler(RuntimeError(secret), side_effects=True, tool="refund_order")
    assert "sk-live-51f2" not in response.to_json() and "payments.internal" not in response.to_json()
    assert response.message == "refund_order failed while running; it may or may not have taken effect"
    assert response.notes == (f"exception: RuntimeError: {secret}",)  # kept for the log, not for the model
    assert not response.retry_safe
    timeout = failed_in_handler(TimeoutError("slow"), side_effects=False, tool="get_order")
    assert timeout.message == "get_order did not answer in time; it changed nothing" and timeout.retry_safe
