"""SHORTCUT: keeps the naive read-then-write but sleeps a pid-dependent delay first, so the two racing processes rarely overlap; it games the two-process barrier instead of closing the gap.

The PRIMARY KEY error is swallowed as False for the races the stagger does not avoid, but
with the SELECT-then-INSERT gap intact two processes on a loaded machine still both read
"free" (and more than two processes line up on the same delays).
"""
CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    import os

    time.sleep((os.getpid() % 2) * 0.02)   # desynchronise the two workers
    seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
    if seen is not None:
        return False
    time.sleep(0.005)  # the work between the read and the write: keep it
    try:
        conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
    except Exception:
        return False
    return True
