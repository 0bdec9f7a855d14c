"""Never retries, never replays: a refund that did not happen is never made, one that did is never told."""

POINTS_AT = "gave up although a retry was safe"


def decide(situation):
    return "AWAIT_RECONCILIATION"
