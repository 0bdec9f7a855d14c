"""SQLite connections for the chapter-4 runtime: one per thread or process, explicit transactions.

Introduced in chapter 4. This module owns *how* the course talks to SQLite,
not what is stored (``fcourse.shop.refunds`` owns the refund tables,
``fcourse.runtime.audit`` and ``fcourse.runtime.confirmation`` theirs).

The rules it encodes:

- ``isolation_level=None``: the ``sqlite3`` module never opens a transaction
  behind our back; every write happens inside ``transaction(conn)``, which
  issues ``BEGIN IMMEDIATE`` -- the write lock is taken up front, so two
  writers never both read a state and then both act on it.
- WAL journal (readers do not block the writer) with ``synchronous=NORMAL``:
  a commit is durable against a process crash (the kill test proves it);
  only an OS crash or power loss can drop the last few commits. That is the
  usual WAL trade-off and what makes >1,000 refunds/s possible on one core;
  use ``synchronous=FULL`` if a power cut must not lose a refund record.
- ``busy_timeout``: a writer waits for the lock instead of failing at once.
- One connection per thread/process: ``check_same_thread`` stays on, and a
  child process opens its own connection after fork/spawn.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from fcourse.errors import ConfigurationError, StorageError

__all__ = ["open_database", "snapshot", "transaction"]

BUSY_TIMEOUT_MS = 10_000


def open_database(path: str, *, synchronous: str = "NORMAL") -> sqlite3.Connection:
    """Open (creating if needed) the database at ``path`` with the course's settings.

    ``":memory:"`` is accepted for unit tests (no WAL there). Raises
    ``StorageError`` if the file cannot be opened as a database and
    ``ConfigurationError`` for an unknown ``synchronous`` mode. (Named apart
    from ``fcourse.connect``, which connects to a model.)
    """
    if synchronous.upper() not in {"OFF", "NORMAL", "FULL", "EXTRA"}:
        raise ConfigurationError(f"unknown synchronous mode {synchronous!r}")
    try:
        conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        if path != ":memory:" and not path.startswith("file::memory:"):
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise StorageError(f"could not switch {path!r} to WAL (journal_mode={mode})")
        conn.execute(f"PRAGMA synchronous = {synchronous.upper()}")
        conn.execute("PRAGMA foreign_keys = ON")
    except sqlite3.DatabaseError as error:
        raise StorageError(f"cannot open the database {path!r}: {error}") from error
    return conn


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``; roll back on any exception (even a simulated crash)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    else:
        conn.execute("COMMIT")


@contextmanager
def snapshot(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """A read-only, consistent view across several queries (deferred ``BEGIN`` ... ``COMMIT``)."""
    conn.execute("BEGIN")
    try:
        yield conn
    finally:
        if conn.in_transaction:
            conn.execute("COMMIT")
