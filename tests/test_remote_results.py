"""fcourse.remote.results: a runtime response as an MCP tools/call result."""

from __future__ import annotations

import json

from fcourse.remote.results import call_result
from fcourse.runtime.responses import ErrorCode, ToolResponse


def test_a_success_is_structured_content_and_the_same_json_as_text() -> None:
    result = call_result(ToolResponse(tool="get_order", status="SUCCESS", data={"order_id": "O-100", "n": 1}))
    assert result.is_error is False and result.structured_content == {"order_id": "O-100", "n": 1}
    assert json.loads(result.content[0].text) == {"order_id": "O-100", "n": 1}


def test_a_result_that_is_not_an_object_is_wrapped() -> None:
    result = call_result(ToolResponse(tool="list", status="SUCCESS", data=[1, 2]))
    assert result.structured_content == {"result": [1, 2]}


def test_an_error_is_is_error_with_what_the_model_may_see_and_nothing_else() -> None:
    response = ToolResponse(tool="refund_order", status="ERROR", error_code=ErrorCode.EXECUTION_ERROR,
                            message="refund_order failed while running", data={"reason": "EXCEPTION"},
                            retry_safe=False, notes=("exception: RuntimeError: key=sk-123",))
    result = call_result(response)
    assert result.is_error is True and result.structured_content == response.to_dict()
    assert result.structured_content["error_code"] == "EXECUTION_ERROR"
    assert "sk-123" not in result.content[0].text


def test_pending_is_no_success() -> None:
    result = call_result(ToolResponse(tool="refund_order", status="PENDING", data={"runtime_action": "WAIT"}))
    assert result.is_error is True and result.structured_content["status"] == "PENDING"
