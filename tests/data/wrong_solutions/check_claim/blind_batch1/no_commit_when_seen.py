"""MISTAKE: Returns False for an already-claimed key without COMMIT or ROLLBACK, leaving the BEGIN IMMEDIATE transaction open and the write lock held.
"""
import sqlite3
import time

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    conn.execute("BEGIN IMMEDIATE")
    seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
    if seen is not None:
        return False
    time.sleep(0.005)  # the work between the read and the write: keep it
    conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
    conn.execute("COMMIT")
    return True
