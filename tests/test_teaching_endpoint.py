"""Tests for fcourse.teaching.wire.endpoint and fcourse.teaching.wire.transport (chapters 0 and 2).

Protocol shaping is tested against a scripted fake policy (so each case is
exact); the end-to-end tests at the bottom run against the real policy.
"""

from __future__ import annotations

import json
import re
import types
from typing import Any

import httpx2
import openai
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fcourse.errors import ConfigurationError, FcourseError, InvalidRequestError, PolicyContractError
from fcourse.teaching.deciding.decision import Decision, ProposedCall
from fcourse.teaching.wire import endpoint
from fcourse.teaching.wire.endpoint import MODEL_NAME, SYSTEM_FINGERPRINT, chat_completion, estimate_tokens, handle
from fcourse.teaching.wire.transport import teaching_transport

WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Get the current weather for a city.",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
}
TIME = {
    "type": "function",
    "function": {
        "name": "get_time",
        "description": "Get the local time in a city.",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
}
ORDER = {
    "type": "function",
    "function": {
        "name": "get_order",
        "description": "Look up an order by its id.",
        "parameters": {
            "type": "object",
            "properties": {"order_id": {"type": "string", "pattern": "^O-[0-9]+$"}},
            "required": ["order_id"],
        },
    },
}
TOOLS = [WEATHER, TIME, ORDER]


def request(content: str = "What's the weather in Paris?", **fields: Any) -> dict[str, Any]:
    return {"model": MODEL_NAME, "messages": [{"role": "user", "content": content}], "tools": TOOLS, **fields}


def post(body: object, path: str = "/v1/chat/completions") -> endpoint.Reply:
    raw = body if isinstance(body, bytes) else json.dumps(body, ensure_ascii=False).encode()
    return handle("POST", path, raw)


def reassemble(chunks: list[dict[str, Any]]) -> dict[str, Any]:
    """Rebuild the message from chat.completion.chunk objects, as a client would."""
    message: dict[str, Any] = {"role": None, "content": None, "tool_calls": []}
    finish = None
    usage = None
    for chunk in chunks:
        if chunk.get("usage"):
            usage = chunk["usage"]
        for choice in chunk["choices"]:
            delta = choice["delta"]
            message["role"] = delta.get("role") or message["role"]
            if delta.get("content") is not None:
                message["content"] = (message["content"] or "") + delta["content"]
            for call in delta.get("tool_calls") or []:
                calls = message["tool_calls"]
                if call["index"] == len(calls):
                    calls.append(
                        {
                            "id": call["id"],
                            "type": call["type"],
                            "function": {"name": call["function"]["name"], "arguments": ""},
                        }
                    )
                calls[call["index"]]["function"]["arguments"] += call["function"].get("arguments", "")
            finish = choice["finish_reason"] or finish
    if not message["tool_calls"]:
        del message["tool_calls"]
    return {"message": message, "finish_reason": finish, "usage": usage}


def sse_events(reply: endpoint.Reply) -> list[str]:
    text = b"".join(reply.iter_bytes()).decode()
    assert text.endswith("\n\n")
    events = text[:-2].split("\n\n")
    assert all(e.startswith("data: ") for e in events)
    return [e[len("data: ") :] for e in events]


# --------------------------------------------------------------------------- a scripted policy


class FakePolicy:
    """Answers whatever the test scripts, and remembers what it was asked."""

    def __init__(self) -> None:
        self.decision = Decision("text", content="Hello there, learner. 你好！")
        self.seen: list[dict[str, Any]] = []

    def decide(self, req: dict[str, Any]) -> Decision:
        self.seen.append(req)
        return self.decision


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakePolicy:
    policy = FakePolicy()
    monkeypatch.setattr(endpoint, "_policy", lambda: policy)
    return policy


CALLS = Decision(
    "tool_calls",
    record={"scores": {"get_weather": 1.0}, "why": "scripted"},
    tool_calls=(
        ProposedCall("get_weather", {"city": "北京"}),
        ProposedCall("get_time", {"city": "Paris, France"}),
    ),
    finish_reason="tool_calls",
)


def test_completion_has_the_hosted_shape(fake: FakePolicy) -> None:
    fake.decision = CALLS
    reply = post(request())
    assert reply.status == 200 and not reply.streaming
    assert ("content-type", "application/json") in reply.headers
    data = reply.json()
    assert list(data) == ["id", "object", "created", "model", "choices", "usage", "system_fingerprint"]
    assert re.fullmatch(r"chatcmpl-[A-Za-z0-9]{29}", data["id"])
    assert data["object"] == "chat.completion" and data["model"] == MODEL_NAME
    assert isinstance(data["created"], int) and 1_767_225_600 <= data["created"] < 1_767_225_600 + 366 * 86400
    assert data["system_fingerprint"] == SYSTEM_FINGERPRINT and re.fullmatch(
        r"fp_[0-9a-f]{10}", SYSTEM_FINGERPRINT
    )
    choice = data["choices"][0]
    assert choice["index"] == 0 and choice["logprobs"] is None and choice["finish_reason"] == "tool_calls"
    message = choice["message"]
    assert message["role"] == "assistant" and message["content"] is None and message["refusal"] is None
    first, second = message["tool_calls"]
    assert re.fullmatch(r"call_[A-Za-z0-9]{24}", first["id"]) and first["id"] != second["id"]
    assert first["type"] == "function"
    assert first["function"] == {"name": "get_weather", "arguments": '{"city": "北京"}'}
    assert json.loads(second["function"]["arguments"]) == {"city": "Paris, France"}
    usage = data["usage"]
    assert usage["total_tokens"] == usage["prompt_tokens"] + usage["completion_tokens"] > 0


def test_text_reply_omits_tool_calls(fake: FakePolicy) -> None:
    data = post(request()).json()
    message = data["choices"][0]["message"]
    assert message == {"role": "assistant", "content": "Hello there, learner. 你好！", "refusal": None}
    assert data["choices"][0]["finish_reason"] == "stop"


def test_policy_sees_the_normalised_request(fake: FakePolicy) -> None:
    post(request(seed=42, temperature=0.7, max_tokens=20, fcourse={"failure_mode": "fence"}, user="u"))
    (seen,) = fake.seen
    assert seen["seed"] == 42 and seen["temperature"] == 0.7 and seen["max_tokens"] == 20
    assert seen["fcourse"] == {"failure_mode": "fence"}
    assert seen["tool_choice"] == "auto" and seen["parallel_tool_calls"] is True
    assert "user" not in seen


def test_same_request_same_bytes_and_different_request_different_ids(fake: FakePolicy) -> None:
    fake.decision = CALLS
    first, again = post(request()), post(request())
    assert first.body == again.body and first.headers == again.headers
    other = post(request("And in Rome?")).json()
    assert other["id"] != first.json()["id"]
    assert (
        other["choices"][0]["message"]["tool_calls"][0]["id"]
        != first.json()["choices"][0]["message"]["tool_calls"][0]["id"]
    )


def test_key_order_of_the_request_does_not_change_the_reply(fake: FakePolicy) -> None:
    body = request(seed=1)
    shuffled = dict(reversed(list(body.items())))
    assert post(body).body == post(shuffled).body


@pytest.mark.parametrize(
    "decision", [CALLS, Decision("answer", content="It is sunny in 北京, 25 °C.\nEnjoy!")]
)
@pytest.mark.parametrize("include_usage", [False, True])
def test_stream_reassembles_to_the_completion(
    fake: FakePolicy, decision: Decision, include_usage: bool
) -> None:
    fake.decision = decision
    plain = post(request()).json()
    stream_body = request(
        stream=True, **({"stream_options": {"include_usage": True}} if include_usage else {})
    )
    reply = post(stream_body)
    assert reply.streaming and reply.status == 200
    assert reply.headers[0] == ("content-type", "text/event-stream; charset=utf-8")
    events = sse_events(reply)
    assert events[-1] == "[DONE]"
    chunks = [json.loads(e) for e in events[:-1]]
    assert len(chunks) > 4
    for chunk in chunks:
        assert (chunk["id"], chunk["created"], chunk["model"]) == (plain["id"], plain["created"], MODEL_NAME)
        assert chunk["object"] == "chat.completion.chunk"
        assert ("usage" in chunk) is include_usage
    assert chunks[0]["choices"][0]["delta"]["role"] == "assistant"
    finishing = chunks[-2] if include_usage else chunks[-1]
    assert (
        finishing["choices"][0]["delta"] == {}
        and finishing["choices"][0]["finish_reason"] == plain["choices"][0]["finish_reason"]
    )
    if include_usage:
        assert chunks[-1]["choices"] == [] and chunks[-1]["usage"] == plain["usage"]
        assert all(c["usage"] is None for c in chunks[:-1])
    rebuilt = reassemble(chunks)
    expected = {k: v for k, v in plain["choices"][0]["message"].items() if k != "refusal"}
    assert rebuilt["message"] == expected
    assert rebuilt["finish_reason"] == plain["choices"][0]["finish_reason"]


def test_stream_sends_arguments_in_fragments(fake: FakePolicy) -> None:
    fake.decision = CALLS
    chunks = [json.loads(e) for e in sse_events(post(request(stream=True)))[:-1]]
    heads = [
        d["tool_calls"][0]
        for c in chunks
        for d in [c["choices"][0]["delta"]]
        if d.get("tool_calls") and "id" in d["tool_calls"][0]
    ]
    assert [h["index"] for h in heads] == [0, 1]
    assert all(h["function"]["arguments"] == "" and h["type"] == "function" for h in heads)
    fragments = [
        d["tool_calls"][0]["function"]["arguments"]
        for c in chunks
        for d in [c["choices"][0]["delta"]]
        if d.get("tool_calls") and "id" not in d["tool_calls"][0]
    ]
    assert len(fragments) >= 4


def test_models_routes() -> None:
    listing = handle("GET", "/v1/models").json()
    assert listing == {
        "object": "list",
        "data": [{"id": MODEL_NAME, "object": "model", "created": 1_767_225_600, "owned_by": "fcourse"}],
    }
    assert handle("GET", f"/v1/models/{MODEL_NAME}?x=1").json() == listing["data"][0]
    missing = handle("GET", "/v1/models/gpt-5")
    assert missing.status == 404 and missing.json()["error"]["code"] == "model_not_found"


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("POST", "/v1/completions", 404),
        ("GET", "/", 404),
        ("GET", "/v1/chat/completions", 405),
        ("DELETE", "/v1/models", 405),
        ("PUT", "/v1/fcourse/explain", 405),
        ("POST", "/v1/models/fcourse-teacher", 405),
    ],
)
def test_unknown_routes_and_wrong_methods(method: str, path: str, status: int) -> None:
    reply = handle(method, path, b"")
    assert reply.status == status
    error = reply.json()["error"]
    assert set(error) == {"message", "type", "param", "code"} and error["type"] == "invalid_request_error"
    if status == 404:
        assert error["message"] == f"Invalid URL ({method} {path})"
    else:
        assert dict(reply.headers)["allow"]


