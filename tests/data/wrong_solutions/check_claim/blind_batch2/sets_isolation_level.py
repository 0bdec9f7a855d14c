"""MISTAKE: switches the caller's connection out of autocommit (conn.isolation_level = "DEFERRED") and commits at the end: mutates its input, and Python opens the implicit transaction only at the INSERT, after the SELECT.

So the read is still outside the transaction; the loser of a race gets an IntegrityError, and the
connection is left in a mode the caller did not choose.
"""
CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    conn.isolation_level = "DEFERRED"       # "turn transactions on"
    seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
    if seen is not None:
        return False
    time.sleep(0.005)  # the work between the read and the write: keep it
    conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
    conn.commit()
    return True
