"""MISTAKE: strips whitespace from the key before claiming, so "refund-O-100-a1 " and "refund-O-100-a1" are one claim.

Race-safe (BEGIN IMMEDIATE + primary key), but an idempotency key is an opaque id chosen by the
caller: two different keys must be two claims, exactly as "key A in capitals: another key".
The second request is told "already claimed" and replays someone else's refund.
"""
import sqlite3
import time

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    key = key.strip()                         # tidy up keys pasted with spaces
    conn.execute("BEGIN IMMEDIATE")
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
