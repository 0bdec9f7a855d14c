"""MISTAKE: opens the transaction with a plain BEGIN (DEFERRED), which takes no lock until the INSERT, so both racers read "no such key".

The learner knows a transaction is needed but not which kind. Under DEFERRED both processes hold
only a read lock through the SELECT and the 5 ms gap; when both try to write, one gets
"database is locked" (SQLite cannot upgrade two readers) and the claim raises instead of
answering False. BEGIN IMMEDIATE takes the write lock before the read.
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