def test_bad_body_gets_the_hosted_parse_error() -> None:
    reply = post(b"{not json")
    assert reply.status == 400
    assert reply.json()["error"]["message"].startswith("We could not parse the JSON body of your request.")


def test_policy_bug_is_a_500_that_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(req: dict[str, Any]) -> Decision:
        raise KeyError("oops")

    monkeypatch.setattr(endpoint, "_policy", lambda: types.SimpleNamespace(decide=broken))
    reply = post(request())
    assert reply.status == 500
    error = reply.json()["error"]
    assert error["type"] == "server_error" and "KeyError" in error["message"]


@pytest.mark.parametrize(
    "decision",
    [
        Decision("tool_calls", tool_calls=(ProposedCall("refund_order", {}),), finish_reason="tool_calls"),
        Decision("tool_calls"),
        "not a decision",
    ],
)
def test_policy_contract_violations_are_caught(fake: FakePolicy, decision: Any) -> None:
    fake.decision = decision
    reply = post(request())
    assert reply.status == 500 and "PolicyContractError" in reply.json()["error"]["message"]


def test_explain_route_and_function(fake: FakePolicy) -> None:
    fake.decision = CALLS
    via_http = post(request(stream=True), "/v1/fcourse/explain")
    assert via_http.status == 200 and not via_http.streaming
    record = via_http.json()
    assert record == endpoint.explain(request())
    assert record["object"] == "fcourse.explanation"
    assert record["id"] == post(request()).json()["id"]
    assert record["decision"]["kind"] == "tool_calls"
    assert record["record"] == {"scores": {"get_weather": 1.0}, "why": "scripted"}
    bad = post({"model": MODEL_NAME}, "/v1/fcourse/explain")
    assert bad.status == 400 and bad.json()["error"]["code"] == "missing_required_parameter"
    with pytest.raises(InvalidRequestError, match="Missing required parameter: 'messages'"):
        endpoint.explain({"model": MODEL_NAME})


