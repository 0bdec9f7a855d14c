"""Tests for fcourse.teaching.wire.server and ``python -m fcourse`` (chapter 0), over a real socket."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx2
import openai
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fcourse.__main__ as cli
from fcourse.teaching.wire.endpoint import MAX_BODY_BYTES, MODEL_NAME, handle
from fcourse.teaching.wire.server import TeachingServer, close_gracefully, make_server

ROOT = Path(__file__).resolve().parents[1]

WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Get the current weather for a city.",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string", "description": "The city, e.g. Paris or 北京"}},
            "required": ["city"],
        },
    },
}


def start_server(*extra: str) -> tuple[subprocess.Popen[str], str]:
    """Start ``python -m fcourse serve --port 0`` and return it with its base URL."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "fcourse", "serve", "--port", "0", *extra],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/v1", line)
    if not match:
        proc.kill()
        raise AssertionError(
            f"no URL on the first line: {line!r} {proc.stderr.read() if proc.stderr else ''}"
        )
    base = match.group(0)
    deadline = time.monotonic() + 20
    while True:  # ready when /v1/models answers
        try:
            if httpx2.get(base + "/models", timeout=1).status_code == 200:
                return proc, base
        except httpx2.TransportError:
            pass
        if time.monotonic() > deadline or proc.poll() is not None:
            proc.kill()
            raise AssertionError("server did not become ready")
        time.sleep(0.05)


