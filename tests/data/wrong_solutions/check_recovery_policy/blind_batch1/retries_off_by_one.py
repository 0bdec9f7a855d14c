"""MISTAKE: Off-by-one retry bound (retries <= 1), so after one retry already made it still answers RETRY_ONCE.
"""


def decide(situation):
    status = situation["status"]
    if status == "SUCCEEDED" and situation["same_arguments"] is True:
        return "REPLAY_SUCCESS"
    if status == "SUCCEEDED" and situation["same_arguments"] is False:
        return "MANUAL_REVIEW"
    if status == "NOT_EXECUTED" and situation["retries"] <= 1:
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
