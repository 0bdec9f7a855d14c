"""MISTAKE: Retries once on UNKNOWN as well as NOT_EXECUTED, racing a refund that may still be running.
"""


def decide(situation):
    status = situation["status"]
    if status == "SUCCEEDED" and situation["same_arguments"] is True:
        return "REPLAY_SUCCESS"
    if status == "SUCCEEDED" and situation["same_arguments"] is False:
        return "MANUAL_REVIEW"
    if status in ("NOT_EXECUTED", "UNKNOWN") and situation["retries"] == 0:
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
