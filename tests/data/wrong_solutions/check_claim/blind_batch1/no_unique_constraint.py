"""MISTAKE: Relies on catching IntegrityError from the INSERT but drops the PRIMARY KEY from the schema, so the insert never fails and every caller claims the key.
"""
import sqlite3
import time

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT NOT NULL)"


def claim(conn, key):
    time.sleep(0.005)  # the work before the write: keep it
    try:
        conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
    except sqlite3.IntegrityError:
        return False
    return True
