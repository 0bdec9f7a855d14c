"""MISTAKE: INSERT OR IGNORE, then `return cursor.lastrowid is not None` - but lastrowid keeps the previous insert's rowid when the insert is ignored.

The atomic single-statement idea is right; reading the outcome is wrong. On a connection that has
claimed anything before, an ignored duplicate still reports a rowid, so "already claimed" answers
True and the key is refunded again. rowcount (0 or 1) is the outcome.
"""
import sqlite3
import time

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    time.sleep(0.005)  # the work between the read and the write: keep it
    cursor = conn.execute("INSERT OR IGNORE INTO claims (idempotency_key) VALUES (?)", (key,))
    return cursor.lastrowid is not None
