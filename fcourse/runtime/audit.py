"""The audit log: an append-only SQLite record of every proposed call, accepted or refused.

Introduced in chapter 4. Triggers make ``UPDATE`` and ``DELETE`` fail, so
"append-only" is enforced by the database, not by good intentions. An
accepted call's entry is written *before* its handler runs (the registry
refuses the call if it cannot be), and its outcome is appended afterwards:
nothing executes without its audit entry.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from fcourse.clock import Clock, SystemClock, iso
from fcourse.db import transaction
from fcourse.runtime.identity import Session

__all__ = ["EXECUTING", "AuditEntry", "AuditLog"]

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