def test_chat_completion_from_python(fake: FakePolicy) -> None:
    assert chat_completion(request()) == post(request()).json()


def test_prompt_over_the_context_window_is_refused(fake: FakePolicy) -> None:
    reply = post(request("weather " * 130_000))
    assert reply.status == 400 and not fake.seen
    error = reply.json()["error"]
    assert error["code"] == "context_length_exceeded" and error["param"] == "messages"
    assert error["message"].startswith(
        "This model's maximum context length is 128000 tokens. However, your messages resulted in "
    )
    assert error["message"].endswith("Please reduce the length of the messages or functions.")


def test_body_over_the_size_limit_is_413_in_process_too() -> None:
    reply = post(b"{" + b" " * endpoint.MAX_BODY_BYTES + b"}")
    assert reply.status == 413 and reply.json()["error"]["code"] == "request_too_large"


def test_estimate_tokens() -> None:
    assert estimate_tokens("") == 0
    assert estimate_tokens("Hello, world!") == 4
    assert estimate_tokens("北京天气怎么样？") == 8
    assert estimate_tokens("order O-100 refund") == 5


# --------------------------------------------------------------------------- through the SDK, in-process


@pytest.fixture
def sdk() -> openai.OpenAI:
    return openai.OpenAI(
        api_key="offline",
        base_url="http://teaching-model.invalid/v1",
        http_client=httpx2.Client(transport=teaching_transport()),
        max_retries=0,
    )


