"""MISTAKE: Replays every SUCCEEDED, whatever arguments the key was recorded with.
"""




def decide(situation):
    if situation["status"] == "SUCCEEDED":
        return "REPLAY_SUCCESS"
    if situation["status"] == "NOT_EXECUTED" and situation["retries"] == 0:
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"

HINT = "not this call's success"