def stop_server(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    proc, base = start_server("--quiet")
    try:
        yield base
    finally:
        stop_server(proc)


@pytest.fixture(scope="module")
def client(server: str) -> openai.OpenAI:
    return openai.OpenAI(api_key="classroom", base_url=server, max_retries=0)


def raw_request(base: str, data: bytes, timeout: float = 10) -> bytes:
    """Send raw bytes to the server and return everything it answers."""
    port = int(base.rsplit(":", 1)[1].split("/")[0])
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(data)
        sock.shutdown(socket.SHUT_WR)
        chunks = []
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
    return b"".join(chunks)


def status_of(response: bytes) -> int:
    return int(response.split(b" ", 2)[1])


def body_of(response: bytes) -> Any:
    return json.loads(response.split(b"\r\n\r\n", 1)[1])


# --------------------------------------------------------------------------- end to end


def run_weather_round(client: openai.OpenAI, question: str, city: str) -> str:
    messages: list[Any] = [{"role": "user", "content": question}]
    first = client.chat.completions.create(model=MODEL_NAME, messages=messages, tools=[WEATHER])
    assert first.choices[0].finish_reason == "tool_calls"
    (call,) = first.choices[0].message.tool_calls
    assert call.function.name == "get_weather"
    assert city in json.loads(call.function.arguments)["city"]
    messages.append(first.choices[0].message)
    result = {"city": city, "temp_c": 25, "sky": "sunny"}
    messages.append(
        {"role": "tool", "tool_call_id": call.id, "content": json.dumps(result, ensure_ascii=False)}
    )
    final = client.chat.completions.create(model=MODEL_NAME, messages=messages, tools=[WEATHER])
    assert final.choices[0].finish_reason == "stop" and final.choices[0].message.tool_calls is None
    content = final.choices[0].message.content
    assert content and "25" in content
    return content


def test_english_weather_round_over_http(client: openai.OpenAI) -> None:
    run_weather_round(client, "What's the weather like in Paris today?", "Paris")


def test_chinese_weather_round_over_http(client: openai.OpenAI) -> None:
    run_weather_round(client, "北京今天天气怎么样？", "北京")


def test_http_and_in_process_give_identical_bytes(server: str) -> None:
    body = {
        "model": MODEL_NAME,
        "messages": [{"role": "user", "content": "北京天气怎么样？"}],
        "tools": [WEATHER],
    }
    raw = json.dumps(body, ensure_ascii=False).encode()
    first = httpx2.post(
        server + "/chat/completions", content=raw, headers={"content-type": "application/json"}
    )
    again = httpx2.post(
        server + "/chat/completions", content=raw, headers={"content-type": "application/json"}
    )
    assert first.status_code == 200
    assert first.content == again.content == handle("POST", "/v1/chat/completions", raw).body


def test_stream_over_http_reassembles_to_the_completion(client: openai.OpenAI) -> None:
    messages = [{"role": "user", "content": "What's the weather in 北京 and in Paris?"}]
    plain = client.chat.completions.create(model=MODEL_NAME, messages=messages, tools=[WEATHER])
    stream = client.chat.completions.create(
        model=MODEL_NAME,
        messages=messages,
        tools=[WEATHER],
        stream=True,
        stream_options={"include_usage": True},
    )
    chunks = list(stream)
    calls: dict[int, dict[str, str]] = {}
    content = None
    for chunk in chunks:
        assert chunk.id == plain.id and chunk.created == plain.created
        for choice in chunk.choices:
            if choice.delta.content is not None:
                content = (content or "") + choice.delta.content
            for delta in choice.delta.tool_calls or []:
                call = calls.setdefault(delta.index, {"id": "", "name": "", "arguments": ""})
                call["id"] += delta.id or ""
                call["name"] += (delta.function.name or "") if delta.function else ""
                call["arguments"] += (delta.function.arguments or "") if delta.function else ""
    expected = [
        {"id": c.id, "name": c.function.name, "arguments": c.function.arguments}
        for c in plain.choices[0].message.tool_calls or []
    ]
    assert [calls[i] for i in sorted(calls)] == expected
    assert content == plain.choices[0].message.content
    assert chunks[-1].usage == plain.usage


def test_text_stream_over_http(client: openai.OpenAI) -> None:
    messages = [{"role": "user", "content": "What was my order total last month?"}]
    plain = client.chat.completions.create(model=MODEL_NAME, messages=messages)
    pieces = [
        c.choices[0].delta.content or ""
        for c in client.chat.completions.create(model=MODEL_NAME, messages=messages, stream=True)
        if c.choices
    ]
    assert len(pieces) > 2 and "".join(pieces) == plain.choices[0].message.content


def test_sdk_errors_over_http(client: openai.OpenAI) -> None:
    call = {"id": "call_x", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}
    with pytest.raises(openai.BadRequestError) as info:
        client.chat.completions.create(
            model=MODEL_NAME,
            messages=[
                {"role": "user", "content": "hi"},
                {"role": "assistant", "tool_calls": [call]},
                {"role": "user", "content": "?"},
            ],
            tools=[WEATHER],
        )
    assert "An assistant message with 'tool_calls' must be followed by tool messages" in info.value.message
    assert info.value.body["param"] == "messages.[1].role"
    with pytest.raises(openai.NotFoundError, match="The model `gpt-4o` does not exist"):
        client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "hi"}])


def test_models_over_http(client: openai.OpenAI) -> None:
    assert [m.id for m in client.models.list()] == [MODEL_NAME]
    assert client.models.retrieve(MODEL_NAME).owned_by == "fcourse"


def test_explain_over_http(server: str) -> None:
    body = {
        "model": MODEL_NAME,
        "messages": [{"role": "user", "content": "北京天气怎么样？"}],
        "tools": [WEATHER],
    }
    reply = httpx2.post(server + "/fcourse/explain", json=body)
    assert reply.status_code == 200
    assert (
        reply.json()["object"] == "fcourse.explanation" and reply.json()["decision"]["kind"] == "tool_calls"
    )


# --------------------------------------------------------------------------- malformed HTTP


def post_bytes(headers: str, body: bytes = b"") -> bytes:
    return ("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n" + headers + "\r\n").encode() + body


def test_body_too_large_is_413(server: str) -> None:
    big = b"x" * (MAX_BODY_BYTES + 10)
    response = raw_request(server, post_bytes(f"Content-Length: {len(big)}\r\n", big))
    assert status_of(response) == 413
    assert body_of(response)["error"]["code"] == "request_too_large"


