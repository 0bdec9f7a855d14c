"""MISTAKE: returns cursor.rowcount (1 or 0) instead of True or False.

Atomic and race-free, but the contract is "returns True when this caller may execute": a
caller testing `claim(...) is True`, or storing the answer as JSON, sees 1 and 0. The checker's
race requires every claim to answer True or False.
"""
import sqlite3
import time

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    time.sleep(0.005)  # the work between the read and the write: keep it
    return conn.execute("INSERT OR IGNORE INTO claims (idempotency_key) VALUES (?)", (key,)).rowcount
