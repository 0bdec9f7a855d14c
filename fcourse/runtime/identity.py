"""Who is calling: the session, set by the application, never by the model; and the arguments hash.

Introduced in chapter 4. The registry overwrites any session-bound argument
(``user_id``) the model proposed with the ``Session``'s value and records the
override; per-tool permissions (``Tool.roles``) are checked against
``Session.roles``. ``arguments_hash`` is the one stable hash of a call's
arguments: confirmation tokens, idempotency records and responses use it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Session", "arguments_hash"]


def arguments_hash(arguments: Mapping[str, Any]) -> str:
    """A stable hash of arguments: sha256 of canonical JSON (sorted keys), 16 hex digits.

    Numbers are read as JSON reads them: ``100`` and ``100.0`` are one number
    (as in RFC 8785's canonical form), so the same call hashes the same
    whichever way a model wrote it.
    """
    canonical = json.dumps(_json_numbers(arguments), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def _json_numbers(value: Any) -> Any:
    """``value`` with every integral float (within 2**53, where floats count exactly) as an int."""
    if isinstance(value, float) and value.is_integer() and abs(value) <= 2**53:
        return int(value)
    if isinstance(value, Mapping):
        return {key: _json_numbers(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_numbers(item) for item in value]
    return value


@dataclass(frozen=True)
class Session:
    """The authenticated caller: set by the application, never by the model."""

    user_id: str
    roles: frozenset[str] = field(default_factory=lambda: frozenset({"customer"}))
    session_id: str = "session-1"

    def __post_init__(self) -> None:
        if not isinstance(self.roles, frozenset):
            object.__setattr__(self, "roles", frozenset(self.roles))
