"""MISTAKE: replays a SUCCEEDED unless same_arguments is False, so SUCCEEDED with same_arguments None (nobody can tell) is replayed as this call's success.
"""


def decide(situation):
    status = situation["status"]
    if status == "SUCCEEDED":
        if situation["same_arguments"] is False:
            return "MANUAL_REVIEW"
        return "REPLAY_SUCCESS"          # None: "no evidence of a mismatch"
    if status == "NOT_EXECUTED" and situation["retries"] == 0:
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
