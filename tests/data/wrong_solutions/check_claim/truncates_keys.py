"""MISTAKE: Stores only the first 64 characters of the key, so two long keys that share them collide.
"""

import sqlite3

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    try:
        conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key[:64],))
    except sqlite3.IntegrityError:
        return False
    return True


HINT = "keys that differ only in case or length are different keys"