def test_sdk_errors_are_the_real_exception_types(sdk: openai.OpenAI, fake: FakePolicy) -> None:
    with pytest.raises(openai.BadRequestError) as info:
        sdk.chat.completions.create(
            model=MODEL_NAME, messages=[{"role": "user", "content": "hi"}], tool_choice="auto"
        )
    assert "'tool_choice' is only allowed when 'tools' are specified" in info.value.message
    assert info.value.param == "tool_choice"
    with pytest.raises(openai.NotFoundError) as missing:
        sdk.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "hi"}])
    assert "The model `gpt-4o` does not exist" in missing.value.message
    assert missing.value.code == "model_not_found"


def test_sdk_stream_matches_sdk_completion(sdk: openai.OpenAI, fake: FakePolicy) -> None:
    fake.decision = CALLS
    plain = sdk.chat.completions.create(model=MODEL_NAME, messages=request()["messages"], tools=TOOLS)
    chunks = list(
        sdk.chat.completions.create(
            model=MODEL_NAME,
            messages=request()["messages"],
            tools=TOOLS,
            stream=True,
            stream_options={"include_usage": True},
        )
    )
    rebuilt = reassemble([c.model_dump() for c in chunks])
    expected = plain.choices[0].message.model_dump(exclude_none=True)
    assert {k: v for k, v in rebuilt["message"].items() if v is not None} == expected
    assert chunks[-1].usage == plain.usage


# --------------------------------------------------------------------------- fuzz: never a 5xx


def _valid_bodies() -> list[dict[str, Any]]:
    call = {
        "id": "call_1",
        "type": "function",
        "function": {"name": "get_weather", "arguments": '{"city": "北京"}'},
    }
    return [
        request(),
        request("北京今天天气怎么样？", tool_choice="required", seed=3, temperature=0.8),
        request(
            tool_choice={"type": "function", "function": {"name": "get_order"}}, parallel_tool_calls=False
        ),
        {
            "model": MODEL_NAME,
            "messages": [
                {"role": "system", "content": "Answer in JSON."},
                {"role": "user", "content": "What was my order total last month?"},
            ],
            "max_tokens": 30,
        },
        {
            "model": MODEL_NAME,
            "tools": TOOLS,
            "messages": [
                {"role": "user", "content": "What's the weather in 北京?"},
                {"role": "assistant", "content": None, "tool_calls": [call]},
                {"role": "tool", "tool_call_id": "call_1", "content": '{"temp_c": 25, "sky": "sunny"}'},
            ],
        },
    ]


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4)
    ),
    max_leaves=20,
)
field_names = st.sampled_from(
    [
        "model",
        "messages",
        "tools",
        "tool_choice",
        "parallel_tool_calls",
        "temperature",
        "seed",
        "max_tokens",
        "stream",
        "stream_options",
        "n",
        "response_format",
        "fcourse",
        "role",
        "content",
        "tool_calls",
        "tool_call_id",
        "function",
        "name",
        "arguments",
        "parameters",
        "type",
        "properties",
        "required",
        "items",
        "strict",
        "additionalProperties",
        "pattern",
        "enum",
        "description",
        "id",
    ]
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, sub in value.items():
            found += _paths(sub, (*prefix, key))
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            found += _paths(sub, (*prefix, i))
    return found


@st.composite
def mutated_bodies(draw: st.DrawFn) -> Any:
    body = json.loads(json.dumps(draw(st.sampled_from(_valid_bodies()))))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(body)
        path = draw(st.sampled_from(paths))
        if not path:
            body = draw(json_values)
            continue
        parent = body
        for step in path[:-1]:
            parent = parent[step]
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "replace" or not isinstance(parent, (dict, list)):
            parent[path[-1]] = draw(json_values | field_names)
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(field_names)] = draw(json_values)
        else:
            parent.append(draw(json_values))
        if not isinstance(body, (dict, list)):
            break
    return body


