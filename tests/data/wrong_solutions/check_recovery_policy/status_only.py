"""MISTAKE: Reads only the status, as if every situation were a first timeout with matching arguments.
"""




def decide(situation):
    if situation["status"] == "SUCCEEDED":
        return "REPLAY_SUCCESS"
    if situation["status"] == "NOT_EXECUTED":
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"

HINT = "its result is not this call's"
