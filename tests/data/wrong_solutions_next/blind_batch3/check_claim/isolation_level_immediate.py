"""MISTAKE: sets conn.isolation_level = "IMMEDIATE" and wraps the work in `with conn:`, believing the SELECT is now inside BEGIN IMMEDIATE.

Python's sqlite3 (legacy transaction control) opens the implicit BEGIN only before an INSERT/
UPDATE/DELETE, not before a SELECT: the read and the 5 ms gap still run outside any lock. With
the naive schema both racers insert, and the key is refunded twice.
"""
import sqlite3
import time

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT NOT NULL)"


def claim(conn, key):
    conn.isolation_level = "IMMEDIATE"       # every transaction takes the write lock first
    with conn:
        seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
        if seen is not None:
            return False
        time.sleep(0.005)  # the work between the read and the write: keep it
        conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
    return True