def _assert_well_formed_4xx_or_200(reply: endpoint.Reply) -> None:
    assert reply.status < 500, reply.body
    if reply.status != 200:
        error = reply.json()["error"]
        assert isinstance(error["message"], str) and error["type"] == "invalid_request_error"
    elif not reply.streaming:
        assert reply.json()["object"] in ("chat.completion", "fcourse.explanation")


names = st.text("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-", min_size=1, max_size=12)
scalars = st.none() | st.booleans() | st.integers(-1000, 1000) | st.floats(-1e6, 1e6) | st.text(max_size=8)
schemas = st.deferred(
    lambda: (
        st.fixed_dictionaries(
            {
                "type": st.sampled_from(["string", "integer", "number", "boolean", "null"])
                | st.just(["string", "null"])
            },
            optional={
                "description": st.text(max_size=30),
                "enum": st.lists(scalars, min_size=1, max_size=3),
                "default": scalars | json_values,
                "format": st.sampled_from(["date", "date-time", "email", "uri", "uuid", "weird"]),
                "pattern": st.sampled_from(["^O-[0-9]+$", "^[A-Z]{3}$", ".*", "^\\d{4}-\\d{2}$", "(a|b)+"]),
                "minimum": st.integers(-10, 10),
                "maxLength": st.integers(0, 20),
                "examples": st.lists(scalars, max_size=2),
            },
        )
        | st.fixed_dictionaries(
            {"type": st.just("array"), "items": schemas}, optional={"minItems": st.integers(0, 3)}
        )
        | st.fixed_dictionaries(
            {"type": st.just("object"), "properties": st.dictionaries(names, schemas, max_size=3)},
            optional={"additionalProperties": st.booleans() | schemas},
        )
        | st.fixed_dictionaries({"anyOf": st.lists(schemas, min_size=1, max_size=2)})
        | st.booleans()
        | st.just({})
    )
)


@st.composite
def valid_requests(draw: st.DrawFn) -> dict[str, Any]:
    """Well-formed requests with arbitrary text, tools and options: the policy must cope."""
    tool_names = draw(st.lists(names, min_size=0, max_size=4, unique=True))
    tools = [
        {
            "type": "function",
            "function": {
                "name": n,
                "description": draw(st.text(max_size=60)),
                "parameters": {
                    "type": "object",
                    "properties": draw(st.dictionaries(names, schemas, max_size=3)),
                },
            },
        }
        for n in tool_names
    ]
    for t in tools:
        props = t["function"]["parameters"]["properties"]
        t["function"]["parameters"]["required"] = (
            draw(st.lists(st.sampled_from(sorted(props)), unique=True)) if props else []
        )
    messages: list[dict[str, Any]] = []
    if draw(st.booleans()):
        messages.append(
            {"role": draw(st.sampled_from(["system", "developer"])), "content": draw(st.text(max_size=80))}
        )
    messages.append({"role": "user", "content": draw(st.text(max_size=120))})
    if tools and draw(st.booleans()):
        calls = [
            {
                "id": f"call_{i}",
                "type": "function",
                "function": {
                    "name": draw(st.sampled_from(tool_names)),
                    "arguments": draw(st.text(max_size=40) | st.just("{}")),
                },
            }
            for i in range(draw(st.integers(1, 3)))
        ]
        messages.append(
            {"role": "assistant", "content": draw(st.none() | st.text(max_size=20)), "tool_calls": calls}
        )
        messages += [
            {"role": "tool", "tool_call_id": c["id"], "content": draw(st.text(max_size=60))} for c in calls
        ]
        if draw(st.booleans()):
            messages.append({"role": "user", "content": draw(st.text(max_size=60))})
    body: dict[str, Any] = {"model": MODEL_NAME, "messages": messages}
    if tools:
        body["tools"] = tools
        body["tool_choice"] = draw(
            st.sampled_from(
                [
                    "auto",
                    "none",
                    "required",
                    *[{"type": "function", "function": {"name": n}} for n in tool_names],
                ]
            )
        )
        body["parallel_tool_calls"] = draw(st.booleans())
    for key, strategy in (
        ("temperature", st.floats(0, 2)),
        ("seed", st.integers(-(2**63), 2**63 - 1)),
        ("max_tokens", st.integers(1, 200)),
        (
            "fcourse",
            st.fixed_dictionaries(
                {},
                optional={
                    "failure_mode": st.sampled_from(
                        [
                            "clean",
                            "prose",
                            "fence",
                            "truncated",
                            "trailing_comma",
                            "single_quotes",
                            "two_objects",
                            "forgot",
                        ]
                    ),
                    "threshold": st.floats(0, 1000),
                },
            ),
        ),
    ):
        if draw(st.booleans()):
            body[key] = draw(strategy)
    return body


