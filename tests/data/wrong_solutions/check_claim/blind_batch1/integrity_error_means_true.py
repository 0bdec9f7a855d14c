"""MISTAKE: Keeps the read-then-write but catches the loser's IntegrityError and answers True ("the key is claimed"), so both racers go ahead with the refund.
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
        conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
    except sqlite3.IntegrityError:
        pass  # someone inserted it meanwhile: the key is claimed now
    return True
