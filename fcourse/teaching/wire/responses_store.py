"""The stored responses behind ``previous_response_id``: in memory, bounded, kept apart per client.

Introduced in chapter 2 (the same round trip, two shapes). The hosted Responses API keeps every
response (``store`` defaults to true), so a program may send only what is new and name the response
it continues (``previous_response_id``): the model then reads that response's whole conversation -
its input items and its output items - before the new input. The teaching model does the same from
this store, with honest limits:

- **one namespace per client** (issue 38). A classroom server is shared, and the same request gives
  the same ``resp_`` id (ids come from the request, so notebooks are byte-stable), so a response is
  stored under the namespace of the client that made it: on ``fcourse serve`` the ``X-Fcourse-Client``
  header ``fcourse.connect()`` sends (an anonymous hash of the machine account), otherwise the
  client's address; in-process, the one namespace ``""``. ``GET``, ``DELETE`` and
  ``previous_response_id`` look only in the asker's namespace, so one learner can neither read nor
  delete another's response - to them it is the hosted API's 404 / 400 for an unknown id;
- each namespace holds its last ``MAX_STORED`` responses, least recently used first out (and none
  whose conversation is longer than ``MAX_STORED_TOKENS``); the whole store holds at most
  ``MAX_TOTAL``, the least recently used of all first out. An old or restarted one gets the hosted
  API's 400 for an unknown id, ``Previous response with id 'resp_…' not found.``;
- each process has its own: the in-process model of a notebook and a ``fcourse serve`` do not share.

A response created with ``store: false`` is not kept, as on the hosted API. ``get`` also serves
``GET /v1/responses/{id}`` and ``delete`` serves ``DELETE``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

__all__ = ["MAX_STORED", "MAX_STORED_TOKENS", "MAX_TOTAL", "Stored", "clear", "delete", "get", "put"]

#: at most this many responses are kept per client (least recently used first out)
MAX_STORED = 256
#: at most this many responses are kept in all (a classroom of clients; least recently used first out)
MAX_TOTAL = 4096
#: a response whose conversation is longer than this (estimated tokens) is not kept
MAX_STORED_TOKENS = 16_000


@dataclass(frozen=True)
class Stored:
    """One kept response: its conversation items (input then output, normalised) and its body."""

    items: tuple[dict[str, Any], ...]
    body: dict[str, Any]


#: (namespace, response id) -> the response, least recently used first, across every namespace
_store: OrderedDict[tuple[str, str], Stored] = OrderedDict()
#: namespace -> how many of its responses are kept
_counts: dict[str, int] = {}
_lock = threading.Lock()


def _forget(key: tuple[str, str]) -> bool:
    if _store.pop(key, None) is None:
        return False
    _counts[key[0]] -= 1
    if not _counts[key[0]]:
        del _counts[key[0]]
    return True


def put(response_id: str, items: list[dict[str, Any]], body: dict[str, Any], tokens: int,
        namespace: str = "") -> bool:
    """Keep a response for ``namespace``; False (and nothing kept) when its conversation is over
    ``MAX_STORED_TOKENS``."""
    if tokens > MAX_STORED_TOKENS:
        return False
    key = (namespace, response_id)
    with _lock:
        if key not in _store:
            _counts[namespace] = _counts.get(namespace, 0) + 1
        _store[key] = Stored(tuple(items), body)
        _store.move_to_end(key)
        if _counts[namespace] > MAX_STORED:  # this client's least recently used one
            _forget(next(k for k in _store if k[0] == namespace))
        while len(_store) > MAX_TOTAL:
            _forget(next(iter(_store)))
    return True


def get(response_id: str, namespace: str = "") -> Stored | None:
    """The response with this id that ``namespace`` kept, or None."""
    key = (namespace, response_id)
    with _lock:
        found = _store.get(key)
        if found is not None:
            _store.move_to_end(key)
        return found


def delete(response_id: str, namespace: str = "") -> bool:
    """Forget a response of ``namespace``; False when it kept none with this id."""
    with _lock:
        return _forget((namespace, response_id))


def clear() -> None:
    """Forget every response of every namespace (tests)."""
    with _lock:
        _store.clear()
        _counts.clear()
