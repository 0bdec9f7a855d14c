"""Always answers 'already claimed': no double refund, because there is no refund at all."""

SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"
POINTS_AT = "the first claim of a key must answer True"


def claim(conn, key):
    return False
