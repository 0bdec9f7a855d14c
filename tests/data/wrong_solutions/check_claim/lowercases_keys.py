"""MISTAKE: Stores the key in lower case "to be safe", so REFUND-A-0001 collides with refund-A-0001.
"""

import sqlite3

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    try:
        conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key.lower(),))
    except sqlite3.IntegrityError:
        return False
    return True


HINT = "keys that differ only in case or length are different keys"
