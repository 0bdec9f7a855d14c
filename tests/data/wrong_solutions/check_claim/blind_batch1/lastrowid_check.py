"""MISTAKE: Uses INSERT OR IGNORE and treats a non-zero cursor.lastrowid as "inserted", but an ignored insert still reports the connection's previous rowid.
"""
import sqlite3
import time

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    time.sleep(0.005)  # the work before the write: keep it
    cursor = conn.execute("INSERT OR IGNORE INTO claims (idempotency_key) VALUES (?)", (key,))
    return bool(cursor.lastrowid)
