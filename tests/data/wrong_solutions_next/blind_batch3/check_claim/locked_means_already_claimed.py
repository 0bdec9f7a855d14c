"""MISTAKE: catches sqlite3.Error (not only IntegrityError) as "already claimed", so a busy database silently drops a fresh key's refund.

"database is locked" (OperationalError) means someone else holds the lock - possibly for another
key - not that this key is taken. Answering False tells the caller to replay a result that does
not exist: the refund never happens. Only IntegrityError on the key means "already claimed".
"""
import sqlite3
import time

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.Error:
        return False                          # someone is on it: treat as claimed
    try:
        time.sleep(0.005)  # the work between the read and the write: keep it
        conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
        conn.execute("COMMIT")
        return True
    except sqlite3.Error:
        conn.execute("ROLLBACK")
        return False
