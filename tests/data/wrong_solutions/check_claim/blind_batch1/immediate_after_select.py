"""MISTAKE: Takes BEGIN IMMEDIATE only around the INSERT, after the SELECT, so both racers still read "no such key" before either locks.
"""
import sqlite3
import time

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
    if seen is not None:
        return False
    time.sleep(0.005)  # the work between the read and the write: keep it
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return True
