"""SHORTCUT: keeps the naive read-then-write and staggers the two racing processes by pid parity, so they never meet in the gap.

The checker releases both workers together with a barrier; a 40 ms head start for one of them
means it always reads after the other committed. Nothing makes the claim atomic: two real
requests arriving 1 ms apart from processes of the same parity still double-refund.
"""
import sqlite3
import time

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    import os
    time.sleep(0.04 * (os.getpid() % 2))      # let the "other" worker go first
    seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
    if seen is not None:
        return False
    time.sleep(0.005)  # the work between the read and the write: keep it
    conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
    return True
