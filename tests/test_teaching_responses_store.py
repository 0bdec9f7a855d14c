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


# ------------------------------------------------------------------ one namespace per client (issue 38)


def test_a_namespace_sees_only_its_own_responses() -> None:
    responses_store.put("resp_same", [], {"id": "resp_same", "who": "alice"}, tokens=1, namespace="client:alice")
    responses_store.put("resp_same", [], {"id": "resp_same", "who": "bob"}, tokens=1, namespace="client:bob")
    alice, bob = responses_store.get("resp_same", "client:alice"), responses_store.get("resp_same", "client:bob")
    assert alice is not None and bob is not None and (alice.body["who"], bob.body["who"]) == ("alice", "bob")
    assert responses_store.get("resp_same") is None  # the in-process namespace kept none
    assert not responses_store.delete("resp_same", "client:carol")  # carol cannot delete what she never stored
    assert responses_store.delete("resp_same", "client:bob") and not responses_store.delete("resp_same", "client:bob")
    assert responses_store.get("resp_same", "client:alice") is not None  # bob's delete left alice's alone


def test_each_client_keeps_its_own_most_recent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(responses_store, "MAX_STORED", 2)
    for name in ("a1", "a2"):
        responses_store.put(name, [], {}, tokens=1, namespace="a")
    for name in ("b1", "b2", "b3"):  # a busy client evicts only its own oldest
        responses_store.put(name, [], {}, tokens=1, namespace="b")
    assert [responses_store.get(n, "a") is not None for n in ("a1", "a2")] == [True, True]
    assert [responses_store.get(n, "b") is not None for n in ("b1", "b2", "b3")] == [False, True, True]


def test_the_whole_store_is_bounded_across_clients(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(responses_store, "MAX_TOTAL", 3)
    for k in range(5):
        responses_store.put("r", [], {"k": k}, tokens=1, namespace=f"client:{k}")
    kept = [k for k in range(5) if responses_store.get("r", f"client:{k}") is not None]
    assert kept == [2, 3, 4]  # the least recently used of all went first
    responses_store.put("r", [], {}, tokens=1, namespace="client:2")  # replacing one counts it once
    assert responses_store.delete("r", "client:2") and not responses_store.delete("r", "client:2")


def test_the_endpoint_keeps_each_clients_responses_apart() -> None:
    """The same request from two clients: one id (ids come from the request), two stored responses, and a
    lookup or delete finds only the asker's."""
    body = json.dumps({"model": MODEL_NAME, "input": "Hello!"}).encode()
    alice = handle("POST", "/v1/responses", body, client="client:alice").json()
    bob = handle("POST", "/v1/responses", body, client="client:bob").json()
    assert alice == bob  # byte-stable: the same request gives the same response, whoever asks
    assert handle("GET", f"/v1/responses/{alice['id']}", client="client:carol").status == 404
    gone = handle("DELETE", f"/v1/responses/{alice['id']}", client="client:bob")
    assert gone.status == 200 and gone.json()["deleted"] is True
    assert handle("GET", f"/v1/responses/{alice['id']}", client="client:bob").status == 404
    assert handle("GET", f"/v1/responses/{alice['id']}", client="client:alice").json() == alice
    continued = handle("POST", "/v1/responses", json.dumps(
        {"model": MODEL_NAME, "input": "And?", "previous_response_id": alice["id"]}).encode(), client="client:bob")
    assert continued.status == 400 and continued.json()["error"]["code"] == "previous_response_not_found"
    assert handle("POST", "/v1/responses", json.dumps(
        {"model": MODEL_NAME, "input": "And?", "previous_response_id": alice["id"]}).encode(),
        client="client:alice").status == 200
