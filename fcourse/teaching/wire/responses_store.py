"""The stored responses behind ``previous_response_id``: in memory, bounded, forgotten on restart.

Introduced in chapter 2 (the same round trip, two shapes). The hosted Responses API keeps every
response (``store`` defaults to true), so a program may send only what is new and name the response
it continues (``previous_response_id``): the model then reads that response's whole conversation -
its input items and its output items - before the new input. The teaching model does the same from
this store, with two honest limits:

- it holds the last ``MAX_STORED`` responses of this process, least recently used first out (and
  none whose conversation is longer than ``MAX_STORED_TOKENS``), so an old or restarted one gets
  the hosted API's 400 for an unknown id, ``Previous response with id 'resp_…' not found.``;
- each process has its own: the in-process model of a notebook and a ``fcourse serve`` do not share.

A response created with ``store: false`` is not kept, as on the hosted API. ``get`` also serves
``GET /v1/responses/{id}`` and ``delete`` serves ``DELETE``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

__all__ = ["MAX_STORED", "MAX_STORED_TOKENS", "Stored", "clear", "delete", "get", "put"]

#: at most this many responses are kept (least recently used first out)
MAX_STORED = 256
#: a response whose conversation is longer than this (estimated tokens) is not kept
MAX_STORED_TOKENS = 16_000


@dataclass(frozen=True)
class Stored:
    """One kept response: its conversation items (input then output, normalised) and its body."""

    items: tuple[dict[str, Any], ...]
    body: dict[str, Any]


_store: OrderedDict[str, Stored] = OrderedDict()
_lock = threading.Lock()


def put(response_id: str, items: list[dict[str, Any]], body: dict[str, Any], tokens: int) -> bool:
    """Keep a response; False (and nothing kept) when its conversation is over ``MAX_STORED_TOKENS``."""
    if tokens > MAX_STORED_TOKENS:
        return False
    with _lock:
        _store[response_id] = Stored(tuple(items), body)
        _store.move_to_end(response_id)
        while len(_store) > MAX_STORED:
            _store.popitem(last=False)
    return True


def get(response_id: str) -> Stored | None:
    """The kept response with this id, or None."""
    with _lock:
        found = _store.get(response_id)
        if found is not None:
            _store.move_to_end(response_id)
        return found


def delete(response_id: str) -> bool:
    """Forget a response; False when there was none with this id."""
    with _lock:
        return _store.pop(response_id, None) is not None


def clear() -> None:
    """Forget every response (tests)."""
    with _lock:
        _store.clear()
