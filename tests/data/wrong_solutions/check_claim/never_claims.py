"""MISTAKE: Always answers 'already claimed': no double refund, because there is no refund at all.
"""


CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    return False

HINT = 'the first claim of a key must answer True'
