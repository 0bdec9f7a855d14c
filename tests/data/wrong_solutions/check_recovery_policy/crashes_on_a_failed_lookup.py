"""MISTAKE: Calls a string method on the status: a failed lookup (None) raises.
"""




def decide(situation):
    status = situation["status"].upper()
    if status == "SUCCEEDED" and situation["same_arguments"] is True:
        return "REPLAY_SUCCESS"
    if status == "SUCCEEDED" and situation["same_arguments"] is False:
        return "MANUAL_REVIEW"
    if status == "NOT_EXECUTED" and situation["retries"] == 0:
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"

HINT = 'raised AttributeError'
