"""MISTAKE: returns the INSERT's rowcount (1 or 0, an int) instead of True or False.

The claim itself is atomic (INSERT OR IGNORE on a primary key), but the exercise asks for
True/False; 1 == True in Python hides it until something checks `is True` or serialises it.
"""
CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    time.sleep(0.005)  # the work before the write: keep it
    return conn.execute("INSERT OR IGNORE INTO claims (idempotency_key) VALUES (?)", (key,)).rowcount