FUZZ = settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(mutated_bodies(), st.booleans())
def test_fuzz_mutated_requests_never_5xx(body: Any, stream: bool) -> None:
    if stream and isinstance(body, dict):
        body["stream"] = True
    reply = post(body, "/v1/chat/completions")
    _assert_well_formed_4xx_or_200(reply)
    b"".join(reply.iter_bytes())


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(valid_requests(), st.booleans())
def test_fuzz_valid_but_unusual_requests_always_answer(body: dict[str, Any], stream: bool) -> None:
    reply = post({**body, "stream": stream})
    assert reply.status == 200, reply.body
    if stream:
        events = sse_events(reply)
        rebuilt = reassemble([json.loads(e) for e in events[:-1]])
        plain = post(body).json()["choices"][0]
        assert rebuilt["message"] == {k: v for k, v in plain["message"].items() if k != "refusal"}
    else:
        data = reply.json()
        for call in data["choices"][0]["message"].get("tool_calls", []):
            assert call["function"]["name"] in [t["function"]["name"] for t in body["tools"]]
            assert isinstance(json.loads(call["function"]["arguments"]), dict)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_fuzz_random_json_never_5xx(body: Any) -> None:
    _assert_well_formed_4xx_or_200(post(body))
    _assert_well_formed_4xx_or_200(post(body, "/v1/fcourse/explain"))


@settings(max_examples=200, deadline=None)
@given(
    st.text(st.characters(exclude_categories=()), max_size=30),
    st.sampled_from(["content", "description", "name"]),
)
def test_fuzz_any_code_point_never_5xx(text: str, where: str) -> None:
    body = request()
    if where == "content":
        body["messages"][0]["content"] = text
    else:
        body["tools"] = [{"type": "function", "function": {**WEATHER["function"], where: text}}]
    _assert_well_formed_4xx_or_200(post(json.dumps(body).encode()))  # ASCII JSON: "\\ud800" escapes


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200), st.sampled_from(["GET", "POST", "PATCH", "OPTIONS"]), st.text(max_size=30))
def test_fuzz_random_bytes_methods_and_paths_never_5xx(raw: bytes, method: str, path: str) -> None:
    _assert_well_formed_4xx_or_200(handle(method, "/v1/chat/completions", raw))
    _assert_well_formed_4xx_or_200(handle(method, "/v1/" + path, raw))


# --------------------------------------------------------------------------- the real policy, end to end


def test_real_policy_weather_in_beijing_end_to_end(sdk: openai.OpenAI) -> None:
    tools = [WEATHER]
    messages: list[Any] = [{"role": "user", "content": "北京今天天气怎么样？"}]
    first = sdk.chat.completions.create(model=MODEL_NAME, messages=messages, tools=tools)
    assert first.choices[0].finish_reason == "tool_calls"
    (call,) = first.choices[0].message.tool_calls
    assert call.function.name == "get_weather"
    assert "北京" in json.loads(call.function.arguments)["city"]
    messages += [
        first.choices[0].message,
        {"role": "tool", "tool_call_id": call.id, "content": '{"city": "北京", "temp_c": 25, "sky": "晴"}'},
    ]
    final = sdk.chat.completions.create(model=MODEL_NAME, messages=messages, tools=tools)
    assert final.choices[0].finish_reason == "stop"
    assert final.choices[0].message.tool_calls is None
    assert "25" in final.choices[0].message.content


def test_real_policy_is_deterministic_and_streams_the_same(sdk: openai.OpenAI) -> None:
    for body in _valid_bodies():
        first, again = post(body), post(body)
        assert first.status == 200, first.body
        assert first.body == again.body
        plain = first.json()
        rebuilt = reassemble([json.loads(e) for e in sse_events(post({**body, "stream": True}))[:-1]])
        assert rebuilt["message"] == {
            k: v for k, v in plain["choices"][0]["message"].items() if k != "refusal"
        }
        assert rebuilt["finish_reason"] == plain["choices"][0]["finish_reason"]


# --------------------------------------------------------------------------- fcourse.explain


def test_the_facade_exports_the_endpoints_explain() -> None:
    import fcourse

    assert fcourse.explain is endpoint.explain


