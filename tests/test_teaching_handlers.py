"""Tests for fcourse.teaching.wire.handlers: the room's routes over real sockets (JSON, events, the page).

Learners connect the way a notebook does (``fcourse.connect("server", env=...)``), so the
learner headers are the client's own; the room is read back over HTTP.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx2
import openai
import pytest

from fcourse.client import connect
from fcourse.teaching.wire.endpoint import MAX_BODY_BYTES, MODEL_NAME
from fcourse.teaching.wire.server import TeachingServer

WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Get the current weather for a city.",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
}
SECRET = "my order number is ZX-99-SECRET"


@pytest.fixture
def server() -> Iterator[TeachingServer]:
    with TeachingServer("127.0.0.1", 0, quiet=True, request_timeout=2) as running:
        yield running


def learner(server: TeachingServer, name: str | None = None, notebook: str | None = None) -> openai.OpenAI:
    env = {"FCOURSE_BASE_URL": server.url}
    if name is not None:
        env["FCOURSE_LEARNER"] = name
    if notebook is not None:
        env["JPY_SESSION_NAME"] = f"/home/someone/notebooks/{notebook}"
    return connect("server", env=env, quiet=True, max_retries=0).client


def good_round(client: openai.OpenAI) -> Any:
    messages: list[Any] = [{"role": "user", "content": f"Weather in Paris? ({SECRET})"}]
    return client.chat.completions.create(model=MODEL_NAME, messages=messages, tools=[WEATHER])


def wrong_tool_call_id(client: openai.OpenAI) -> None:
    first = good_round(client)
    messages: list[Any] = [
        {"role": "user", "content": f"Weather in Paris? ({SECRET})"},
        first.choices[0].message,
        {"role": "tool", "tool_call_id": "call_made_up", "content": SECRET},
    ]
    with pytest.raises(openai.BadRequestError):
        client.chat.completions.create(model=MODEL_NAME, messages=messages, tools=[WEATHER])


def room(server: TeachingServer) -> dict[str, Any]:
    reply = httpx2.get(server.url + "/fcourse/room")
    assert reply.status_code == 200 and reply.headers["content-type"] == "application/json"
    data: dict[str, Any] = reply.json()
    return data


def rows(server: TeachingServer) -> dict[str, dict[str, Any]]:
    return {row["learner"]: row for row in room(server)["learners"]}


def test_two_learners_and_one_mistake_by_kind(server: TeachingServer) -> None:
    alice = learner(server, "alice", "02_tools_protocol.ipynb")
    bob = learner(server, "bob", "02_tools_protocol.ipynb")
    good_round(alice)
    wrong_tool_call_id(bob)
    seen = rows(server)
    assert set(seen) == {"alice", "bob"}
    assert (seen["alice"]["requests"], seen["alice"]["errors"]) == (1, {})
    assert seen["bob"]["requests"] == 2 and seen["bob"]["notebook"] == "02_tools_protocol.ipynb"
    assert seen["bob"]["errors"]["tool_call_id_not_found"]["count"] == 1
    assert seen["bob"]["last_error"]["kind"] == "tool_call_id_not_found"
    assert room(server)["kinds"]["tool_call_id_not_found"]["learners"] == 1


def test_the_room_shows_no_message_contents(server: TeachingServer) -> None:
    wrong_tool_call_id(learner(server, "bob"))
    text = httpx2.get(server.url + "/fcourse/room").text
    assert "ZX-99-SECRET" not in text and "call_made_up" not in text and "Paris" not in text


def test_learners_without_a_name_are_numbered_per_client(server: TeachingServer) -> None:
    good_round(learner(server))
    good_round(learner(server))  # the same machine account: the same learner
    httpx2.get(server.url + "/models", headers={"User-Agent": "curl/8.5"})  # another program
    seen = rows(server)
    assert seen["learner 1"]["requests"] == 2 and seen["learner 2"]["requests"] == 1
    assert seen["learner 1"]["address"] == "127.0.0.1"


def test_the_rooms_own_routes_are_not_counted(server: TeachingServer) -> None:
    good_round(learner(server, "alice"))
    for path in ("/", "/v1/fcourse/room", "/v1/fcourse/room"):
        httpx2.get(server.url.removesuffix("/v1") + path)
    assert room(server)["requests"] == 1


def test_the_shells_own_refusals_are_counted_by_kind(server: TeachingServer) -> None:
    alice = learner(server, "alice")
    with pytest.raises(openai.APIStatusError):
        alice.chat.completions.create(model=MODEL_NAME, messages=[{"role": "user", "content": "x" * MAX_BODY_BYTES}])
    assert rows(server)["alice"]["errors"]["request_too_large"]["count"] == 1


def test_events_bring_each_change_without_asking_again(server: TeachingServer) -> None:
    snapshots: list[dict[str, Any]] = []
    opened = threading.Event()

    def listen() -> None:
        with httpx2.stream("GET", server.url + "/fcourse/room/events", timeout=10) as events:
            assert events.headers["content-type"].startswith("text/event-stream")
            for line in events.iter_lines():
                if line.startswith("data: "):
                    snapshots.append(json.loads(line[6:]))
                    opened.set()
                    if any(row["learner"] == "bob" for row in snapshots[-1]["learners"]):
                        return

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    assert opened.wait(10)
    assert snapshots[0]["learners"] == []  # the room as it was when the page opened
    wrong_tool_call_id(learner(server, "bob"))
    listener.join(10)
    assert not listener.is_alive()
    last = snapshots[-1]
    bob = next(row for row in last["learners"] if row["learner"] == "bob")
    assert bob["errors"]["tool_call_id_not_found"]["count"] == 1
    assert [s["version"] for s in snapshots] == sorted({s["version"] for s in snapshots})  # each one new


def test_a_stop_ends_the_event_streams_at_once() -> None:
    server = TeachingServer("127.0.0.1", 0, quiet=True).start()
    events = httpx2.Client(timeout=10).send(
        httpx2.Client().build_request("GET", server.url + "/fcourse/room/events"), stream=True
    )
    lines = events.iter_lines()
    assert next(lines).startswith("data: ")
    started = time.monotonic()
    assert server.close() is True
    assert time.monotonic() - started < 3
    assert [line for line in lines if line] == []  # the stream ended whole (a cut one raises here)
    events.close()
    assert server.close() is True  # closing a stopped server again is harmless


def test_the_page_is_self_contained(server: TeachingServer) -> None:
    page = httpx2.get(server.url.removesuffix("/v1") + "/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "default-src 'none'" in page.headers["content-security-policy"]  # nothing from elsewhere can load
    html = page.text
    assert "/v1/fcourse/room/events" in html and "EventSource" in html
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html)  # no script, style or font from a CDN
    assert "innerHTML" not in html  # what a learner sent is written as text, never as HTML


def test_other_methods_on_the_rooms_routes_are_refused_in_the_api_shape(server: TeachingServer) -> None:
    reply = httpx2.post(server.url + "/fcourse/room", content=b"{}")
    assert reply.status_code == 405 and set(reply.json()["error"]) == {"message", "type", "param", "code"}
