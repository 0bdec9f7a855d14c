"""MISTAKE: uses plain BEGIN (deferred) instead of BEGIN IMMEDIATE: both processes read under a shared lock, then both try to upgrade to write and one fails with "database is locked".

The read and the write are in one transaction, but the write lock is taken only at the INSERT,
after the gap; SQLite answers the second writer SQLITE_BUSY at once (no busy wait on upgrade).
"""
CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    conn.execute("BEGIN")
    try:
        seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
        if seen is None:
            time.sleep(0.005)  # the work between the read and the write: keep it
            conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return seen is None