def test_explain_returns_what_the_connection_and_the_route_return(monkeypatch: pytest.MonkeyPatch) -> None:
    from fcourse.client import connect

    monkeypatch.delenv("FCOURSE_BACKEND", raising=False)
    body = request("北京天气怎么样？")
    record = endpoint.explain(body)
    assert record == connect(quiet=True, env={}).explain(body["messages"], body["tools"])
    assert record == post(body, "/v1/fcourse/explain").json()
    assert set(record) == {"object", "id", "model", "decision", "record", "in_words"}
    assert record["decision"]["kind"] == "tool_calls" and record["record"]["chosen"] == ["get_weather"]


@pytest.mark.parametrize(
    ("body", "param", "code"),
    [
        pytest.param({"model": MODEL_NAME, "messages": "hello"}, "messages", "invalid_type", id="messages-a-string"),
        pytest.param({"messages": [{"role": "user", "content": "hi"}]}, None, None, id="no-model"),
        pytest.param(request(tool_choice="sometimes"), "tool_choice", "invalid_value", id="bad-tool-choice"),
        pytest.param(
            {"model": MODEL_NAME, "messages": [{"role": "user", "content": "hi"},
                                               {"role": "tool", "tool_call_id": "call_1", "content": "x"}]},
            "messages.[1].role", None, id="orphan-tool-message",
        ),
        pytest.param(request(tools=[{**WEATHER, "function": {**WEATHER["function"], "name": "get weather"}}]),
                     "tools[0].function.name", "invalid_value", id="bad-tool-name"),
        pytest.param("not an object", None, "invalid_type", id="not-an-object"),
    ],
)
def test_explain_rejects_what_a_completion_rejects(
    monkeypatch: pytest.MonkeyPatch, body: Any, param: str | None, code: str | None
) -> None:
    monkeypatch.setenv("FCOURSE_BACKEND", "offline")
    with pytest.raises(InvalidRequestError) as info:
        endpoint.explain(body)
    err = info.value
    assert isinstance(err, FcourseError) and isinstance(err, ValueError)
    assert (err.param, err.code) == (param, code)
    completion = post(body)
    assert completion.status == err.status and completion.json() == err.to_body()
    with pytest.raises(InvalidRequestError) as again:
        chat_completion(body)
    assert again.value.to_body() == err.to_body()


@pytest.mark.parametrize("backend", ["openai", " OpenAI "])
def test_explain_refuses_when_a_provider_is_the_backend(monkeypatch: pytest.MonkeyPatch, backend: str) -> None:
    monkeypatch.setenv("FCOURSE_BACKEND", backend)
    with pytest.raises(ConfigurationError, match=r"FCOURSE_BACKEND is 'openai'.*offline, server"):
        endpoint.explain(request())


def test_explain_refuses_an_unknown_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FCOURSE_BACKEND", "ollama")
    with pytest.raises(ConfigurationError, match="unknown backend 'ollama'"):
        endpoint.explain(request())


@pytest.mark.parametrize("backend", ["offline", "server", ""])
def test_explain_works_on_every_teaching_backend(monkeypatch: pytest.MonkeyPatch, backend: str) -> None:
    monkeypatch.setenv("FCOURSE_BACKEND", backend)
    assert endpoint.explain(request())["decision"]["kind"] == "tool_calls"


