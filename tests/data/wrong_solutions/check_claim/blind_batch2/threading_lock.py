"""MISTAKE: guards the read and the write with a threading.Lock; a lock in one process means nothing to the other process racing on the same database file.
"""
CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    import threading

    lock = claim.__dict__.setdefault("lock", threading.Lock())
    with lock:
        seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
        if seen is not None:
            return False
        time.sleep(0.005)  # the work between the read and the write: keep it
        conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
        return True