def test_declared_size_too_large_is_413_without_reading(server: str) -> None:
    response = raw_request(server, post_bytes(f"Content-Length: {50 * MAX_BODY_BYTES}\r\n", b"{}"))
    assert status_of(response) == 413


@pytest.mark.parametrize("length", ["abc", "-5", "1e3", "+2", "1_0", ""])
def test_bad_content_length_is_400(server: str, length: str) -> None:
    response = raw_request(server, post_bytes(f"Content-Length: {length}\r\n", b"{}"))
    assert status_of(response) == 400
    assert "Content-Length" in body_of(response)["error"]["message"]


def test_missing_content_length_reads_as_an_empty_body(server: str) -> None:
    response = raw_request(server, post_bytes("", b'{"model": "fcourse-teacher"}'))
    assert status_of(response) == 400
    assert body_of(response)["error"]["message"].startswith("We could not parse the JSON body")


def test_short_body_is_400(server: str) -> None:
    response = raw_request(server, post_bytes("Content-Length: 100\r\n", b'{"model": 1}'))
    assert status_of(response) == 400


def test_chunked_request_body(server: str) -> None:
    body = json.dumps({"model": MODEL_NAME, "messages": [{"role": "user", "content": "hello"}]}).encode()
    chunked = b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body)
    response = raw_request(server, post_bytes("Transfer-Encoding: chunked\r\nConnection: close\r\n", chunked))
    assert status_of(response) == 200 and body_of(response)["object"] == "chat.completion"


@pytest.mark.parametrize(
    "data",
    [
        b"GARBAGE\r\n\r\n",
        b"GET /v1/models HTTP/9.9\r\n\r\n",
        b"\x00\xff\xfe\r\n\r\n",
        b"BREW /v1/models HTTP/1.1\r\nHost: x\r\n\r\n",
        b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    ],
)
def test_malformed_requests_get_4xx_and_the_server_lives(server: str, data: bytes) -> None:
    response = raw_request(server, data)
    if response:
        assert 400 <= status_of(response) < 500
    assert httpx2.get(server + "/models").status_code == 200


@settings(max_examples=40, deadline=None)
@given(
    st.binary(max_size=300)
    | st.recursive(
        st.none() | st.integers() | st.text(max_size=10),
        lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=8), c, max_size=3),
    ).map(lambda v: json.dumps(v).encode())
)
def test_fuzz_over_the_socket_never_5xx(server: str, body: bytes) -> None:
    response = httpx2.post(server + "/chat/completions", content=body)
    assert response.status_code < 500
    assert (
        set(response.json()["error"]) == {"message", "type", "param", "code"} or response.status_code == 200
    )


# --------------------------------------------------------------------------- the process


def test_start_line_and_sigint_stop_cleanly() -> None:
    proc, base = start_server()
    httpx2.get(base + "/models")
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=10)
    finally:
        stop_server(proc)
    assert proc.returncode == 0
    assert out.strip() == "fcourse teaching model stopped."
    assert "Traceback" not in err
    assert "GET /v1/models" in err  # requests are logged unless --quiet


def test_port_in_use_is_a_clear_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "fcourse", "serve", "--port", str(port)],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            capture_output=True,
            text=True,
            timeout=30,
        )
    assert result.returncode == 1 and "cannot listen" in result.stderr


def test_cli_rejects_a_bad_port(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["serve", "--port", "70000"]) == 2
    assert "--port" in capsys.readouterr().err


def test_demo_delegates_to_the_shop_demo(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["demo", "refund", "--scenario", "timeout_after_success"]) == 0
    assert "handler_execution_count=1" in capsys.readouterr().out
    assert cli.main(["demo", "refund", "--scenario", "no_such_scenario"]) == 2
    assert "invalid choice" in capsys.readouterr().err


# --------------------------------------------------------------------------- a classroom


@pytest.fixture
def quick_server() -> Iterator[tuple[TeachingServer, str]]:
    """An in-process server whose requests must arrive whole within half a second."""
    server = make_server("127.0.0.1", 0, quiet=True, request_timeout=0.5)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield server, f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        close_gracefully(server, timeout=5)


