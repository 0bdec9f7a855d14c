"""MISTAKE: Replays whenever the status is SUCCEEDED, ignoring same_arguments, so a key that holds another refund is replayed as this call's success.
"""


def decide(situation):
    status = situation["status"]
    if status == "SUCCEEDED":
        return "REPLAY_SUCCESS"
    if status == "NOT_EXECUTED" and situation["retries"] == 0:
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
