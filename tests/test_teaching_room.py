"""Tests for fcourse.teaching.wire.room: who asked, how often, and which mistakes they hit."""

from __future__ import annotations

import json

import pytest

from fcourse.teaching.wire.endpoint import handle
from fcourse.teaching.wire.room import (
    CLIENT_HEADER,
    LEARNER_HEADER,
    MAX_LEARNERS,
    NOTEBOOK_HEADER,
    Identity,
    Room,
    clean_label,
    identify,
)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def mistake(secret: str = "sunny") -> tuple[int, bytes]:
    """A tool message whose tool_call_id is not among the previous message's calls: the endpoint's real 400."""
    call = {"id": "call_a", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}
    body = {
        "model": "fcourse-teacher",
        "messages": [
            {"role": "user", "content": "weather?"},
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "call_b", "content": secret},
        ],
    }
    reply = handle("POST", "/v1/chat/completions", json.dumps(body).encode())
    assert reply.status == 400
    return reply.status, reply.body


def who(name: str | None = None, client: str | None = None, notebook: str | None = None) -> Identity:
    headers = {"User-Agent": "OpenAI/Python"}
    if name is not None:
        headers[LEARNER_HEADER] = name
    if client is not None:
        headers[CLIENT_HEADER] = client
    if notebook is not None:
        headers[NOTEBOOK_HEADER] = notebook
    return identify(headers, "10.0.0.7")


# --------------------------------------------------------------------------- who is asking


def test_a_name_comes_first_then_the_anonymous_client_then_the_address() -> None:
    named = who("alice", client="abc")
    assert (named.key, named.name) == ("name:alice", "alice")
    assert who(client="abc").key == "client:abc" and who(client="abc").name is None
    assert who().key == "address:10.0.0.7 OpenAI/Python"
    assert identify({"User-Agent": "curl/8"}, "10.0.0.7").key != who().key  # another program, another learner


def test_names_are_percent_decoded_and_cleaned() -> None:
    assert who("%E5%BC%A0%E4%BC%9F").name == "张伟"
    assert clean_label("  bob\x1b[31m\n\tsmith  ") == "bob [31m smith"
    assert clean_label("x" * 500) == "x" * 60
    assert clean_label("   ") is None and clean_label(None) is None
    assert who("Alice").key == who("alice").key  # one learner, however they capitalise


def test_only_the_notebooks_file_name_is_kept() -> None:
    path = "%2Fhome%2Falice%2Fnotebooks%2F02_tools_protocol.ipynb"
    assert who("a", notebook=path).notebook == "02_tools_protocol.ipynb"
    assert who("a", notebook="C:%5CUsers%5Cal%5C03_tool_selection.ipynb").notebook == "03_tool_selection.ipynb"


# --------------------------------------------------------------------------- the ledger


def test_requests_errors_by_kind_and_the_last_one_with_its_time() -> None:
    clock = Clock()
    room = Room(clock)
    alice = who("alice", notebook="02_tools_protocol.ipynb")
    room.record(alice, 200)
    clock.now = 1_010.0
    room.record(alice, *mistake())
    clock.now = 1_020.0
    room.record(alice, *mistake())
    snapshot = room.snapshot()
    (row,) = snapshot["learners"]
    assert (row["learner"], row["requests"], row["errors_total"], row["errors_in_a_row"]) == ("alice", 3, 2, 2)
    assert row["notebook"] == "02_tools_protocol.ipynb" and row["last_seen"] == 1_020.0
    assert row["errors"]["tool_call_id_not_found"]["count"] == 2
    assert row["last_error"]["kind"] == "tool_call_id_not_found" and row["last_error"]["at"] == 1_020.0
    assert row["last_error"]["param"] == "messages.[2].tool_call_id"
    assert snapshot["kinds"]["tool_call_id_not_found"] == {
        "label": row["errors"]["tool_call_id_not_found"]["label"], "count": 2, "learners": 1, "last": 1_020.0,
    }
    assert snapshot["notebooks"] == {"02_tools_protocol.ipynb": 1} and snapshot["requests"] == 3
    clock.now = 1_030.0
    room.record(alice, 200)
    (row,) = room.snapshot()["learners"]
    assert row["errors_in_a_row"] == 0 and row["errors_total"] == 2  # a success ends the run, the tally stays


def test_learners_without_a_name_are_numbered_in_the_order_first_seen() -> None:
    room = Room(Clock())
    room.record(who(client="c2"), 200)
    room.record(who("bob"), 200)
    room.record(who(client="c1"), 200)
    room.record(who(client="c2"), 200)
    labels = [(row["learner"], row["requests"]) for row in room.snapshot()["learners"]]
    assert labels == [("learner 1", 2), ("bob", 1), ("learner 2", 1)]


def test_no_message_content_is_kept() -> None:
    room = Room(Clock())
    room.record(who("alice"), *mistake(secret="the-secret-order-total-4711"))
    text = json.dumps(room.snapshot())
    assert "the-secret-order-total-4711" not in text and "call_b" not in text  # nor the message quoting the id
    assert "tool_call_id_not_found" in text


def test_the_version_moves_with_every_request() -> None:
    room = Room(Clock())
    assert room.snapshot()["version"] == 0
    room.record(who("a"), 200)
    room.record(who("a"), 404, b"{}")
    assert room.version == 2 and room.snapshot()["version"] == 2


def test_past_the_limit_new_learners_share_one_row() -> None:
    room = Room(Clock())
    for n in range(MAX_LEARNERS + 5):
        room.record(who(client=f"c{n}"), 200)
    learners = room.snapshot()["learners"]
    assert len(learners) == MAX_LEARNERS + 1
    assert learners[-1]["learner"].startswith("others") and learners[-1]["requests"] == 5


@pytest.mark.parametrize("status", [200, 201, 304])
def test_a_success_adds_no_error(status: int) -> None:
    room = Room(Clock())
    room.record(who("a"), status, b'{"error": {"message": "not read for a success"}}')
    assert room.snapshot()["learners"][0]["errors"] == {}
