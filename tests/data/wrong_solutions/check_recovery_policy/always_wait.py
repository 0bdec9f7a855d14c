"""MISTAKE: Never retries, never replays: a refund that did not happen is never made, one that did is never told.
"""




def decide(situation):
    return "AWAIT_RECONCILIATION"

HINT = 'gave up although a retry was safe'
