"""MISTAKE: Takes the lock and never commits: the claim is held open, then rolled back.
"""


CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    conn.execute("BEGIN IMMEDIATE")
    seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
    if seen is None:
        conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
    return seen is None

HINT = 'COMMIT (or ROLLBACK) before returning'
