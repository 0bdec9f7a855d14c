"""MISTAKE: Wraps the read and the write in `with conn:`, believing it makes them one transaction, but on an autocommit connection it begins none, so the race stays open.
"""
import sqlite3
import time

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    with conn:
        seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
        if seen is not None:
            return False
        time.sleep(0.005)  # the work between the read and the write: keep it
        conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
    return True
