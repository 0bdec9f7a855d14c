"""INSERT OR IGNORE, then True whatever happened: the database refused the second row, and nobody asked it."""

SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"
POINTS_AT = "were refunded twice"


def claim(conn, key):
    conn.execute("INSERT OR IGNORE INTO claims (idempotency_key) VALUES (?)", (key,))
    return True
