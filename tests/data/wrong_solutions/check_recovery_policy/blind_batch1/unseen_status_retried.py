"""MISTAKE: Falls back to RETRY_ONCE for any status it does not recognise, instead of neither retrying nor claiming success.
"""


def decide(situation):
    status = situation["status"]
    if status == "SUCCEEDED" and situation["same_arguments"] is True:
        return "REPLAY_SUCCESS"
    if status == "SUCCEEDED" and situation["same_arguments"] is False:
        return "MANUAL_REVIEW"
    if status in ("UNKNOWN", None):
        return "AWAIT_RECONCILIATION"
    if status == "SUCCEEDED":
        return "AWAIT_RECONCILIATION"
    if situation["retries"] == 0:
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
