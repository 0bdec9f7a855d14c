"""The room: who has asked the classroom server what, and which mistakes they hit (the live view's data).

Introduced for the classroom (the README's "Running a classroom"). The server records every
request to the model here, after the endpoint has answered it; ``GET /v1/fcourse/room``
returns ``Room.snapshot()`` and the live view at ``GET /`` draws it.

Who a request is from (``identify``), in this order:

1. ``X-Fcourse-Learner``: the name a learner set in ``FCOURSE_LEARNER`` before ``make lab``
   (``fcourse.connect()`` sends it, percent-encoded UTF-8, so 张伟 works);
2. ``X-Fcourse-Client``: an anonymous id ``fcourse.connect()`` derives from the machine
   account (a hash: neither the user name nor the host is sent). It keeps learners apart who
   share one address, as on a JupyterHub;
3. otherwise the client's address and User-Agent (curl, another SDK).

A learner without a name is numbered: "learner 1", "learner 2", ... in the order the server
first saw them, for as long as it runs. ``X-Fcourse-Notebook`` is the notebook's file name
when the kernel can tell (Jupyter sets ``JPY_SESSION_NAME``).

Privacy: the room keeps counts, times, the notebook's file name, the client's address and
each error's kind and field path (``messages.[3].tool_call_id``). It never sees a request
body, and it keeps no error message (one can quote a learner's values).
"""

from __future__ import annotations

import threading
import time
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote

from fcourse.teaching.wire.error_kinds import classify

__all__ = [
    "CLIENT_HEADER",
    "LEARNER_HEADER",
    "MAX_LEARNERS",
    "NOTEBOOK_HEADER",
    "Identity",
    "Room",
    "clean_label",
    "identify",
    "store_namespace",
]

LEARNER_HEADER = "X-Fcourse-Learner"
CLIENT_HEADER = "X-Fcourse-Client"
NOTEBOOK_HEADER = "X-Fcourse-Notebook"

#: learners the room keeps apart; past this, new ones share one row (so no client can grow it without bound)
MAX_LEARNERS = 500
#: the longest name or notebook name kept, in characters
MAX_LABEL = 60


def clean_label(raw: str | None) -> str | None:
    """A header's percent-encoded text as a short, printable line (``None`` when nothing is left)."""
    if not raw:
        return None
    text = unquote(raw.strip(), errors="replace")
    kept = "".join(" " if unicodedata.category(c).startswith(("C", "Z")) else c for c in text)
    kept = " ".join(kept.split())[:MAX_LABEL]
    return kept or None


@dataclass(frozen=True)
class Identity:
    """Who sent a request: the key that tells learners apart, and a name when they gave one."""

    key: str
    name: str | None
    address: str
    notebook: str | None


def identify(headers: Mapping[str, str], address: str) -> Identity:
    """The learner a request comes from (see the module's docstring for the order)."""
    name = clean_label(headers.get(LEARNER_HEADER))
    notebook = clean_label(headers.get(NOTEBOOK_HEADER))
    if notebook is not None:
        notebook = notebook.replace("\\", "/").rsplit("/", 1)[-1]  # the file's name, never its folder
    if name is not None:
        return Identity(f"name:{name.casefold()}", name, address, notebook)
    client = clean_label(headers.get(CLIENT_HEADER))
    if client is not None:
        return Identity(f"client:{client}", None, address, notebook)
    return Identity(f"address:{address} {headers.get('User-Agent', '')}", None, address, notebook)


def store_namespace(headers: Mapping[str, str], address: str) -> str:
    """Whose stored responses a request may read, continue or delete (``responses_store``, issue 38): the
    ``X-Fcourse-Client`` id ``fcourse.connect()`` sends, else the client's address. A learner's name is not
    used: two learners may choose the same one, and a client id is what one machine account keeps."""
    client = clean_label(headers.get(CLIENT_HEADER))
    if client is not None:
        return f"client:{client}"
    return f"address:{address}"


@dataclass
class _Kind:
    label: str
    count: int = 0
    last: float = 0.0
    param: str | None = None


