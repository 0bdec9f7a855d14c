"""MISTAKE: Retries on every NOT_EXECUTED without looking at retries, so a retry that failed again is retried again and again.
"""


def decide(situation):
    status = situation["status"]
    if status == "SUCCEEDED" and situation["same_arguments"] is True:
        return "REPLAY_SUCCESS"
    if status == "SUCCEEDED" and situation["same_arguments"] is False:
        return "MANUAL_REVIEW"
    if status == "NOT_EXECUTED":
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
