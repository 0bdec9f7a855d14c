"""Who is calling, may they, did the user confirm, and what was asked: sessions, confirmation, audit.

Introduced in chapter 4. This module owns three things around the registry:

- ``Session``: the caller's identity. It comes from the application (a login),
  never from the model; the registry overwrites any session-bound argument
  (``user_id``) the model proposed and records the override.
- ``ConfirmationGate``: single-use confirmation tokens for high-risk calls
  (a refund above a threshold). A token is bound to the user, the tool, the
  exact arguments (their hash) and an expiry, signed with HMAC-SHA256 under a
  per-database secret, and stored so it can be redeemed only once. The token
  goes to the *user* (the UI); the model never sees it.
- ``AuditLog``: an append-only SQLite table of every proposed call, accepted
  or refused. Triggers make ``UPDATE`` and ``DELETE`` on it fail, so
  "append-only" is enforced by the database, not by good intentions.

Per-tool permissions (roles) are declared on the tool (``Tool.roles``) and
checked by the registry against ``Session.roles``.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from fcourse.clock import Clock, SystemClock, iso
from fcourse.db import transaction

__all__ = [
    "EXECUTING",
    "AuditEntry",
    "AuditLog",
    "ConfirmationGate",
    "Session",
    "arguments_hash",
]


def arguments_hash(arguments: Mapping[str, Any]) -> str:
    """A stable hash of arguments: sha256 of canonical JSON (sorted keys), 16 hex digits."""
    canonical = json.dumps(arguments, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class Session:
    """The authenticated caller: set by the application, never by the model."""

    user_id: str
    roles: frozenset[str] = field(default_factory=lambda: frozenset({"customer"}))
    session_id: str = "session-1"

    def __post_init__(self) -> None:
        if not isinstance(self.roles, frozenset):
            object.__setattr__(self, "roles", frozenset(self.roles))


# --- confirmation tokens -----------------------------------------------------------

_CONFIRMATION_SCHEMA = """
CREATE TABLE IF NOT EXISTS security_meta (
    key   TEXT PRIMARY KEY,
    value BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS confirmations (
    token_id       INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id        TEXT NOT NULL,
    tool           TEXT NOT NULL,
    arguments_hash TEXT NOT NULL,
    issued_at      REAL NOT NULL,
    expires_at     REAL NOT NULL,
    used_at        REAL
);
"""


#: ``cf<token id>.<MAC>``: an id of at most 18 ASCII digits (below SQLite's 2**63), an ASCII MAC.
_TOKEN = re.compile(r"cf([1-9][0-9]{0,17})\.([0-9A-Za-z]{1,64})")


class ConfirmationGate:
    """Issues and redeems single-use confirmation tokens, stored in the database.

    ``secret`` signs the tokens; by default a random one is created once per
    database and kept in it (``security_meta``), so tokens survive a restart
    but never validate against another database. Pass a fixed ``secret``
    only for byte-stable demos. ``ttl`` is the token lifetime in seconds.
    """

    def __init__(
        self,
        conn: sqlite3.Connection,
        *,
        clock: Clock | None = None,
        secret: bytes | None = None,
        ttl: float = 300.0,
    ) -> None:
        self.conn = conn
        self.clock: Clock = clock or SystemClock()
        self.ttl = float(ttl)
        conn.executescript(_CONFIRMATION_SCHEMA)
        if secret is None:
            with transaction(conn):
                row = conn.execute("SELECT value FROM security_meta WHERE key = 'confirmation_secret'").fetchone()
                if row is None:
                    secret = os.urandom(32)
                    conn.execute("INSERT INTO security_meta (key, value) VALUES ('confirmation_secret', ?)", (secret,))
                else:
                    secret = bytes(row[0])
        self._secret = secret

    def _mac(self, token_id: int, user_id: str, tool: str, digest: str, expires_at: float) -> str:
        message = f"{token_id}|{user_id}|{tool}|{digest}|{expires_at:.3f}".encode()
        return hmac.new(self._secret, message, hashlib.sha256).hexdigest()[:32]

    @staticmethod
    def _digest(arguments: Mapping[str, Any] | str) -> str:
        return arguments if isinstance(arguments, str) else arguments_hash(arguments)

    def issue(self, session: Session, tool: str, arguments: Mapping[str, Any] | str) -> str:
        """A token for ``session.user_id`` to call ``tool`` with exactly these arguments.

        ``arguments`` is the arguments dict as the registry validates it
        (session fields included), or its hash: the ``arguments_hash`` in a
        ``CONFIRMATION_REQUIRED`` response's data.
        """
        digest = self._digest(arguments)
        now = self.clock.now()
        expires_at = round(now + self.ttl, 3)
        with transaction(self.conn):
            cursor = self.conn.execute(
                "INSERT INTO confirmations (user_id, tool, arguments_hash, issued_at, expires_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (session.user_id, tool, digest, now, expires_at),
            )
            token_id = int(cursor.lastrowid or 0)
        return f"cf{token_id}.{self._mac(token_id, session.user_id, tool, digest, expires_at)}"

    def redeem(self, token: str, session: Session | None, tool: str, arguments: Mapping[str, Any] | str) -> str | None:
        """Use ``token`` for this call: None if accepted (and now spent), else why not.

        The reasons: ``MALFORMED``, ``UNKNOWN_TOKEN``, ``NO_SESSION``,
        ``WRONG_BINDING`` (another user, tool or arguments), ``EXPIRED``,
        ``ALREADY_USED``.
        """
        if session is None:
            return "NO_SESSION"
        # the shape ``issue`` makes: ASCII digits that fit SQLite's INTEGER, an ASCII MAC
        form = _TOKEN.fullmatch(token) if isinstance(token, str) else None
        if form is None:
            return "MALFORMED"
        token_id, mac = int(form.group(1)), form.group(2)
        digest = self._digest(arguments)
        with transaction(self.conn):
            row = self.conn.execute(
                "SELECT user_id, tool, arguments_hash, expires_at, used_at FROM confirmations WHERE token_id = ?",
                (token_id,),
            ).fetchone()
            if row is None:
                return "UNKNOWN_TOKEN"
            expected = self._mac(token_id, session.user_id, tool, digest, float(row["expires_at"]))
            if not hmac.compare_digest(expected, mac):
                return "WRONG_BINDING"
            if row["used_at"] is not None:
                return "ALREADY_USED"
            now = self.clock.now()
            if now > float(row["expires_at"]):
                return "EXPIRED"
            self.conn.execute(
                "UPDATE confirmations SET used_at = ? WHERE token_id = ? AND used_at IS NULL", (now, token_id)
            )
        return None


# --- the audit log -----------------------------------------------------------------

_AUDIT_SCHEMA = """
CREATE TABLE IF NOT EXISTS audit_log (
    seq         INTEGER PRIMARY KEY AUTOINCREMENT,
    at          REAL NOT NULL,
    session_id  TEXT,
    user_id     TEXT,
    tool        TEXT NOT NULL,
    arguments   TEXT NOT NULL,
    decision    TEXT NOT NULL CHECK (decision IN ('ACCEPTED', 'REFUSED')),
    code        TEXT NOT NULL,
    message     TEXT NOT NULL,
    notes       TEXT NOT NULL
);
CREATE TRIGGER IF NOT EXISTS audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
CREATE TABLE IF NOT EXISTS audit_outcomes (
    seq         INTEGER PRIMARY KEY REFERENCES audit_log (seq),
    at          REAL NOT NULL,
    code        TEXT NOT NULL,
    message     TEXT NOT NULL,
    notes       TEXT NOT NULL
);
CREATE TRIGGER IF NOT EXISTS audit_outcomes_no_update BEFORE UPDATE ON audit_outcomes
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS audit_outcomes_no_delete BEFORE DELETE ON audit_outcomes
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
"""

#: The code of an accepted entry whose outcome was never written (the process died mid-call).
EXECUTING = "EXECUTING"


@dataclass(frozen=True)
class AuditEntry:
    """One audited call: ``decision`` is ACCEPTED (the handler was reached) or REFUSED.

    ``code`` is the outcome (``EXECUTING`` for an accepted call whose outcome
    was never recorded: the handler started, and then nothing was heard).
    """

    seq: int
    at: float
    session_id: str | None
    user_id: str | None
    tool: str
    arguments: str
    decision: str
    code: str
    message: str
    notes: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, with ``time`` as ISO text."""
        return {
            "seq": self.seq,
            "time": iso(self.at),
            "session_id": self.session_id,
            "user_id": self.user_id,
            "tool": self.tool,
            "arguments": self.arguments,
            "decision": self.decision,
            "code": self.code,
            "message": self.message,
            "notes": list(self.notes),
        }


def _storable(text: Any) -> str | None:
    """Text SQLite can store: a lone surrogate (not encodable as UTF-8) becomes a visible ``\\udc80`` escape."""
    if text is None:
        return None
    return str(text).encode("utf-8", "backslashreplace").decode("utf-8")


def _arguments_text(arguments: Any) -> str:
    if isinstance(arguments, (bytes, bytearray)):
        arguments = bytes(arguments).decode("utf-8", "replace")
    if not isinstance(arguments, str):
        try:
            arguments = json.dumps(arguments, sort_keys=True, ensure_ascii=False)
        except (TypeError, ValueError):
            arguments = repr(arguments)
    return _storable(arguments) or ""


def _notes_text(notes: Iterable[str]) -> str:
    return _storable(json.dumps([str(note) for note in notes], ensure_ascii=False)) or "[]"


class AuditLog:
    """The append-only record of every proposed call (SQLite tables ``audit_log`` and ``audit_outcomes``).

    A refused call is one ``record``. An accepted one is written *before* its
    handler runs (``begin``: the registry refuses the call if that write
    fails, so nothing executes without its entry) and completed by
    ``finish``, which appends the outcome; ``entries`` shows the two as one.
    """

    def __init__(self, conn: sqlite3.Connection, *, clock: Clock | None = None) -> None:
        self.conn = conn
        self.clock: Clock = clock or SystemClock()
        conn.executescript(_AUDIT_SCHEMA)

    def _insert(
        self,
        session: Session | None,
        tool: str,
        arguments: Any,
        decision: str,
        code: str,
        message: str,
        notes: Iterable[str],
    ) -> int:
        with transaction(self.conn):
            cursor = self.conn.execute(
                "INSERT INTO audit_log (at, session_id, user_id, tool, arguments, decision, code, message, notes)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    self.clock.now(),
                    _storable(session.session_id) if session else None,
                    _storable(session.user_id) if session else None,
                    _storable(tool),
                    _arguments_text(arguments),
                    decision,
                    _storable(code),
                    _storable(message),
                    _notes_text(notes),
                ),
            )
            return int(cursor.lastrowid or 0)

    def record(self, *, session: Session | None, tool: str, arguments: Any, response: Any) -> int:
        """Append one finished entry for ``response`` (a ``ToolResponse``); return its sequence number.

        The arguments are stored as the model sent them (a raw string stays
        raw), so a refusal for bad JSON is auditable too.
        """
        decision = "ACCEPTED" if getattr(response, "executed", False) else "REFUSED"
        return self._insert(session, tool, arguments, decision, str(response.code), response.message, response.notes)

    def begin(self, *, session: Session | None, tool: str, arguments: Any, notes: Iterable[str] = ()) -> int:
        """Append the entry of a call about to execute (code ``EXECUTING``); return its sequence number."""
        return self._insert(session, tool, arguments, "ACCEPTED", EXECUTING, "", notes)

    def finish(self, seq: int, response: Any) -> None:
        """Append the outcome of the call ``begin`` returned ``seq`` for."""
        with transaction(self.conn):
            self.conn.execute(
                "INSERT INTO audit_outcomes (seq, at, code, message, notes) VALUES (?, ?, ?, ?, ?)",
                (
                    seq,
                    self.clock.now(),
                    _storable(response.code),
                    _storable(response.message),
                    _notes_text(response.notes),
                ),
            )

    def entries(self, *, tool: str | None = None) -> list[AuditEntry]:
        """All entries, oldest first (only ``tool``'s if given), each with its outcome."""
        sql = (
            "SELECT a.seq, a.at, a.session_id, a.user_id, a.tool, a.arguments, a.decision,"
            " COALESCE(o.code, a.code) AS code, COALESCE(o.message, a.message) AS message,"
            " COALESCE(o.notes, a.notes) AS notes"
            " FROM audit_log AS a LEFT JOIN audit_outcomes AS o ON o.seq = a.seq"
        )
        params: Iterable[Any] = ()
        if tool is not None:
            sql += " WHERE a.tool = ?"
            params = (tool,)
        rows = self.conn.execute(sql + " ORDER BY a.seq", tuple(params)).fetchall()
        return [
            AuditEntry(
                seq=row["seq"],
                at=row["at"],
                session_id=row["session_id"],
                user_id=row["user_id"],
                tool=row["tool"],
                arguments=row["arguments"],
                decision=row["decision"],
                code=row["code"],
                message=row["message"],
                notes=tuple(json.loads(row["notes"])),
            )
            for row in rows
        ]

    def __len__(self) -> int:
        return int(self.conn.execute("SELECT COUNT(*) FROM audit_log").fetchone()[0])
