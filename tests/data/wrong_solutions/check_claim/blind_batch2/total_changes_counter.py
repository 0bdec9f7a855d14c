"""MISTAKE: INSERT OR IGNORE, then answers `conn.total_changes > 0`; total_changes counts every change since the connection opened, so after the first claim every later one says True.

Atomic insert, wrong reading of the result: the per-statement count is cursor.rowcount.
"""
CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    time.sleep(0.005)  # the work before the write: keep it
    conn.execute("INSERT OR IGNORE INTO claims (idempotency_key) VALUES (?)", (key,))
    return conn.total_changes > 0