@dataclass
class _Learner:
    label: str
    named: bool
    number: int
    first_seen: float
    address: str = ""
    notebook: str | None = None
    requests: int = 0
    failed: int = 0
    last_seen: float = 0.0
    in_a_row: int = 0  # errors since the last success: a learner who may be stuck
    last_error: str | None = None
    errors: dict[str, _Kind] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        last = self.errors.get(self.last_error) if self.last_error else None
        return {
            "learner": self.label,
            "named": self.named,
            "number": self.number,
            "address": self.address,
            "notebook": self.notebook,
            "requests": self.requests,
            "errors_total": self.failed,
            "errors_in_a_row": self.in_a_row,
            "first_seen": round(self.first_seen, 3),
            "last_seen": round(self.last_seen, 3),
            "last_error": None
            if last is None
            else {"kind": self.last_error, "label": last.label, "at": round(last.last, 3), "param": last.param},
            "errors": {
                kind: {"label": k.label, "count": k.count, "last": round(k.last, 3), "param": k.param}
                for kind, k in sorted(self.errors.items(), key=lambda item: -item[1].last)
            },
        }


class Room:
    """Every learner the server has seen, with their requests and errors by kind. Thread-safe.

    ``version`` goes up by one with each recorded request, so a live view knows when to redraw.
    """

    def __init__(self, clock: Any = time.time) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._learners: dict[str, _Learner] = {}
        self._numbered = 0
        self.started = clock()
        self.version = 0

    def _learner(self, who: Identity, now: float) -> _Learner:
        key = who.key
        if key not in self._learners and len(self._learners) >= MAX_LEARNERS:
            key = "overflow"
        learner = self._learners.get(key)
        if learner is None:
            if key == "overflow":
                learner = _Learner(f"others (past {MAX_LEARNERS} learners)", False, 0, now)
            elif who.name is not None:
                learner = _Learner(who.name, True, 0, now)
            else:
                self._numbered += 1
                learner = _Learner(f"learner {self._numbered}", False, self._numbered, now)
            self._learners[key] = learner
        return learner

    def record(self, who: Identity, status: int, body: bytes = b"") -> None:
        """One request answered with ``status`` (``body`` is read only when it is an error reply)."""
        seen = classify(status, body) if status >= 400 else None
        now = self._clock()
        with self._lock:
            learner = self._learner(who, now)
            learner.requests += 1
            learner.last_seen = now
            learner.address = who.address
            if who.notebook is not None:
                learner.notebook = who.notebook
            if seen is None:
                learner.in_a_row = 0
            else:
                learner.failed += 1
                learner.in_a_row += 1
                tally = learner.errors.setdefault(seen.kind, _Kind(seen.label))
                tally.count += 1
                tally.last = now
                tally.param = seen.param
                learner.last_error = seen.kind
            self.version += 1

    def snapshot(self) -> dict[str, Any]:
        """The room as JSON-ready data: learners in the order first seen, and the room's totals by kind."""
        with self._lock:
            learners = [learner.as_dict() for learner in self._learners.values()]
            version = self.version
        kinds: dict[str, dict[str, Any]] = {}
        notebooks: dict[str, int] = {}
        for row in learners:
            if row["notebook"]:
                notebooks[row["notebook"]] = notebooks.get(row["notebook"], 0) + 1
            for kind, tally in row["errors"].items():
                total = kinds.setdefault(kind, {"label": tally["label"], "count": 0, "learners": 0, "last": 0.0})
                total["count"] += tally["count"]
                total["learners"] += 1
                total["last"] = max(total["last"], tally["last"])
        return {
            "object": "fcourse.room",
            "version": version,
            "now": round(self._clock(), 3),
            "started": round(self.started, 3),
            "requests": sum(row["requests"] for row in learners),
            "learners": learners,
            "kinds": dict(sorted(kinds.items(), key=lambda item: (-item[1]["count"], item[0]))),
            "notebooks": dict(sorted(notebooks.items())),
        }
