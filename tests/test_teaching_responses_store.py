"""The bounded in-memory store behind ``previous_response_id`` (issue 29)."""

from __future__ import annotations

import json

import pytest

from fcourse.teaching.wire import responses_store
from fcourse.teaching.wire.endpoint import MODEL_NAME, handle


@pytest.fixture(autouse=True)
def empty_store() -> None:
    responses_store.clear()


def test_the_store_keeps_the_most_recently_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(responses_store, "MAX_STORED", 3)
    for name in ("a", "b", "c"):
        assert responses_store.put(name, [], {"id": name}, tokens=10)
    assert responses_store.get("a") is not None  # "a" is now the most recently used
    responses_store.put("d", [], {"id": "d"}, tokens=10)
    assert responses_store.get("b") is None  # the least recently used went first
    assert [responses_store.get(n) is not None for n in ("a", "c", "d")] == [True, True, True]


def test_a_long_conversation_is_not_kept() -> None:
    assert not responses_store.put("big", [], {}, tokens=responses_store.MAX_STORED_TOKENS + 1)
    assert responses_store.get("big") is None


def test_delete_says_whether_there_was_one() -> None:
    responses_store.put("a", [], {"id": "a"}, tokens=1)
    assert responses_store.delete("a") and not responses_store.delete("a")


def test_an_evicted_response_gets_the_unknown_id_400(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(responses_store, "MAX_STORED", 1)
    first = handle("POST", "/v1/responses", json.dumps({"model": MODEL_NAME, "input": "Hello!"}).encode()).json()
    handle("POST", "/v1/responses", json.dumps({"model": MODEL_NAME, "input": "Thanks!"}).encode())
    again = handle("POST", "/v1/responses", json.dumps(
        {"model": MODEL_NAME, "input": "And?", "previous_response_id": first["id"]}).encode())
    assert again.status == 400 and again.json()["error"]["code"] == "previous_response_not_found"


def test_a_continued_conversation_reads_the_stored_items() -> None:
    first = handle("POST", "/v1/responses", json.dumps({"model": MODEL_NAME, "input": "Hello!"}).encode()).json()
    stored = responses_store.get(first["id"])
    assert stored is not None and stored.body == first
    assert [item["role"] for item in stored.items] == ["user", "assistant"]
    assert stored.items[1]["content"] == first["output"][0]["content"][0]["text"]
