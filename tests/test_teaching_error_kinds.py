"""Tests for fcourse.teaching.wire.error_kinds: each row of the table, read from the endpoint's real error replies."""

from __future__ import annotations

import json
from typing import Any

import pytest
from chat_requests import CALL, USER, WEATHER, assistant, body, tool

from fcourse.teaching.wire.endpoint import MAX_BODY_BYTES, handle
from fcourse.teaching.wire.error_kinds import KINDS, ErrorKind, Seen, classify, read_error
from fcourse.teaching.wire.shaping import dumps

SECRET = "my-card-4111-1111"  # a value a learner typed: it must never come out of the classifier


def completion(request: object) -> tuple[int, bytes]:
    raw = request if isinstance(request, bytes) else json.dumps(request).encode()
    reply = handle("POST", "/v1/chat/completions", raw)
    return reply.status, reply.body


def synthetic(status: int, message: str, param: str | None = None, code: str | None = None) -> tuple[int, bytes]:
    """An error body shaped like the endpoint's, for errors it does not produce (yet)."""
    error = {"message": message, "type": "invalid_request_error", "param": param, "code": code}
    return status, dumps({"error": error})


def dict_arguments() -> dict[str, Any]:
    call = {**CALL, "function": {"name": "get_weather", "arguments": {"city": SECRET}}}
    return body(messages=[USER, {"role": "assistant", "content": None, "tool_calls": [call]}, tool("call_a")])


#: kind -> a reply that shows it: the endpoint's own replies wherever it gives that error
EXAMPLES: dict[str, tuple[int, bytes]] = {
    "tool_call_id_not_found": completion(body(messages=[USER, assistant("call_a"), tool("call_zzz")])),
    "tool_without_call": completion(body(messages=[USER, tool("call_a")])),
    "missing_tool_results": completion(body(messages=[USER, assistant("call_a"), USER])),
    "missing_function_call_output": synthetic(400, "No tool output found for function call call_Ab12.", "input"),
    "function_call_output_without_call": synthetic(
        400, "No tool call found for function call output with call_id call_Ab12.", "input"
    ),
    "arguments_not_a_string": completion(dict_arguments()),
    "arguments_not_json": synthetic(
        400, f"'{{\"city\": {SECRET}' is not valid JSON", "messages.[1].tool_calls.[0].function.arguments"
    ),
    "function_role": completion(body(messages=[USER, {"role": "function", "name": "f", "content": SECRET}])),
    "tool_choice_without_tools": completion(body(tool_choice="auto")),
    "tool_choice_unknown": completion(
        body(tools=[WEATHER], tool_choice={"type": "function", "function": {"name": "nope"}})
    ),
    "bad_tool_schema": completion(
        body(tools=[{"type": "function", "function": {"name": "f", "parameters": {"type": "string"}}}])
    ),
    "bad_tool_name": completion(body(tools=[{"type": "function", "function": {"name": "get weather!"}}])),
    "context_length_exceeded": completion(body(messages=[{"role": "user", "content": "word " * 130_000}])),
    "model_not_found": completion(body(model="gpt-4o")),
    "body_not_json": completion(b"{not json"),
    "unknown_argument": completion(body(temprature=0.2)),
    "missing_parameter": completion({"model": "fcourse-teacher"}),
    "wrong_type": completion(body(messages=[{"role": "user", "content": 42}])),
    "request_too_large": completion(b" " * (MAX_BODY_BYTES + 1)),
    "request_timeout": synthetic(408, "The request did not arrive within 30 seconds.", code="request_timeout"),
    "not_found": (lambda r: (r.status, r.body))(handle("GET", "/v1/nowhere")),
    "method_not_allowed": (lambda r: (r.status, r.body))(handle("DELETE", "/v1/chat/completions")),
    "server_error": synthetic(500, "The server had an error while processing your request.", code=None),
}


def test_every_row_has_an_example_and_no_row_is_hidden_by_an_earlier_one() -> None:
    assert [row.kind for row in KINDS] == list(EXAMPLES)  # one example per row, in the table's order
    assert len({row.kind for row in KINDS}) == len(KINDS)


@pytest.mark.parametrize("kind", list(EXAMPLES))
def test_each_example_is_read_as_its_kind(kind: str) -> None:
    status, raw = EXAMPLES[kind]
    assert status >= 400, raw
    seen = classify(status, raw)
    assert seen is not None and seen.kind == kind, (kind, raw[:300])
    assert seen.label == next(row.label for row in KINDS if row.kind == kind)


def test_the_field_path_is_kept_and_the_message_is_not() -> None:
    seen = classify(*EXAMPLES["tool_call_id_not_found"])
    assert seen == Seen("tool_call_id_not_found", seen.label if seen else "", "messages.[2].tool_call_id")
    for kind, (status, raw) in EXAMPLES.items():
        assert SECRET not in repr(classify(status, raw)), kind


def test_a_success_has_no_kind() -> None:
    status, raw = completion(body(tools=[WEATHER]))
    assert status == 200 and classify(status, raw) is None


def test_an_error_no_row_knows_is_other_with_its_status_and_code() -> None:
    seen = classify(*synthetic(400, "Something new went wrong.", "foo", "brand_new_code"))
    assert seen == Seen("other_400_brand_new_code", "other error (400, brand_new_code)", "foo")
    assert classify(418, b"not even json") == Seen("other_418", "other error (418)", None)


def test_a_new_kind_is_one_more_row() -> None:
    row = ErrorKind("teapot", "asked a teapot for coffee", status=418, message=r"teapot")
    status, raw = synthetic(418, "I am a teapot")
    assert classify(status, raw).kind == "other_418"  # type: ignore[union-attr]
    assert classify(status, raw, (*KINDS, row)) == Seen("teapot", "asked a teapot for coffee", None)


def test_a_row_matches_only_when_every_field_it_gives_matches() -> None:
    row = ErrorKind("k", "label", status=range(400, 410), code="c", param=r"^messages", message=r"bad")
    error = {"code": "c", "param": "messages.[0]", "message": "a bad thing"}
    assert row.matches(404, error)
    assert not row.matches(500, error)
    assert not row.matches(404, {**error, "code": "d"})
    assert not row.matches(404, {**error, "param": None})
    assert not row.matches(404, {**error, "message": "fine"})


@pytest.mark.parametrize("raw", [b"", b"[]", b'{"error": "text"}', b'{"error": null}', b"\xff\xfe"])
def test_read_error_tolerates_any_body(raw: bytes) -> None:
    assert read_error(raw) == {}