def _handler_threads() -> int:
    return sum(1 for t in threading.enumerate() if t.name.startswith("Thread-") and "process_request" in t.name)


def _wait_until(predicate: Callable[[], bool], seconds: float = 10) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


def test_idle_and_half_sent_connections_time_out_and_free_their_thread(
    quick_server: tuple[TeachingServer, str],
) -> None:
    server, _ = quick_server
    port = server.server_address[1]
    socks = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(4)]
    socks[1].sendall(b"POST /v1/chat/comp")  # a request line that never ends
    socks[2].sendall(b"GET /v1/models HTTP/1.1\r\nHost: x\r\n")  # headers that never end
    assert _wait_until(lambda: _handler_threads() >= 4)
    for sock in socks:
        response = b""
        while chunk := sock.recv(65536):  # returns b"" once the server has closed the connection
            response += chunk
        sock.close()
        # idle: closed without a word; half-sent: at most a 4xx for the fragment, then closed
        assert response == b"" or 400 <= status_of(response) < 500, response
    assert _wait_until(lambda: _handler_threads() == 0), "handler threads still held"


def test_a_body_that_trickles_in_gets_408(quick_server: tuple[TeachingServer, str]) -> None:
    server, base = quick_server
    with socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=10) as sock:
        sock.sendall(post_bytes("Content-Length: 100\r\n", b'{"model": '))
        for _ in range(3):  # still sending, a little, well inside any per-read timeout
            time.sleep(0.2)
            with contextlib.suppress(OSError):
                sock.sendall(b" ")
        response = b""
        while chunk := sock.recv(65536):
            response += chunk
    assert status_of(response) == 408
    assert body_of(response)["error"]["code"] == "request_timeout"
    assert httpx2.get(base + "/models").status_code == 200  # and the server lives on


def test_a_stop_waits_for_the_reply_in_flight() -> None:
    entered, release = threading.Event(), threading.Event()

    def slow_endpoint(method: str, path: str, body: bytes) -> Any:
        if path.endswith("/chat/completions"):
            entered.set()
            release.wait(10)
        return handle(method, path, body)

    server = make_server("127.0.0.1", 0, quiet=True, endpoint=slow_endpoint)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/v1"
    client = openai.OpenAI(api_key="classroom", base_url=base, max_retries=0)
    replies: list[Any] = []
    request = {"model": MODEL_NAME, "messages": [{"role": "user", "content": "Weather in Paris?"}], "tools": [WEATHER]}
    asker = threading.Thread(target=lambda: replies.append(client.chat.completions.create(**request)))
    asker.start()
    assert entered.wait(10)
    server.shutdown()  # no longer accepting
    stopped: list[bool] = []
    stopper = threading.Thread(target=lambda: stopped.append(close_gracefully(server, timeout=10)))
    stopper.start()
    time.sleep(0.3)
    assert not stopped, "the server closed while a reply was still being computed"
    release.set()
    asker.join(10)
    stopper.join(10)
    assert stopped == [True]
    (reply,) = replies
    expected = handle("POST", "/v1/chat/completions", json.dumps(request).encode()).json()
    assert reply.model_dump(exclude_unset=True)["choices"] == expected["choices"]


def test_concurrent_learners_each_get_their_own_reply(server: str) -> None:
    cities = ["Paris", "Lima", "Oslo", "Cairo", "Tokyo", "Hanoi", "Rome", "Berlin"]
    client = openai.OpenAI(api_key="classroom", base_url=server, max_retries=0)

    def learner(city: str) -> list[str]:
        got = []
        for _ in range(3):
            reply = client.chat.completions.create(
                model=MODEL_NAME, messages=[{"role": "user", "content": f"Weather in {city}?"}], tools=[WEATHER]
            )
            got.append(json.loads(reply.choices[0].message.tool_calls[0].function.arguments)["city"])
        return got

    with ThreadPoolExecutor(max_workers=len(cities)) as pool:
        results = list(pool.map(learner, cities))
    assert results == [[city] * 3 for city in cities]
