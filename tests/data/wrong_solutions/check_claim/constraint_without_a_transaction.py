"""MISTAKE: A primary key, but no transaction: no double refund, yet the loser's INSERT raises instead of answering
False.
"""


import time

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
    if seen is not None:
        return False
    time.sleep(0.005)
    conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
    return True

HINT = 'crashed on the constraint'
