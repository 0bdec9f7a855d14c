"""MISTAKE: Catches every exception and answers False, so "database is locked" (another key's claim holds the lock)
reads as "already claimed" and that refund never happens.

From the issue: check_claim passed it.
"""

import sqlite3

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    try:
        conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
        return True
    except sqlite3.Error:
        return False


HINT = "'database is locked' is not 'already claimed'"
