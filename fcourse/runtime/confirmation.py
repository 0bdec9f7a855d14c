"""Confirmation of high-risk calls: single-use tokens the *user* redeems, never the model.

Introduced in chapter 4. A token is bound to the user, the tool, the exact
arguments (their hash) and an expiry, signed with HMAC-SHA256 under a
per-database secret, and stored so it can be redeemed only once. The token
goes to the user (the UI); the model never sees it. ``token_problem`` is how
the registry asks, failing closed.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import sqlite3
from collections.abc import Mapping
from typing import Any

from fcourse.clock import Clock, SystemClock
from fcourse.db import transaction
from fcourse.runtime.identity import Session, arguments_hash

__all__ = ["ConfirmationGate", "token_problem"]

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


def token_problem(
    gate: ConfirmationGate | None,
    token: str | None,
    session: Session | None,
    tool: str,
    arguments: Mapping[str, Any],
) -> str | None:
    """None if ``token`` confirms this call (and is now spent), else why not; never raises.

    ``NO_TOKEN``, ``NO_CONFIRMATION_GATE``, ``GATE_ERROR: <exception>`` (fail
    closed: a gate that cannot answer confirms nothing), or a reason from
    ``ConfirmationGate.redeem``.
    """
    if not token:
        return "NO_TOKEN"
    if gate is None:
        return "NO_CONFIRMATION_GATE"
    try:
        return gate.redeem(token, session, tool, arguments)
    except Exception as error:
        return f"GATE_ERROR: {type(error).__name__}"
