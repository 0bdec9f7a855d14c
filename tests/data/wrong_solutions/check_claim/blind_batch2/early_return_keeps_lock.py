"""MISTAKE: BEGIN IMMEDIATE, but the "already claimed" path returns before COMMIT, leaving the transaction open and the write lock held.

The first repeated key blocks every other writer (they time out with "database is locked") and
the next claim on this connection fails with "cannot start a transaction within a transaction".
"""
CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    conn.execute("BEGIN IMMEDIATE")
    seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
    if seen is not None:
        return False                      # already claimed
    time.sleep(0.005)  # the work between the read and the write: keep it
    conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
    conn.execute("COMMIT")
    return True
