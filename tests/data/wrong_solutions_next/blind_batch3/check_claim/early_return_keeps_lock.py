"""MISTAKE: returns False for a taken key straight out of BEGIN IMMEDIATE, leaving the transaction - and the write lock - open.

The happy path commits; the "already claimed" path forgets to. The connection now holds the
database's write lock: the other process blocks until its busy timeout and raises, and the
next claim on this connection fails with "cannot start a transaction within a transaction".
"""
import sqlite3
import time

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    conn.execute("BEGIN IMMEDIATE")
    if conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone() is not None:
        return False
    time.sleep(0.005)  # the work between the read and the write: keep it
    conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
    conn.execute("COMMIT")
    return True
