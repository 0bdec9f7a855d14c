"""MISTAKE: Catches every sqlite3 error on the INSERT and answers False, so "database is locked" is taken to mean "already claimed" and a key can end with no refund at all.
"""
import sqlite3
import time

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
    if seen is not None:
        return False
    time.sleep(0.005)  # the work between the read and the write: keep it
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
        conn.execute("COMMIT")
    except sqlite3.Error:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass
        return False
    return True
