"""MISTAKE: Treats a failed status lookup (status None) like NOT_EXECUTED and retries, although nobody knows whether the refund happened.
"""


def decide(situation):
    status = situation["status"]
    if status == "SUCCEEDED" and situation["same_arguments"] is True:
        return "REPLAY_SUCCESS"
    if status == "SUCCEEDED" and situation["same_arguments"] is False:
        return "MANUAL_REVIEW"
    if status in ("NOT_EXECUTED", None) and situation["retries"] == 0:
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
