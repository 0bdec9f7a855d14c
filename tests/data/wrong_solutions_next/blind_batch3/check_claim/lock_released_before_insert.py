"""MISTAKE: takes BEGIN IMMEDIATE around the read only and commits before the slow gap, so the insert runs unlocked.

The learner wanted to hold the lock as briefly as possible ("don't hold a write lock while doing
work"). The check and the write are again two steps: both racers read "free", and with the
naive schema both insert.
"""
import sqlite3
import time

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT NOT NULL)"


def claim(conn, key):
    conn.execute("BEGIN IMMEDIATE")
    seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
    conn.execute("COMMIT")                   # release the lock quickly
    if seen is not None:
        return False
    time.sleep(0.005)  # the work between the read and the write: keep it
    conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
    return True