def test_the_config_check_comes_before_validation(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FCOURSE_BACKEND", "openai")
    with pytest.raises(ConfigurationError):
        endpoint.explain({"messages": "hello"})


def test_a_policy_contract_error_is_an_fcourse_runtime_error(fake: FakePolicy) -> None:
    fake.decision = Decision("tool_calls")
    with pytest.raises(PolicyContractError, match="without tool calls") as info:
        chat_completion(request())
    assert isinstance(info.value, FcourseError) and isinstance(info.value, RuntimeError)


# --------------------------------------------------------------------------- a wrong tool_call_id


def _round(answer_id: str | None) -> list[dict[str, Any]]:
    call = {"id": "call_W1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'}}
    user = {"role": "user", "content": "What's the weather in Paris?"}
    if answer_id is None:  # no tool call before the tool message at all
        return [user, {"role": "tool", "tool_call_id": "call_W1", "content": "sunny"}]
    return [user, {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": answer_id, "content": "sunny"}]


WRONG_ID = "Invalid parameter: 'tool_call_id' of 'call_Zz9' not found in 'tool_calls' of previous message."
ORPHAN = ("Invalid parameter: messages with role 'tool' must be a response to a preceeding message with "
          "'tool_calls'.")


def test_wrong_tool_call_id_in_process() -> None:
    reply = post({"model": MODEL_NAME, "messages": _round("call_Zz9"), "tools": TOOLS})
    assert reply.status == 400
    assert reply.json() == {"error": {"message": WRONG_ID, "type": "invalid_request_error",
                                      "param": "messages.[2].tool_call_id", "code": None}}
    orphan = post({"model": MODEL_NAME, "messages": _round(None), "tools": TOOLS})
    assert orphan.status == 400 and orphan.json()["error"]["message"] == ORPHAN
    assert orphan.json()["error"]["param"] == "messages.[1].role"


def test_wrong_tool_call_id_through_the_sdk(sdk: openai.OpenAI) -> None:
    with pytest.raises(openai.BadRequestError) as info:
        sdk.chat.completions.create(model=MODEL_NAME, messages=_round("call_Zz9"), tools=TOOLS)  # type: ignore[arg-type]
    err = info.value
    assert err.status_code == 400 and err.message.endswith(WRONG_ID)
    assert err.body == {"message": WRONG_ID, "type": "invalid_request_error",
                        "param": "messages.[2].tool_call_id", "code": None}
    with pytest.raises(openai.BadRequestError) as orphan:
        sdk.chat.completions.create(model=MODEL_NAME, messages=_round(None), tools=TOOLS)  # type: ignore[arg-type]
    assert orphan.value.body["message"] == ORPHAN  # type: ignore[index]
    answered = sdk.chat.completions.create(model=MODEL_NAME, messages=_round("call_W1"), tools=TOOLS)  # type: ignore[arg-type]
    assert answered.choices[0].message.content


# --------------------------------------------------------------------------- the record in words


def test_reads_as_names_concepts_and_words_not_stems() -> None:
    assert endpoint.reads_as("#place", "Beijing") == "place"
    assert endpoint.reads_as("#money_back", "reimburse") == "money back"
    assert endpoint.reads_as("beij", "Beijing") == 'the word "Beijing"'
    assert endpoint.reads_as("#value", "NVDA") == "a value shaped like the tool's parameter"


def test_explanation_says_each_word_and_what_it_read_as() -> None:
    english = endpoint.explain(request("What's the weather like in Beijing right now?", tools=[WEATHER]))
    words = english["in_words"]
    assert "Beijing → place" in words["terms"] and "weather → weather" in words["terms"]
    sentence, *by_word = words["tools"]["get_weather"]  # the whole request first, then word by word
    assert sentence.startswith("the whole request (") and sentence.endswith("→ the description, read as a whole "
                                                                             "(sentence meaning)")
    assert by_word[:2] == ["weather → weather", "Beijing → place"]
    stems = {t["term"] for t in english["record"]["query"]["terms"] if not t["term"].startswith("#")}
    assert "beij" in stems  # the record keeps the stem it compared ...
    assert not [w for w in words["terms"] if w.endswith("→ beij") or "→ beij " in w]  # ... the words never show it
    chinese = endpoint.explain(request("北京现在天气怎么样？", tools=[WEATHER]))
    assert "北京 → place" in chinese["in_words"]["terms"]


def test_explanation_in_words_is_empty_without_a_routing_record(fake: FakePolicy) -> None:
    assert endpoint.explain(request())["in_words"] == {"terms": [], "tools": {}}


def test_an_identical_request_is_answered_from_the_decision_cache_with_the_same_bytes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from fcourse.teaching import policy

    monkeypatch.setattr(endpoint, "_CACHE_SIZE", 3)
    endpoint._decisions.clear()
    first = post(request("What's the weather in Oslo?"))
    calls: list[object] = []
    real = policy.decide
    monkeypatch.setattr(policy, "decide", lambda req: calls.append(req) or real(req))
    again = post(request("What's the weather in Oslo?"))
    assert again.body == first.body and again.headers == first.headers and calls == []
    streamed = post(request("What's the weather in Oslo?", stream=True))  # same request, other delivery
    assert streamed.chunks and calls == []
    for city in ("Rome", "Lima", "Kyiv", "Pune"):
        post(request(f"What's the weather in {city}?"))
    assert len(endpoint._decisions) == 3 and len(calls) == 4  # bounded: the oldest went first
    assert post(request("What's the weather in Oslo?")).body == first.body and len(calls) == 5


def test_a_long_request_is_not_remembered() -> None:
    endpoint._decisions.clear()
    post(request("What's the weather in Paris? " + "Tell me more. " * 3000))
    assert len(endpoint._decisions) == 0
