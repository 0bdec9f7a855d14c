"""Tests for fcourse.teaching.wire.validation: the request body's checks, as the hosted API does them (chapter 2).

The messages and the tools have their own files: test_teaching_validation_messages.py and
test_teaching_validation_tools.py.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from chat_requests import (
    USER,
    WEATHER,
    assert_rejected,
    assistant,
    body,
    rejected,
    tool,
)

from fcourse.errors import InvalidRequestError
from fcourse.teaching.wire.validation import (
    parse_json_body,
    validate_chat_request,
)

# (request, status, param, code, exact message or a fragment starting with "…")
CASES: list[tuple[str, dict[str, Any], int, str | None, str | None, str]] = [
    (
        "parallel_tool_calls without tools",
        body(parallel_tool_calls=False),
        400,
        "parallel_tool_calls",
        None,
        "…'parallel_tool_calls' is only allowed when 'tools' are specified.",
    ),
    (
        "unknown model",
        body(model="gpt-4o"),
        404,
        None,
        "model_not_found",
        "The model `gpt-4o` does not exist or you do not have access to it.",
    ),
    ("no model", body(model=...), 400, None, None, "you must provide a model parameter"),
    ("n above one", body(n=2), 400, "n", "unsupported_value", "…only n=1 is supported"),
    ("unknown field", body(colour="blue"), 400, None, None, "Unrecognized request argument supplied: colour"),
    (
        "stream_options without stream",
        body(stream_options={"include_usage": True}),
        400,
        "stream_options",
        None,
        "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
    ),
    (
        "json_object without the word json",
        body(response_format={"type": "json_object"}),
        400,
        "messages",
        None,
        "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
    ),
    ("extension not an object", body(fcourse=[1]), 400, "fcourse", "invalid_type", "…expected an object"),
    (
        "unknown extension field",
        body(fcourse={"failuremode": "fence"}),
        400,
        "fcourse.failuremode",
        "invalid_value",
        "Unrecognized fcourse extension argument supplied: 'failuremode'. Known: failure_mode, threshold.",
    ),
    (
        "unknown failure mode",
        body(fcourse={"failure_mode": "explode"}),
        400,
        "fcourse.failure_mode",
        "invalid_value",
        "Invalid value: 'explode'. Supported values are: 'clean', 'prose', 'fence', 'truncated', "
        "'trailing_comma', 'single_quotes', 'two_objects', 'forgot', and 'obeys_tool_text'.",
    ),
    (
        "temperature too high",
        body(temperature=3),
        400,
        "temperature",
        "decimal_above_max_value",
        "Invalid 'temperature': decimal above maximum value. Expected a value <= 2, but got 3 instead.",
    ),
    (
        "temperature negative",
        body(temperature=-0.5),
        400,
        "temperature",
        "decimal_below_min_value",
        "Invalid 'temperature': decimal below minimum value. Expected a value >= 0, but got -0.5 instead.",
    ),
    (
        "temperature a string",
        body(temperature="hot"),
        400,
        "temperature",
        "invalid_type",
        "Invalid type for 'temperature': expected a decimal, but got a string instead.",
    ),
    (
        "seed a float",
        body(seed=1.5),
        400,
        "seed",
        "invalid_type",
        "…expected an integer, but got a decimal instead.",
    ),
    (
        "max_tokens zero",
        body(max_tokens=0),
        400,
        "max_tokens",
        "integer_below_min_value",
        "…Expected a value >= 1, but got 0 instead.",
    ),
    (
        "threshold not a number",
        body(fcourse={"threshold": "high"}),
        400,
        "fcourse.threshold",
        "invalid_type",
        "Invalid type for 'fcourse.threshold': expected a decimal, but got a string instead.",
    ),
]


@pytest.mark.parametrize(
    ("request_body", "status", "param", "code", "message"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
def test_rejects_like_the_hosted_api(
    request_body: dict[str, Any], status: int, param: str | None, code: str | None, message: str
) -> None:
    assert_rejected(request_body, status, param, code, message)


def test_body_that_is_not_an_object() -> None:
    err = rejected(["messages"])
    assert err.status == 400 and "expected an object" in err.message


@pytest.mark.parametrize(
    "raw",
    [b"{", b"\xff\xfe", b"", b'{"a": NaN}', b"[1,]", b"{'a': 1}", b'{"a": "x\\ud800"}', b'{"\\udfff": 1}'],
)
def test_unparseable_json(raw: bytes) -> None:
    with pytest.raises(InvalidRequestError) as info:
        parse_json_body(raw)
    assert info.value.message.startswith("We could not parse the JSON body of your request.")
    assert info.value.status == 400


def test_surrogate_pairs_are_fine() -> None:
    assert parse_json_body(b'{"a": "\\ud83d\\ude00"}') == {"a": "\U0001f600"}


def test_deeply_nested_json_is_refused_before_anything_walks_it() -> None:
    nested = "[" * 500 + "]" * 500
    raw = (
        '{"model": "fcourse-teacher", "messages": [{"role": "user", "content": "hi"}], "metadata": '
        + nested
        + "}"
    )
    with pytest.raises(InvalidRequestError, match="nested more than 64 levels"):
        parse_json_body(raw.encode())
    assert parse_json_body(b'{"a": ' + b"[" * 60 + b"]" * 60 + b"}")


@pytest.mark.parametrize(
    "raw",
    [
        b'{"a": ' + b"[" * 70 + b"]" * 70 + b"}",  # too deep, no escape: the containers-only walk
        b'{"a": [' + b"{}," * 80 + b"{}]}",  # many brackets, shallow
        b'{"a": "\\ud800", "b": ' + b"[" * 70 + b"]" * 70 + b"}",  # both: the full walk decides which
        b'{"b": ' + b"[" * 70 + b"]" * 70 + b', "a": "\\ud800"}',
        b'{"a": "\\ud83d\\ude00"}',  # a pair: flagged by the bytes, fine after the walk
        b'{"a": "\\\\ud800"}',  # an escaped backslash, then text: no surrogate
        b'{"a": "\\u00e9"}',
    ],
)
def test_the_raw_byte_shortcuts_agree_with_the_full_walk(raw: bytes) -> None:
    from fcourse.teaching.wire.validation_common import json_problem, raw_json_problem

    value = json.loads(raw)
    assert raw_json_problem(raw, value) == json_problem(value)


def test_a_complete_round_is_accepted_and_normalised() -> None:
    request, delivery = validate_chat_request(
        body(
            messages=[
                {"role": "system", "content": [{"type": "text", "text": "Be brief."}]},
                USER,
                {**assistant("call_a", "call_b"), "refusal": None, "annotations": [], "audio": None},
                tool("call_b"),
                tool("call_a"),
            ],
            tools=[WEATHER],
            stream=True,
            stream_options={"include_usage": True},
            seed=7,
            max_completion_tokens=50,
            user="learner-1",
            fcourse={"failure_mode": "fence", "threshold": 2},
        )
    )
    assert delivery == {"stream": True, "include_usage": True}
    assert request["messages"][0] == {"role": "system", "content": "Be brief."}
    assert request["messages"][2]["content"] is None
    assert [c["id"] for c in request["messages"][2]["tool_calls"]] == ["call_a", "call_b"]
    assert request["tool_choice"] == "auto"
    assert request["parallel_tool_calls"] is True
    assert request["temperature"] is None  # unset stays unset: the policy reads it as 0
    assert (request["seed"], request["max_tokens"]) == (7, 50)
    assert request["fcourse"] == {"failure_mode": "fence", "threshold": 2.0}
    assert "stream" not in request and "user" not in request
    json.dumps(request)  # the policy's input is plain JSON data


def test_defaults_without_tools() -> None:
    request, delivery = validate_chat_request(body())
    assert request["tools"] == [] and request["tool_choice"] == "none"
    assert delivery == {"stream": False, "include_usage": False}
