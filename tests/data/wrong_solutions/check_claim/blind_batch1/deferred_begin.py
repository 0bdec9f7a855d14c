"""MISTAKE: Opens the transaction with a plain BEGIN (deferred) instead of BEGIN IMMEDIATE, so both racers read before either holds the write lock and the loser fails with "database is locked" on its INSERT or COMMIT.
"""
import sqlite3
import time

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    conn.execute("BEGIN")
    try:
        seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
        if seen is None:
            time.sleep(0.005)  # the work between the read and the write: keep it
            conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return seen is None
