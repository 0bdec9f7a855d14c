"""MISTAKE: Reads, then writes, with the work in between: both racers read 'not claimed' and both refund.
"""


import time

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT NOT NULL)"


def claim(conn, key):
    seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
    if seen is not None:
        return False
    time.sleep(0.005)  # the work between the read and the write
    conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
    return True

HINT = 'were refunded twice'
