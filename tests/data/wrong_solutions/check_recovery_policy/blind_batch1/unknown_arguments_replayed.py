"""MISTAKE: Tests `same_arguments is not False`, so a SUCCEEDED whose arguments nobody can compare (None) is replayed as this call's success.
"""


def decide(situation):
    status = situation["status"]
    if status == "SUCCEEDED" and situation["same_arguments"] is not False:
        return "REPLAY_SUCCESS"
    if status == "SUCCEEDED":
        return "MANUAL_REVIEW"
    if status == "NOT_EXECUTED" and situation["retries"] == 0:
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
