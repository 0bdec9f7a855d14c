"""MISTAKE: INSERT OR IGNORE, then True whatever happened: the database refused the second row, and nobody asked it.
"""


CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    conn.execute("INSERT OR IGNORE INTO claims (idempotency_key) VALUES (?)", (key,))
    return True

HINT = 'INSERT OR IGNORE followed by True answers yes to everyone'
