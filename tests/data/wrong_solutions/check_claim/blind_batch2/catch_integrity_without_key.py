"""MISTAKE: catches sqlite3.IntegrityError to answer False, but the schema still has no PRIMARY KEY/UNIQUE, so no error ever comes and both racers insert.

The learner fixed the claim from the solution's second idea and forgot to change the schema.
"""
CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT NOT NULL)"


def claim(conn, key):
    seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
    if seen is not None:
        return False
    time.sleep(0.005)  # the work between the read and the write: keep it
    try:
        conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
    except sqlite3.IntegrityError:
        return False
    return True
